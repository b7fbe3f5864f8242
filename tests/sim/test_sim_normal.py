"""``sim.stats``' normal quantile and CDF (written without importing ``statistics``) give
``statistics.NormalDist()``'s floats exactly, so reports stay byte for byte the same."""

from __future__ import annotations

from statistics import NormalDist, StatisticsError

import pytest
from hypothesis import given
from hypothesis import strategies as st

from botanik_design.sim.stats import normal_cdf, normal_quantile


@given(st.floats(min_value=0.0, max_value=1.0, exclude_min=True, exclude_max=True))
def test_the_quantile_is_normaldists(p: float) -> None:
    assert normal_quantile(p) == NormalDist().inv_cdf(p)


@given(st.floats(allow_nan=False))
def test_the_cdf_is_normaldists(x: float) -> None:
    assert normal_cdf(x) == NormalDist().cdf(x)


@pytest.mark.parametrize("p", [0.0, 1.0, -0.5, 2.0])
def test_a_quantile_outside_zero_one_is_refused_as_normaldist_refuses_it(p: float) -> None:
    with pytest.raises(StatisticsError):
        normal_quantile(p)


def test_a_nan_quantile_is_nan_as_normaldists() -> None:
    assert normal_quantile(float("nan")) != normal_quantile(float("nan"))


def test_the_usual_quantile() -> None:
    assert normal_quantile(0.975) == pytest.approx(1.959963984540054, abs=1e-15)
