"""Counted nouns in the text shown to users: ``1 point``, ``0 points``, ``2 points``.

Every message, report and TUI string that puts a number before a noun goes
through :func:`plural` (or :func:`noun` when the number is printed apart), so
the singular/plural choice is made in one place.  English rule: exactly one
takes the singular; everything else (0, 2, 1.5, -1) the plural.
"""

from __future__ import annotations

from collections.abc import Iterable


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


def closest(word: object, choices: Iterable[object]) -> str | None:
    """The choice closest to ``word``: the same name in another case first, else
    ``difflib``'s closest at a ratio of 0.6; ``None`` when none is close."""
    if not isinstance(word, str):
        return None
    names = [str(c) for c in choices]
    same_case = [n for n in names if n.lower() == word.lower()]
    if same_case:
        return same_case[0]
    import difflib  # only for a name that is not known: off the start-up path

    close = difflib.get_close_matches(word, names, n=1, cutoff=0.6)
    return close[0] if close else None


def near_miss(word: object, choices: Iterable[object]) -> str:
    """``did you mean `x`?`` for the choice :func:`closest` to ``word``, else ``""``.

    The one "did you mean" of the project: every unknown name (a key, an option, a
    bundled spec or a file on the command line, a bot) is suggested through it."""
    found = closest(word, choices)
    return f"did you mean `{found}`?" if found is not None else ""
