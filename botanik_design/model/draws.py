"""Random draws of :class:`random.Random` written for the hot paths: the same numbers.

``below(rng, n)`` is ``rng.randrange(n)`` and ``shuffle(rng, items)`` is
``rng.shuffle(items)``, drawing exactly the same bits from ``rng`` (CPython's
``_randbelow_with_getrandbits``) without the two Python calls each draw costs there: a
random game draws one number per decision.  ``tests/test_draws.py`` proves them
equal to the library's on random seeds and sizes (and would catch a Python version that
draws differently).
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

__all__ = ["below", "shuffle"]


def below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n >= 1``: a uniform integer in ``0 .. n - 1``."""
    getrandbits = rng.getrandbits
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


@cache
def _steps(length: int) -> tuple[tuple[int, int], ...]:
    """The Fisher-Yates steps of a list of ``length`` items: ``(i, bits of i + 1)``."""
    return tuple((i, (i + 1).bit_length()) for i in range(length - 1, 0, -1))


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """``rng.shuffle(items)``: shuffle the list in place (Fisher-Yates, last item first)."""
    getrandbits = rng.getrandbits
    for i, k in _steps(len(items)):
        j = getrandbits(k)
        while j > i:  # a draw in 0 .. i, as randrange(i + 1)
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
