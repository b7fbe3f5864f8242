"""A YAML file open for editing: a ruamel.yaml round-trip tree, its text, its history.

Edits change the ``CommentedMap`` / ``CommentedSeq`` nodes in place, so every
line the user did not touch keeps its comments, key order, quoting and flow
style.  After each edit the tree is serialised again (:attr:`RoundTripText.text`):
that text is what gets validated and what gets saved.  Undo keeps snapshots of
the text.  Saving writes a temporary file in the same folder and renames it over
the original (:func:`write_atomic`), so a failed save never leaves a
half-written file; the file's line endings and byte-order mark are kept.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.error import MarkedYAMLError, YAMLError

from botanik_design.spec.atomic import write_atomic

# (mapping, sequence, offset) indentations tried until a round trip is exact.
_INDENTS: tuple[tuple[int, int, int], ...] = (
    (2, 4, 2), (2, 2, 0), (4, 4, 2), (4, 4, 0), (4, 6, 4), (2, 3, 1), (4, 2, 0),
)


class DocumentError(Exception):
    """The file cannot be edited (not YAML, or not the expected kind of mapping)."""


def yaml_for(indent: tuple[int, int, int]) -> YAML:
    """A round-trip YAML reader/writer with ``indent`` (mapping, sequence, offset)."""
    y = YAML(typ="rt")
    y.preserve_quotes = True
    y.width = 4096
    y.allow_unicode = True
    y.indent(mapping=indent[0], sequence=indent[1], offset=indent[2])
    return y


def parse_error_position(exc: YAMLError) -> tuple[int | None, int | None]:
    """1-based (line, column) of a YAML error, when ruamel knows it."""
    if isinstance(exc, MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        if mark is not None:
            return mark.line + 1, mark.column + 1
    return None, None


#: How ruamel.yaml's scanner names a tab in its messages (the character's repr).
_TAB_SHOWN = "'\\t'"


def separation_tabs_as_spaces(text: str) -> str:
    """``text`` with each tab ruamel.yaml refuses as separation (``title:<TAB>x``,
    ``x: 1<TAB># c``, a trailing tab), which libyaml and the validator accept, as a space:
    the same document, every line and column where it was.

    Each tab the parser stops at is replaced in turn; one between two words of a plain
    value (``x: a<TAB>b``, part of the value) becomes :data:`CONTENT_TAB` instead, which
    :func:`restore_tabs` turns back into a tab once parsed."""
    if "\t" not in text:
        return text
    chars = list(text)
    starts = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]
    for _ in range(text.count("\t")):
        try:
            yaml_for((2, 4, 2)).load("".join(chars))
            break
        except YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            problem = str(getattr(exc, "problem", ""))
            if mark is None or mark.line >= len(starts):
                break
            at = starts[mark.line] + mark.column
            if at >= len(chars) or chars[at] != "\t" or _TAB_SHOWN not in problem:
                break
            chars[at] = CONTENT_TAB if _inside_plain_value(chars, at) else " "
    return "".join(chars)


#: Stands for a tab inside a plain value while ruamel.yaml parses (it refuses the tab
#: there, libyaml keeps it in the value); :func:`restore_tabs` puts the tab back.
CONTENT_TAB = "\U0010fffd"


def _inside_plain_value(chars: list[str], at: int) -> bool:
    """Whether the tab at ``at`` sits between two words of a plain value (``a<TAB>b``),
    not after an indicator, an anchor, an alias or a tag, nor before a comment."""
    before = "".join(chars[max(0, at - 200):at]).rsplit("\n", 1)[-1]
    after = chars[at + 1] if at + 1 < len(chars) else "\n"
    if not before or before[-1] in " \t:-,[]{}?" or after in " \t\n#":
        return False
    word = before.rsplit(" ", 1)[-1]
    return not word.startswith(("&", "*", "!"))


def restore_tabs(node: Any) -> Any:
    """``node`` (a parsed tree) with :data:`CONTENT_TAB` back as tabs in every string."""
    if isinstance(node, dict):
        for key in list(node):
            node[key] = restore_tabs(node[key])
    elif isinstance(node, list):
        for i, item in enumerate(node):
            node[i] = restore_tabs(item)
    elif isinstance(node, str) and CONTENT_TAB in node:
        return type(node)(node.replace(CONTENT_TAB, "\t"))
    return node


def read_raw(path: Path) -> str:
    """The file's text with its line endings as they are (no newline translation)."""
    with path.open(encoding="utf-8", newline="") as handle:
        return handle.read()


class RoundTripText:
    """A YAML mapping and its text, with undo and an atomic save.

    ``path`` is where :meth:`save` writes; ``name`` is how messages name the file.
    Subclasses check the parsed data (:meth:`_check`) and may tidy the text after
    an edit (:meth:`_tidy`).
    """

    def __init__(self, path: Path, text: str, *, name: str | None = None,
                 saved: bool = True) -> None:
        self.path = path
        self.name = name if name is not None else str(path)
        raw = text
        #: The file's line ending, kept on save (the text itself always uses "\n").
        self.newline = "\r\n" if "\r\n" in text else "\n"
        #: The file starts with a byte-order mark, kept on save.
        self.bom = text.startswith("\ufeff")
        text = text.removeprefix("\ufeff").replace("\r\n", "\n")
        self._indent = (2, 4, 2)
        self.roundtrip_exact = False
        self.data = self._parse(text)
        spaced = separation_tabs_as_spaces(text)
        for indent in _INDENTS:
            self._yaml = yaml_for(indent)
            if self._dump(self.data) == spaced:  # the file as it is, tabs aside
                self._indent, self.roundtrip_exact = indent, True
                break
        else:
            self._yaml = yaml_for(self._indent)
        # an exact round trip dumps back to ``text``: no need to dump once more
        self.text = text if self.roundtrip_exact else self._dump(self.data)
        #: The text as last saved (or loaded): ``modified`` compares with it.
        self.saved_text: str | None = self.text if saved else None
        #: The file's text as read or last written (``None``: not on disk yet).
        self.disk_text: str | None = raw if saved else None
        self._undo: list[tuple[str, int, str | None]] = []
        self._redo: list[tuple[str, int]] = []
        #: Items an edit spanning several keys works on (e.g. the tiles of a colour
        #: being renamed), kept while the same field is typed into.
        self._renaming: list[int] = []

    def _parse(self, text: str) -> CommentedMap:
        try:
            data = restore_tabs(yaml_for(self._indent).load(separation_tabs_as_spaces(text)))
        except YAMLError as exc:
            line, col = parse_error_position(exc)
            where = f"{self.name}:{line}:{col}" if line is not None else self.name
            problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
            raise DocumentError(f"{where}: not valid YAML: {problem}") from exc
        self._check(data, text)
        mapping: CommentedMap = data
        return mapping

    def _check(self, data: Any, text: str) -> None:
        """Raise :class:`DocumentError` when ``data`` (a parse of ``text``) cannot be edited."""
        if not isinstance(data, CommentedMap):
            raise DocumentError(f"{self.name}: expected a mapping at the top")

    def _dump(self, data: CommentedMap) -> str:
        out = io.StringIO()
        self._yaml.dump(data, out)
        return out.getvalue()


    @property
    def modified(self) -> bool:
        """True when the text differs from what is on disk (or was never saved)."""
        return self.saved_text != self.text

    def save(self) -> None:
        """Write the current text atomically; raises ``OSError`` and keeps the edits."""
        raw = self.raw_text()
        write_atomic(self.path, raw)
        self.saved_text, self.disk_text = self.text, raw

    def raw_text(self) -> str:
        """The text as it is written to disk: the file's line endings and byte-order mark."""
        raw = self.text if self.newline == "\n" else self.text.replace("\n", self.newline)
        return "\ufeff" + raw if self.bom else raw

    def changed_on_disk(self) -> bool:
        """True when the file was changed (or created, or removed) by someone else since
        it was read or last saved, so saving would overwrite their work."""
        try:
            current: str | None = read_raw(self.path)
        except FileNotFoundError:
            current = None
        except (OSError, UnicodeDecodeError):
            return False  # saving will report the real problem
        return current != self.disk_text

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def _commit(self, before: str, select: int, tag: str | None,
                item: int | None = None) -> None:
        """Re-serialise after an edit and record the undo step (coalescing ``tag``).

        ``item``: the edit changed that item only (:meth:`_splice` may then write its
        lines alone instead of the whole document).
        """
        spliced = self._splice(item) if item is not None else None
        self.text = spliced if spliced is not None else self._dump(self.data)
        if self.text == before:
            return
        self._tidy(select, before)
        if tag is not None and self._undo and self._undo[-1][2] == tag:
            pass  # same field typed into again: one undo step for the whole change
        else:
            self._undo.append((before, select, tag))
            del self._undo[:-500]
        self._redo.clear()

    def _splice(self, item: int) -> str | None:
        """The text after an edit of item ``item`` alone, from :attr:`text` as it was
        before the edit; ``None``: dump the whole document (always right)."""
        return None

    def __len__(self) -> int:
        """How many items the edits select among (the selection is clamped to it)."""
        return len(self.data)

    def _tidy(self, select: int, before: str) -> None:
        """Adjust :attr:`text` after an edit of item ``select`` (nothing here)."""

    def _restore(self, text: str) -> None:
        self.data = self._parse(text)
        self.text = text  # a snapshot of our own output: it dumps back to itself

    def undo(self) -> int | None:
        """Go back one step; returns the item to select, or ``None`` when nothing to undo."""
        if not self._undo:
            return None
        before, select, _ = self._undo.pop()
        self._redo.append((self.text, select))
        self._restore(before)
        return min(select, len(self) - 1)

    def redo(self) -> int | None:
        """Re-apply the last undone step; returns the item to select."""
        if not self._redo:
            return None
        text, select = self._redo.pop()
        self._undo.append((self.text, select, None))
        self._restore(text)
        return min(select, len(self) - 1)

    def break_coalescing(self) -> None:
        """The next field edit starts a new undo step."""
        if self._undo:
            before, select, _ = self._undo[-1]
            self._undo[-1] = (before, select, None)

    def _apply_text(self, before: str, text: str, select: int) -> bool:
        """Make ``text`` (an edit of the lines) the document, as one undo step.

        Returns False, changing nothing, when ``text`` does not read back as a
        tile set (e.g. the removed lines held an anchor used elsewhere).
        """
        try:
            data = self._parse(text)
        except DocumentError:
            return False
        self.data = data
        self._commit(before, select, None)
        return True
