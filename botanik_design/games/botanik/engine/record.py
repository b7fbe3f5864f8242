"""Game records: a YAML file that replays one game (format: ``spec/record.schema.json``).

::

    record: a short game            # name; marks the file as a record
    tileset: botanik                # optional: default is the variant's tile set
    variant: standard
    options: {closure: no-cycle}    # optional overrides of the variant's options
    seed: 7                         # optional, default 0
    first_player: 0                 # optional; default: drawn from the seed (0 with a deal)
    deal: [red-corner, ...]         # optional scripted deal instead of the shuffle
    actions:
      - 27                                          # an action integer
      - pick arrival#2 blue-tee -> own slot 4       # or its text
      - {action: 1050, comment: "why this move"}    # or either, with a comment
    expect: {totals: [12, 9], winner: 0}            # optional: replay checks it

Actions are numbered from 1 in every message (``action 21`` is the 21st entry
of ``actions``, numbered 21 in ``replay``'s listing and ``"step": 21`` in its
JSON) and errors point at the action's line and column in the file when it
was read from one.

A game needs enough machine tiles for the setup and one round (see
:func:`~.state.setup_need`): a ``deal`` (or a tile set) that cannot fill every
middle stack and then draw a first round is an error, never a game that ends
before its first decision.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from botanik_design.games.base import Event
from botanik_design.games.botanik.engine.errors import IllegalActionError
from botanik_design.games.botanik.engine.game import new_game
from botanik_design.games.botanik.engine.specfiles import (
    Locator,
    SpecFileError,
    error,
    read_spec,
    resolve_rules,
)
from botanik_design.games.botanik.engine.state import GameState
from botanik_design.games.botanik.model.tileset import TileSet
from botanik_design.games.botanik.model.variant import Variant
from botanik_design.model.words import plural
from botanik_design.spec.atomic import write_atomic
from botanik_design.spec.diagnostics import Diagnostic


@dataclass
class GameRecord:
    """A loaded record: rules resolved, actions as given (int or text), comments by step."""

    name: str
    tileset: TileSet
    variant: Variant
    seed: int
    actions: list[int | str]
    first_player: int | None = None
    deal: list[str] | None = None
    comments: dict[int, str] = field(default_factory=dict)
    expect: dict[str, Any] = field(default_factory=dict)
    description: str = ""
    source: str = ""
    locator: Locator | None = field(default=None, repr=False, compare=False)

    def where(self, *path: str | int) -> tuple[int | None, int | None]:
        """``(line, column)`` of a value of the record file (``(None, None)`` when unknown)."""
        return self.locator.at(*path) if self.locator is not None else (None, None)

    def new_game(self) -> GameState:
        """The game's initial state; :class:`RecordError` when it cannot be set up
        (unknown or too many dealt tiles, too few tiles for the setup and one round)."""
        name = self.source or self.name
        key = "deal" if self.deal is not None else "variant"
        line, col = self.where(key)
        try:
            state = new_game(self.tileset, self.variant, self.seed, self.first_player, self.deal)
        except ValueError as exc:
            raise error(name, "record-setup", str(exc), line=line, column=col,
                        json_path=f"/{key}") from exc
        return state


@dataclass(frozen=True)
class Step:
    """One replayed decision: index (0-based; messages show :attr:`number`), player to
    act, number of legal actions, action integer and text, the record's comment, and
    the typed events the action produced (:mod:`botanik_design.games.botanik.engine.events`)."""

    index: int
    player: int
    legal: int
    action: int
    text: str
    comment: str
    events: list[Event]

    @property
    def number(self) -> int:
        """The step's number as shown to users (1-based)."""
        return self.index + 1


def record_from_data(data: dict[str, Any], name: str, folder: Path | None,
                     locator: Locator | None = None) -> GameRecord:
    """Build a :class:`GameRecord` from schema-valid data (``locator``: positions in its file)."""
    tileset, variant = resolve_rules(data, name, folder, locator)
    actions: list[int | str] = []
    comments: dict[int, str] = {}
    for i, item in enumerate(data["actions"]):
        if isinstance(item, dict):
            actions.append(item["action"])
            if item.get("comment"):
                comments[i] = str(item["comment"])
        else:
            actions.append(item)
    return GameRecord(
        name=str(data["record"]), tileset=tileset, variant=variant,
        seed=int(data.get("seed", 0)), actions=actions,
        first_player=data.get("first_player", 0 if "deal" in data else None),
        deal=data.get("deal"),
        comments=comments, expect=dict(data.get("expect") or {}),
        description=str(data.get("description", "")), source=name, locator=locator,
    )


def load_record(path: Path) -> GameRecord:
    """Read and validate a record file; :class:`~.specfiles.SpecFileError` (a
    :class:`RecordError`, with diagnostics and an exit code) on any problem."""
    positions, data = read_spec(path, "record")
    return record_from_data(data, str(path), path.parent, Locator(positions))


def replay(record: GameRecord, state: GameState | None = None) -> Iterator[tuple[Step, GameState]]:
    """Apply the record's actions one by one, yielding each :class:`Step` and the state after it.

    Raises :class:`~.specfiles.SpecFileError` naming the action (1-based) and its
    line and column when an action is illegal or the game ended before
    the record did.
    """
    s = state if state is not None else record.new_game()
    name = record.source or record.name
    for i, given in enumerate(record.actions):
        n = i + 1
        line, col = record.where("actions", i, "action")
        if line is None:
            line, col = record.where("actions", i)
        if s.is_terminal():
            reason = (f"the game is already over (it ended after action {i}); "
                      f"the record has {plural(len(record.actions), 'action')}")
            raise ReplayError(name, "record-game-over", f"action {n}: {reason}", i, reason, [],
                              line=line, column=col)
        player = s.current_player()
        legal = len(s.legal_actions())
        try:
            if isinstance(given, int):
                action = given
            else:
                try:
                    action = s.string_to_action(given)
                except IllegalActionError:
                    raise IllegalActionError(f"no legal action reads {given!r}") from None
            text = s.action_to_string(action)
            s.apply_action(action)
        except IllegalActionError as exc:
            reason = str(exc)
            if isinstance(given, int) and reason.startswith(f"action {given} "):
                reason = f"`{given}` " + reason[len(f"action {given} "):]  # one "action" per line
            options = [s.action_to_string(a) for a in s.legal_actions()]
            raise ReplayError(name, "record-illegal-action",
                              f"action {n} (player {player}): {reason}", i, reason, options,
                              line=line, column=col) from exc
        events = list(s.events(i))
        yield Step(i, player, legal, action, text, record.comments.get(i, ""), events), s


class ReplayError(SpecFileError):
    """A record's action that cannot be replayed, as typed values: ``index`` (0-based)
    of the action, ``reason`` (why, one line), ``legal`` (the legal actions there, as
    text; empty after the end).  One ``record-illegal-action`` or ``record-game-over``
    diagnostic at the action's line and column, with up to 8 legal actions as its hint.
    """

    def __init__(self, file: str, rule: str, message: str, index: int, reason: str,
                 legal: list[str], *, line: int | None, column: int | None) -> None:
        shown = "; ".join(legal[:8]) + (" ..." if len(legal) > 8 else "")
        d = Diagnostic(file, line, column, "error", rule, message, f"/actions/{index}",
                       f"legal here: {shown}" if legal else "")
        super().__init__(f"{file}: {message}", [d], 1)
        self.index = index
        self.reason = reason
        self.legal = legal


def play_record(record: GameRecord) -> tuple[GameState, list[Step]]:
    """Replay the whole record; returns the final state and the steps."""
    steps: list[Step] = []
    state = record.new_game()
    for step, _ in replay(record, state):
        steps.append(step)
    return state, steps


def check_expect(record: GameRecord, state: GameState) -> list[str]:
    """Differences between the record's ``expect`` and the replayed game."""
    out: list[str] = []
    exp = record.expect
    if "terminal" in exp and bool(exp["terminal"]) != state.is_terminal():
        out.append(f"expected terminal={exp['terminal']}, got {state.is_terminal()}")
    if "totals" in exp or "winner" in exp:
        score = state.scores()
        if "totals" in exp and list(exp["totals"]) != score.totals():
            out.append(f"expected totals {exp['totals']}, got {score.totals()}")
        if "winner" in exp and exp["winner"] != score.winner:
            out.append(f"expected winner {exp['winner']}, got {score.winner}")
    return out


def record_data(
    state: GameState, name: str, tileset: str, variant: str,
    comments: dict[int, str] | None = None, as_text: bool = True,
) -> dict[str, Any]:
    """A record mapping for ``state``'s history (actions as text when ``as_text``).

    ``tileset``/``variant`` are the references to write (bundled names or paths).
    """
    replayed = new_game(state.table.tileset, state.variant, state.seed, state.first_player,
                        state.deal)
    actions: list[Any] = []
    for i, a in enumerate(state.history()):
        item: Any = replayed.action_to_string(a) if as_text else a
        replayed.apply_action(a)
        if comments and i in comments:
            item = {"action": item, "comment": comments[i]}
        actions.append(item)
    data: dict[str, Any] = {
        "record": name, "tileset": tileset, "variant": variant,
        "seed": state.seed, "first_player": state.first_player,
    }
    if state.deal is not None:
        data["deal"] = list(state.deal)
    data["actions"] = actions
    return data


def portable_refs(data: dict[str, Any], folder: Path) -> dict[str, Any]:
    """``data`` with its ``tileset``/``variant`` references as a file in ``folder`` names
    them (:func:`~botanik_design.spec.refs.portable_ref`: bundled names as names,
    other files relative to ``folder``), so the file still loads once moved
    together with them.  References are bundled names or paths (absolute or
    relative to the working directory)."""
    from botanik_design.spec.refs import portable_ref

    out = dict(data)
    for key in ("tileset", "variant"):
        if isinstance(out.get(key), str):
            out[key] = portable_ref(out[key], key, folder)
    return out


def write_record(path: Path, data: dict[str, Any]) -> None:
    """Write a record atomically (temporary file, then rename; the file keeps its mode).

    The tile set and variant are written as the record's folder names them
    (:func:`portable_refs`): a record copied with them to another folder or
    machine replays there.
    """
    folder = Path(os.path.abspath(path)).parent  # as load_record resolves them
    text = yaml.safe_dump(portable_refs(data, folder), sort_keys=False, allow_unicode=True,
                          width=100)
    write_atomic(path, text)
