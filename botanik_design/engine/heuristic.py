"""Fast position evaluation shared by the greedy and MCTS bots.

Built only on the engine's public accessors (``state.machine(p)``,
``slots(p)``, ``pending()``, ``tile(i)``, ``pile_size()``) and the variant's
options; no networkx, so it is cheap enough to call for every candidate move.

:func:`score_estimate` re-computes a machine's score the way the rules do
(brief §8: tiles piped to the Source, colour groups, flowers with the crop
rule, wildcard mecha-botanist bonus); a test checks it equals the engine's
``scores()`` on random games.  :func:`machine_value` adds the look-ahead terms
a one-ply bot needs.  All weights live in :data:`WEIGHTS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from botanik_design.model.sides import rotate_exits
from botanik_design.model.tileset import Kind, TileDef
from botanik_design.model.variant import Variant

#: ``(dx, dy)`` across sides N, E, S, W (y grows north).
_STEP = ((0, 1), (1, 0), (0, -1), (-1, 0))


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

#: One machine cell: colour, kind, flowers, rotated exit mask, wildcard flag.
Cell = tuple[str | None, Kind, int, int, bool]


def machine_cells(state: Any, player: int) -> dict[tuple[int, int], Cell]:
    """``player``'s machine as ``{(x, y): (colour, kind, flowers, exits, wild)}``."""
    wildcard = state.variant.mecha_botanist == "wildcard"
    out: dict[tuple[int, int], Cell] = {}
    for t in state.machine(player):
        d = t.definition
        out[(t.x, t.y)] = (d.colour, d.kind, d.flowers, t.exits, wildcard and d.kind is Kind.MECHA)
    return out


def cell_for(d: TileDef, rotation: int, variant: Variant) -> Cell:
    """The :data:`Cell` a tile definition becomes when placed with ``rotation``."""
    wild = variant.mecha_botanist == "wildcard" and d.kind is Kind.MECHA
    return (d.colour, d.kind, d.flowers, rotate_exits(d.exits, rotation), wild)


def _joined(a: Cell, b: Cell, side: int, wild_pairs: bool = False) -> bool:
    """Whether ``a`` and its neighbour ``b`` across ``side`` (of ``a``) are joined by a pipe
    (``wild_pairs``: option ``wildcard_pairs: joined``)."""
    opp = (side + 2) & 3
    if a[4]:
        if b[4]:
            return wild_pairs
        return bool(b[3] >> opp & 1)
    if b[4]:
        return bool(a[3] >> side & 1)
    return bool(a[3] >> side & 1) and bool(b[3] >> opp & 1)


@dataclass(frozen=True, slots=True)
class MachineFacts:
    """What :func:`analyse` finds in a machine (points and counts)."""

    score: int
    groups: int
    flowers: int
    bonus: int
    connected: int
    unconnected: int
    open_ends: int
    growth: int
    crop_waiting: int
    colour_count: dict[str, int]


def analyse(cells: dict[tuple[int, int], Cell], variant: Variant) -> MachineFacts:
    """Score and features of a machine (see :class:`Weights` for the features).

    ``cells`` must hold the Source at ``(0, 0)``; without it nothing is connected.
    """
    pairs = variant.wild_pairs
    connected: set[tuple[int, int]] = set()
    if (0, 0) in cells:
        connected.add((0, 0))
        stack = [(0, 0)]
        while stack:
            c = stack.pop()
            a = cells[c]
            for s in range(4):
                dx, dy = _STEP[s]
                n = (c[0] + dx, c[1] + dy)
                if n in connected:
                    continue
                b = cells.get(n)
                if b is not None and _joined(a, b, s, pairs):
                    connected.add(n)
                    stack.append(n)
    open_ends = 0
    flowers = 0
    crop_waiting = 0
    bonus = 0
    same_colour_rule = variant.crop_flowers == "same-colour-pipe-neighbour"
    piped_groups = variant.colour_groups == "piped"
    for c in connected:
        a = cells[c]
        colour, kind, fl, exits, wild = a
        if wild:
            bonus += variant.mecha_bonus
        if not wild and exits:
            for s in range(4):
                if exits >> s & 1:
                    dx, dy = _STEP[s]
                    if (c[0] + dx, c[1] + dy) not in cells:
                        open_ends += 1
        if fl > 0:
            counted = True
            if kind is Kind.CROP and same_colour_rule:
                counted = False
                for s in range(4):
                    dx, dy = _STEP[s]
                    n = (c[0] + dx, c[1] + dy)
                    b = cells.get(n)
                    if b is not None and b[0] == colour and _joined(a, b, s, pairs):
                        counted = True
                        break
            if counted:
                flowers += fl * variant.flower_points
            else:
                crop_waiting += fl
    # colour groups among connected tiles
    groups = 0
    growth = 0
    seen: set[tuple[int, int]] = set()
    colour_count: dict[str, int] = {}
    for c in connected:
        colour = cells[c][0]
        if colour is None or c in seen:
            continue
        size = 0
        seen.add(c)
        stack = [c]
        while stack:
            x = stack.pop()
            size += 1
            ax = cells[x]
            for s in range(4):
                dx, dy = _STEP[s]
                n = (x[0] + dx, x[1] + dy)
                if n in seen or n not in connected:
                    continue
                b = cells[n]
                if b[0] != colour:
                    continue
                if piped_groups and not _joined(ax, b, s, pairs):
                    continue
                seen.add(n)
                stack.append(n)
        colour_count[colour] = colour_count.get(colour, 0) + size
        if size >= variant.min_group_size:
            groups += size * variant.group_points_per_tile
        else:
            growth += size - 1
    n_connected = len(connected) - (1 if (0, 0) in connected else 0)
    return MachineFacts(
        score=groups + flowers + bonus,
        groups=groups,
        flowers=flowers,
        bonus=bonus,
        connected=n_connected,
        unconnected=len(cells) - len(connected),
        open_ends=open_ends,
        growth=growth,
        crop_waiting=crop_waiting,
        colour_count=colour_count,
    )


_CACHE: dict[tuple[Variant, frozenset[tuple[tuple[int, int], Cell]]], MachineFacts] = {}
_CACHE_MAX = 4096


def analyse_cached(cells: dict[tuple[int, int], Cell], variant: Variant) -> MachineFacts:
    """:func:`analyse` with a bounded per-process cache keyed by the machine's content.

    Search bots meet the same machines again and again (only placements
    change a machine); the cache is cleared when it holds :data:`_CACHE_MAX`
    entries.  Results never depend on the cache (the same key gives the same facts).
    """
    key = (variant, frozenset(cells.items()))
    got = _CACHE.get(key)
    if got is None:
        if len(_CACHE) >= _CACHE_MAX:
            _CACHE.clear()
        got = _CACHE[key] = analyse(cells, variant)
    return got


def score_estimate(cells: dict[tuple[int, int], Cell], variant: Variant) -> int:
    """The machine's score under the variant's scoring options (brief §8)."""
    return analyse(cells, variant).score


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
