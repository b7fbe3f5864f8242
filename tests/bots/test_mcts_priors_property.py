"""Property test: :func:`~botanik_design.bots.mcts.priors` orders and values the
candidates exactly as sorting ``(-value, action)`` pairs does (the plain formulation it
replaced): the same candidates in the same order, the same priors to the bit, cut to the
same ``keep`` best, for values with many ties (equal and signed zeros) and any sorted
legal actions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.bots.mcts import priors


class _Own:
    """A heuristic that prunes when told to (``may_prune``) and is never asked for values."""

    def __init__(self, prune: bool) -> None:
        self.prune = prune

    def may_prune(self, state: Any, legal: Sequence[int]) -> bool:
        return self.prune

    def action_values(self, state: Any, legal: Sequence[int]) -> list[float]:
        raise AssertionError("values are given")


def _reference(legal: list[int], values: list[float], keep: int,
               prune: bool) -> tuple[list[int], dict[int, float]]:
    lo, hi = min(values), max(values)
    span = hi - lo
    order = sorted(zip([-v for v in values], legal, strict=True))
    if keep and prune:
        order = order[:keep]
    if span > 0:
        prior = {a: (-nv - lo) / span for nv, a in order}
    else:
        prior = {a: 0.5 for _, a in order}
    return [a for _, a in order], prior


@settings(max_examples=400, deadline=None)
@given(data=st.data(), n=st.integers(1, 60), keep=st.integers(0, 8), prune=st.booleans())
def test_priors_as_sorting_pairs(data: st.DataObject, n: int, keep: int, prune: bool) -> None:
    legal = sorted(data.draw(st.sets(st.integers(0, 10_000), min_size=n, max_size=n)))
    pool = st.sampled_from([0.0, -0.0, 1.0, 0.5, -2.25, 1e-12, 3.0])
    value = st.one_of(pool, st.floats(-100, 100, allow_nan=False))
    values = data.draw(st.lists(value, min_size=n, max_size=n))
    got = priors(None, legal, keep, _Own(prune), values)  # type: ignore[arg-type]
    want = _reference(legal, values, keep, prune)
    assert got[0] == want[0]
    assert list(got[1].items()) == list(want[1].items())
