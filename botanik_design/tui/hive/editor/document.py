"""The Hive piece-set document being edited: copies per bug, name, title, description.

:class:`PiecesetDocument` is a :class:`~botanik_design.tui.editor.roundtrip.RoundTripText`
whose top level is a piece set (``spec/pieceset.schema.json``: a ``pieceset`` name and a
``bugs`` mapping of counts per player).  Edits change the mapping's nodes in place, so
comments, key order and quoting survive; problems come from the project's validator
(:func:`botanik_design.spec.validate.validate_text`) only.

No textual import here: the document is tested without an app.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.error import YAMLError

from botanik_design.games.hive.model import BUG_LETTER, EXPANSION_BUGS, Bug
from botanik_design.tui.editor.checking import Problem
from botanik_design.tui.editor.roundtrip import (
    DocumentError,
    RoundTripText,
    parse_error_position,
    read_raw,
    yaml_for,
)
from botanik_design.tui.editor.values import text_scalar

#: Keys of the set itself, in the schema's order (``bugs`` is edited row by row).
META_KEYS: tuple[str, ...] = ("pieceset", "title", "description")
#: The most copies of one bug the keys offer (UHP names number copies 1 to 9).
MAX_COPIES = 9


@dataclass(frozen=True)
class BugInfo:
    """One bug of the piece-set schema: name, UHP letter, most copies, description."""

    name: str
    letter: str
    maximum: int
    description: str
    expansion: bool


@cache
def bug_infos() -> tuple[BugInfo, ...]:
    """The bugs of ``spec/pieceset.schema.json``, in its order (base bugs first), with the
    model's UHP letters and expansion bugs."""
    from botanik_design.spec.bundled import schema

    props = schema("pieceset")["properties"]["bugs"]["properties"]
    return tuple(BugInfo(name, BUG_LETTER[Bug(name)], int(spec.get("maximum", MAX_COPIES)),
                         str(spec.get("description", "")), Bug(name) in EXPANSION_BUGS)
                 for name, spec in props.items())


class PiecesetDocument(RoundTripText):
    """A piece-set file open for editing; rows are the schema's bugs (:func:`bug_infos`).

    Every editing method records an undo step (when it changes anything) and
    returns the row to select.
    """

    @classmethod
    def open(cls, path: Path, name: str | None = None) -> PiecesetDocument:
        """Read and parse ``path``; raises ``OSError`` or :class:`DocumentError`."""
        return cls(path, read_raw(path), name=name)

    @classmethod
    def from_text(cls, path: Path, text: str, *, pieceset_name: str | None = None,
                  name: str | None = None) -> PiecesetDocument:
        """A new, unsaved document at ``path`` starting from ``text`` (e.g. a bundled set);
        ``pieceset_name`` replaces the ``pieceset:`` name."""
        doc = cls(path, text, name=name, saved=False)
        if pieceset_name and "pieceset" in doc.data:
            doc.data["pieceset"] = pieceset_name
            doc.text = doc._dump(doc.data)
        return doc

    def _check(self, data: Any, text: str) -> None:
        if not isinstance(data, CommentedMap) or not isinstance(data.get("bugs"), CommentedMap):
            raise DocumentError(
                f"{self.name}: not a piece set: expected a mapping with a `bugs` mapping")

    # ------------------------------------------------------------- reading

    @property
    def bugs(self) -> CommentedMap:
        found: CommentedMap = self.data["bugs"]
        return found

    def __len__(self) -> int:
        return len(bug_infos())

    def count(self, bug: str) -> int | None:
        """Copies of ``bug`` per player (0 when left out; ``None`` when not a whole number)."""
        value = self.bugs.get(bug, 0)
        if isinstance(value, bool) or not isinstance(value, int):
            return None
        return value

    def total(self) -> int:
        """Pieces per player (bugs whose count is not a whole number are not counted)."""
        return sum(self.count(b.name) or 0 for b in bug_infos())

    def expansions(self) -> list[str]:
        """The expansion bugs in the set (count above 0), in schema order."""
        return [b.name for b in bug_infos() if b.expansion and (self.count(b.name) or 0) > 0]

    def others(self) -> list[str]:
        """Keys under ``bugs`` that are not bugs of the schema (the validator reports them)."""
        known = {b.name for b in bug_infos()}
        return [str(k) for k in self.bugs if k not in known]

    def meta(self, key: str) -> str:
        value = self.data.get(key)
        return "" if value is None else str(value)

    # ------------------------------------------------------------- editing

    def set_count(self, row: int, count: int) -> int:
        """Set the copies of the bug of ``row``; raises ``ValueError`` outside 0 to 9.

        A bug not in the file is added in the schema's order; 0 is written as 0
        (the key and its comment stay; the schema reads it as "not in the set").
        """
        if not 0 <= count <= MAX_COPIES:
            raise ValueError(f"copies go from 0 to {MAX_COPIES} (UHP numbers copies 1 to 9)")
        bug = bug_infos()[row].name
        before = self.text
        bugs = self.bugs
        if bug in bugs:
            bugs[bug] = count
        else:
            order = [b.name for b in bug_infos()]
            pos = sum(1 for k in bugs if k in order and order.index(k) < row)
            bugs.insert(pos, bug, count)
        self._commit(before, row, None)
        return row

    def add_copies(self, row: int, delta: int) -> int:
        """Change the copies of the bug of ``row`` by ``delta`` (``ValueError`` past 0 or 9)."""
        return self.set_count(row, (self.count(bug_infos()[row].name) or 0) + delta)

    def set_meta(self, key: str, value: str, select: int = 0) -> int:
        """Set ``pieceset``, ``title`` or ``description``; an empty title or description
        removes the key.  Typing into one field is one undo step."""
        if key not in META_KEYS:
            raise ValueError(f"not a key of the set: {key}")
        before = self.text
        if value == "" and key != "pieceset":
            if key in self.data:
                del self.data[key]
        elif key in self.data:
            self.data[key] = text_scalar(value, self.data.get(key))
        else:
            pos = sum(1 for k in self.data if k in META_KEYS
                      and META_KEYS.index(k) < META_KEYS.index(key))
            self.data.insert(pos, key, text_scalar(value, None))
        self._commit(before, select, f"meta:{key}")
        return select

    # ---------------------------------------------------------- validation

    def validate(self, text: str | None = None) -> list[Problem]:
        """Diagnostics of the current text (or ``text``, a snapshot), errors first, each
        with the row of the bug it concerns when known."""
        return pieceset_problems(self.text if text is None else text, self.name, self.path,
                                 self._indent)


def pieceset_problems(text: str, name: str, path: Path,
                      indent: tuple[int, int, int]) -> list[Problem]:
    """The validator's diagnostics of the piece-set ``text`` (file ``name`` at ``path``);
    ``Problem.tile`` is the row of the bug a diagnostic concerns.  Reads nothing else:
    it may run in a worker thread."""
    from botanik_design.spec.validate import validate_text

    try:
        yaml_for(indent).load(text)
    except YAMLError as exc:
        line, col = parse_error_position(exc)
        return [Problem(line, col, "error", "yaml-syntax", str(exc).splitlines()[0])]
    rows = {b.name: i for i, b in enumerate(bug_infos())}
    base = path.parent if path.parent.is_dir() else None
    out = []
    for d in validate_text(text, name, kind="pieceset", base=base):
        parts = (d.json_path or "").strip("/").split("/")
        row = rows.get(parts[1]) if len(parts) > 1 and parts[0] == "bugs" else None
        out.append(Problem(d.line, d.column, str(d.level), str(d.rule), str(d.message),
                           str(d.json_path or ""), str(d.hint or ""), row))
    out.sort(key=lambda p: (p.level != "error", p.line or 0, p.column or 0))
    return out
