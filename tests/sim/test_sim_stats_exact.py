"""The pure-Python tests (Fisher, Mann-Whitney, the Wilson quantile) equal scipy's.

``sim/stats.py`` computes them without scipy so that ``simulate`` and
``compare`` start fast (issue 15); these properties hold them to scipy's values.
"""

from __future__ import annotations

import math

from hypothesis import given, settings
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
