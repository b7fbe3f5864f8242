"""What a decision would do, computed on a clone (issue 14, previews).

:func:`pick_preview`: the slot tiles a pick would release at once, and to whom
(the release check of brief §4 run by the engine itself on a clone).
:func:`place_preview`: the change of the placing player's score, by part, and
whether the placed tile is pipe-connected to the Source afterwards (the scoring
of brief §8 on a clone).  The state passed in is never changed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from botanik_design.games.botanik.engine import actions as A
from botanik_design.games.botanik.engine import events as E

if TYPE_CHECKING:
    from botanik_design.games.botanik.engine.state import GameState


@dataclass(frozen=True, slots=True)
class Release:
    """Slot tile ``tile`` (instance id) of ``player`` in ``column`` would be released;
    ``top``: the new middle top it shares neither colour nor type with."""

    player: int
    tile: int
    column: int
    top: int


@dataclass(frozen=True, slots=True)
class PlacePreview:
    """Score change of the placing player (points; ``total`` = the sum of the parts) and
    whether the tile would be pipe-connected to the Source."""

    total: int
    groups: int
    flowers: int
    mecha: int
    connected: bool


def pick_preview(state: GameState, action: int) -> tuple[Release, ...]:
    """The releases legal pick ``action`` would cause at once (in the engine's order).

    Raises :class:`~botanik_design.games.botanik.engine.IllegalActionError` when it is not legal.
    """
    clone = state.clone()
    step = len(clone.history())
    clone.apply_action(action)
    return tuple(Release(e.player, e.tile, e.column, e.top) for e in clone.events(step)
                 if isinstance(e, E.Released) and e.step == step)


def place_preview(state: GameState, action: int) -> PlacePreview:
    """Score change and Source connection of legal placement ``action``.

    Raises :class:`~botanik_design.games.botanik.engine.IllegalActionError` when it is not legal.
    """
    d = state.pending()
    act = A.decode(action)
    if d is None or not isinstance(act, A.Place):
        from botanik_design.games.botanik.engine.errors import IllegalActionError

        raise IllegalActionError(f"{action} is not a placement")
    before = state.scores().players[d.player]
    clone = state.clone()
    clone.apply_action(action)
    after = clone.scores().players[d.player]
    removed = {t.cell for t in after.removed}
    return PlacePreview(after.total - before.total, after.group_points - before.group_points,
                        after.flower_points - before.flower_points,
                        after.mecha_points - before.mecha_points,
                        (act.x, act.y) not in removed)
