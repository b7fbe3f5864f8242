"""The report's faster aggregation equals the plain computations it replaced (kept here
as the references): a metric column read at C speed (``rows.values_at`` behind
``report._column``), the per-player columns, ``describe`` and ``histogram`` (grouping
equal values), on random samples and on rows whose metrics are in other orders."""

from __future__ import annotations

import dataclasses
import json
import math
from bisect import bisect_right
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.games.base import Metric
from botanik_design.sim.report import _both, _column, metric_values
from botanik_design.sim.rows import GameRow
from botanik_design.sim.stats import _r, describe, histogram, quantile


def _ref_histogram(values: Sequence[float], max_bins: int = 30) -> dict[str, Any]:
    if not values:
        return {"edges": [], "counts": []}
    lo, hi = float(min(values)), float(max(values))
    if all(float(v).is_integer() for v in values):
        width = max(1, math.ceil((hi - lo + 1) / max_bins))
        nbins = math.floor((hi - lo) / width) + 1
        edges = [lo - 0.5 + width * i for i in range(nbins + 1)]
    else:
        if hi == lo:
            hi = lo + 1.0
        step = (hi - lo) / max_bins
        edges = [lo + i * step for i in range(max_bins)] + [hi]
    counts = [0] * (len(edges) - 1)
    for v in values:
        i = bisect_right(edges, float(v)) - 1
        if i == len(counts) and float(v) == edges[-1]:
            i -= 1
        if 0 <= i < len(counts):
            counts[i] += 1
    return {"edges": [_r(e) or 0.0 for e in edges], "counts": counts}


def _ref_describe(values: Sequence[float], hist: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {"n": len(values)}
    keys = ("mean", "sd", "min", "q05", "q25", "median", "q75", "q95", "max")
    if not values:
        out.update(dict.fromkeys(keys))
    else:
        ordered = sorted(float(v) for v in values)
        mean = math.fsum(ordered) / len(ordered)
        out["mean"] = _r(mean)
        out["sd"] = (_r(math.sqrt(math.fsum((v - mean) ** 2 for v in ordered)
                                  / (len(ordered) - 1))) if len(ordered) > 1 else None)
        out["min"] = _r(ordered[0])
        out["q05"], out["q25"], out["median"], out["q75"], out["q95"] = (
            _r(quantile(ordered, q)) for q in (0.05, 0.25, 0.5, 0.75, 0.95))
        out["max"] = _r(ordered[-1])
    if hist:
        out["histogram"] = _ref_histogram(values)
    return out


finite = st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False)
samples = st.one_of(
    st.lists(st.integers(-50, 200), max_size=300),  # scores, lengths: few distinct values
    st.lists(st.sampled_from([0.0, -0.0, 0.5, 1.0, 2.25, 7.0]), max_size=200),
    st.lists(st.one_of(st.integers(-10**6, 10**6), finite), max_size=200),
)


@settings(max_examples=300, deadline=None)
@given(values=samples, bins=st.integers(1, 40))
def test_histogram_is_the_reference(values: list[float], bins: int) -> None:
    got, want = histogram(values, bins), _ref_histogram(values, bins)
    assert json.dumps(got) == json.dumps(want)


@settings(max_examples=300, deadline=None)
@given(values=samples, hist=st.booleans())
def test_describe_is_the_reference(values: list[float], hist: bool) -> None:
    assert json.dumps(describe(values, hist)) == json.dumps(_ref_describe(values, hist))


KEYS = ["score", "groups", "releases", "swaps"]


def _row(i: int, order: list[str], seed: int) -> GameRow:
    value = {"score": (seed % 7, i % 5), "groups": (i, seed % 3), "releases": i * 3 % 11,
             "swaps": (seed + i) % 4}
    return GameRow(game=i, seed=seed, bots=("a", "b"), first_bot=i % 2, winner=i % 3 - 1,
                   decisions=60 + i, branching=1.5, values=tuple((k, value[k]) for k in order))


@settings(max_examples=200, deadline=None)
@given(n=st.integers(0, 40), seed=st.integers(0, 1000),
       shuffled=st.lists(st.tuples(st.integers(0, 39), st.permutations(KEYS)), max_size=4),
       short=st.lists(st.integers(0, 39), max_size=2))
def test_columns_are_the_rows_metrics(n: int, seed: int,
                                      shuffled: list[tuple[int, list[str]]],
                                      short: list[int]) -> None:
    """Rows whose metrics are in the run's order, some in another order, and some
    lacking metrics (a ``KeyError``, as ``GameRow.metric`` raises)."""
    orders = {i: list(order) for i, order in shuffled}
    for i in short:
        orders[i] = KEYS[:2]
    rows = [_row(i, orders.get(i, KEYS), seed) for i in range(n)]
    for key in KEYS:
        try:
            want: Any = [r.metric(key) for r in rows]
        except KeyError as exc:
            want = exc
        try:
            got: Any = _column(rows, key)
        except KeyError as exc:
            got = exc
        assert repr(got) == repr(want)
        if isinstance(want, list) and key in ("score", "groups"):
            assert _both(rows, key) == [x for pair in want for x in (pair[0], pair[1])]
            assert metric_values(rows, key) == _both(rows, key)


def _ref_csv_values(row: GameRow, metrics: Sequence[Metric]) -> list[Any]:
    pairs = [x for m in metrics if m.per_player for x in row.metric(m.key)]
    singles = [row.metric(m.key) for m in metrics if not m.per_player]
    return [row.game, row.seed, row.bots[0], row.bots[1], row.first_bot,
            "draw" if row.winner < 0 else row.winner,
            *pairs, row.decisions, f"{row.branching:.4f}", *singles]


METRICS = (Metric("score", "score", per_player=True), Metric("groups", "groups", per_player=True),
           Metric("releases", "releases"), Metric("swaps", "swaps"))


@settings(max_examples=100, deadline=None)
@given(i=st.integers(0, 99), seed=st.integers(0, 1000), order=st.permutations(KEYS),
       again=st.lists(st.sampled_from(KEYS), max_size=3))
def test_csv_values_are_the_reference(i: int, seed: int, order: list[str],
                                      again: list[str]) -> None:
    """In any order, and with a key given twice (its first value counts, as ``metric``)."""
    row = _row(i, order, seed)
    row = dataclasses.replace(row, values=(*row.values, *((k, -1) for k in again)))
    assert row.csv_values(METRICS) == _ref_csv_values(row, METRICS)
    short = dataclasses.replace(row, values=row.values[:1])
    missing = [m for m in METRICS if m.key != short.values[0][0]]
    with pytest.raises(KeyError):
        short.csv_values(missing)
