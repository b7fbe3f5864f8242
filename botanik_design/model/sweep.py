"""Typed parameter sweeps: the axes, the points they expand to, and what to report.

A sweep file (``spec/sweep.schema.json``) is checked and expanded by
:mod:`botanik_design.spec.sweep`; this module only holds the result.  Every
point carries the complete rules it is played under (``params``: the keyword
arguments of ``games.registry.load_game``, e.g. ``variant`` and ``tileset``
as typed specs), so nothing downstream re-applies the axes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: Metrics every game's sweep rows carry (the outcome of each game, its length and
#: branching), first in the report; a game's entry adds its own
#: (``GameEntry.sweep.metrics``, e.g. Botanik's score and its parts, Hive's end reasons).
OUTCOME_METRICS: tuple[str, ...] = (
    "advantage_p1", "balance", "drawishness", "first_player_wins", "draws",
    "decisions", "branching",
)

#: The salt of the sweep's random sample (``sample: random``): the project's short
#: name (``botanik`` of ``botanik_design``), the same since the first release so that a
#: sweep file keeps drawing the same points.
SAMPLE_SALT = __name__.partition("_")[0] + "-sweep"


#: Metrics without a per-point interval (Ludii's point values), which a search cannot
#: aim at: metric -> the one to aim at instead.
NO_INTERVAL: dict[str, str] = {
    "balance": "`advantage_p1` (AdvantageP1 0.5 is Balance 1)",
    "drawishness": "`draws` (the same rate, with an interval)",
}


@dataclass(frozen=True, slots=True)
class Axis:
    """One varying dimension.

    ``label``: its column title.  An option axis has ``option`` set; a tiles
    axis has ``tiles`` (the selector, ``(field, value)`` pairs that must all
    match), ``field`` (``copies`` or ``flowers``) and ``change`` (``set`` or
    ``add``).  ``values`` are in the order given (a ``range`` expanded).
    """

    label: str
    values: tuple[Any, ...]
    option: str | None = None
    tiles: tuple[tuple[str, str], ...] = ()
    field: str | None = None
    change: str = "set"


@dataclass(frozen=True, slots=True)
class SweepPoint:
    """One set of rules to play.

    ``index``: 0 for the base, then 1, 2, ... in grid order.  ``coords``: one
    ``(axis label, value)`` per axis (empty for the base).  ``params``: the
    ``load_game`` keyword arguments of the point (typed specs, e.g. a ``variant``
    and a ``tileset``).  ``same_as_base``: the
    point's rules are the base's (e.g. a value ``0`` on a ``change: add`` axis):
    it stays in the grid but is not played twice, its games are the base's.
    """

    index: int
    coords: tuple[tuple[str, Any], ...]
    params: dict[str, Any]
    same_as_base: bool = False

    @property
    def label(self) -> str:
        """``base``, or ``mecha_bonus=2, min_group_size=3``."""
        if not self.coords:
            return "base"
        return ", ".join(f"{k}={show_value(v)}" for k, v in self.coords)


def show_value(value: Any) -> str:
    """An axis value as YAML writes it: ``null``, ``true``/``false``, else ``str()``
    (labels, report cells, plot ticks and messages all use this)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@dataclass(frozen=True, slots=True)
class Sweep:
    """A checked, expanded sweep.

    ``base`` is always played (the reference of the significance tests);
    ``points`` are the grid (or sampled) points; one whose rules equal the
    base's is kept (the grid stays complete) with ``same_as_base`` set and
    shares the base's games.  ``bots`` are ``(A, B)``; ``games`` per point (with
    ``sample == "search"``: the most a point may get); ``seed`` the master seed
    shared by every point; ``target`` a ``(metric, value)`` pair the report
    sorts by (and the search aims at); ``first``: games per point in the first
    round of a search (0 for a grid or a random sample); ``finalists``: the fewest
    points a search's halving keeps.
    """

    name: str
    title: str
    game: str
    base_names: dict[str, str]
    axes: tuple[Axis, ...]
    base: SweepPoint
    points: tuple[SweepPoint, ...]
    bots: tuple[str, str]
    games: int
    seed: int
    sample: str
    metrics: tuple[str, ...]
    target: tuple[str, float]
    first: int = 0
    finalists: int = 1

    def all_points(self) -> tuple[SweepPoint, ...]:
        """The base, then every point."""
        return (self.base, *self.points)

    def played_points(self) -> tuple[SweepPoint, ...]:
        """The points that get games of their own: the base, then every point whose
        rules differ from the base's."""
        return tuple(p for p in self.all_points() if not p.same_as_base)

