"""The pure-Python tests (Fisher, Mann-Whitney, the Wilson quantile) equal scipy's.

``sim/stats.py`` computes them without scipy so that ``simulate`` and
``compare`` start fast (issue 15); these properties hold them to scipy's values.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st
from scipy.stats import fisher_exact, mannwhitneyu, norm  # type: ignore[import-untyped]

from botanik_design.sim.stats import _r, fisher_two_proportions, mann_whitney, wilson


@st.composite
def tables(draw: st.DrawFn) -> tuple[int, int, int, int]:
    n1 = draw(st.integers(1, 200))
    n2 = draw(st.integers(1, 200))
    return draw(st.integers(0, n1)), n1, draw(st.integers(0, n2)), n2


@settings(max_examples=300, deadline=None)
@given(tables())
def test_fisher_equals_scipy(table: tuple[int, int, int, int]) -> None:
    k1, n1, k2, n2 = table
    want = float(fisher_exact([[k1, n1 - k1], [k2, n2 - k2]]).pvalue)
    got = fisher_two_proportions(k1, n1, k2, n2)
    assert got is not None
    assert math.isclose(got, min(1.0, want), abs_tol=1.01e-6)


samples = st.lists(st.integers(0, 30), min_size=1, max_size=25)


@settings(max_examples=300, deadline=None)
@given(samples, samples)
def test_mann_whitney_equals_scipy(a: list[int], b: list[int]) -> None:
    got = mann_whitney(a, b)
    if len(set(a) | set(b)) == 1:
        assert got == 1.0
        return
    want = _r(float(mannwhitneyu(a, b, alternative="two-sided").pvalue))
    assert got is not None and want is not None
    assert math.isclose(got, want, abs_tol=1.01e-6)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=1, max_size=8, unique=True),
       st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=1, max_size=30, unique=True))
def test_mann_whitney_exact_branch_equals_scipy(a: list[float], b: list[float]) -> None:
    if set(a) & set(b):
        return
    want = _r(float(mannwhitneyu(a, b, alternative="two-sided").pvalue))
    got = mann_whitney(a, b)
    assert got is not None and want is not None
    assert math.isclose(got, want, abs_tol=1.01e-6)


@given(st.integers(1, 500).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))),
       st.sampled_from([0.8, 0.9, 0.95, 0.99]))
def test_wilson_quantile_equals_scipys(kn: tuple[int, int], confidence: float) -> None:
    k, n = kn
    z = float(norm.ppf(1 - (1 - confidence) / 2))
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    got = wilson(k, n, confidence)
    assert got.lo is not None and got.hi is not None
    assert math.isclose(got.lo, _r(min(p, max(0.0, centre - half))) or 0.0, abs_tol=1.01e-6)
    assert math.isclose(got.hi, _r(max(p, min(1.0, centre + half))) or 0.0, abs_tol=1.01e-6)


@settings(max_examples=300, deadline=None)
@given(st.floats(0.5005, 1 - 1e-9), st.integers(1, 1_000_000))
@example(0.999999999, 53)  # t just under sqrt(df): the tail once lost digits to cancellation
@example(0.999999999, 1000)
@example(1 - 1e-9, 2)
def test_t_quantile_equals_scipy(p: float, df: int) -> None:
    """``mean_ci``'s Student-t quantile, computed without scipy, is scipy's (1e-9 relative,
    both tails)."""
    from scipy.stats import t

    from botanik_design.sim.stats import t_quantile

    want = float(t.ppf(p, df))
    assert math.isclose(t_quantile(p, df), want, rel_tol=1e-9)
    assert math.isclose(t_quantile(1 - p, df), float(t.ppf(1 - p, df)), rel_tol=1e-9)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=1, max_size=60)
       | st.lists(st.integers(-50, 200).map(float), min_size=1, max_size=60))
def test_describe_and_histogram_equal_numpy(values: list[float]) -> None:
    """The pure-Python summary equals numpy's (linear quantiles, ddof=1, its histogram)."""
    import numpy as np

    from botanik_design.sim.stats import describe

    got = describe(values, hist=True)
    arr = np.asarray(values, dtype=float)
    want = [float(x) for x in np.quantile(arr, [0.05, 0.25, 0.5, 0.75, 0.95])]
    for key, w in zip(("q05", "q25", "median", "q75", "q95"), want, strict=True):
        assert math.isclose(got[key], w, rel_tol=1e-9, abs_tol=2e-6)
    assert math.isclose(got["mean"], float(arr.mean()), rel_tol=1e-9, abs_tol=2e-6)
    if len(values) > 1:
        assert math.isclose(got["sd"], float(arr.std(ddof=1)), rel_tol=1e-9, abs_tol=2e-6)
    lo, hi = float(arr.min()), float(arr.max())
    if all(v.is_integer() for v in values):  # numpy's own bins, as the report chooses them
        width = max(1, math.ceil((hi - lo + 1) / 30))
        edges = lo - 0.5 + width * np.arange(math.floor((hi - lo) / width) + 2)
    else:
        edges = np.linspace(lo, hi if hi > lo else lo + 1.0, 31)
    counts, _ = np.histogram(arr, bins=edges)
    assert got["histogram"]["counts"] == [int(c) for c in counts]
    assert got["histogram"]["edges"] == [_r(float(e)) or 0.0 for e in edges]
    assert sum(got["histogram"]["counts"]) == len(values)


@settings(max_examples=400, deadline=None)
@given(st.floats(1e-3, 60.0), st.integers(1, 1_000_000))
@example(7.219425662347504, 53)
@example(7.28, 53)
def test_t_sf_equals_scipy_in_both_regions(value: float, df: int) -> None:
    """The upper tail keeps its digits on both sides of ``t = sqrt(df)`` and far out
    (1e-9 relative of scipy's where the tail is a normal float; below ``t = 1e-3`` scipy's
    own tail rounds to 1/2, so the closed forms of df 1 and 2 check that end)."""
    from scipy.stats import t

    from botanik_design.sim.stats import t_sf

    want = float(t.sf(value, df))
    assume(want > 1e-290)
    assert math.isclose(t_sf(value, df), want, rel_tol=1e-9)


@pytest.mark.parametrize("value", [0.0, 1e-300, 4.510537796590346e-09, 1e-6, 0.5, 1.0, 3.0])
def test_t_sf_closed_forms(value: float) -> None:
    """df 1 (Cauchy) and df 2 have closed forms: the tail agrees with them to 1e-12 (up to
    ``t = 3``: further out the closed forms themselves subtract numbers near 1/2)."""
    from botanik_design.sim.stats import t_sf

    cauchy = 0.5 - math.atan(value) / math.pi
    two = 0.5 - value / (2.0 * math.sqrt(value * value + 2.0))
    assert math.isclose(t_sf(value, 1), cauchy, rel_tol=1e-12)
    assert math.isclose(t_sf(value, 2), two, rel_tol=1e-12)
