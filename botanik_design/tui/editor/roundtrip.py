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
from bisect import bisect_right
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import yaml
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.scalarstring import DoubleQuotedScalarString
from ruamel.yaml.tokens import CommentToken

from botanik_design.spec.atomic import write_atomic
from botanik_design.tui.editor.values import owns

# (mapping, sequence, offset) indentations tried until a round trip is exact.
_INDENTS: tuple[tuple[int, int, int], ...] = (
    (2, 4, 2), (2, 2, 0), (4, 4, 2), (4, 4, 0), (4, 6, 4), (2, 3, 1), (4, 2, 0),
)


class DocumentError(Exception):
    """The file cannot be edited (not YAML, or not the expected kind of mapping)."""


def yaml_for(indent: tuple[int, int, int]) -> YAML:
    """A round-trip YAML reader/writer with ``indent`` (mapping, sequence, offset) that
    reads text as the validator does (:class:`ValidatorReadingYAML`)."""
    y = ValidatorReadingYAML(typ="rt")
    y.preserve_quotes = True
    y.width = 4096
    y.allow_unicode = True
    y.indent(mapping=indent[0], sequence=indent[1], offset=indent[2])
    return y


class ValidatorReadingYAML(YAML):
    """ruamel.yaml's round-trip reader and writer, reading text as the validator's reader
    (:mod:`botanik_design.spec.yamlread`, libyaml) does where ruamel differs:

    * a tab as separation (``title:<TAB>x``, ``x: 1<TAB># c``, a trailing tab), which
      ruamel refuses, reads as a space; a tab inside a plain value (``a,<TAB>b``) is
      part of it;
    * NEL, LS and PS (U+0085, U+2028, U+2029) are ordinary characters, in values and
      comments alike, not line breaks.

    The text ruamel parses is :func:`shield`'s: those characters swapped for stand-ins,
    one for one (every line and column stays where it is), put back in every value, key
    and comment of the tree once parsed (:func:`restore`).
    """

    def load(self, stream: Any) -> Any:
        if not isinstance(stream, str):
            return super().load(stream)
        text, back = shield(stream)
        return restore(super().load(text), back)


def parse_error_position(exc: YAMLError) -> tuple[int | None, int | None]:
    """1-based (line, column) of a YAML error, when ruamel knows it."""
    if isinstance(exc, MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        if mark is not None:
            return mark.line + 1, mark.column + 1
    return None, None


#: Characters ruamel.yaml reads as line breaks that the validator's reader keeps as text.
UNICODE_BREAKS = "\x85\u2028\u2029"


def _free_chars(text: str) -> Iterator[str]:
    """Characters of the last private-use plane that ``text`` does not contain (ordinary
    printable text to every YAML reader)."""
    used = set(text)
    return (chr(c) for c in range(0x10FFFD, 0xFFFFF, -1) if chr(c) not in used)


def shield(text: str) -> tuple[str, dict[int, str]]:
    """``text`` as ruamel.yaml must read it to see what the validator sees, and the
    table (for ``str.translate``) that turns its stand-ins back.

    NEL, LS and PS become stand-ins; each tab becomes a space where it separates
    (outside every token the validator's scanner reads, comments aside, or at the edge
    of a line of a plain value), a stand-in where it is inside a plain value, and
    stays a tab inside a quoted or block value and in a comment."""
    present = [c for c in UNICODE_BREAKS if c in text]
    if not present and "\t" not in text:
        return text, {}
    free = _free_chars(text)
    forward = {ord(c): next(free) for c in present}
    back = {ord(v): chr(k) for k, v in forward.items()}
    text = text.translate(forward)
    if "\t" in text:
        content = next(free)
        back[ord(content)] = "\t"
        text = _tabs_placed(text, content)
    return text, back


def _tabs_placed(text: str, content: str) -> str:
    """``text`` with each tab as :func:`shield` says: ``content`` inside a plain value,
    a space as separation.  Unchanged when the validator's scanner refuses ``text``."""
    try:
        tokens = list(yaml.scan(text, Loader=_SCAN_LOADER))
    except yaml.YAMLError:
        return text  # the validator refuses it: ruamel reports where
    chars = list(text)
    spans = sorted((t.start_mark.index, t.end_mark.index, t.style or "plain")
                   for t in tokens if isinstance(t, yaml.ScalarToken))
    starts = [s for s, _, _ in spans]
    for at in (i for i, c in enumerate(text) if c == "\t"):
        line_start = text.rfind("\n", 0, at) + 1
        n = bisect_right(starts, at) - 1
        start, end, style = spans[n] if n >= 0 else (0, 0, "")
        if at < end and style == "plain":
            line_end = text.find("\n", at)
            line_end = len(text) if line_end < 0 else line_end
            inside = text[max(line_start, start):at].strip(" \t") and \
                text[at:min(line_end, end)].strip(" \t")
            chars[at] = content if inside else " "
        elif at < end and (style not in "|>" or line_start > start):
            continue  # in a quoted value or the lines of a block value: part of it
        elif "#" not in text[max(line_start, end if at >= end else start):at]:
            chars[at] = " "  # separation (a block value's header too), not in a comment
    return "".join(chars)


#: The validator's scanner: libyaml's (a tab inside a plain value is part of it).
_SCAN_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def restore(node: Any, back: dict[int, str]) -> Any:
    """``node`` (a parsed tree) with :func:`shield`'s stand-ins turned back (``back``) in
    every value, key and comment.  A value then holding a line break of
    :data:`UNICODE_BREAKS` is written double-quoted (ruamel writes it as a line break
    anywhere else), and a value shared through an anchor stays one object."""
    if not back:
        return node
    done: dict[int, Any] = {}

    def text(value: Any) -> Any:
        if not isinstance(value, str) or not any(ord(c) in back for c in value):
            return value
        if id(value) in done:
            return done[id(value)]
        new = value.translate(back)
        kind: Any = type(value)
        if any(c in new for c in UNICODE_BREAKS):
            kind = DoubleQuotedScalarString
        out = kind(new)
        anchor = getattr(getattr(value, "anchor", None), "value", None)
        if anchor is not None:
            out.yaml_set_anchor(anchor, always_dump=True)
        done[id(value)] = out
        return out

    todo: list[Any] = [node]
    seen: set[int] = set()
    while todo:
        item = todo.pop()
        if id(item) in seen or not isinstance(item, (dict, list)):
            continue
        seen.add(id(item))
        if hasattr(item, "ca"):
            _restore_comments(item.ca, back)
        if isinstance(item, dict):
            _restore_keys(item, text)
            for key in list(item):
                if isinstance(item, CommentedMap) and not owns(item, key):
                    continue  # merged: restored where it is written
                value = dict.__getitem__(item, key)
                new = text(value)
                if new is not value:
                    item[key] = new
                todo.append(new)
        else:
            for i, value in enumerate(item):
                new = text(value)
                if new is not value:
                    item[i] = new
                todo.append(new)
    return text(node)


def _restore_keys(mapping: dict[Any, Any], text: Callable[[Any], Any]) -> None:
    """Turn the stand-ins back in the keys of ``mapping`` (order, comments, positions kept)."""
    for pos, key in enumerate(list(mapping)):
        new = text(key)
        if new is key or not isinstance(mapping, CommentedMap) or not owns(mapping, key):
            continue
        comment = mapping.ca.items.pop(key, None)
        where = mapping.lc.data.pop(key, None) if mapping.lc.data else None
        mapping.insert(pos, new, mapping.pop(key))
        if comment is not None:
            mapping.ca.items[new] = comment
        if where is not None:
            mapping.lc.data[new] = where


def _restore_comments(slots: Any, back: dict[int, str]) -> None:
    """Turn the stand-ins back in every comment token of a node's comment slots."""
    todo: list[Any] = [slots.comment, slots.end, *slots.items.values()]
    while todo:
        item = todo.pop()
        if isinstance(item, CommentToken):
            item.value = item.value.translate(back)
        elif isinstance(item, (list, tuple)):
            todo.extend(item)


def read_raw(path: Path) -> str:
    """The file's text with its line endings as they are (no newline translation); a
    folder, device or FIFO is an ``OSError`` before it is opened (never read for ever)."""
    from botanik_design.spec.userfiles import read_text

    return read_text(path, newline="")


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
        shielded, back = shield(text)
        spaced = shielded.translate(back)  # the file with its separating tabs as spaces
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
            data = yaml_for(self._indent).load(text)
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
