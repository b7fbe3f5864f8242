"""The greedy heuristic shared by the greedy and MCTS bots: weights and values on top of
the machine analysis of :mod:`botanik_design.games.botanik.engine.analysis` (the same facts the
engine scores with).

:func:`machine_value` adds the look-ahead terms a one-ply bot needs to a machine's
score; :func:`tile_value` values a tile before it is placed.  All weights live in
:data:`WEIGHTS`.
"""

from __future__ import annotations

from dataclasses import dataclass

from botanik_design.games.botanik.engine.analysis import (
    Cell,
    MachineAnalysis,
    MachineFacts,
    analyse,
    analyse_cached,
    analysis_of,
    cell_for,
    machine_cells,
)
from botanik_design.games.botanik.model.tileset import Kind, TileDef
from botanik_design.games.botanik.model.variant import Variant

__all__ = ["WEIGHTS", "Cell", "MachineAnalysis", "MachineFacts", "Weights", "analyse",
           "analyse_cached", "analysis_of", "cell_for", "machine_cells", "machine_value",
           "tile_value"]


@dataclass(frozen=True, slots=True)
class Weights:
    """Weights of the greedy heuristic (points-equivalent units).

    Machine terms (:func:`machine_value`):

    * ``score`` — the current score of the machine (points).
    * ``open_end`` per open pipe end of the Source network, counted up to
      ``open_cap`` — *open pipe ends kept*: places where later tiles can join
      the network (a network with none cannot grow).
    * ``growth`` per tile beyond the first in a same-colour group still below
      ``min_group_size`` — *colour-group growth* towards scoring groups.
    * ``crop_waiting`` per flower of a connected crop whose flowers do not
      count yet (no same-colour pipe neighbour).

    Tile terms (:func:`tile_value`, what a tile is worth to a player before it
    is placed): ``tile_base`` + ``per_exit`` x pipe exits + flowers (halved for
    a crop with no connected tile of its colour) + group points when the
    player already has connected tiles of its colour + the wildcard bonus;
    a swap-rule mecha-botanist is worth ``mecha_swap`` (it brings a middle tile).

    Registry terms (greedy picks): a tile in a player's own slot is worth
    ``slot`` x its tile value x ``min(1, rounds left / slot_horizon)`` (slot
    tiles come back only when released, and are discarded at the end); a tile
    released to a player (or taken by a swap) is worth its full tile value.
    The greedy bot maximises its own total minus the opponent's, so releasing
    a good tile to the opponent counts against a move (*risk of releasing a
    good tile to the opponent*).
    """

    score: float = 1.0
    open_end: float = 0.35
    open_cap: int = 4
    growth: float = 0.45
    crop_waiting: float = 0.5
    tile_base: float = 0.6
    per_exit: float = 0.15
    mecha_swap: float = 1.5
    slot: float = 0.55
    slot_horizon: float = 4.0


#: The weights every bot uses (one place to tune them).
WEIGHTS = Weights()


def machine_value(facts: MachineFacts, w: Weights = WEIGHTS) -> float:
    """Heuristic value of a machine: score plus the look-ahead terms of :class:`Weights`."""
    return (
        w.score * facts.score
        + w.open_end * min(facts.open_ends, w.open_cap)
        + w.growth * facts.growth
        + w.crop_waiting * facts.crop_waiting
    )


def tile_value(
    d: TileDef, facts: MachineFacts, variant: Variant, w: Weights = WEIGHTS
) -> float:
    """What tile ``d`` is worth to the owner of the machine ``facts`` describes (see
    :class:`Weights`)."""
    if d.kind is Kind.MECHA:
        if variant.mecha_botanist == "swap":
            return w.mecha_swap
        return w.tile_base + variant.mecha_bonus
    have = facts.colour_count.get(d.colour or "", 0)
    v = w.tile_base + w.per_exit * bin(d.exits).count("1")
    if d.flowers:
        fl = float(d.flowers * variant.flower_points)
        if (
            d.kind is Kind.CROP
            and variant.crop_flowers == "same-colour-pipe-neighbour"
            and have == 0
        ):
            fl *= 0.5
        v += fl
    if have:
        v += variant.group_points_per_tile * min(1.0, have / max(1, variant.min_group_size - 1))
    return v
