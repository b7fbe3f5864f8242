"""Checking a results store's lines as they are read: every batch line and every row in it.

A store is JSON written by this tool, but a file on disk can hold anything: a row
with ``branching: null`` or a list where a number belongs is valid JSON that the
report would trip over much later.  :func:`batch_from_json` checks a batch line
against the sweep it claims to belong to (point index, game indices, the seeds and
seats the seeding scheme gives, the bots, the game's metric keys and shapes) and
raises :class:`RowError` with what is wrong; the store turns that into a message
naming the line.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from botanik_design.games.base import Metric
from botanik_design.model.sweep import Sweep
from botanik_design.sim.rows import GameRow
from botanik_design.sim.runner import MAX_DECISIONS
from botanik_design.sim.seeding import derive, seat_of_first_bot

#: Fields of a row, required ones first (``end_reason`` may be absent).
REQUIRED = ("game", "seed", "bots", "first_bot", "winner", "decisions", "branching", "values")
OPTIONAL = ("end_reason",)


class RowError(ValueError):
    """A batch line or row that this sweep cannot have written (the message says why)."""


@dataclass(frozen=True, slots=True)
class RowRules:
    """What a row of ``sweep`` must look like: its metrics (``Game.metrics()``) and the
    indices of the points that get games."""

    sweep: Sweep
    metrics: tuple[Metric, ...]
    points: frozenset[int]


def rules_for(sweep: Sweep, metrics: Sequence[Metric]) -> RowRules:
    """The :class:`RowRules` of ``sweep`` whose game reports ``metrics``."""
    return RowRules(sweep, tuple(metrics), frozenset(p.index for p in sweep.all_points()))


def _show(value: Any) -> str:
    text = repr(value) if not isinstance(value, str) else f"'{value[:40]}'"
    return text if len(text) <= 60 else text[:57] + "..."


def _whole(value: Any, what: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RowError(f"{what} must be a whole number, found {_show(value)}")
    if not lo <= value <= hi:
        raise RowError(f"{what} must be between {lo} and {hi}, found {value}")
    return value


def _number(value: Any, what: str) -> float | int:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise RowError(f"{what} must be a number, found {_show(value)}")
    if not math.isfinite(value):
        raise RowError(f"{what} must be a finite number, found {_show(value)}")
    return value


def _values(raw: Any, metrics: tuple[Metric, ...]) -> tuple[tuple[str, Any], ...]:
    keys = [m.key for m in metrics]
    if not isinstance(raw, list) or len(raw) != len(metrics):
        raise RowError(f"`values` must be a list of {len(metrics)} [key, value] pairs "
                       f"({', '.join(keys)}), found {_show(raw)}")
    out: list[tuple[str, Any]] = []
    for item, m in zip(raw, metrics, strict=True):
        if not isinstance(item, list) or len(item) != 2 or item[0] != m.key:
            raise RowError(f"`values` must hold [\"{m.key}\", value] at this place, "
                           f"found {_show(item)}")
        value = item[1]
        if m.per_player:
            if not isinstance(value, list) or len(value) != 2:
                raise RowError(f"`{m.key}` must be a pair of numbers (seat 0, seat 1), "
                               f"found {_show(value)}")
            out.append((m.key, tuple(_number(v, f"`{m.key}`") for v in value)))
        else:
            out.append((m.key, _number(value, f"`{m.key}`")))
    return tuple(out)


def row_from_json(data: Any, rules: RowRules) -> GameRow:
    """The :class:`GameRow` a stored row holds; :class:`RowError` when it is not a row
    this sweep can have played (wrong type, missing or extra field, a game index
    out of range, a seed, seat or bot the seeding scheme does not give)."""
    sweep = rules.sweep
    if not isinstance(data, dict):
        raise RowError(f"a row must be an object, found {_show(data)}")
    missing = [k for k in REQUIRED if k not in data]
    extra = [k for k in data if k not in REQUIRED + OPTIONAL]
    if missing or extra:
        what = (f"lacks {', '.join(f'`{k}`' for k in missing)}" if missing
                else f"has unknown {', '.join(f'`{k}`' for k in extra[:3])}")
        raise RowError(f"a row {what}")
    game = _whole(data["game"], "`game`", 0, sweep.games - 1)
    seed = _whole(data["seed"], "`seed`", 0, 2**63 - 1)
    if seed != derive(sweep.seed, game, "game"):
        raise RowError(f"game {game} has seed {seed}, not the sweep's seed for that game")
    first = _whole(data["first_bot"], "`first_bot`", 0, 1)
    if first != seat_of_first_bot(game):
        raise RowError(f"game {game} has `first_bot` {first}, not {seat_of_first_bot(game)}")
    bots = data["bots"]
    want = [sweep.bots[first], sweep.bots[1 - first]]
    if bots != want:
        raise RowError(f"game {game} has bots {_show(bots)}, not the sweep's {want}")
    reason = data.get("end_reason", "")
    if not isinstance(reason, str):
        raise RowError(f"`end_reason` must be text, found {_show(reason)}")
    branching = _number(data["branching"], "`branching`")
    if branching < 0:
        raise RowError(f"`branching` must be at least 0, found {branching}")
    return GameRow(
        game=game, seed=seed, bots=(want[0], want[1]), first_bot=first,
        winner=_whole(data["winner"], "`winner`", -1, 1),
        decisions=_whole(data["decisions"], "`decisions`", 0, MAX_DECISIONS),
        branching=float(branching), values=_values(data["values"], rules.metrics),
        end_reason=reason,
    )


def batch_from_json(obj: Any, rules: RowRules) -> tuple[int, list[GameRow]]:
    """``(point index, rows)`` of a batch line; :class:`RowError` naming the bad part."""
    if not isinstance(obj, dict) or set(obj) != {"point", "rows"}:
        raise RowError("a batch line must be an object with `point` and `rows`, found "
                       f"{_show(obj)}")
    point = obj["point"]
    if isinstance(point, bool) or not isinstance(point, int) or point not in rules.points:
        raise RowError(f"`point` must be a point index of the sweep (0 to "
                       f"{len(rules.points) - 1}), found {_show(point)}")
    if not isinstance(obj["rows"], list):
        raise RowError(f"`rows` must be a list, found {_show(obj['rows'])}")
    rows = []
    for k, raw in enumerate(obj["rows"], start=1):
        try:
            rows.append(row_from_json(raw, rules))
        except RowError as exc:
            raise RowError(f"row {k}: {exc}") from None
    return point, rows
