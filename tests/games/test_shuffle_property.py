"""Property test: :func:`botanik_design.games.shuffle.shuffle` is ``random.Random.shuffle``
(the same list order and the same generator state afterwards, so every later draw of a
search bot is unchanged)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.games import shuffle as fast


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**64), items=st.lists(st.integers(), max_size=1100),
       draws=st.integers(0, 3))
def test_shuffle_equals_the_standard_library(seed: int, items: list[int], draws: int) -> None:
    a, b = random.Random(seed), random.Random(seed)
    for _ in range(draws):  # any position in the generator's stream
        a.random()
        b.random()
    want, got = items[:], items[:]
    a.shuffle(want)
    fast.shuffle(got, b)
    assert got == want
    assert b.getstate() == a.getstate()


def test_the_fast_path_is_in_use() -> None:
    """The standard library's algorithm is the one the fast path copies (else the
    module falls back to ``rng.shuffle`` and the equality above proves nothing new)."""
    assert fast.FAST


class _Odd(random.Random):
    """A generator whose draws differ from the base class's: the fast path must not apply."""

    def getrandbits(self, k: int) -> int:
        return 0


def test_a_subclass_gets_its_own_shuffle() -> None:
    want, got = list(range(20)), list(range(20))
    _Odd(1).shuffle(want)
    fast.shuffle(got, _Odd(1))
    assert got == want
