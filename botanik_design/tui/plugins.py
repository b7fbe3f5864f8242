"""A game's terminal screens, as its entry names them: the play launcher and the editor.

A :class:`~botanik_design.games.entry.GameEntry` names them by ``"module:attribute"``
(``tui_play``, ``tui_editor``); this module imports them when asked and answers the
questions the shared launcher (``play``, the variant form) and ``edit`` ask of a game:
which game a variant or a record belongs to, how to start its screen, how to open its
editor.  Nothing here imports textual (the launchers import it when they build a
screen), so ``play`` and ``edit`` check their arguments before the UI library loads.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from botanik_design.games.entry import GameEntry
from botanik_design.games.registry import DEFAULT_GAME, entries, entry, resolve, spec_kind

if TYPE_CHECKING:
    from botanik_design.tui.editor.roundtrip import RoundTripText
    from botanik_design.tui.play.app import PlayApp


#: The opponents the variant form offers (any bot spec works too), and ``human``.
OPPONENTS: tuple[str, ...] = ("random", "greedy", "mcts", "human")


class FormProblem(ValueError):
    """The variant form's choice cannot be played: ``lines`` say why (shown on the form)."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__(lines[0] if lines else "")
        self.lines = lines


@dataclass(frozen=True)
class FormChoice:
    """What the variant form holds when the user plays it.

    ``base``: the base variant (a bundled name or a file); ``changed``: the options that
    differ from it; ``material``: the tile or piece set chosen in the form (``None``: the
    variant's); ``saved``: a file the form saved with exactly these options (a record
    may name it), else ``None``; ``record_path``: the ``--record`` file, if any.
    """

    base: str
    changed: dict[str, Any]
    material: str | None
    opponent: str
    seed: int
    saved: Path | None = None
    record_path: Path | None = None


#: What a launcher gives for a played form: called with the app, it shows the game.
Opening = Callable[["PlayApp"], None]


class PlayLauncher(Protocol):
    """A game's play screen, for ``play`` and the variant form.

    ``material_kind``: the spec kind of the set a variant names (also its key in a
    variant file: ``tileset``, ``pieceset``); ``record_suffixes``: suffixes of record
    files of this game that are not spec files (e.g. ``.txt`` game strings).
    """

    material_kind: str
    record_suffixes: tuple[str, ...]

    def run(self, args: argparse.Namespace) -> int:
        """``play`` without the variant form (a new game or ``--load``); the exit status."""
        ...

    def effective_options(self, ref: str) -> dict[str, Any]:
        """The options of variant ``ref`` (``SpecError`` when it is invalid)."""
        ...

    def opening(self, choice: FormChoice) -> Opening:
        """The game the form's ``choice`` starts; :class:`FormProblem` when it cannot."""
        ...

    def summary(self, screen: Any, record_path: Path | None) -> str:
        """The line ``play`` prints after the app ends on this game's ``screen``."""
        ...


class EditorLauncher(Protocol):
    """A game's editor of one spec kind (``kind``, named ``noun`` in messages)."""

    kind: str
    noun: str

    def new_document(self, path: Path, text: str, name: str) -> RoundTripText:
        """A new set at ``path`` from the text of another (``--from``), renamed after the
        file; raises ``DocumentError``."""
        ...

    def open_document(self, path: Path, raw: str, name: str) -> RoundTripText:
        """The document of the file ``path`` whose text is ``raw``; ``DocumentError``."""
        ...

    def app(self, doc: Any, note: str) -> Any:
        """The editor app (a textual ``App``) on ``doc``, showing ``note`` first."""
        ...


def play_launcher(game: GameEntry) -> PlayLauncher | None:
    """The play launcher ``game``'s entry names, imported now (``None``: it has none)."""
    if game.tui_play is None:
        return None
    found: PlayLauncher = resolve(game.tui_play)
    return found


def editor_launcher(game: GameEntry) -> EditorLauncher | None:
    """The editor ``game``'s entry names, imported now (``None``: it has none)."""
    if game.tui_editor is None:
        return None
    found: EditorLauncher = resolve(game.tui_editor)
    return found


def playable() -> list[tuple[GameEntry, PlayLauncher]]:
    """Every registered game with a play screen, the default game first."""
    return [(e, p) for e in entries() if (p := play_launcher(e)) is not None]


def editors() -> list[tuple[GameEntry, EditorLauncher]]:
    """Every registered game with an editor, the default game first."""
    return [(e, ed) for e in entries() if (ed := editor_launcher(e)) is not None]


def kind_of_file(path: Path) -> str | None:
    """The spec kind of the file ``path`` (``None``: no file, unreadable, or no kind)."""
    from botanik_design.spec.session import Session

    try:
        if not path.is_file():
            return None
        doc = Session().read_source(path, str(path))
    except (OSError, ValueError):
        return None
    return doc.kind


def game_of_variant(ref: str) -> GameEntry:
    """The game whose variant ``ref`` is (a bundled name, or a file whose kind is that
    game's variant kind); the default game when no game claims it (its own checks then
    say what is wrong)."""
    from botanik_design.spec.refs import bundled

    for e in entries():
        if e.variant_kind and ref in bundled(e.variant_kind):
            return e
    kind = kind_of_file(Path(ref))
    return next((e for e in entries() if e.variant_kind and e.variant_kind == kind),
                entry(DEFAULT_GAME))


def game_of_record(path: Path) -> GameEntry:
    """The game of the record file ``path``: by its spec kind, else by a suffix a game's
    launcher claims; the default game when none does."""
    for e, launcher in playable():
        if path.suffix.lower() in launcher.record_suffixes:
            return e
    found = spec_kind(kind_of_file(path))
    return found[0] if found is not None else entry(DEFAULT_GAME)


def game_of_play(variant: str | None, load: Path | None) -> GameEntry:
    """The game ``play --variant VARIANT`` (or ``--load RECORD``) starts."""
    if load is not None:
        return game_of_record(load)
    return game_of_variant(variant) if variant is not None else entry(DEFAULT_GAME)
