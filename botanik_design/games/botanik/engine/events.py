"""Typed events of a Botanik game (what ``GameState.events(since)`` returns).

Every event is a frozen dataclass subclassing :class:`botanik_design.games.base.Event`;
``step`` is the 0-based index in ``history()`` of the action that produced it
(``-1`` for the setup).  Tiles are instance ids (``GameState.tile(i)`` gives the
definition); columns are 0-based; players are 0 or 1.

=================  ==================================================================
event              when (rule source: ``spec/rules.md``, brief section)
=================  ==================================================================
``SetupDone``      the middle stacks are filled and the first Meca holder chosen (§2)
``RoundStarted``   the Meca holder draws the arrival tiles of a round (§3)
``NoRegistryMove`` the picker has no legal registry move; ``rule`` is the
                   ``no_registry_move`` option that applies (§3.3)
``Picked``         an arrival tile goes to the picker's own slot or a middle stack (§3.2)
``Released``       a slot tile is released to its owner (§4); ``cause`` says what put
                   the new middle top ``top`` there: ``"pick"`` or ``"swap"``
``Swapped``        a released mecha-botanist is swapped with a middle top (§6)
``Placed``         a tile goes into a machine at ``(x, y)``, ``rotation`` clockwise
                   quarter turns, y north (§5)
``StayedInSlot``   a released mecha-botanist with no swap target stays in its slot
                   (``mecha_no_swap_target: stay-in-slot``)
``Discarded``      tiles leave the game; ``reason`` as ``GameState.discard_reasons()``
``GameEnded``      the last round ended with the piles empty (§7)
=================  ==================================================================

The engine records events as plain tuples on the hot path (:mod:`.eventcodes`) and
builds these objects only when :meth:`GameState.events` is asked (see :func:`build`).
:func:`describe` gives the one-line text of ``GameState.log()`` (golden files);
other layers read the typed fields, never that text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from botanik_design.games.base import Event
from botanik_design.games.botanik.engine import eventcodes as C
from botanik_design.games.botanik.engine.eventcodes import END_REASONS, DiscardReason, Raw
from botanik_design.model.words import plural

if TYPE_CHECKING:
    from botanik_design.games.botanik.engine.tiles import TileTable

__all__ = ["END_REASONS", "KINDS", "DiscardReason", "Discarded", "GameEnded", "NoRegistryMove",
           "Picked", "Placed", "Raw", "Released", "RoundStarted", "SetupDone", "StayedInSlot",
           "Swapped", "build", "describe"]


@dataclass(frozen=True, slots=True)
class SetupDone(Event):
    """Setup: ``tops[c]`` is the top of middle stack ``c`` (``-1``: empty); ``meca`` the
    first Meca holder."""

    tops: tuple[int, ...]
    meca: int


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """Round ``round`` (1-based): ``meca`` draws ``tiles`` into the arrival zone."""

    round: int
    meca: int
    tiles: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class NoRegistryMove(Event):
    """``player`` has no legal registry move; ``rule`` is ``no_registry_move``'s value."""

    player: int
    rule: str


@dataclass(frozen=True, slots=True)
class Picked(Event):
    """``player`` put arrival tile ``tile`` in column ``column``: a middle stack when
    ``middle``, else the own slot."""

    player: int
    tile: int
    column: int
    middle: bool


@dataclass(frozen=True, slots=True)
class Released(Event):
    """Slot tile ``tile`` of ``player`` in ``column`` is released to ``player``: it is not
    linked (no shared colour or type) to the new middle top ``top``, put there by a
    ``cause`` (``"pick"`` or ``"swap"``)."""

    player: int
    tile: int
    column: int
    top: int
    cause: Literal["pick", "swap"]


@dataclass(frozen=True, slots=True)
class Swapped(Event):
    """``player`` swapped mecha-botanist ``mecha`` with ``taken``, the top of ``column``."""

    player: int
    mecha: int
    taken: int
    column: int


@dataclass(frozen=True, slots=True)
class Placed(Event):
    """``player`` placed ``tile`` at cell ``(x, y)`` (x east, y north) with ``rotation``
    clockwise quarter turns."""

    player: int
    tile: int
    x: int
    y: int
    rotation: int


@dataclass(frozen=True, slots=True)
class StayedInSlot(Event):
    """Released mecha-botanist ``tile`` of ``player`` stays in its slot of ``column``
    (no middle top to swap with)."""

    player: int
    tile: int
    column: int


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """``tiles`` left the game for ``reason``; ``player`` is whose decision or tile it
    was (``-1`` for the end-of-game reasons)."""

    player: int
    tiles: tuple[int, ...]
    reason: DiscardReason


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The game is over (scores: ``GameState.scores()``)."""


#: The typed event of each raw record code (:mod:`.eventcodes`), by code.
KINDS: tuple[type[Event], ...] = tuple(
    cls for _, cls in sorted({
        C.SETUP_DONE: SetupDone, C.ROUND_STARTED: RoundStarted,
        C.NO_REGISTRY_MOVE: NoRegistryMove, C.PICKED: Picked, C.RELEASED: Released,
        C.SWAPPED: Swapped, C.PLACED: Placed, C.STAYED_IN_SLOT: StayedInSlot,
        C.DISCARDED: Discarded, C.GAME_ENDED: GameEnded,
    }.items())
)


def build(raw: Sequence[Raw]) -> list[Event]:
    """Typed events of raw records ``(code, step, *fields)`` (:mod:`.eventcodes`)."""
    kinds = KINDS
    return [kinds[r[0]](*r[1:]) for r in raw]  # type: ignore[call-overload]


def describe(event: Event, table: TileTable) -> str | None:
    """The log line of ``event`` (``None``: picks, placements and the end have none).

    The wording is the golden files' (``tests/golden``); do not parse it.
    """
    name = table.name
    if isinstance(event, Released):
        return f"{name(event.tile)} released to player {event.player} (column {event.column + 1})"
    if isinstance(event, Discarded):
        return _describe_discard(event, table)
    if isinstance(event, Swapped):
        return (f"player {event.player} swaps {name(event.mecha)} for {name(event.taken)} "
                f"(middle {event.column + 1})")
    if isinstance(event, RoundStarted):
        names = ", ".join(name(t) for t in event.tiles)
        return f"round {event.round}: player {event.meca} (Meca) draws {names}"
    if isinstance(event, NoRegistryMove):
        return f"player {event.player} has no legal registry move ({event.rule})"
    if isinstance(event, StayedInSlot):
        return (f"{name(event.tile)} of player {event.player} stays in its slot "
                "(no middle top to swap with)")
    if isinstance(event, SetupDone):
        tops = ", ".join(f"{c + 1}: {name(t)}" for c, t in enumerate(event.tops) if t >= 0)
        return f"setup: middle stacks {tops}; player {event.meca} holds the Meca pawn"
    return None


def _describe_discard(event: Discarded, table: TileTable) -> str:
    n = len(event.tiles)
    if event.reason == "short-round":
        return f"short last round: {plural(n, 'pile tile')} discarded"
    if event.reason == "registry-end":
        return f"game over: {plural(n, 'registry tile')} discarded"
    tile = table.name(event.tiles[0])
    if event.reason == "arrival":
        return f"player {event.player} discards {tile} from the arrival zone"
    if event.reason == "no-placement":
        return f"player {event.player} cannot place {tile}: discarded"
    return f"{tile} of player {event.player} is discarded (no middle top to swap with)"
