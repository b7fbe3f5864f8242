"""Records of hosted games, for every game: start, resume and write them.

Each game's record format is its own, reached through its entry's ``records`` module
(``games/<name>/hosted.py``): ``load(path, data) -> (state, refs)`` replays a record
(``ValueError`` naming the problem), ``record_data(state, name, refs) -> dict`` writes
one, and ``MATERIAL``, when set, is the reference a game takes beside its variant
(``host --tileset``).  A record's game is its ``game:`` (absent: the default game).
Every record carries the optional play-test fields ``players`` (the seats' names),
``move_seconds`` (the time each move took) and ``notes`` (``{move, text, by}``:
``move`` is the number of moves played when the note was written).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from botanik_design.games.base import Game, State
from botanik_design.spec.userfiles import read_text


@dataclass
class PlayTest:
    """What a hosted (or played) game adds to its record: names, times, notes."""

    players: list[str] = field(default_factory=lambda: ["", ""])
    move_seconds: list[float] = field(default_factory=list)
    notes: list[dict[str, Any]] = field(default_factory=list)
    last_move_at: float = field(default_factory=time.monotonic)

    def moved(self) -> None:
        """Count the time since the previous move (or since the game started)."""
        now = time.monotonic()
        self.move_seconds.append(round(now - self.last_move_at, 3))
        self.last_move_at = now

    def note(self, move: int, text: str, by: str) -> dict[str, Any]:
        entry = {"move": move, "text": text, "by": by}
        self.notes.append(entry)
        return entry

    def fields(self) -> dict[str, Any]:
        """The record's optional play-test fields (only those with content)."""
        out: dict[str, Any] = {}
        if any(self.players):
            out["players"] = [p or f"P{i}" for i, p in enumerate(self.players)]
        if self.move_seconds:
            out["move_seconds"] = list(self.move_seconds)
        if self.notes:
            out["notes"] = [dict(n) for n in self.notes]
        return out

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> PlayTest:
        players = [str(p) for p in data.get("players") or ["", ""]][:2]
        return cls(players + [""] * (2 - len(players)),
                   [float(t) for t in data.get("move_seconds") or []],
                   [dict(n) for n in data.get("notes") or []])


@dataclass
class Hosted:
    """A game with what its record names: ``refs`` (``variant``, ``tileset``, ``options``,
    ``seed`` as the record writes them) and the play-test fields."""

    game: Game
    state: State
    refs: dict[str, Any]
    playtest: PlayTest

    @property
    def hooks(self) -> Any:
        """The game's record hooks (its entry's ``records`` module)."""
        found = _hooks(self.game.info.name)
        assert found is not None, f"{self.game.info.name} has no record format"
        return found


def _hooks(game: str) -> Any:
    """The ``records`` module of ``game``'s entry; ``None`` when the game is not registered
    or has no record format."""
    import importlib

    from botanik_design.games.registry import entry, game_names

    module = entry(game).records if game in game_names() else None
    return None if module is None else importlib.import_module(module)


def _cannot_host(game: str) -> str:
    from botanik_design.games.registry import entry, game_names

    if game not in game_names():
        return f"unknown game {game!r}"
    return f"cannot host a game of {entry(game).title}: it has no record format"


def _ref(ref: str, base: Path | None = None) -> str:
    path = Path(ref) if base is None or Path(ref).is_absolute() else base / ref
    return str(path.resolve()) if path.is_file() else ref


def new_hosted(variant: str, tileset: str | None, seed: int) -> Hosted:
    """A new game of any variant (``SpecError`` when a reference does not load)."""
    from botanik_design.games.loading import game_of, load_from_variant
    from botanik_design.games.registry import game_names
    from botanik_design.spec.errors import SpecError
    from botanik_design.spec.load import read_ref

    _, doc = read_ref(variant, "variant")
    name = game_of(doc.data)
    hooks = _hooks(name)
    if hooks is None and name in game_names():
        raise SpecError(f"{variant}: {_cannot_host(name)}")
    key = getattr(hooks, "MATERIAL", None)
    params: dict[str, Any] = {} if key is None or tileset is None else {key: tileset}
    game = load_from_variant(variant, **params)
    refs: dict[str, Any] = {"variant": _ref(variant), "seed": seed}
    if tileset is not None and key is not None:
        refs[key] = _ref(tileset)
    return Hosted(game, game.new_initial_state(seed), refs, PlayTest())


class RecordLoadError(ValueError):
    """A record that does not load (the message names the file and the problem)."""


def load_hosted(path: Path) -> Hosted:
    """Replay a record file of any game; raises :class:`RecordLoadError`."""
    try:
        data = yaml.safe_load(read_text(path))
    except OSError as exc:
        raise RecordLoadError(f"{path}: {exc.strerror or exc}") from None
    except (yaml.YAMLError, UnicodeDecodeError) as exc:
        raise RecordLoadError(f"{path}: {exc}") from None
    if not isinstance(data, dict):
        raise RecordLoadError(f"{path}: not a record")
    playtest = PlayTest.from_data(data)
    from botanik_design.games.registry import DEFAULT_GAME

    game = data.get("game", DEFAULT_GAME)
    name = game if isinstance(game, str) else repr(game)
    hooks = _hooks(name)
    if hooks is None:
        raise RecordLoadError(f"{path}: {_cannot_host(name)}")
    try:
        state, refs = hooks.load(path, data)
    except ValueError as exc:
        raise RecordLoadError(str(exc)) from None
    for key in ("variant", getattr(hooks, "MATERIAL", None)):
        if key is not None and key in refs:
            refs[key] = _ref(str(refs[key]), path.parent)
    return Hosted(state.get_game(), state, refs, playtest)


def record_dict(hosted: Hosted, name: str) -> dict[str, Any]:
    """The record of the game so far (in its game's record format), with the play-test
    fields."""
    data = hosted.hooks.record_data(hosted.state, name, hosted.refs)
    return {**data, **hosted.playtest.fields()}


def write_hosted(path: Path, hosted: Hosted, name: str) -> None:
    """Write the record atomically (``OSError`` on I/O problems), its references as the
    record's folder names them (:func:`~botanik_design.spec.refs.portable_ref`, as ``play
    --record`` writes them), with libyaml's emitter when PyYAML has it (a record is
    rewritten after every move)."""
    import os

    from botanik_design.spec.atomic import write_atomic
    from botanik_design.spec.refs import portable_ref

    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    data = record_dict(hosted, name)
    folder = Path(os.path.abspath(path)).parent
    for key in (getattr(hosted.hooks, "MATERIAL", None), "variant"):
        if key is not None and isinstance(data.get(key), str):
            data[key] = portable_ref(data[key], key, folder)
    write_atomic(path, yaml.dump(data, Dumper=dumper, sort_keys=False, allow_unicode=True,
                                 width=100))


def rules_game(hosted: Hosted) -> Game:
    """The game's rules without a record's scripted deal (what bot games of the same variant
    are played under)."""
    import dataclasses

    game: Any = hosted.game
    if getattr(game, "deal", None) is not None:  # a record's scripted deal
        plain: Game = dataclasses.replace(game, deal=None)
        return plain
    return hosted.game
