"""The :class:`Diagnostic` record every check returns, and small helpers on it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Level = Literal["error", "warning"]


@dataclass(frozen=True)
class Diagnostic:
    """One problem found in one file.

    ``line`` and ``column`` are 1-based (``None`` when no position applies, e.g.
    a file that cannot be read).  ``rule`` is a stable id such as
    ``"yaml-duplicate-key"``; ``json_path`` a JSON Pointer into the document
    (``"/tiles/3/exits"``, ``""`` for the whole document); ``hint`` an optional
    suggestion (``"did you mean `flowers`?"``).
    """

    file: str
    line: int | None
    column: int | None
    level: Level
    rule: str
    message: str
    json_path: str = ""
    hint: str = ""

    def sort_key(self) -> tuple[str, int, int, int, str]:
        """Order: file, line, column (unknown positions first), errors before warnings."""
        return (
            self.file,
            self.line or 0,
            self.column or 0,
            0 if self.level == "error" else 1,
            self.rule,
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


def errors(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """The diagnostics of level ``error``."""
    return [d for d in diagnostics if d.level == "error"]


def sorted_diagnostics(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """Diagnostics sorted by :meth:`Diagnostic.sort_key`, exact duplicates removed."""
    return sorted(set(diagnostics), key=Diagnostic.sort_key)
