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


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """``rng.shuffle(items)``: shuffle the list in place (Fisher-Yates, last item first)."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
