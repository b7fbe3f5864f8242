"""Records of hosted games, for every game: start, resume and write them.

The one place the remote package knows which games exist: a Botanik record is
written by :func:`~botanik_design.games.botanik.engine.record.record_data` (as
``play --record`` does), a Hive record by
:func:`~botanik_design.games.hive.files.hive_record_data`.  Both carry the
optional play-test fields ``players`` (the seats' names), ``move_seconds``
(the time each move took) and ``notes`` (``{move, text, by}``: ``move`` is the
number of moves played when the note was written).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from botanik_design.games.base import Game, State


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
    def is_hive(self) -> bool:
        return self.game.info.name == "hive"


def _ref(ref: str, base: Path | None = None) -> str:
    path = Path(ref) if base is None or Path(ref).is_absolute() else base / ref
    return str(path.resolve()) if path.is_file() else ref


def new_hosted(variant: str, tileset: str | None, seed: int) -> Hosted:
    """A new game of any variant (``SpecError`` when a reference does not load)."""
    from botanik_design.games.loading import game_of, load_from_variant
    from botanik_design.spec.load import read_ref

    _, doc = read_ref(variant, "variant")
    name = game_of(doc.data)
    params: dict[str, Any] = {} if name == "hive" or tileset is None else {"tileset": tileset}
    game = load_from_variant(variant, **params)
    refs: dict[str, Any] = {"variant": _ref(variant), "seed": seed}
    if tileset is not None and name != "hive":
        refs["tileset"] = _ref(tileset)
    return Hosted(game, game.new_initial_state(seed), refs, PlayTest())


class RecordLoadError(ValueError):
    """A record that does not load (the message names the file and the problem)."""


def load_hosted(path: Path) -> Hosted:
    """Replay a record file of any game; raises :class:`RecordLoadError`."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError, UnicodeDecodeError) as exc:
        raise RecordLoadError(f"{path}: {exc}") from None
    if not isinstance(data, dict):
        raise RecordLoadError(f"{path}: not a record")
    playtest = PlayTest.from_data(data)
    if data.get("game") == "hive":
        return _load_hive(path, data, playtest)
    from botanik_design.games.botanik.engine.errors import RecordError
    from botanik_design.games.botanik.engine.record import load_record, replay

    try:
        record = load_record(path)
        state = record.new_game()
        for _ in replay(record, state):
            pass
    except RecordError as exc:
        raise RecordLoadError(str(exc)) from None
    refs: dict[str, Any] = {"variant": _ref(str(data["variant"]), path.parent),
                            "seed": record.seed}
    if data.get("tileset"):
        refs["tileset"] = _ref(str(data["tileset"]), path.parent)
    if data.get("options"):
        refs["options"] = dict(data["options"])
    return Hosted(state.get_game(), state, refs, playtest)


def _load_hive(path: Path, data: dict[str, Any], playtest: PlayTest) -> Hosted:
    from botanik_design.games.hive.files import replay_record
    from botanik_design.spec.session import Session

    session = Session()
    doc = session.read_source(path, str(path))
    problems = [d for d in session.check(doc) if d.level == "error"]
    if doc.kind != "hive-record" or problems:
        raise RecordLoadError("\n".join(d.format() for d in problems) or f"{path}: not a record")
    state, problems = replay_record(session, doc)
    if problems:
        raise RecordLoadError("\n".join(d.format() for d in problems))
    refs = {"variant": _ref(str(data["variant"]), path.parent), "seed": 0}
    return Hosted(state.get_game(), state, refs, playtest)


def record_dict(hosted: Hosted, name: str) -> dict[str, Any]:
    """The record of the game so far (schema ``record`` or ``hive-record``)."""
    state: Any = hosted.state
    if hosted.is_hive:
        from botanik_design.games.hive.files import hive_record_data

        data = hive_record_data(state, name, str(hosted.refs["variant"]))
    else:
        from botanik_design.games.botanik.engine.record import record_data

        data = record_data(state, name, str(hosted.refs.get("tileset", "")),
                           str(hosted.refs["variant"]))
        if "tileset" not in hosted.refs:
            del data["tileset"]
        if hosted.refs.get("options"):
            data = {**{k: v for k, v in data.items() if k != "actions"},
                    "options": dict(hosted.refs["options"]), "actions": data["actions"]}
    return {**data, **hosted.playtest.fields()}


def write_hosted(path: Path, hosted: Hosted, name: str) -> None:
    """Write the record atomically (``OSError`` on I/O problems), its references as
    :func:`~botanik_design.games.botanik.engine.record.write_record` writes them, with
    libyaml's emitter when PyYAML has it (a record is rewritten after every move)."""
    import os

    from botanik_design.games.botanik.engine.record import portable_refs
    from botanik_design.spec.atomic import write_atomic

    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    data = portable_refs(record_dict(hosted, name), Path(os.path.abspath(path)).parent)
    write_atomic(path, yaml.dump(data, Dumper=dumper, sort_keys=False, allow_unicode=True,
                                 width=100))


def rules_game(hosted: Hosted) -> Game:
    """The game's rules without a record's scripted deal (what bot games of the same variant
    are played under)."""
    import dataclasses

    game: Any = hosted.game
    if not hosted.is_hive and getattr(game, "deal", None) is not None:
        plain: Game = dataclasses.replace(game, deal=None)
        return plain
    return hosted.game
