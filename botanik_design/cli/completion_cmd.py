"""``botanik-design completion bash|zsh|fish``: the shell's completion script, from
argcomplete (:func:`argcomplete.shellcode`).

The script asks ``botanik-design`` itself what completes the word under the cursor
(argcomplete's protocol: the ``_ARGCOMPLETE`` environment variable; :func:`complete`),
so the sub-commands, their options, the bundled tile sets, variants and piece sets, the
bots and the spec files on disk all complete from the installed version.  Imports
argcomplete only when asked for a script or a completion.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from botanik_design.cli.runs import fill

SHELLS = ("bash", "zsh", "fish")

#: How to install the script, per shell.
INSTALL = {
    "bash": 'eval "$(botanik-design completion bash)"   # in ~/.bashrc',
    "zsh": 'eval "$(botanik-design completion zsh)"    # in ~/.zshrc',
    "fish": "botanik-design completion fish | source  # in ~/.config/fish/config.fish",
}


def register(subparsers: Any) -> None:
    """Add the ``completion`` sub-command to the top-level parser."""
    p = subparsers.add_parser(
        "completion",
        help="print the shell completion script (bash, zsh or fish)",
        description=fill(
            "Print the completion script of SHELL on stdout. Sub-commands, options, "
            "bundled tile sets, variants and piece sets, bots and spec files complete "
            "with TAB. Install it once:"),
        epilog="\n".join(f"  {line}" for line in INSTALL.values()),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("shell", choices=SHELLS, metavar="SHELL", help="bash, zsh or fish")


def run(args: argparse.Namespace) -> int:
    """Print the script; 0."""
    from argcomplete.shell_integration import shellcode

    sys.stdout.write(shellcode(["botanik-design"], shell=args.shell))
    return 0


# ------------------------------------------------------------------ completing words


def _names(kinds: Iterable[str]) -> list[str]:
    """The bundled names of ``kinds``: ``"variant"`` is every game's variants, any other
    kind its own files (:func:`~botanik_design.spec.refs.bundled`)."""
    from botanik_design.spec.refs import all_variants, bundled

    found: list[str] = []
    for kind in kinds:
        found += all_variants() if kind == "variant" else bundled(kind)
    return sorted(set(found))


def _drawn() -> list[str]:
    """What ``show`` and ``sheet`` take: every game's drawn kind and its other names."""
    from botanik_design.cli.words import drawn_names

    return sorted(set(drawn_names()))


def _all_kinds() -> list[str]:
    """Every spec kind a registered game bundles files of (``validate``'s names)."""
    from botanik_design.games.registry import entries

    return ["variant", *(k.kind for e in entries() for k in e.kinds if k.bundled)]


def _game_commands() -> dict[tuple[str, str], Callable[..., list[str]]]:
    """A game's own commands complete ``--variant`` with that game's variants."""
    from botanik_design.games.registry import entries

    table: dict[tuple[str, str], Callable[..., list[str]]] = {}
    for entry in entries():
        if not entry.variant_kind:
            continue
        variants = _with_files(partial(_names, [entry.variant_kind]))
        for module in entry.commands:
            table[(module.rsplit(".", 1)[-1].removesuffix("_cmd"), "variant")] = variants
    return table


def _with_files(names: Callable[[], list[str]]) -> Callable[..., list[str]]:
    """A completer: the bundled ``names()`` that start with the prefix, and the YAML files
    and folders that do."""
    def complete(prefix: str, **kwargs: Any) -> list[str]:
        from argcomplete.completers import FilesCompleter

        files = FilesCompleter(allowednames=("yaml", "yml"))(prefix, **kwargs)
        return [n for n in names() if n.startswith(prefix)] + list(files)

    return complete


def _bots(with_human: bool, pair: bool) -> Callable[..., list[str]]:
    """A completer of bot names; ``pair``: the second bot after a comma (``A,B``)."""
    def complete(prefix: str, **kwargs: Any) -> list[str]:
        from botanik_design.bots.registry import BOT_NAMES

        names = [*BOT_NAMES, "human"] if with_human else list(BOT_NAMES)
        head, _, word = prefix.rpartition(",") if pair else ("", "", prefix)
        lead = f"{head}," if head else ""
        return [lead + n for n in names if n.startswith(word)]

    return complete


#: ``(command, dest)`` -> the completer of that argument (``*``: every command).
def _completers() -> dict[tuple[str, str], Callable[..., list[str]]]:
    variants = _with_files(lambda: _names(["variant"]))
    tilesets = _with_files(lambda: _names(["tileset"]))
    pictures = _with_files(_drawn)
    return {
        **_game_commands(),
        ("*", "variant"): variants,
        ("*", "tileset"): tilesets,
        ("sheet", "tileset"): pictures,
        ("show", "tileset"): pictures,
        ("edit", "from_"): pictures,
        ("compare", "items"): _with_files(lambda: _names(["variant", "tileset"])),
        ("validate", "paths"): _with_files(lambda: _names(_all_kinds())),
        ("*", "bots"): _bots(with_human=False, pair=True),
        ("play", "vs"): _bots(with_human=True, pair=False),
    }


def attach_completers(parser: argparse.ArgumentParser) -> None:
    """Give every name argument of every sub-command its completer (argcomplete reads an
    action's ``completer`` attribute)."""
    table = _completers()
    for action in parser._actions:
        if not isinstance(action, argparse._SubParsersAction):
            continue
        for command, sub in action.choices.items():
            for arg in sub._actions:
                found = table.get((command, arg.dest)) or table.get(("*", arg.dest))
                if found is not None:
                    arg.completer = found


def complete(parser: argparse.ArgumentParser) -> None:
    """Answer a completion request of the shell script (argcomplete's protocol), then
    exit; returns at once when the process was not started for one."""
    if "_ARGCOMPLETE" not in os.environ:
        return
    import argcomplete

    attach_completers(parser)
    argcomplete.autocomplete(parser)
