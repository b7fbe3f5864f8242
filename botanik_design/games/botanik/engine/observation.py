"""What one Botanik player may see (``State.observation``): everything but the pile.

Botanik's only hidden information is the face-down pile (brief §2: the machine
tiles are shuffled into face-down piles; tiles are face up once drawn, §2.3 and
§3.1).  Both players see the registry, the arrival zone, both machines, the
discards and the decisions waiting, so the observation is the same for both
seats apart from ``"player"``.  The pile appears only as its size, and tiles as
their definition ids (never instance ids, whose numbering says nothing a player
sees), so two states whose piles differ only in their unrevealed order observe
alike.  The seed, which decides the shuffle, is never part of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from botanik_design.games.base import check_seat

if TYPE_CHECKING:
    from botanik_design.games.botanik.engine.views import StateViews


def observe(state: StateViews, player: int) -> dict[str, Any]:
    """The observation of ``player`` (0 or 1) as JSON-serialisable data.

    Keys: ``player``, ``tileset``, ``variant`` (names), ``round``, ``meca``
    (Meca holder), ``to_move`` (seat or -4 at the end), ``pending`` (``[kind,
    player, tile id]`` or ``None``), ``queued`` (the same per queued decision),
    ``legal_actions``, ``pile_size``, ``arrival`` (tile ids in arrival order),
    ``middle`` (per column, tile ids bottom to top), ``slots`` (per player, per
    column, tile id or ``None``), ``machines`` (per player, ``[x, y, tile id,
    rotation]`` sorted by cell), ``discarded`` (``[tile id, reason]`` in order), and what a
    joining player's screen rebuilds the game from (:mod:`.viewstate`): ``history`` (the
    actions played), ``first_player`` (the first Meca holder) and ``revealed`` (the tile ids
    drawn so far, in draw order: all face up once drawn).
    Raises ``ValueError`` for a seat other than 0 or 1.
    """
    from botanik_design.games.botanik.engine.draws import revealed

    check_seat(player, 2)
    name = state.table.name
    pending = state.pending()
    return {
        "player": player,
        "tileset": state.table.tileset.name,
        "variant": state.variant.name,
        "round": state.round,
        "meca": state.meca,
        "to_move": -4 if pending is None else pending.player,
        "pending": None if pending is None else [pending.kind, pending.player, pending.tile_id],
        "queued": [[d.kind, d.player, d.tile_id] for d in state.queued()],
        "legal_actions": list(state._legal),
        "pile_size": len(state.pile),
        "arrival": [name(t) for t in state.arrival],
        "middle": [[name(t) for t in stack] for stack in state.registry.middle],
        "slots": [[None if t is None else name(t) for t in state.slots(p)] for p in (0, 1)],
        "machines": [[[x, y, name(t), r] for x, y, t, r in m.cells()] for m in state.machines],
        "discarded": [[name(t), why] for t, why in state.discard_reasons()],
        "history": list(state.history()),
        "first_player": state.first_player,
        "revealed": revealed(state),
    }
