"""Statistics: Wilson intervals, Ludii metrics, summaries, tests and Holm's correction."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from botanik_design.sim.stats import (
    describe,
    fisher_two_proportions,
    histogram,
    holm,
    ludii_outcome_metrics,
    mann_whitney,
    mean_ci,
    wilson,
)


def test_wilson_matches_the_closed_form() -> None:
    # Wilson score interval, k=52, n=100, z=1.959964: textbook closed form.
    k, n, z = 52, 100, 1.959963984540054
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    got = wilson(k, n)
    assert got.rate == 0.52
    assert got.lo == pytest.approx(centre - half, abs=1e-6)
    assert got.hi == pytest.approx(centre + half, abs=1e-6)
    assert (round(got.lo or 0, 4), round(got.hi or 0, 4)) == (0.4232, 0.6154)


def test_wilson_edges() -> None:
    zero = wilson(0, 20)
    assert zero.rate == 0.0 and zero.lo == 0.0 and zero.hi is not None and 0.1 < zero.hi < 0.2
    full = wilson(20, 20)
    assert full.hi == 1.0 and full.lo is not None and full.lo > 0.8
    empty = wilson(0, 0)
    assert empty.rate is None and empty.lo is None
    assert wilson(5, 10).as_dict() == {"k": 5, "n": 10, "rate": 0.5,
                                       "ci95": [wilson(5, 10).lo, wilson(5, 10).hi],
                                       "small_sample": True}
    with pytest.raises(ValueError):
        wilson(11, 10)


def test_ludii_metrics_on_hand_made_results() -> None:
    # 6 games: P1 wins 3, loses 1, 2 draws -> P1 partial wins 4/6, P2 2/6.
    results = [1, 1, 1, 0, 0.5, 0.5]
    m = ludii_outcome_metrics(results)
    assert m["advantage_p1"] == pytest.approx(4 / 6, abs=1e-6)
    assert m["balance"] == pytest.approx(1 - abs(4 / 6 - 2 / 6), abs=1e-6)
    assert m["drawishness"] == pytest.approx(2 / 6, abs=1e-6)
    perfect = ludii_outcome_metrics([1, 0, 1, 0])
    assert perfect == {"balance": 1.0, "advantage_p1": 0.5, "drawishness": 0.0}
    lopsided = ludii_outcome_metrics([1, 1, 1, 1])
    assert lopsided["balance"] == 0.0 and lopsided["advantage_p1"] == 1.0
    assert ludii_outcome_metrics([])["balance"] is None
    with pytest.raises(ValueError):
        ludii_outcome_metrics([2])


def test_describe_and_histogram() -> None:
    d = describe([1, 2, 3, 4, 5], hist=True)
    assert d["n"] == 5 and d["mean"] == 3.0 and d["median"] == 3.0
    assert d["sd"] == pytest.approx(math.sqrt(2.5), abs=1e-6)
    assert d["q25"] == 2.0 and d["q75"] == 4.0 and d["min"] == 1.0 and d["max"] == 5.0
    h = d["histogram"]
    assert h["counts"] == [1, 1, 1, 1, 1] and h["edges"][0] == 0.5
    assert len(h["edges"]) == len(h["counts"]) + 1
    assert describe([])["mean"] is None
    assert describe([7])["sd"] is None
    wide = histogram(list(range(100)), max_bins=30)
    assert len(wide["counts"]) <= 30 and sum(wide["counts"]) == 100


def test_mean_ci() -> None:
    got = mean_ci([0.0, 1.0] * 50)
    assert got["mean"] == 0.5
    lo, hi = got["ci95"]
    assert lo == pytest.approx(0.5 - 1.984217 * 0.502519 / 10, abs=1e-4)
    assert hi == pytest.approx(1 - lo, abs=1e-6)
    assert mean_ci([1.0])["ci95"] == [None, None]


def test_fisher_and_mann_whitney() -> None:
    assert fisher_two_proportions(50, 100, 50, 100) == 1.0
    p = fisher_two_proportions(80, 100, 40, 100)
    assert p is not None and p < 1e-6
    assert fisher_two_proportions(0, 0, 1, 2) is None
    assert mann_whitney([1, 2, 3], [1, 2, 3]) == 1.0
    assert mann_whitney([3, 3], [3, 3]) == 1.0
    p2 = mann_whitney(list(range(50)), list(range(30, 80)))
    assert p2 is not None and p2 < 1e-4
    assert mann_whitney([], [1]) is None


def test_holm() -> None:
    adjusted = holm([0.01, 0.04, None, 0.03])
    # sorted: 0.01*3=0.03, 0.03*2=0.06, 0.04*1 -> max(0.06, 0.04) = 0.06
    assert adjusted == [0.03, 0.06, None, 0.06]
    assert holm([]) == []
    assert holm([0.9, 0.8]) == [1.0, 1.0]


@given(st.integers(1, 5000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_interval_brackets_the_rate(kn: tuple[int, int]) -> None:
    k, n = kn
    p = wilson(k, n)
    assert p.lo is not None and p.hi is not None and p.rate is not None
    assert 0.0 <= p.lo <= p.rate <= p.hi <= 1.0


@given(st.lists(st.one_of(st.none(), st.floats(0, 1)), max_size=12))
def test_holm_never_lowers_a_p_value(ps: list[float | None]) -> None:
    adjusted = holm(ps)
    for raw, adj in zip(ps, adjusted, strict=True):
        assert (raw is None) == (adj is None)
        if raw is not None and adj is not None:
            assert raw - 1e-6 <= adj <= 1.0


@given(st.lists(st.sampled_from([0, 0.5, 1]), min_size=1, max_size=200))
def test_ludii_balance_and_advantage_agree(results: list[float]) -> None:
    m = ludii_outcome_metrics(results)
    assert m["balance"] == pytest.approx(1 - abs(2 * (m["advantage_p1"] or 0) - 1), abs=1e-5)
    assert 0 <= (m["drawishness"] or 0) <= 1
