"""``random.Random.shuffle`` with the same results, faster (search bots re-shuffle a
hidden pile in every iteration: ``Determinizable.determinize``).

:func:`shuffle` draws exactly the numbers the standard library's ``shuffle`` draws
(Fisher-Yates from the end; each index by ``getrandbits`` of the bound's bit length,
drawn again while out of range), with the bit lengths from a table and no method call
per item, so the list and the generator's state afterwards are the same.  It is used
only for a plain ``random.Random`` when a check at import finds the standard
library's algorithm unchanged; otherwise it calls ``rng.shuffle``.
``tests/games/test_shuffle_property.py`` proves the two equal.
"""

from __future__ import annotations

import random
from typing import Any

#: ``n.bit_length()`` for the bounds of lists up to this many items.
_BITS: tuple[int, ...] = tuple(n.bit_length() for n in range(1025))


def _fast(x: list[Any], rng: random.Random) -> None:
    getrandbits = rng.getrandbits
    bits = _BITS
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = bits[n]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def _same_as_stdlib() -> bool:
    """Whether :func:`_fast` gives the standard library's lists and generator states."""
    for seed in range(8):
        for size in (0, 1, 2, 3, 5, 17, 64, 200):
            a, b = random.Random(seed), random.Random(seed)
            xa, xb = list(range(size)), list(range(size))
            a.shuffle(xa)
            _fast(xb, b)
            if xa != xb or a.getstate() != b.getstate():
                return False
    return True


#: Whether the fast path applies to plain ``random.Random`` generators here.
FAST = _same_as_stdlib()


def shuffle(x: list[Any], rng: random.Random) -> None:
    """Shuffle ``x`` in place exactly as ``rng.shuffle(x)`` does (same order, same
    generator state afterwards)."""
    if FAST and type(rng) is random.Random and len(x) < len(_BITS):
        _fast(x, rng)
    else:
        rng.shuffle(x)
