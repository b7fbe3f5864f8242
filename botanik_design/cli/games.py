"""The games' own parts of shared commands, reached through each game's entry.

A game's entry names a module of command hooks (``GameEntry.cli``); a hook is a plain
function such as ``show(ref, out, dpi) -> int | None`` that handles the inputs of its
game and returns the exit status, or ``None`` when the input is not its game's (then
the next game is asked).  The default game is asked last: it claims what no other game
recognises and reports it in its own words.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any


def dispatch(hook: str, *args: Any) -> int:
    """The exit status of the first game whose hook ``hook`` handles ``args``.

    Raises ``LookupError`` when no game handles them (a default game without the hook)."""
    from botanik_design.games.registry import DEFAULT_GAME, entries

    ordered = sorted(entries(), key=lambda e: e.name == DEFAULT_GAME)
    for entry in ordered:
        if entry.cli is None:
            continue
        function = getattr(importlib.import_module(entry.cli), hook, None)
        if function is None:
            continue
        code = function(*args)
        if code is not None:
            return int(code)
    raise LookupError(f"no game handles {hook} {args[0]!r}")


def game_hooks(hook: str) -> list[Callable[..., Any]]:
    """Every game's ``hook`` function, the default game's last (games without it skipped)."""
    from botanik_design.games.registry import DEFAULT_GAME, entries

    found = []
    for entry in sorted(entries(), key=lambda e: e.name == DEFAULT_GAME):
        if entry.cli is not None:
            function = getattr(importlib.import_module(entry.cli), hook, None)
            if function is not None:
                found.append(function)
    return found


def write_pictures(command: str, out: Path,
                   write: Callable[[], tuple[Sequence[Path], str]]) -> int:
    """Write a game's pictures (``show --image``, ``sheet``) and report them: ``write()``
    draws into ``out`` and returns ``(files written, the summary line to print before
    them, or "")``; then ``wrote FILES`` (:func:`~botanik_design.draw.paths.files_text`).

    Returns 0, or 2 after ``COMMAND: error: cannot write FILE: why; no file was written``
    on stderr when ``write`` raises ``OSError`` (the writers are all or none)."""
    from botanik_design.draw.paths import files_text

    try:
        files, summary = write()
    except OSError as exc:
        print(f"{command}: error: cannot write {exc.filename or out}: {exc.strerror or exc}; "
              "no file was written", file=sys.stderr)
        return 2
    if summary:
        print(summary)
    print(f"wrote {files_text(files)}")
    return 0
