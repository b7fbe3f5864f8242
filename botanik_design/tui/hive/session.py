"""A Hive game being played in the terminal: the state, the opponent, selection facts, records.

No textual here: the app (:mod:`~botanik_design.tui.hive.app`) draws what this
module answers.  Every rule question goes to the engine
(:mod:`botanik_design.games.hive`) through typed values: legal actions,
:func:`~botanik_design.games.hive.engine.blocked.blocked_reason`, ``end_reason``.

Cells are packed engine cells (:mod:`~botanik_design.games.hive.engine.coords`);
colours 0 White, 1 Black.  Against a bot the human plays White.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from botanik_design.bots import Bot, make_bot
from botanik_design.games.hive.engine.blocked import Blocked, blocked_reason, movable_pieces
from botanik_design.games.hive.engine.board import PASS, decode, encode
from botanik_design.games.hive.engine.coords import pack
from botanik_design.games.hive.engine.events import Moved, Passed, Placed, Thrown
from botanik_design.games.hive.engine.game import HiveGame, load_hive
from botanik_design.games.hive.engine.pieces import COLOUR_NAME
from botanik_design.games.hive.engine.state import HiveState
from botanik_design.spec.atomic import write_atomic
from botanik_design.tui.remote.seat import MoveSink

#: Words for the engine's ``end_reason`` values.
END_REASON_TEXT = {
    "queen-surrounded": "the Queen is surrounded",
    "both-surrounded": "both Queens are surrounded at once",
    "repetition": "the same position came back too often (repetition)",
    "ply-cap": "the move limit of the variant (ply cap) was reached",
    "no-moves": "neither player can move",
}


class RecordLoadError(ValueError):
    """A ``--load`` file that is not a valid Hive record (message names the file)."""


@dataclass(frozen=True, slots=True)
class HandGroup:
    """The pieces of one bug still in ``colour``'s hand: ``pids`` in number order."""

    colour: int
    letter: str
    pids: tuple[int, ...]


class HiveSession:
    """One game: ``game``, ``state``, ``opponent`` (a bot spec or ``human``), the bot, a ticket.

    ``ticket`` changes on every play or undo, so a bot answer computed for an
    older position is dropped (:meth:`apply_bot`).
    """

    def __init__(self, game: HiveGame, variant_ref: str, opponent: str = "random",
                 state: HiveState | None = None, seed: int = 0) -> None:
        self.game = game
        self.variant_ref = variant_ref
        self.opponent = opponent
        self.seed = seed
        self.state = state if state is not None else game.new_initial_state()
        self.bot: Bot | None = None if opponent == "human" else make_bot(opponent, seed)
        self.humans = frozenset({0, 1} if self.bot is None else {0})
        self.ticket = 0
        self._movable: set[int] | None = None
        #: Play-test notes (the record's ``notes``): ``{"move": moves played, "text"}``.
        self.notes: list[dict[str, object]] = []
        #: Where decisions go: ``None`` plays them here; a remote seat sends them to the host.
        self.sink: MoveSink | None = None

    @classmethod
    def new(cls, variant_ref: str, opponent: str = "random", seed: int = 0) -> HiveSession:
        """Load a Hive variant by name or path (raises ``SpecError`` / ``ValueError``)."""
        return cls(load_hive(variant_ref), variant_ref, opponent, seed=seed)

    @classmethod
    def from_record(cls, path: Path, opponent: str = "random", seed: int = 0) -> HiveSession:
        """Replay a Hive record file; raises :class:`RecordLoadError` naming the problem."""
        from botanik_design.games.hive.spec.games import hive_variant_of
        from botanik_design.spec.session import Session

        if path.suffix.lower() == ".txt":
            raise RecordLoadError(
                f"{path}: a UHP GameString file; --load continues a Hive record (YAML: "
                f"`record:`, `game: hive`, `variant:`, `moves:`); `botanik-design replay "
                f"{path}` lists its moves")
        session = Session()
        doc = session.read_source(path, str(path))
        if doc.kind != "hive-record":
            raise RecordLoadError(f"{path}: not a Hive record")
        problems = [d for d in session.check(doc) if d.level == "error"]
        if problems:
            raise RecordLoadError("\n".join(d.format() for d in problems))
        data = doc.data
        assert data is not None
        info = hive_variant_of(session, doc)
        if info is None or info.variant is None:
            raise RecordLoadError(f"{path}: its variant does not load")
        game = HiveGame(info.variant, info.variant.piece_set())
        try:
            state = game.replay([str(m) for m in data["moves"]])
        except ValueError as exc:
            raise RecordLoadError(f"{path}: {exc}") from None
        ref = str(data["variant"])
        if (path.parent / ref).is_file():
            ref = str((path.parent / ref).resolve())
        played = cls(game, ref, opponent, state, seed)
        played.notes = [dict(n) for n in data.get("notes") or []]
        return played

    # -- facts ---------------------------------------------------------------
    @property
    def to_move(self) -> int:
        return self.state.board.to_move

    def is_over(self) -> bool:
        return self.state.is_terminal()

    def human_to_act(self) -> bool:
        return not self.is_over() and self.to_move in self.humans

    def bot_to_act(self) -> bool:
        return self.bot is not None and not self.is_over() and self.to_move not in self.humans

    def movable(self) -> set[int]:
        """Piece ids with at least one legal action now (cached until the next move)."""
        if self._movable is None:
            self._movable = set() if self.is_over() else movable_pieces(
                self.state.board, self.game.variant)
        return self._movable

    def why_blocked(self, pid: int) -> Blocked | None:
        """The engine's reason ``pid`` cannot be played now (``None``: it can)."""
        return blocked_reason(self.state.board, self.game.variant, pid, self.movable())

    def destinations(self, pid: int) -> list[int]:
        """Cells ``pid`` may go to now, in the engine's action order."""
        moves = (decode(a) for a in self.state.legal_actions() if a != PASS)
        return [cell for p, cell in moves if p == pid]

    def only_pass(self) -> bool:
        return self.state.legal_actions() == [PASS]

    def hand(self, colour: int) -> list[HandGroup]:
        """Bugs still in ``colour``'s hand (empty groups left out), in piece-set order."""
        table = self.state.board.table
        pos = self.state.board.pos
        out = []
        for ids in table.hand_order[colour]:
            left = tuple(p for p in ids if pos[p] is None)
            if left:
                out.append(HandGroup(colour, table.names[left[0]][1], left))
        return out

    def hand_choice(self, group: HandGroup) -> int:
        """The piece of ``group`` to select: the first movable one, else the lowest number."""
        for p in group.pids:
            if p in self.movable():
                return p
        return group.pids[0]

    def last_move(self) -> tuple[int | None, int] | None:
        """``(source cell or None for a placement, destination cell)`` of the last action
        (``None`` before any, or after a pass), from the engine's typed events."""
        for event in reversed(self.state.events()):
            if isinstance(event, Placed):
                return None, pack(*event.cell)
            if isinstance(event, (Moved, Thrown)):
                return pack(*event.source), pack(*event.destination)
            if isinstance(event, Passed):
                return None
        return None

    def turn_text(self) -> str:
        board = self.state.board
        return f"turn {board.player_turn()}, {COLOUR_NAME[board.to_move]} to move"

    def outcome(self) -> str:
        """Who won and why, in words (only when the game is over)."""
        s = self.state
        why = END_REASON_TEXT.get(s.end_reason or "", s.end_reason or "")
        if s.winner is None or s.winner < 0:
            return f"Draw: {why}"
        loser = COLOUR_NAME[1 - s.winner]
        if s.end_reason == "queen-surrounded":
            why = f"{loser}'s Queen is surrounded"
        return f"{COLOUR_NAME[s.winner]} wins: {why}"

    # -- changes -------------------------------------------------------------
    def play(self, action: int) -> str:
        """Play a legal action; returns its MoveString (raises ``IllegalActionError``).
        With a :attr:`sink` it is sent there instead: nothing changes until its answer."""
        text = self.state.action_to_string(action)
        if self.sink is not None:
            self.sink.send(action)
            return text
        self.state.apply_action(action)
        self._changed()
        return text

    def play_to(self, pid: int, cell: int) -> str:
        return self.play(encode(pid, cell))

    def undo(self) -> int:
        """Take back to the last position where a human was to move; returns plies undone."""
        n = 0
        while self.state.history():
            self.state.undo()
            n += 1
            if self.to_move in self.humans:
                break
        self._changed()
        return n

    def bot_snapshot(self) -> tuple[int, HiveState]:
        return self.ticket, self.state.clone()

    def think(self, snapshot: HiveState) -> int:
        assert self.bot is not None
        return self.bot.step(snapshot)

    def apply_bot(self, ticket: int, action: int) -> str | None:
        """Play the bot's answer if the position is still the one it saw (else ``None``)."""
        if ticket != self.ticket or not self.bot_to_act():
            return None
        return self.play(action)

    def _changed(self) -> None:
        self.ticket += 1
        self._movable = None

    # -- records -------------------------------------------------------------
    def record_text(self, name: str = "A game played in the terminal") -> str:
        """The game as a Hive record (YAML; moves as double-quoted MoveStrings)."""
        lines = [f"record: {json.dumps(name, allow_nan=False)}", "game: hive",
                 f"variant: {json.dumps(self.variant_ref, allow_nan=False)}", "moves:"]
        moves = self.state.move_strings()
        lines += [f"  - {json.dumps(m, allow_nan=False)}" for m in moves]
        if not moves:
            lines[-1] = "moves: []"
        if self.is_over():
            lines.append(f"result: {self.state.board_state()}")
        if self.notes:
            lines.append("notes:")
            lines += [f"  - {json.dumps(n, allow_nan=False)}" for n in self.notes]
        return "\n".join(lines) + "\n"

    def add_note(self, text: str) -> None:
        """Attach a play-test note to the current move (written with the record)."""
        self.notes.append({"move": len(self.state.history()), "text": text})

    def save(self, path: Path) -> None:
        """Write the record atomically (raises ``OSError``)."""
        write_atomic(path, self.record_text())

