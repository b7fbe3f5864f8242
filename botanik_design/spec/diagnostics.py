"""The :class:`Diagnostic` record every check returns, and small helpers on it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from botanik_design.model.words import noun
from botanik_design.spec.positions import Path, Positions, pointer

Level = Literal["error", "warning", "note"]

#: When true (the test suite sets it), building a :class:`Diagnostic` whose rule id is
#: not declared in :mod:`botanik_design.spec.rule_ids` raises ``ValueError``.
CHECK_RULE_IDS = False

#: Problems reported per file (of every kind together); the rest are summarised by one
#: ``too-many-problems`` diagnostic.  Readers and the schema check stop early at this count.
MAX_PER_FILE = 100


#: A quoted value (backticks, single or double quotes) longer than this is cut.
QUOTE_LIMIT = 80
#: A run of text without spaces longer than this is cut (a value quoted bare).
WORD_LIMIT = 200
#: How much of a cut value a message keeps.
QUOTE_KEEP = 60
_QUOTED = re.compile(r"`[^`\n]*`|(?<!\w)'[^'\n]*'(?!\w)|(?<!\w)\"[^\"\n]*\"(?!\w)")
_LONG_WORD = re.compile(r"[^\s`'\"]{" + str(WORD_LIMIT + 1) + ",}")


def brief(text: str) -> str:
    """``text`` with every long quoted value, and every long unbroken run, cut to its first
    :data:`QUOTE_KEEP` characters and an ellipsis: a message never carries a whole value
    read from a file (a 100 KB string, a key of a megabyte), whatever built it.

    >>> brief("key `" + "x" * 100 + "` is unknown") == "key `" + "x" * 60 + "…` is unknown"
    True
    >>> prose = "the player's `a` then " + "words " * 20 + "and `b` isn't cut"
    >>> brief(prose) == prose
    True
    """
    if len(text) <= QUOTE_LIMIT:
        return text
    text = _QUOTED.sub(lambda m: m[0] if len(m[0]) <= QUOTE_LIMIT + 2 else
                       f"{m[0][:QUOTE_KEEP + 1]}…{m[0][-1]}", text)
    return _LONG_WORD.sub(lambda m: m[0][:QUOTE_KEEP] + "…", text)


@dataclass(frozen=True)
class Diagnostic:
    """One problem found in one file.

    ``line`` and ``column`` are 1-based (``None`` when no position applies, e.g.
    a file that cannot be read).  ``rule`` is a stable id such as
    ``"yaml-duplicate-key"``; ``json_path`` a JSON Pointer into the document
    (``"/tiles/3/exits"``, ``""`` for the whole document); ``hint`` an optional
    suggestion (``"did you mean `flowers`?"``). Long values quoted in ``message`` and
    ``hint`` are cut (:func:`brief`).
    """

    file: str
    line: int | None
    column: int | None
    level: Level
    rule: str
    message: str
    json_path: str = ""
    hint: str = ""

    def __post_init__(self) -> None:
        if CHECK_RULE_IDS and not _declared(self.rule):
            raise ValueError(f"undeclared rule id {self.rule!r} (declare it in spec/rule_ids.py)")
        object.__setattr__(self, "message", brief(self.message))
        object.__setattr__(self, "hint", brief(self.hint))

    def sort_key(self) -> tuple[str, int, int, int, str, str, str]:
        """Order: file, line, column (unknown positions first), errors before warnings,
        then rule, message and path (so that equal positions always sort the same)."""
        return (
            self.file,
            self.line or 0,
            self.column or 0,
            {"error": 0, "warning": 1}.get(self.level, 2),
            self.rule,
            self.message,
            self.json_path,
        )

    def format(self) -> str:
        """``file:line:col: level: message[; hint] [rule]`` on one line."""
        where = self.file
        if self.line is not None:
            where += f":{self.line}:{self.column or 1}"
        text = f"{where}: {self.level}: {self.message}"
        if self.hint:
            text += f"; {self.hint}"
        return f"{text} [{self.rule}]"


def diagnostic(file: str, rule: str, message: str, *, line: int | None = None,
               column: int | None = None, json_path: str = "", hint: str = "",
               level: Level | None = None) -> Diagnostic:
    """A :class:`Diagnostic` of a declared rule, at its declared level unless ``level``
    says otherwise (a rule declared ``error or warning``).  Raises ``KeyError`` for an
    undeclared rule id."""
    from botanik_design.spec.rule_ids import RULES  # here: a clean run builds no table

    declared_level = RULES[rule].level
    lvl = level or declared_level
    return Diagnostic(file, line, column, lvl, rule, message, json_path, hint)  # type: ignore[arg-type]


def _declared(rule: str) -> bool:
    from botanik_design.spec.rule_ids import declared

    return declared(rule)


class Collector:
    """Diagnostics of one file: each at its rule's declared level, positioned through
    the file's :class:`~botanik_design.spec.positions.Positions` (the shared builder of
    the semantic, lint and game checks)."""

    def __init__(self, name: str, positions: Positions) -> None:
        self.name = name
        self.positions = positions
        self.items: list[Diagnostic] = []

    def at(self, path: Path, rule: str, message: str, hint: str = "",
           at_key: bool = False) -> Diagnostic:
        """The diagnostic of ``rule`` at the value (or, ``at_key``, the key) of ``path``."""
        line, col = self.positions.key(path) if at_key else self.positions.value(path)
        return diagnostic(self.name, rule, message, line=line, column=col,
                          json_path=pointer(path), hint=hint)

    def add(self, path: Path, rule: str, message: str, hint: str = "",
            at_key: bool = False) -> None:
        """Collect :meth:`at`'s diagnostic."""
        self.items.append(self.at(path, rule, message, hint, at_key))


def errors(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """The diagnostics of level ``error``."""
    return [d for d in diagnostics if d.level == "error"]


def sorted_diagnostics(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """Diagnostics sorted by :meth:`Diagnostic.sort_key`, exact duplicates removed."""
    return sorted(set(diagnostics), key=Diagnostic.sort_key)


def capped(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """Sorted diagnostics, at most :data:`MAX_PER_FILE` per file plus one ``too-many-problems``.

    The summary is an error when any dropped diagnostic is one, else a warning.
    """
    out: list[Diagnostic] = []
    by_file: dict[str, list[Diagnostic]] = {}
    for d in sorted_diagnostics(diagnostics):
        by_file.setdefault(d.file, []).append(d)
    for name, items in by_file.items():
        kept, dropped = items[:MAX_PER_FILE], items[MAX_PER_FILE:]
        out += kept
        if not dropped:
            continue
        if len(dropped) == 1 and dropped[0].rule.endswith("-too-many"):
            out += dropped
            continue
        first = dropped[0]
        n_err = sum(1 for d in dropped if d.level == "error")
        stopped = any(d.rule.endswith("-too-many") for d in dropped)  # a check stopped early
        count = ("more problems" if stopped
                 else f"{len(dropped)} more {noun(len(dropped), 'problem')}")
        out.append(Diagnostic(
            name, first.line, first.column, "error" if n_err else "warning",
            "too-many-problems",
            f"{count} from here on are not listed; at most {MAX_PER_FILE} are listed per file",
            first.json_path, "fix the problems above first"))
    return out
