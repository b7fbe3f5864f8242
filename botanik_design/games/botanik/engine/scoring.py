"""End-of-game scoring with a full breakdown (brief §8 and the scoring options).

Computed on the networkx views (:mod:`botanik_design.games.botanik.engine.network`):

1. Tiles with no pipe path to the Source (cell ``(0, 0)``) are removed.
2. Colour groups among the remaining tiles: same-colour tiles joined by
   touching sides (``colour_groups: touching``) or by pipes (``piped``).  A
   group of at least ``min_group_size`` tiles scores ``group_points_per_tile``
   per tile.  The Source has no colour and belongs to no group.
3. Flowers score ``flower_points`` each.  A crop tile's (plant, vegetable)
   flowers count only if a pipe joins it directly to a tile of its colour
   (``crop_flowers: same-colour-pipe-neighbour``; a wildcard mecha-botanist
   of that colour joined to it counts) or always (``always``).
4. ``mecha_botanist: wildcard``: ``mecha_bonus`` per connected mecha-botanist.
5. Highest total wins; equal totals: ``tie_break: shared``, or
   ``largest-colour-group`` (larger biggest colour group wins, else shared).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, cast

from botanik_design.games.botanik.engine import graph as g
from botanik_design.games.botanik.engine.analysis import winner_of
from botanik_design.games.botanik.engine.network import Cell, Placed, adjacency_graph, pipe_graph
from botanik_design.games.botanik.model.tileset import Kind, TileDef
from botanik_design.games.botanik.model.variant import Variant

if TYPE_CHECKING:
    from botanik_design.games.botanik.engine.views import StateViews


@dataclass(frozen=True)
class TileLine:
    """A tile named in the breakdown: cell and definition id."""

    cell: tuple[int, int]
    tile: str


@dataclass(frozen=True)
class GroupLine:
    """A colour group: colour, cells (sorted), size and points (0 when too small)."""

    colour: str
    cells: list[tuple[int, int]]
    size: int
    points: int


@dataclass(frozen=True)
class FlowerLine:
    """Flowers of one connected tile: how many, whether they counted, why, points."""

    cell: tuple[int, int]
    tile: str
    flowers: int
    counted: bool
    reason: str
    points: int


@dataclass(frozen=True)
class PlayerScore:
    """One machine's score breakdown; ``total`` = group + flower + mecha points."""

    player: int
    removed: list[TileLine]
    connected: int
    groups: list[GroupLine]
    group_points: int
    flowers: list[FlowerLine]
    flower_points: int
    mechas: list[TileLine]
    mecha_points: int
    total: int
    largest_group: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict (cells as ``[x, y]`` lists)."""
        return _plain(asdict(self))  # type: ignore[no-any-return]


@dataclass(frozen=True)
class GameScore:
    """Both players' breakdowns and the outcome.

    ``winner`` is 0, 1 or ``None`` (shared win); ``outcome`` explains it,
    including the tie-break when one was used.
    """

    players: list[PlayerScore]
    winner: int | None
    outcome: str
    tie_break_used: bool = False
    notes: list[str] = field(default_factory=list)

    def totals(self) -> list[int]:
        """``[total of player 0, total of player 1]``."""
        return [p.total for p in self.players]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict."""
        return {
            "players": [p.to_dict() for p in self.players],
            "winner": self.winner,
            "outcome": self.outcome,
            "tie_break_used": self.tie_break_used,
            "notes": list(self.notes),
        }


def _plain(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [_plain(v) for v in x]
    return x


def score_machine(
    view: Mapping[Cell, Placed], defs: Sequence[TileDef], variant: Variant, player: int = 0,
    source: Cell = (0, 0),
) -> PlayerScore:
    """Score one machine.  ``view[cell].tile`` indexes ``defs``.

    A machine without a tile at ``source`` scores nothing (every tile removed).
    """
    pg = pipe_graph(view, variant.wild_pairs)
    connected = cast(set[Cell], g.component_of(pg, source))
    removed = [TileLine(c, defs[view[c].tile].id) for c in sorted(view) if c not in connected]

    def colour(c: Any) -> str | None:
        return defs[view[c].tile].colour if c in connected else None

    base = adjacency_graph(view) if variant.colour_groups == "touching" else pg
    group_lines: list[GroupLine] = []
    for comp in g.same_label_components(base.subgraph(connected), colour):
        cells = sorted(cast(set[Cell], comp))
        size = len(cells)
        pts = size * variant.group_points_per_tile if size >= variant.min_group_size else 0
        group_lines.append(GroupLine(str(colour(cells[0])), cells, size, pts))
    group_lines.sort(key=lambda gl: (-gl.size, gl.cells))

    flower_lines: list[FlowerLine] = []
    mechas: list[TileLine] = []
    for c in sorted(connected):
        d = defs[view[c].tile]
        if view[c].wild:
            mechas.append(TileLine(c, d.id))
        if d.flowers <= 0:
            continue
        if d.kind is Kind.CROP and variant.crop_flowers == "same-colour-pipe-neighbour":
            partners = [n for n in pg.neighbors(c) if defs[view[n].tile].colour == d.colour]
            if partners:
                counted, reason = True, f"crop piped to same-colour tile at {partners[0]}"
            else:
                counted, reason = False, "crop not piped directly to a tile of its colour"
        elif d.kind is Kind.CROP:
            counted, reason = True, "crop flowers always count (crop_flowers: always)"
        else:
            counted, reason = True, "flowers on a connected tile"
        pts = d.flowers * variant.flower_points if counted else 0
        flower_lines.append(FlowerLine(c, d.id, d.flowers, counted, reason, pts))
    wildcard = variant.mecha_botanist == "wildcard"
    mecha_points = len(mechas) * variant.mecha_bonus if wildcard else 0
    group_points = sum(gl.points for gl in group_lines)
    flower_points = sum(f.points for f in flower_lines)
    return PlayerScore(
        player=player,
        removed=removed,
        connected=len(connected),
        groups=group_lines,
        group_points=group_points,
        flowers=flower_lines,
        flower_points=flower_points,
        mechas=mechas,
        mecha_points=mecha_points,
        total=group_points + flower_points + mecha_points,
        largest_group=max((gl.size for gl in group_lines), default=0),
    )


def decide(players: list[PlayerScore], variant: Variant) -> GameScore:
    """Winner and explanation from two breakdowns (brief §8.5, option ``tie_break``;
    the winner is :func:`~botanik_design.games.botanik.engine.analysis.winner_of`'s)."""
    a, b = players[0].total, players[1].total
    la, lb = players[0].largest_group, players[1].largest_group
    w = winner_of((a, b), (la, lb), variant)
    if a != b:
        return GameScore(players, w, f"player {w} wins {max(a, b)}-{min(a, b)}")
    if variant.tie_break == "largest-colour-group":
        if w is not None:
            return GameScore(
                players, w,
                f"tie at {a}; player {w} wins the tie-break (largest colour group {max(la, lb)} "
                f"against {min(la, lb)})",
                tie_break_used=True,
            )
        return GameScore(
            players, None, f"tie at {a}; largest colour groups equal ({la}): shared win",
            tie_break_used=True,
        )
    return GameScore(players, None, f"tie at {a}: shared win")


def score_game(state: StateViews) -> GameScore:
    """Score both machines of a game state."""
    from botanik_design.games.botanik.engine.placement import machine_view

    players = [
        score_machine(machine_view(state.machines[p]), state.table.defs, state.variant, p)
        for p in (0, 1)
    ]
    return decide(players, state.variant)
