""":class:`HiveState`: a Hive game in progress behind the ``games.base.State`` API.

Actions are the ints of :mod:`~botanik_design.games.hive.engine.board`
(``0`` = pass, else (piece, destination) packed); ``legal_actions()`` is
sorted.  ``action_to_string`` writes a UHP MoveString; ``string_to_action``
accepts every valid spelling of a legal move (any neighbouring reference
piece with its direction mark, ``<piece> <top piece>`` for a climb, the
bare piece for the first move, ``pass``), letter case free.

End of the game, checked after each action (first match wins): a Queen
surrounded on all six sides loses (``queen-surrounded``), both at once is a
draw (``both-surrounded``); the same position (stacks and side to move)
seen ``repetition_draw`` times is a draw (``repetition``); ``ply_cap``
actions is a draw (``ply-cap``); two passes in a row (nobody can ever move
again) is a draw (``no-moves``).
"""

from __future__ import annotations

import json
from bisect import bisect_left
from collections.abc import Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from botanik_design.games.base import TERMINAL, Event, IllegalActionError, observation_text
from botanik_design.games.basestate import BaseState
from botanik_design.games.hive.engine.board import (
    ACTION_STRIDE,
    CELL_OFFSET,
    NO_PIECE,
    PASS,
    Board,
    Undo,
    decode,
    encode,
)
from botanik_design.games.hive.engine.coords import DELTAS, MARKS, ORIGIN, unpack
from botanik_design.games.hive.engine.events import GameEnded, Moved, Passed, Placed, Thrown
from botanik_design.games.hive.engine.fastgen import legal_action_list
from botanik_design.games.hive.engine.notation import (
    NotationError,
    format_turn,
    parse_move,
)
from botanik_design.games.hive.engine.setup import HiveSetup

if TYPE_CHECKING:
    from botanik_design.games.hive.engine.game import HiveGame

SERIAL_FORMAT = "hive-state/1"


class IllegalReason(StrEnum):
    """Why an action or MoveString was refused (``IllegalActionError.reason``)."""

    GAME_OVER = "game-over"
    BAD_NOTATION = "bad-notation"
    UNKNOWN_PIECE = "unknown-piece"
    REFERENCE_OFF_BOARD = "reference-off-board"
    NOT_LEGAL = "not-legal"


def move_string(board: Board, action: int) -> str:
    """The UHP MoveString of ``action`` in ``board`` (before it is played)."""
    if action == PASS:
        return "pass"
    pid, dest = decode(action)
    names = board.table.names
    name = names[pid]
    stacks = board.stacks
    if not stacks:
        return name
    st = stacks.get(dest)
    if st:
        return f"{name} {names[st[-1]]}"
    for i, d in enumerate(DELTAS):
        s = stacks.get(dest + d)
        if not s:
            continue
        top = s[-1]
        if top == pid:
            if len(s) == 1:
                continue
            top = s[-2]
        pre, post = MARKS[(i + 3) % 6]
        return f"{name} {pre}{names[top]}{post}"
    q, r = unpack(dest)
    return f"{name} @({q},{r})"


class HiveState(BaseState):
    """A Hive game: the :class:`Board`, the history, typed events and the result."""

    def __init__(self, game: HiveGame, board: Board, setup: HiveSetup | None = None) -> None:
        super().__init__()
        self._game = game
        self.board = board
        self.setup = setup
        # the MoveStrings of the first len(_notation) actions, written when first asked
        # for (:meth:`_written`): a random game never pays for them
        self._notation: list[str] = []
        # per action played: the board's undo record and ``level << 1 | player`` (the
        # destination's height before it, -1 for a pass, plus one; the player who acted):
        # what its event is built from, when :meth:`events` is asked (immutable ints and
        # tuples, so a clone copies the lists and shares their items).
        self._undos: list[Undo] = []
        self._marks: list[int] = []
        self._built: list[Event] = []  # the events of the first len(_built) actions
        self._ended: GameEnded | None = None
        self._legal: list[int] | None = None
        # positions seen, counted only when the variant has a repetition draw
        self._counting = game.variant.repetition_draw is not None
        # whether anything but a surrounded Queen or a pass can end the game
        self._other_ends = self._counting or game.variant.ply_cap is not None
        self._seen: dict[tuple[object, ...], int] = {board.key(): 1} if self._counting else {}
        self.winner: int | None = None
        self.end_reason: str | None = None
        self._check_end(-1, passes=0)

    # -- State API ---------------------------------------------------------
    def get_game(self) -> HiveGame:
        return self._game

    def current_player(self) -> int:
        return TERMINAL if self.end_reason is not None else self.board.to_move

    def is_terminal(self) -> bool:
        return self.end_reason is not None

    def _legal_actions(self) -> list[int]:
        if self.end_reason is not None:
            return []
        if self._legal is None:
            moves = legal_action_list(self.board, self._game.variant)
            if not moves or not self._game.variant.pass_only_when_stuck:
                moves.insert(0, PASS)  # the smallest action
            self._legal = moves
        return self._legal

    def legal_actions(self) -> list[int]:
        """:meth:`BaseState.legal_actions` (a fresh sorted list), the listed actions
        copied without the hook call once known (asked at every ply)."""
        legal = self._legal
        return list(self._legal_actions() if legal is None else legal)

    def apply_action(self, action: int) -> None:
        """:meth:`BaseState.apply_action`, whose check and errors apply, with an ``int``
        among the actions already listed played at once (the hot path of a game);
        anything else goes through the base class (same errors as ever)."""
        legal = self._legal
        if legal is not None and type(action) is int:
            i = bisect_left(legal, action)
            if i != len(legal) and legal[i] == action:
                self._history.append(action)
                self._apply_action(action)
                return
        super().apply_action(action)

    def _illegal(self, action: int) -> IllegalActionError:
        if self.end_reason is not None:
            return IllegalActionError("the game is over", IllegalReason.GAME_OVER)
        return IllegalActionError(
            f"action {action} ({self._describe(action)}) is not legal", IllegalReason.NOT_LEGAL
        )

    def _apply_action(self, action: int) -> None:
        board = self.board
        if action == PASS:
            mark = board.to_move
        else:
            st = board.stacks.get(action % ACTION_STRIDE - CELL_OFFSET)  # decode()'s cell
            mark = (len(st) + 1 if st else 1) << 1 | board.to_move
        self._marks.append(mark)
        self._undos.append(board.play(action))
        self._legal = None
        if self._counting:
            key = board.key()
            self._seen[key] = self._seen.get(key, 0) + 1
        elif not self._other_ends and action != PASS:
            # only a surrounded Queen can end it: the common case, without _check_end's
            # calls (the same test as Board.queen_surrounded)
            pos, masks, queen = board.pos, board.masks, board.table.queen
            w, b = pos[queen[0]], pos[queen[1]]
            if (w is None or masks.get(w) != 63) and (b is None or masks.get(b) != 63):
                return
        history = self._history
        double_pass = action == PASS and len(history) >= 2 and history[-2] == PASS
        self._check_end(len(history) - 1, 2 if double_pass else 0)

    def action_to_string(self, action: int) -> str:
        return move_string(self.board, action)

    def string_to_action(self, text: str) -> int:
        if self.end_reason is not None:
            raise IllegalActionError("the game is over", IllegalReason.GAME_OVER)
        try:
            mv = parse_move(text)
        except NotationError as exc:
            raise IllegalActionError(str(exc), IllegalReason.BAD_NOTATION) from None
        legal = self.legal_actions()
        if mv.piece is None:
            if PASS in legal:
                return PASS
            raise IllegalActionError(
                "pass is legal only when no other move is", IllegalReason.NOT_LEGAL
            )
        table = self.board.table
        pid = table.by_name.get(mv.piece)
        if pid is None:
            raise IllegalActionError(
                f"no piece {mv.piece} in this game", IllegalReason.UNKNOWN_PIECE
            )
        if mv.reference is None:
            dest = ORIGIN
            if self.board.stacks:
                raise IllegalActionError(
                    f"{text.strip()!r} names no reference piece (only the first move may)",
                    IllegalReason.NOT_LEGAL,
                )
        else:
            ref = table.by_name.get(mv.reference)
            if ref is None:
                raise IllegalActionError(
                    f"no piece {mv.reference} in this game", IllegalReason.UNKNOWN_PIECE
                )
            ref_cell = self.board.pos[ref]
            if ref_cell is None:
                raise IllegalActionError(
                    f"reference piece {mv.reference} is not on the board",
                    IllegalReason.REFERENCE_OFF_BOARD,
                )
            dest = ref_cell if mv.direction is None else ref_cell + DELTAS[mv.direction]
        action = encode(pid, dest)
        if action not in legal:
            raise IllegalActionError(
                f"{text.strip()} is not a legal move: {self._why(pid, dest)}",
                IllegalReason.NOT_LEGAL,
            )
        return action

    def _clone(self) -> HiveState:
        other = HiveState.__new__(HiveState)
        other._game = self._game
        other.board = self.board.copy()
        other.setup = self.setup
        other._notation = list(self._notation)
        other._undos = self._undos.copy()
        other._marks = self._marks.copy()
        other._built = self._built.copy()
        other._ended = self._ended
        other._legal = self._legal
        other._counting = self._counting
        other._other_ends = self._other_ends
        other._seen = self._seen.copy()
        other.winner = self.winner
        other.end_reason = self.end_reason
        return other

    def _returns(self) -> list[float]:
        if self.winner is None or self.winner < 0:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def events(self, since: int = 0) -> Sequence[Event]:
        built = self._built
        if len(built) < len(self._marks):
            built.extend(self._event(i) for i in range(len(built), len(self._marks)))
        out = built[since:] if since > 0 else list(built)
        if self._ended is not None and self._ended.step >= since:
            out.append(self._ended)
        return out

    def _event(self, step: int) -> Event:
        """The typed event of action ``step`` (from its undo record and mark)."""
        mark = self._marks[step]
        player = mark & 1
        pid, source, _ = self._undos[step]
        if pid == NO_PIECE:
            return Passed(step, player)
        table = self.board.table
        name = table.names[pid]
        dest = unpack(decode(self._history[step])[1])
        if source is None:
            return Placed(step, player, name, dest)
        if table.colour[pid] != player:
            return Thrown(step, player, name, unpack(source), dest)
        return Moved(step, player, name, unpack(source), dest, (mark >> 1) - 1)

    def serialize(self) -> str:
        return json.dumps({
            "format": SERIAL_FORMAT,
            "setup": None if self.setup is None else self.setup.to_dict(),
            "actions": self._history,
        }, allow_nan=False)

    def observation(self, player: int) -> dict[str, Any]:
        """The whole position (perfect information, :func:`~.observation.observe`)."""
        from botanik_design.games.hive.engine.observation import observe

        return observe(self, player)

    def observation_string(self, player: int) -> str:
        """:meth:`observation` as deterministic text (``games.base.observation_text``)."""
        return observation_text(self.observation(player))

    # -- Hive extras -------------------------------------------------------
    def move_strings(self) -> list[str]:
        """The MoveStrings of the actions played, as written when they were played."""
        return list(self._written())

    def _written(self) -> list[str]:
        """``_notation`` completed: the board is taken back to the first action not yet
        written (a copy, through the undo records) and replayed forward."""
        notation = self._notation
        history = self._history
        if len(notation) < len(history):
            board = self.board.copy()
            for undo in reversed(self._undos[len(notation):]):
                board.undo(undo)
            for action in history[len(notation):]:
                notation.append(move_string(board, action))
                board.play(action)
        return notation

    def board_state(self) -> str:
        """UHP BoardState: NotStarted, InProgress, Draw, WhiteWins or BlackWins."""
        if self.end_reason is not None:
            return {0: "WhiteWins", 1: "BlackWins"}.get(-1 if self.winner is None else self.winner,
                                                         "Draw")
        return "NotStarted" if not self._history and self.setup is None else "InProgress"

    def turn_string(self) -> str:
        """UHP Turn of the side to move: ``White[3]``."""
        return format_turn(self.board.to_move, self.board.player_turn())

    def game_string(self) -> str:
        """The UHP GameString; raises ``ValueError`` for a variant or setup UHP cannot express."""
        gt = self._game.game_type_string()
        if gt is None:
            raise ValueError(f"variant {self._game.variant.name!r} has no UHP GameTypeString")
        if self.setup is not None:
            raise ValueError("a position set up by hand has no UHP GameString")
        return ";".join([gt, self.board_state(), self.turn_string(), *self._written()])

    def undo(self) -> None:
        """Take back the last action; raises ``ValueError`` when there is none."""
        if not self._history:
            raise ValueError("nothing to undo")
        if self._counting:
            key = self.board.key()
            self._seen[key] -= 1
            if not self._seen[key]:
                del self._seen[key]
        self.board.undo(self._undos.pop())
        self._history.pop()
        del self._notation[len(self._history):]
        self._marks.pop()
        del self._built[len(self._marks):]
        self._ended = None
        self._legal = None
        self.winner = None
        self.end_reason = None

    def moves_by_piece(self) -> dict[str, list[str]]:
        """Legal moves grouped by moving piece name, as MoveStrings (``pass`` under ``"pass"``)."""
        out: dict[str, list[str]] = {}
        for a in self.legal_actions():
            name = "pass" if a == PASS else self.board.table.names[decode(a)[0]]
            out.setdefault(name, []).append(move_string(self.board, a))
        return out

    def queen_surrounded(self, colour: int) -> bool:
        return self.board.queen_surrounded(colour)

    # -- internals ---------------------------------------------------------
    def _check_end(self, step: int, passes: int) -> None:
        board = self.board
        variant = self._game.variant
        w, b = board.queen_surrounded(0), board.queen_surrounded(1)
        winner, reason = -1, None
        if w and b:
            reason = "both-surrounded"
        elif w or b:
            winner, reason = (1 if w else 0), "queen-surrounded"
        elif (variant.repetition_draw is not None
              and self._seen.get(board.key(), 0) >= variant.repetition_draw):
            reason = "repetition"
        elif variant.ply_cap is not None and len(self._history) >= variant.ply_cap:
            reason = "ply-cap"
        elif passes >= 2 and variant.pass_only_when_stuck:
            reason = "no-moves"
        if reason is not None:
            self.winner, self.end_reason = winner, reason
            self._ended = GameEnded(step, winner, reason)

    def _describe(self, action: int) -> str:
        if action == PASS:
            return "pass"
        try:
            pid, dest = decode(action)
            name = self.board.table.names[pid]
        except (IndexError, ValueError):
            return "not a Hive action"
        return f"{name} to {unpack(dest)}"

    def _why(self, pid: int, dest: int) -> str:
        from botanik_design.games.hive.engine.explain import explain_illegal

        return explain_illegal(self.board, self._game.variant, pid, dest)


__all__ = ["NO_PIECE", "HiveState", "IllegalReason", "move_string"]
