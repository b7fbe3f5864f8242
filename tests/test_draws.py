"""The hot paths' random draws (``model/draws.py``) equal :class:`random.Random`'s: the same
numbers, and the generator left in the same state, for any seed and size."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.model.draws import below, shuffle


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**64), sizes=st.lists(st.one_of(st.integers(1, 9),
                                                            st.integers(1, 2**70)),
                                                  min_size=1, max_size=40))
def test_below_is_randrange(seed: int, sizes: list[int]) -> None:
    mine, lib = random.Random(seed), random.Random(seed)
    assert [below(mine, n) for n in sizes] == [lib.randrange(n) for n in sizes]
    assert mine.getstate() == lib.getstate()


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**64), n=st.integers(0, 120))
def test_shuffle_is_random_shuffle(seed: int, n: int) -> None:
    mine, lib = random.Random(seed), random.Random(seed)
    a, b = list(range(n)), list(range(n))
    shuffle(mine, a)
    lib.shuffle(b)
    assert a == b
    assert mine.getstate() == lib.getstate()
