""":class:`HiveGame` and :func:`load_hive`, the ``hive`` entry of the game registry.

A HiveGame is a piece set (``PieceSet``) played under a variant
(``HiveVariant``, :mod:`botanik_design.games.hive.model`).  Without a piece set
the game uses the base set plus the variant's expansion bugs (one each).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from botanik_design.games.base import GameInfo, IllegalActionError, Metric, State
from botanik_design.games.hive.engine.board import PASS, Board, decode
from botanik_design.games.hive.engine.coords import DELTAS
from botanik_design.games.hive.engine.events import Moved, Placed, Thrown
from botanik_design.games.hive.engine.fastgen import legal_moves
from botanik_design.games.hive.engine.notation import (
    NotationError,
    format_game_type,
    parse_game_string,
    parse_game_type,
)
from botanik_design.games.hive.engine.pieces import BASE_PIECESET, PieceTable, pieceset_with
from botanik_design.games.hive.engine.setup import HiveSetup, board_from_setup
from botanik_design.games.hive.engine.state import SERIAL_FORMAT, HiveState
from botanik_design.games.hive.model import EXPANSION_BUGS, Bug, HiveVariant, PieceSet
from botanik_design.games.hive.spec.variants import hive_variant_info

#: Length bound used when the variant has no ply cap (simulations stop there).
DEFAULT_MAX_GAME_LENGTH = 2000


#: Options that only end a game (as a draw), never change a legal move: a variant that
#: sets them still has its UHP GameTypeString (see :meth:`HiveGame.game_type_string`).
ENDING_ONLY_OPTIONS = frozenset({"repetition_draw", "ply_cap"})


class HiveGame:
    """The Hive rules of one variant and piece set (immutable after construction)."""

    def __init__(
        self, variant: HiveVariant | None = None, pieceset: PieceSet | None = None
    ) -> None:
        self.variant = variant if variant is not None else HiveVariant()
        if pieceset is None:
            pieceset = self.variant.pieces  # the piece set the spec loader read, if any
        if pieceset is None:  # the piece set the spec loader attached, if any
            pieceset = getattr(self.variant, "pieces", None)
        for e in self.variant.expansions:
            if pieceset is not None and pieceset.count(Bug(e)) == 0:
                raise ValueError(f"expansion {e!r} is not in piece set {pieceset.name!r}")
        if pieceset is None:
            pieceset = pieceset_with(tuple(self.variant.expansions))
        else:
            dropped = {b for b in EXPANSION_BUGS if b.value not in self.variant.expansions}
            if dropped & set(pieceset.bugs()):
                pieceset = PieceSet(pieceset.name, tuple((b, n) for b, n in pieceset.counts
                                                         if b not in dropped), pieceset.title)
        self.pieceset = pieceset
        self.table = PieceTable.build(pieceset)
        cap = self.variant.ply_cap
        self._info = GameInfo(
            name="hive", title=self.variant.title or "Hive", num_players=2,
            max_game_length=cap if cap is not None else DEFAULT_MAX_GAME_LENGTH,
            spec_kinds=("pieceset", "variant"),
            length_cutoff=cap is None,
        )

    @property
    def info(self) -> GameInfo:
        return self._info

    # -- states ------------------------------------------------------------
    def new_initial_state(self, seed: int = 0) -> HiveState:
        """The empty board, White to move (``seed`` is ignored: Hive has no chance)."""
        return HiveState(self, Board(self.table))

    def state_from_setup(self, setup: HiveSetup) -> HiveState:
        """A state from a hand-built position; raises ``ValueError`` naming the problem."""
        return HiveState(self, board_from_setup(self.table, setup), setup)

    def replay(self, moves: Sequence[str], setup: HiveSetup | None = None) -> HiveState:
        """Play MoveStrings from the start (or ``setup``).

        Raises ``ValueError`` naming the bad move."""
        state = self.new_initial_state() if setup is None else self.state_from_setup(setup)
        for i, text in enumerate(moves, 1):
            try:
                state.apply_action(state.string_to_action(text))
            except IllegalActionError as exc:
                raise ValueError(f"move {i} ({text!r}): {exc}") from None
        return state

    def state_from_game_string(self, text: str) -> HiveState:
        """Replay a UHP GameString; its GameType must be this game's; raises ``ValueError``."""
        parsed = parse_game_string(text)
        own = self.game_type_string()
        if own is None or parse_game_type(own) != parsed.expansions:
            raise NotationError(
                f"GameString is for {format_game_type(parsed.expansions)}, this game is "
                f"{own or self.variant.name}"
            )
        state = self.replay(parsed.moves)
        if state.turn_string() != _turn(parsed.turn_colour, parsed.turn_number):
            raise NotationError(f"GameString says {_turn(parsed.turn_colour, parsed.turn_number)} "
                                f"but its moves lead to {state.turn_string()}")
        if state.board_state() != parsed.board_state:
            raise NotationError(f"GameString says {parsed.board_state} but its moves lead to "
                                f"{state.board_state()}")
        return state

    def deserialize_state(self, text: str) -> HiveState:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"not a serialised Hive state: {exc}") from None
        if not isinstance(data, dict) or data.get("format") != SERIAL_FORMAT:
            raise ValueError(f"not a serialised Hive state (format {SERIAL_FORMAT!r} expected)")
        actions = data.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, int) for a in actions):
            raise ValueError("serialised Hive state: 'actions' must be a list of ints")
        setup = data.get("setup")
        state = (self.new_initial_state() if setup is None
                 else self.state_from_setup(HiveSetup.from_dict(setup)))
        for i, a in enumerate(actions, 1):
            try:
                state.apply_action(a)
            except IllegalActionError as exc:
                raise ValueError(f"serialised Hive state: action {i}: {exc}") from None
        return state

    # -- facts -------------------------------------------------------------
    def game_type_string(self) -> str | None:
        """The UHP GameTypeString of this game, or ``None`` when UHP cannot express it
        (a piece set other than base + expansions, or rule options off the UHP defaults
        that change which moves are legal).

        :data:`ENDING_ONLY_OPTIONS` (``repetition_draw``, ``ply_cap``) are not among
        them: they only end a game early as a draw, which UHP says with the BoardState
        ``Draw`` of every answer, so a client follows such a game move for move."""
        v = self.variant
        defaults = HiveVariant()
        same_rules = all(getattr(v, k) == getattr(defaults, k)
                         for k in HiveVariant.option_names()
                         if k != "expansions" and k not in ENDING_ONLY_OPTIONS)
        if not same_rules or self.pieceset.counts != pieceset_with(tuple(v.expansions)).counts:
            return None
        return format_game_type(tuple(v.expansions))

    def metrics(self) -> Sequence[Metric]:
        return (
            Metric("plies", "Plies"),
            Metric("placements", "Placements", per_player=True),
            Metric("movements", "Movements", per_player=True),
            Metric("throws", "Pillbug throws", per_player=True),
            Metric("passes", "Passes", per_player=True),
            Metric("queen_neighbours", "Cells around own Queen occupied at the end",
                   per_player=True),
        )

    def final_metrics(self, state: State) -> Mapping[str, Any]:
        assert isinstance(state, HiveState)
        counts = {k: [0, 0] for k in ("placements", "movements", "throws", "passes")}
        for e in state.events():
            if isinstance(e, Placed):
                counts["placements"][e.player] += 1
            elif isinstance(e, Moved):
                counts["movements"][e.player] += 1
            elif isinstance(e, Thrown):
                counts["throws"][e.player] += 1
            elif type(e).__name__ == "Passed":
                counts["passes"][e.player] += 1  # type: ignore[attr-defined]
        out: dict[str, Any] = {k: tuple(v) for k, v in counts.items()}
        out["plies"] = len(state.history())
        out["queen_neighbours"] = tuple(_queen_neighbours(state.board, c) for c in (0, 1))
        out["winner"] = state.winner if state.winner is not None else -1
        out["end_reason"] = state.end_reason or "unfinished"
        return out

    def evaluate(self, state: State, player: int) -> float:
        """Queen pressure and mobility, in [-1, 1] (terminal states: the return).

        ``0.7 * (occupied cells around the enemy Queen - around own Queen) / 6
        + 0.3 * (own - enemy legal moves) / (own + enemy + 1)``.
        """
        assert isinstance(state, HiveState)
        if state.is_terminal():
            return state.returns()[player]
        board = state.board
        pressure = (_queen_neighbours(board, 1 - player) - _queen_neighbours(board, player)) / 6
        mine = _mobility(board, self.variant, player)
        theirs = _mobility(board, self.variant, 1 - player)
        value = 0.7 * pressure + 0.3 * (mine - theirs) / (mine + theirs + 1)
        return max(-1.0, min(1.0, value))


    # -- optional capability (``games.base.Heuristic``): cheap move ranking ----------
    def action_values(self, state: State, legal: Sequence[int]) -> list[float]:
        """A value per action of ``legal`` for the side to move (greedy bot, MCTS order).

        Counts cells around the Queens (a move is judged by the cells it fills and
        empties, whoever's piece it moves): +10 filling the last free cell around the
        enemy Queen (-10 around one's own, 0 for both at once); +1 filling a cell next
        to the enemy Queen, -1 emptying one; -0.5 filling a cell next to one's own
        Queen, +0.5 emptying one; +0.25 a placement; pass 0.
        """
        assert isinstance(state, HiveState)
        board = state.board
        me = board.to_move
        stacks = board.stacks
        rings = []
        for colour in (1 - me, me):
            cell = board.pos[self.table.queen[colour]]
            ring = set() if cell is None else {cell + d for d in DELTAS}
            rings.append((ring, sum(1 for c in ring if c not in stacks)))
        (enemy, enemy_free), (own, own_free) = rings
        out = []
        for a in legal:
            if a == PASS:
                out.append(0.0)
                continue
            pid, dest = decode(a)
            src = board.pos[pid]
            empties = src is not None and len(stacks[src]) == 1
            fills = dest not in stacks
            value = 0.25 if src is None else 0.0
            enemy_delta = (dest in enemy and fills) - (empties and src in enemy)
            own_delta = (dest in own and fills) - (empties and src in own)
            value += enemy_delta - 0.5 * own_delta
            wins = enemy_free - enemy_delta == 0 and bool(enemy)
            loses = own_free - own_delta == 0 and bool(own)
            if wins != loses:
                value += 10.0 if wins else -10.0
            out.append(value)
        return out

    def win_probability(self, state: State) -> float:
        """White's estimated result in [0, 1]: ``(evaluate(state, 0) + 1) / 2``."""
        return (self.evaluate(state, 0) + 1.0) / 2.0

    def may_prune(self, state: State, legal: Sequence[int]) -> bool:
        """Searches may keep only the best few moves when there are many (Hive: > 12)."""
        return len(legal) > 12


def _turn(colour: int, number: int) -> str:
    from botanik_design.games.hive.engine.notation import format_turn

    return format_turn(colour, number)


def _queen_neighbours(board: Board, colour: int) -> int:
    cell = board.pos[board.table.queen[colour]]
    if cell is None:
        return 0
    return sum(1 for d in DELTAS if cell + d in board.stacks)


def _mobility(board: Board, variant: HiveVariant, colour: int) -> int:
    """Movements (not placements) ``colour`` would have if it were to move now."""
    saved = (board.to_move, board.last_moved)
    board.to_move = colour
    if colour != saved[0]:
        board.last_moved = -1
    try:
        return sum(1 for a in legal_moves(board, variant) if board.pos[decode(a)[0]] is not None)
    finally:
        board.to_move, board.last_moved = saved


def load_hive(variant: HiveVariant | str | None = None, pieceset: PieceSet | str | None = None,
              **kw: Any) -> HiveGame:
    """The registry factory: ``variant`` a :class:`HiveVariant`, a UHP GameTypeString
    (``"Base+MLP"``) or a bundled variant name / path (when the spec layer has Hive
    loaders); ``pieceset`` a :class:`PieceSet`, a reference, or ``None`` (base set +
    the variant's expansions).  Raises ``ValueError`` (``SpecError`` for refs that do
    not load) and ``TypeError`` for unknown keyword arguments."""
    if kw:
        raise TypeError(f"load_hive: unknown parameters {', '.join(sorted(kw))}")
    if isinstance(variant, str):
        variant = _variant_from_text(variant)
    if isinstance(pieceset, str):
        pieceset = _pieceset_from_ref(pieceset)
    return HiveGame(variant, pieceset)


def _variant_from_text(text: str) -> HiveVariant:
    try:
        expansions = parse_game_type(text)
    except NotationError:
        if text.strip().lower().startswith("base+") or text.strip().lower() == "base":
            raise
    else:
        return HiveVariant(name=format_game_type(expansions), expansions=expansions)  # type: ignore[arg-type]
    loader = _spec_loader("load_hive_variant")
    if loader is None:
        raise ValueError(f"unknown Hive variant {text!r} (a UHP GameTypeString such as Base+MLP)")
    variant: HiveVariant = loader(text)
    return variant


def _pieceset_from_ref(text: str) -> PieceSet:
    if text in ("base", BASE_PIECESET.name):
        return BASE_PIECESET
    loader = _spec_loader("load_pieceset")
    if loader is None:
        raise ValueError(f"unknown Hive piece set {text!r}")
    pieceset: PieceSet = loader(text)
    return pieceset


def _spec_loader(name: str) -> Any:
    import importlib

    try:
        module = importlib.import_module("botanik_design.games.hive.spec.load")
    except ModuleNotFoundError:
        return None
    return getattr(module, name, None)


def hive_from_doc(session: Any, doc: Any, **params: Any) -> HiveGame:
    """The variant-file loader of ``games.loading``: a read ``game: hive`` variant document
    checked like ``botanik-design validate`` does, then played by :func:`load_hive`.
    Raises ``SpecError`` (with the formatted problems) when the document has errors."""
    from botanik_design.spec.diagnostics import errors
    from botanik_design.spec.errors import SpecError

    problems = errors(session.check(doc))
    if problems:
        raise SpecError(f"{doc.name}: not a valid Hive variant", diagnostics=problems)
    variant = hive_variant_info(session, doc).variant
    if variant is None:
        raise SpecError(f"{doc.name}: its options do not fit the model of a Hive variant")
    return load_hive(variant, **params)
