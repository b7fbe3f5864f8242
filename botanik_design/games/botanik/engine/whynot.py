"""Why an action is not legal now: a typed reason per rule (issue 14, "why not?").

:func:`why_not` asks the rules :meth:`GameState.legal_actions` is built from
(:meth:`Registry.own_slot_ok` / :meth:`Registry.middle_ok` conditions, the
``no_registry_move`` fallback, the swap targets, and for placements the
machine's frontier, side matching and :meth:`Machine.closure_ok`) and names the
first one that refuses the action.  It returns ``None`` exactly when the action
is in ``legal_actions()`` (a property test walks random states and every
candidate action).  Reasons are frozen dataclasses with the data a player needs;
:func:`reason_text` words them for display only (never parse it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from botanik_design.games.botanik.engine import actions as A
from botanik_design.games.botanik.engine.geometry import BOUND, encode_cell, in_bounds
from botanik_design.games.botanik.engine.registry import EMPTY

if TYPE_CHECKING:
    from botanik_design.games.botanik.engine.views import StateViews


@dataclass(frozen=True, slots=True)
class GameOver:
    """The game has ended: no action is legal."""


@dataclass(frozen=True, slots=True)
class WrongDecision:
    """The action is of another kind than the decision waited for (``pick``, ``place``,
    ``swap``); ``kind`` is the one waited for."""

    kind: str


@dataclass(frozen=True, slots=True)
class NoSuchArrival:
    """There is no arrival tile with index ``arrival`` (0-based)."""

    arrival: int


@dataclass(frozen=True, slots=True)
class NoSuchColumn:
    """The registry has no column ``column`` (0-based)."""

    column: int


@dataclass(frozen=True, slots=True)
class MustDiscard:
    """No registry move is legal and ``no_registry_move: discard-chosen``: discard a tile."""


@dataclass(frozen=True, slots=True)
class DiscardNotAllowed:
    """A discard is only legal when no registry move is and
    ``no_registry_move: discard-chosen``."""


@dataclass(frozen=True, slots=True)
class SlotTaken:
    """The player's own slot of ``column`` already holds instance ``tile``."""

    column: int
    tile: int


@dataclass(frozen=True, slots=True)
class EmptyMiddle:
    """The middle stack of ``column`` is empty (an own slot needs a middle top to link to;
    a swap needs a tile to take)."""

    column: int


@dataclass(frozen=True, slots=True)
class NoSharedColourOrType:
    """Own slot of ``column``: ``tile`` shares neither colour nor type with the middle
    top ``top`` (brief §3.2)."""

    tile: int
    top: int
    column: int


@dataclass(frozen=True, slots=True)
class MiddleNotLinked:
    """Middle stack of ``column`` (``middle_condition``): ``tile`` shares neither colour
    nor type with any slot tile of the column (``slots``: the occupied ones)."""

    tile: int
    column: int
    slots: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MiddleSlotsEmpty:
    """Middle stack of ``column``: both slots are empty and
    ``middle_condition_empty_slots: forbid``."""

    column: int


@dataclass(frozen=True, slots=True)
class TopIsMecha:
    """Swap: the top of middle stack ``column`` is a mecha-botanist (instance ``tile``)."""

    column: int
    tile: int


@dataclass(frozen=True, slots=True)
class CellTaken:
    """Placement: cell ``(x, y)`` already holds a tile."""

    x: int
    y: int


@dataclass(frozen=True, slots=True)
class NotTouching:
    """Placement: cell ``(x, y)`` touches no tile of the machine (or lies beyond the grid)."""

    x: int
    y: int


@dataclass(frozen=True, slots=True)
class RotationNotOffered:
    """Placement: ``rotation`` is not offered (``rotation: fixed``, or it looks the same
    as the offered rotation ``same_as``; ``None`` when fixed)."""

    rotation: int
    same_as: int | None


@dataclass(frozen=True, slots=True)
class SidesDontMatch:
    """Placement: at ``(x, y)`` with ``rotation`` a pipe exit meets a side without one
    (or the reverse), brief §5.2."""

    x: int
    y: int
    rotation: int


@dataclass(frozen=True, slots=True)
class ClosesLastOpenEnd:
    """Placement: it would leave no open pipe end (``closure: open-end``), brief §5.3."""


@dataclass(frozen=True, slots=True)
class ClosesCycle:
    """Placement: it would close a pipe cycle (``closure: no-cycle``), brief §5.3."""


Reason = (GameOver | WrongDecision | NoSuchArrival | NoSuchColumn | MustDiscard
          | DiscardNotAllowed | SlotTaken | EmptyMiddle | NoSharedColourOrType
          | MiddleNotLinked | MiddleSlotsEmpty | TopIsMecha | CellTaken | NotTouching
          | RotationNotOffered | SidesDontMatch | ClosesLastOpenEnd | ClosesCycle)

_KIND = {A.Pick: "pick", A.Discard: "pick", A.Swap: "swap", A.Place: "place"}


def why_not(state: StateViews, action: int | A.Action) -> Reason | None:
    """Why ``action`` (an integer or a typed action) is not legal now; ``None`` when legal.

    The first rule that refuses it, in the order a player checks them.  Raises
    ``ValueError`` for an integer that encodes no action.
    """
    act = A.decode(action) if isinstance(action, int) else action
    d = state.pending()
    if d is None:
        return GameOver()
    if _KIND[type(act)] != d.kind:
        return WrongDecision(d.kind)
    if isinstance(act, A.Pick | A.Discard):
        return _pick(state, act, d.player)
    if isinstance(act, A.Swap):
        return _swap(state, act)
    return _place(state, act, d.player, d.tile)


def _pick(state: StateViews, act: A.Pick | A.Discard, player: int) -> Reason | None:
    if act.arrival >= len(state.arrival):
        return NoSuchArrival(act.arrival)
    reg, table, v = state.registry, state.table, state.variant
    stuck = not any(reg.own_slot_ok(table, player, t, c) or reg.middle_ok(table, v, t, c)
                    for t in state.arrival for c in range(reg.columns))
    if isinstance(act, A.Discard):
        ok = stuck and v.no_registry_move == "discard-chosen"
        return None if ok else DiscardNotAllowed()
    if act.column >= reg.columns:
        return NoSuchColumn(act.column)
    if stuck:  # no registry move: the no_registry_move option decides
        if v.no_registry_move == "discard-chosen":
            return MustDiscard()
        if act.middle:
            return None
    tile = state.arrival[act.arrival]
    c = act.column
    if act.middle:
        if reg.middle_ok(table, v, tile, c):
            return None
        slots = tuple(t for t in (reg.slots[0][c], reg.slots[1][c]) if t != EMPTY)
        return MiddleNotLinked(tile, c, slots) if slots else MiddleSlotsEmpty(c)
    if reg.own_slot_ok(table, player, tile, c):
        return None
    if reg.slots[player][c] != EMPTY:
        return SlotTaken(c, reg.slots[player][c])
    top = reg.top(c)
    if top == EMPTY:
        return EmptyMiddle(c)
    return NoSharedColourOrType(tile, top, c)


def _swap(state: StateViews, act: A.Swap) -> Reason | None:
    reg = state.registry
    if act.column >= reg.columns:
        return NoSuchColumn(act.column)
    top = reg.top(act.column)
    if top == EMPTY:
        return EmptyMiddle(act.column)
    if state.table.mecha[top]:
        return TopIsMecha(act.column, top)
    return None


def _place(state: StateViews, act: A.Place, player: int, tile: int) -> Reason | None:
    mac, table, v = state.machines[player], state.table, state.variant
    cell = encode_cell(act.x, act.y)
    if cell in mac.tile:
        return CellTaken(act.x, act.y)
    f = mac.frontier.get(cell)
    if f is None or (len(mac.tile) >= BOUND - 1 and not in_bounds(cell)):
        return NotTouching(act.x, act.y)
    rots = table.rotations[tile]
    if act.rotation not in rots:
        masks = table.masks[tile]
        same = [r for r in rots if masks[r] == masks[act.rotation]]
        return RotationNotOffered(act.rotation, same[0] if same else None)
    m = table.masks[tile][act.rotation]
    wild = bool(table.wild[tile])
    if not wild and (m & (f >> 4 & 15)) != (f & 15):
        return SidesDontMatch(act.x, act.y, act.rotation)
    for rule in ("open-end", "no-cycle"):
        if v.closure in (rule, "both") and not mac.closure_ok(cell, m, wild, rule,
                                                              v.closure_scope):
            return ClosesLastOpenEnd() if rule == "open-end" else ClosesCycle()
    return None


def reason_text(state: StateViews, reason: Reason) -> str:
    """A short sentence for ``reason`` (display only)."""
    name = state.table.name

    def both(t: int) -> str:
        d = state.tile(t)
        return f"{d.colour or 'no colour'} {d.type.value}"

    match reason:
        case GameOver():
            return "the game is over"
        case WrongDecision(kind):
            return f"the decision now is a {kind}"
        case NoSuchArrival(i):
            return f"there is no arrival tile {i + 1}"
        case NoSuchColumn(c):
            return f"there is no column {c + 1}"
        case MustDiscard():
            return "no registry move is legal: discard a tile"
        case DiscardNotAllowed():
            return "a discard is only allowed when no registry move is legal"
        case SlotTaken(c, t):
            return f"own slot {c + 1} is taken ({name(t)})"
        case EmptyMiddle(c):
            return f"middle {c + 1} is empty"
        case NoSharedColourOrType(t, top, c):
            return (f"{name(t)} ({both(t)}) shares neither colour nor type with the "
                    f"middle top {name(top)} ({both(top)}) of column {c + 1}")
        case MiddleNotLinked(t, c, slots):
            names = " or ".join(name(s) for s in slots)
            return (f"{name(t)} shares neither colour nor type with the slot tile "
                    f"{names} of column {c + 1} (middle condition)")
        case MiddleSlotsEmpty(c):
            return f"both slots of column {c + 1} are empty (middle condition)"
        case TopIsMecha(c, t):
            return f"the top of middle {c + 1} is a mecha-botanist ({name(t)})"
        case CellTaken(x, y):
            return f"cell ({x},{y}) is taken"
        case NotTouching(x, y):
            return f"cell ({x},{y}) touches no tile of the machine"
        case RotationNotOffered(r, same):
            if same is None:
                return f"rotation r{r} is not allowed (fixed rotation)"
            return f"rotation r{r} looks the same as r{same}"
        case SidesDontMatch(x, y, r):
            return f"at ({x},{y}) r{r} a pipe exit meets a side without one"
        case ClosesLastOpenEnd():
            return "this placement would close the last open pipe end"
        case ClosesCycle():
            return "this placement would close a pipe cycle"
    raise AssertionError(reason)  # pragma: no cover
