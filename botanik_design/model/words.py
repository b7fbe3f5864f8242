"""Counted nouns in the text shown to users: ``1 point``, ``0 points``, ``2 points``.

Every message, report and TUI string that puts a number before a noun goes
through :func:`plural` (or :func:`noun` when the number is printed apart), so
the singular/plural choice is made in one place.  English rule: exactly one
takes the singular; everything else (0, 2, 1.5, -1) the plural.
"""

from __future__ import annotations


def noun(n: float, singular: str, plural_form: str | None = None) -> str:
    """``singular`` when ``n == 1``, else ``plural_form`` (default ``singular + "s"``).

    >>> noun(2, "tile"), noun(1, "tile"), noun(0, "colour"), noun(3, "match", "matches")
    ('tiles', 'tile', 'colours', 'matches')
    """
    if n == 1:
        return singular
    return plural_form if plural_form is not None else singular + "s"


def plural(n: float, singular: str, plural_form: str | None = None) -> str:
    """``"<n> <noun>"``: the number and :func:`noun` of it (``1 action``, ``2 actions``).

    >>> plural(1, "point"), plural(0, "point"), plural(2, "option")
    ('1 point', '0 points', '2 options')
    """
    return f"{n} {noun(n, singular, plural_form)}"


__all__ = ["noun", "plural"]
