"""Whole numbers read from text (files, protocol lines, options), bounded where they are read.

No number a spec, record, GameString or command needs comes near 2**64, while an unbounded
one makes Python refuse to print it (``sys.set_int_max_str_digits``) or a count built from it
run forever. Every reader of a whole number from text uses :func:`parse_whole` (ASCII digits
only: ``"²".isdigit()`` is true but ``int("²")`` fails) or checks :func:`in_bounds`.
"""

from __future__ import annotations

import re

#: Largest magnitude of any whole number read from a file or a command: 2**64.
MAX_WHOLE = 2 ** 64
#: Its number of decimal digits.
MAX_WHOLE_DIGITS = len(str(MAX_WHOLE))

_DIGITS = re.compile(r"[+-]?[0-9]+")


def in_bounds(value: int) -> bool:
    """Whether ``|value| <= MAX_WHOLE``."""
    return -MAX_WHOLE <= value <= MAX_WHOLE


def parse_whole(text: str, low: int | None = None, high: int | None = None) -> int | None:
    """``text`` (ASCII digits, optional sign, surrounding spaces ignored) as an int in
    ``low..high`` (each bound optional) and within ``±MAX_WHOLE``; ``None`` otherwise.

    >>> parse_whole("12", 1), parse_whole("0", 1), parse_whole("²"), parse_whole("9" * 30)
    (12, None, None, None)
    """
    text = text.strip()
    if not _DIGITS.fullmatch(text) or len(text.lstrip("+-").lstrip("0")) > MAX_WHOLE_DIGITS:
        return None
    value = int(text)
    if not in_bounds(value) or (low is not None and value < low) or \
            (high is not None and value > high):
        return None
    return value


def shown(text: str, limit: int = 40) -> str:
    """``text`` cut to ``limit`` characters (an ellipsis says it was cut), as messages quote
    a value: a message never carries a whole value read from input, however long."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


__all__ = ["MAX_WHOLE", "MAX_WHOLE_DIGITS", "in_bounds", "parse_whole", "shown"]
