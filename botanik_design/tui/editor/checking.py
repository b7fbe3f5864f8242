"""The editor's problems: what the project's validator says of the text being edited.

The editor asks the real validator (:func:`botanik_design.spec.validate.validate_text`)
only, and finds the tile each diagnostic concerns.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ruamel.yaml.error import YAMLError

from botanik_design.spec.positions import pointer_parts
from botanik_design.spec.validate import validate_text
from botanik_design.tui.editor.roundtrip import parse_error_position, yaml_for


@dataclass(frozen=True)
class Problem:
    """One validation diagnostic, with the tile it concerns when known."""

    line: int | None
    column: int | None
    level: str
    rule: str
    message: str
    json_path: str = ""
    hint: str = ""
    tile: int | None = None

    @property
    def location(self) -> str:
        """``line:col`` (1-based), or ``-`` when the problem has no position."""
        if self.line is None:
            return "-"
        return f"{self.line}:{self.column or 1}"

    def __str__(self) -> str:
        hint = f" ({self.hint})" if self.hint else ""
        return f"{self.location} {self.level}: {self.message}{hint}"


def problems_of(text: str, name: str, path: Path, indent: tuple[int, int, int]) -> list[Problem]:
    """Diagnostics of the tile-set ``text`` (file ``name`` at ``path``), errors first,
    each with the tile it concerns when known.  Reads nothing else: it may run in a
    worker thread on a snapshot of the text."""
    try:
        fresh = yaml_for(indent).load(text)
    except YAMLError as exc:
        line, col = parse_error_position(exc)
        return [Problem(line, col, "error", "yaml-syntax", str(exc).splitlines()[0])]
    spans = _tile_lines(fresh)
    base = path.parent if path.parent.is_dir() else None
    problems = [
        Problem(d.line, d.column, str(d.level), str(d.rule), str(d.message),
                str(d.json_path or ""), str(d.hint or ""))
        for d in validate_text(text, name, kind="tileset", base=base)
    ]
    out = [_with_tile(p, spans) for p in problems]
    out.sort(key=lambda p: (p.level != "error", p.line or 0, p.column or 0))
    return out


def _tile_lines(fresh: Any) -> list[int]:
    """1-based first line of each tile entry in ``fresh`` (a parse of the current text)."""
    try:
        seq = fresh["tiles"]
        return [seq.lc.item(i)[0] + 1 for i in range(len(seq))]
    except (KeyError, TypeError, AttributeError):
        return []


def _with_tile(problem: Problem, spans: list[int]) -> Problem:
    parts = pointer_parts(problem.json_path) if problem.json_path.startswith("/") else []
    tile: int | None = None
    if len(parts) >= 2 and parts[0] == "tiles" and parts[1].isascii() and parts[1].isdigit():
        tile = int(parts[1])
    elif problem.line is not None and spans and problem.line >= spans[0]:
        tile = max(i for i, first in enumerate(spans) if first <= problem.line)
    if tile is None or tile >= max(len(spans), 1):
        return problem
    return Problem(problem.line, problem.column, problem.level, problem.rule,
                   problem.message, problem.json_path, problem.hint, tile)
