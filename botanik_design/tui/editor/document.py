"""The tile-set document being edited: a ruamel.yaml round-trip tree plus its text.

Edits change the ``CommentedMap`` / ``CommentedSeq`` nodes in place, so every
line the user did not touch keeps its comments, key order, quoting and flow
style.  After each edit the tree is serialised again (:attr:`TilesetDocument.text`):
that text is what gets validated and what gets saved.  Undo keeps snapshots of
the text.  Saving writes a temporary file in the same folder and renames it over
the original (:func:`write_atomic`), so a failed save never leaves a
half-written file.

No textual import here: the document is tested without an app.
"""

from __future__ import annotations

import importlib
import io
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError, YAMLError

from botanik_design.model.sides import SIDES, Side, exits_mask, mask_sides, rotate_exits
from botanik_design.model.tileset import KIND_OF_TYPE, Colour, TileType, exits_fit_type
from botanik_design.spec.atomic import write_atomic
from botanik_design.tui.editor.listtext import item_lines, item_spans, restore_lost_comments
from botanik_design.tui.editor.values import (
    copy_value,
    make_own,
    may_change_in_place,
    owns,
    text_scalar,
)

#: Key order of a tile entry, used when a key has to be added.
TILE_KEYS: tuple[str, ...] = ("id", "colour", "type", "kind", "exits", "flowers", "copies", "label")
TYPES: tuple[str, ...] = tuple(t.value for t in TileType)
KINDS: tuple[str, ...] = ("pipe", "crop", "mecha", "source")

#: Exits given to a tile whose type changes to one its exits do not fit.
DEFAULT_EXITS: dict[str, tuple[str, ...]] = {
    "straight": ("N", "S"),
    "corner": ("N", "E"),
    "tee": ("N", "E", "S"),
    "cross": ("N", "E", "S", "W"),
    "plant": ("S",),
    "vegetable": ("S",),
    "mecha": (),
    "source": ("N", "E", "S", "W"),
}

# (mapping, sequence, offset) indentations tried until a round trip is exact.
_INDENTS: tuple[tuple[int, int, int], ...] = (
    (2, 4, 2), (2, 2, 0), (4, 4, 2), (4, 4, 0), (4, 6, 4), (2, 3, 1), (4, 2, 0),
)


class DocumentError(Exception):
    """The file cannot be edited as a tile set (not YAML, or not a tile-set mapping)."""


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


@dataclass(frozen=True)
class Face:
    """Best-effort values of one tile entry, for drawing and the table (may be invalid)."""

    id: str
    colour: str | None
    type: str
    kind: str
    exits: int
    flowers: int
    copies: int | None
    label: str

    @property
    def exit_letters(self) -> str:
        return "".join(s.name for s in mask_sides(self.exits))


def _yaml(indent: tuple[int, int, int]) -> YAML:
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


def read_raw(path: Path) -> str:
    """The file's text with its line endings as they are (no newline translation)."""
    with path.open(encoding="utf-8", newline="") as handle:
        return handle.read()


def _int(value: Any, default: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        return default
    return value


def _str(value: Any) -> str:
    return value if isinstance(value, str) else ("" if value is None else str(value))


def _mask(value: Any) -> int:
    sides = [Side[s] for s in value if isinstance(s, str) and s in Side.__members__] if isinstance(
        value, list
    ) else []
    return exits_mask(sides)


def _validator() -> Callable[..., list[Any]] | None:
    """``botanik_design.spec.validate.validate_text`` when that module is available."""
    try:
        module = importlib.import_module("botanik_design.spec.validate")
    except ImportError:
        return None
    fn = getattr(module, "validate_text", None)
    return fn if callable(fn) else None


class TilesetDocument:
    """A tile-set file open for editing.

    ``path`` is where :meth:`save` writes; ``name`` is how diagnostics name the
    file.  Every editing method records an undo step (when it changes anything)
    and returns the index of the tile to select.
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
        for indent in _INDENTS:
            self._yaml = _yaml(indent)
            if self._dump(self.data) == text:
                self._indent, self.roundtrip_exact = indent, True
                break
        else:
            self._yaml = _yaml(self._indent)
        # an exact round trip dumps back to ``text``: no need to dump once more
        self.text = text if self.roundtrip_exact else self._dump(self.data)
        #: The text as last saved (or loaded): ``modified`` compares with it.
        self.saved_text: str | None = self.text if saved else None
        #: The file's text as read or last written (``None``: not on disk yet).
        self.disk_text: str | None = raw if saved else None
        self._undo: list[tuple[str, int, str | None]] = []
        self._redo: list[tuple[str, int]] = []

    # ------------------------------------------------------------------ I/O

    @classmethod
    def open(cls, path: Path, name: str | None = None) -> TilesetDocument:
        """Read and parse ``path``; raises ``OSError`` or :class:`DocumentError`."""
        text = read_raw(path)
        return cls(path, text, name=name)

    @classmethod
    def from_text(cls, path: Path, text: str, *, tileset_name: str | None = None,
                  name: str | None = None) -> TilesetDocument:
        """A new, unsaved document at ``path`` starting from ``text`` (e.g. a bundled set).

        ``tileset_name`` replaces the ``tileset:`` name when it is a valid name.
        """
        doc = cls(path, text, name=name, saved=False)
        if tileset_name and re.fullmatch(r"[a-z0-9][a-z0-9-]*", tileset_name) and len(
            tileset_name
        ) <= 64 and "tileset" in doc.data:
            doc.data["tileset"] = tileset_name
            doc.text = doc._dump(doc.data)
        return doc

    def _parse(self, text: str) -> CommentedMap:
        try:
            data = _yaml(self._indent).load(text)
        except YAMLError as exc:
            line, col = parse_error_position(exc)
            where = f"{self.name}:{line}:{col}" if line is not None else self.name
            problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
            raise DocumentError(f"{where}: not valid YAML: {problem}") from exc
        if not isinstance(data, CommentedMap) or not isinstance(data.get("tiles"), CommentedSeq):
            raise DocumentError(
                f"{self.name}: not a tile set: expected a mapping with a `tiles` list"
            )
        for i, entry in enumerate(data["tiles"]):
            if not isinstance(entry, CommentedMap):
                line = data["tiles"].lc.item(i)[0] + 1
                raise DocumentError(
                    f"{self.name}:{line}:1: tile {i} is not a mapping; fix it in a text editor"
                )
        restore_lost_comments(text.split("\n"), data, "tiles")
        return data

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

    # ------------------------------------------------------------- reading

    @property
    def tiles(self) -> CommentedSeq:
        seq: CommentedSeq = self.data["tiles"]
        return seq

    def __len__(self) -> int:
        return len(self.tiles)

    def palette(self) -> dict[str, Colour]:
        """Palette entries by name (entries that are not well-formed are skipped)."""
        out: dict[str, Colour] = {}
        for entry in self.data.get("palette") or []:
            if isinstance(entry, dict) and isinstance(entry.get("name"), str):
                out[entry["name"]] = Colour(
                    entry["name"], _str(entry.get("symbol")) or "?", _str(entry.get("display"))
                )
        return out

    def face(self, index: int) -> Face:
        """Best-effort values of tile ``index``."""
        t = self.tiles[index]
        copies = t.get("copies")
        colour = t.get("colour")
        return Face(
            id=_str(t.get("id")),
            colour=None if colour is None else _str(colour),
            type=_str(t.get("type")),
            kind=_str(t.get("kind")),
            exits=_mask(t.get("exits")),
            flowers=_int(t.get("flowers")),
            copies=copies if isinstance(copies, int) and not isinstance(copies, bool) else None,
            label=_str(t.get("label")),
        )

    def faces(self) -> list[Face]:
        return [self.face(i) for i in range(len(self))]

    def counts(self) -> tuple[dict[str, int], dict[str, int], int]:
        """Physical tiles (copies) per colour and per type, and the machine-tile total."""
        by_colour: dict[str, int] = {}
        by_type: dict[str, int] = {}
        total = 0
        for f in self.faces():
            n = f.copies or 0
            by_type[f.type] = by_type.get(f.type, 0) + n
            if f.kind == "source" or f.type == "source":
                continue
            by_colour[f.colour or "?"] = by_colour.get(f.colour or "?", 0) + n
            total += n
        return by_colour, by_type, total

    def count_matrix(self) -> dict[tuple[str, str], int]:
        """Physical machine tiles (copies) per ``(colour, type)``; ``"?"`` for no colour."""
        out: dict[tuple[str, str], int] = {}
        for f in self.faces():
            if f.kind == "source" or f.type == "source":
                continue
            key = (f.colour or "?", f.type)
            out[key] = out.get(key, 0) + (f.copies or 0)
        return out

    def index_of(self, tile_id: str) -> int | None:
        for i, t in enumerate(self.tiles):
            if t.get("id") == tile_id:
                return i
        return None

    def unique_id(self, stem: str) -> str:
        ids = {_str(t.get("id")) for t in self.tiles}
        stem = stem or "tile"
        if stem not in ids:
            return stem
        n = 2
        while f"{stem}-{n}" in ids:
            n += 1
        return f"{stem}-{n}"

    # ------------------------------------------------------------- editing

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def _commit(self, before: str, select: int, tag: str | None) -> None:
        """Re-serialise after an edit and record the undo step (coalescing ``tag``)."""
        self.text = self._dump(self.data)
        if self.text == before:
            return
        self._keep_comment_gap(select, before)
        if tag is not None and self._undo and self._undo[-1][2] == tag:
            pass  # same field typed into again: one undo step for the whole change
        else:
            self._undo.append((before, select, tag))
            del self._undo[:-500]
        self._redo.clear()

    def _keep_comment_gap(self, index: int, before: str) -> None:
        """Keep the usual two spaces before the end-of-line comment of an edited tile.

        ruamel keeps such a comment at its old column (one space after the line
        when the line grew past it).  When the line had two spaces before its
        comment, or would now have one, the comment is moved to two spaces.
        """
        if not 0 <= index < len(self):
            return
        entry = self.tiles.ca.items.get(index)
        token = entry[0] if entry else None
        if token is None or not hasattr(token, "column") or not self.tiles[index].fa.flow_style():
            return
        comment = str(token.value).split("\n", 1)[0]
        ident = _str(self.tiles[index].get("id"))
        if not comment.startswith("#") or not ident:
            return

        def gap_of(text: str) -> tuple[str, int] | None:
            for line in text.splitlines():
                if f"id: {ident}," in line and line.endswith(" " + comment):
                    code = line[: -len(comment)]
                    return line, len(code) - len(code.rstrip(" "))
            return None

        new = gap_of(self.text)
        if new is None or new[1] == 2:
            return
        old = gap_of(before)
        if new[1] == 1 or (old is not None and old[1] == 2):
            line, gap = new
            token.column = len(line) - len(comment) - gap + 2
            # what dumping again would give, without dumping a large file twice per edit
            fixed = line[: len(line) - len(comment) - gap] + "  " + comment
            lines = self.text.split("\n")
            lines[lines.index(line)] = fixed
            self.text = "\n".join(lines)

    def _restore(self, text: str) -> None:
        self.data = self._parse(text)
        self.text = text  # a snapshot of our own output: it dumps back to itself

    def undo(self) -> int | None:
        """Go back one step; returns the tile to select, or ``None`` when nothing to undo."""
        if not self._undo:
            return None
        before, select, _ = self._undo.pop()
        self._redo.append((self.text, select))
        self._restore(before)
        return min(select, len(self) - 1)

    def redo(self) -> int | None:
        """Re-apply the last undone step; returns the tile to select."""
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

    @staticmethod
    def _set_key(entry: CommentedMap, key: str, value: Any) -> None:
        if isinstance(value, str):
            value = text_scalar(value, entry.get(key))
        make_own(entry, key)
        if key in entry:  # a merged key is then written into the tile itself
            entry[key] = value
            return
        order = TILE_KEYS.index(key) if key in TILE_KEYS else len(TILE_KEYS)
        pos = sum(1 for k in entry if owns(entry, k) and k in TILE_KEYS
                  and TILE_KEYS.index(k) < order)
        entry.insert(pos, key, value)

    @staticmethod
    def _del_key(entry: CommentedMap, key: str) -> None:
        """Remove an optional key; raises ``ValueError`` when the tile merges it from another."""
        if key not in entry:
            return
        if not owns(entry, key):
            raise ValueError(f"{key} comes from a merged tile (<<: *...): set it to another "
                             "value instead")
        make_own(entry, key)
        del entry[key]

    @staticmethod
    def _set_exits(entry: CommentedMap, letters: Iterable[str]) -> None:
        wanted = [s.name for s in SIDES if s.name in set(letters)]
        current = entry.get("exits")
        if isinstance(current, CommentedSeq) and may_change_in_place(entry, "exits"):
            make_own(entry, "exits")
            while len(current):
                current.pop()
            current.extend(wanted)
            if not wanted:  # an empty block sequence would be written as a lone `[]`
                current.fa.set_flow_style()
            return
        seq = CommentedSeq(wanted)
        seq.fa.set_flow_style()
        TilesetDocument._set_key(entry, "exits", seq)

    def _editable(self, index: int) -> CommentedMap:
        """Tile ``index``, first copied into its place when the list holds the very same
        mapping elsewhere too (an item written as ``- *anchor``)."""
        entry: CommentedMap = self.tiles[index]
        if any(other is entry for i, other in enumerate(self.tiles) if i != index):
            copy = CommentedMap()
            for key, value in entry.items():
                copy[key] = copy_value(value)
            copy.fa.set_flow_style()
            self.tiles[index] = copy
            entry = copy
        return entry

    def set_field(self, index: int, key: str, value: Any) -> int:
        """Set one field of tile ``index``.

        ``None`` or ``""`` removes an optional key (``colour``, ``label``).
        Changing ``type`` also sets the matching ``kind`` and, when the exits do
        not fit the new type, that type's usual exits (one undo step).
        """
        before = self.text
        entry = self._editable(index)
        if value is None or (value == "" and key in ("colour", "label")):
            self._del_key(entry, key)
        elif key == "flowers" and value == 0 and key not in entry:
            pass
        elif key == "exits":
            self._set_exits(entry, value)
        else:
            self._set_key(entry, key, value)
            if key == "type" and value in TYPES:
                tile_type = TileType(value)
                self._set_key(entry, "kind", KIND_OF_TYPE[tile_type].value)
                if not exits_fit_type(tile_type, _mask(entry.get("exits"))):
                    self._set_exits(entry, DEFAULT_EXITS[value])
                if tile_type is TileType.SOURCE and owns(entry, "colour"):
                    self._del_key(entry, "colour")
        tag = f"{index}:{key}" if key in ("id", "label", "flowers", "copies") else None
        self._commit(before, index, tag)
        return index

    def toggle_exit(self, index: int, side: Side) -> int:
        """Add or remove the pipe exit on ``side`` of tile ``index``."""
        mask = _mask(self.tiles[index].get("exits")) ^ (1 << int(side))
        before = self.text
        self._set_exits(self._editable(index), [s.name for s in mask_sides(mask)])
        self._commit(before, index, None)
        return index

    def rotate(self, index: int, turns: int = 1) -> int:
        """Turn the exits of tile ``index`` clockwise by ``turns`` quarter turns."""
        mask = rotate_exits(_mask(self.tiles[index].get("exits")), turns)
        before = self.text
        self._set_exits(self._editable(index), [s.name for s in mask_sides(mask)])
        self._commit(before, index, None)
        return index

    def add_copies(self, index: int, delta: int) -> int:
        """Change ``copies`` by ``delta``; raises ``ValueError`` below 1 or above 100."""
        current = _int(self.tiles[index].get("copies"), 1)
        new = current + delta
        if new < 1:
            raise ValueError("copies cannot go below 1 (delete the tile instead)")
        if new > 100:
            raise ValueError("copies cannot go above 100")
        before = self.text
        self._set_key(self._editable(index), "copies", new)
        self._commit(before, index, None)
        return index

    def _new_entry(self, pairs: Iterable[tuple[str, Any]], flow: bool) -> CommentedMap:
        entry = CommentedMap()
        for key, value in pairs:
            if isinstance(value, (list, tuple)):
                seq = CommentedSeq(list(value))
                seq.fa.set_flow_style()
                value = seq
            entry[key] = value
        if flow:
            entry.fa.set_flow_style()
        return entry

    def _flow_near(self, index: int) -> bool:
        if 0 <= index < len(self):
            return bool(self.tiles[index].fa.flow_style())
        return True

    def add_tile(self, after: int | None) -> int:
        """Insert a new one-copy straight after tile ``after`` (its colour); returns its index."""
        colour: str | None = None
        if after is not None and 0 <= after < len(self):
            c = self.tiles[after].get("colour")
            colour = c if isinstance(c, str) else None
        if colour is None:
            colour = next(iter(self.palette()), "red")
        position = len(self) if after is None else after + 1
        stem = f"{colour}-new"
        entry = self._new_entry(
            [("id", self.unique_id(stem)), ("colour", text_scalar(colour)),
             ("type", "straight"), ("kind", "pipe"), ("exits", ["N", "S"]), ("copies", 1)],
            self._flow_near(position - 1),
        )
        self._insert(position, entry)
        return position

    def duplicate(self, index: int) -> int:
        """Insert a copy of tile ``index`` (new id) right after it; returns its index."""
        source = self.tiles[index]
        pairs: list[tuple[str, Any]] = []
        for key, value in source.items():
            if key == "id":
                value = self.unique_id(f"{_str(value)}-copy")
            pairs.append((key, copy_value(value)))
        entry = self._new_entry(pairs, bool(source.fa.flow_style()))
        self._insert(index + 1, entry)
        return index + 1

    def delete(self, index: int) -> int:
        """Delete tile ``index``; returns the tile to select next (``-1`` when none is left).

        The comment lines directly above the tile and a comment at the end of its
        lines go with it; every other tile keeps its comments (:mod:`.listtext`).
        Deleting the last tile leaves ``tiles: []``.
        """
        before = self.text
        lines = before.split("\n")
        fresh = self._parse(before)  # positions of the current text (edits move lines)
        spans = item_spans(lines, fresh, "tiles")
        if spans is not None:
            span = spans[index]
            new = lines[: span.owned] + lines[span.last + 1:]
            if len(spans) == 1:  # `tiles:` with nothing under it would read as null
                new = self._empty_list_line(new, fresh)
            if self._apply_text(before, "\n".join(new), index):
                return min(index, len(self) - 1)
        seq = self.tiles
        del seq[index]
        if not len(seq):
            seq.fa.set_flow_style()
        self._commit(before, index, None)
        return min(index, len(seq) - 1)

    @staticmethod
    def _empty_list_line(lines: list[str], fresh: CommentedMap) -> list[str]:
        """``lines`` with ``[]`` written after the ``tiles:`` key (its comment kept)."""
        row, col = fresh.lc.key("tiles")
        line = lines[row]
        head = line[: col + len("tiles:")]
        rest = line[len(head):]
        comment = rest.strip()
        lines[row] = head + " []" + (f"  {comment}" if comment.startswith("#") else "")
        return lines

    def _insert(self, position: int, entry: CommentedMap) -> None:
        """Insert ``entry`` as tile ``position``, right after the lines the tile before owns."""
        before = self.text
        lines = before.split("\n")
        fresh = self._parse(before)  # positions of the current text (edits move lines)
        spans = item_spans(lines, fresh, "tiles")
        if spans is not None:
            at = spans[position - 1].last + 1 if position > 0 else spans[0].owned
            new = lines[:at] + item_lines(self._dump, entry, "tiles") + lines[at:]
            if self._apply_text(before, "\n".join(new), position):
                return
        seq = self.tiles
        if not len(seq):
            seq.fa.set_block_style()
        seq.insert(position, entry)
        self._commit(before, position, None)

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

    # ---------------------------------------------------------- validation

    def validate(self, text: str | None = None) -> list[Problem]:
        """Diagnostics for the current text (or ``text``, a snapshot of it), each with the
        tile it concerns when known.  Reads nothing that edits change but ``text``: it
        may run in a worker thread on a snapshot."""
        if text is None:
            text = self.text
        try:
            fresh = _yaml(self._indent).load(text)
        except YAMLError as exc:
            line, col = parse_error_position(exc)
            return [Problem(line, col, "error", "yaml-syntax", str(exc).splitlines()[0])]
        spans = self._tile_lines(fresh)
        validate_text = _validator()
        problems: list[Problem] = []
        if validate_text is not None:
            base = self.path.parent if self.path.parent.is_dir() else None
            for d in validate_text(text, self.name, kind="tileset", base=base):
                problems.append(Problem(
                    getattr(d, "line", None), getattr(d, "column", None),
                    str(getattr(d, "level", "error")), str(getattr(d, "rule", "")),
                    str(getattr(d, "message", d)), str(getattr(d, "json_path", "") or ""),
                    str(getattr(d, "hint", "") or ""),
                ))
        else:
            problems = _fallback_problems(fresh)
        out = [self._with_tile(p, spans) for p in problems]
        out.sort(key=lambda p: (p.level != "error", p.line or 0, p.column or 0))
        return out

    @staticmethod
    def _tile_lines(fresh: Any) -> list[int]:
        """1-based first line of each tile entry in ``fresh`` (a parse of the current text)."""
        try:
            seq = fresh["tiles"]
            return [seq.lc.item(i)[0] + 1 for i in range(len(seq))]
        except (KeyError, TypeError, AttributeError):
            return []

    @staticmethod
    def _with_tile(problem: Problem, spans: list[int]) -> Problem:
        match = re.match(r"^/tiles/(\d+)(?:/|$)", problem.json_path or "")
        tile: int | None = None
        if match:
            tile = int(match.group(1))
        elif problem.line is not None and spans and problem.line >= spans[0]:
            tile = max(i for i, first in enumerate(spans) if first <= problem.line)
        if tile is None or tile >= max(len(spans), 1):
            return problem
        return Problem(problem.line, problem.column, problem.level, problem.rule,
                       problem.message, problem.json_path, problem.hint, tile)


def _position(root: Any, path: list[Any]) -> tuple[int | None, int | None]:
    """1-based line/column of the node at ``path`` in a ruamel tree (as deep as it exists)."""
    node = root
    pos: tuple[int, int] | None = None
    for part in path:
        if isinstance(node, CommentedMap) and part in node:
            pos = node.lc.value(part)
            node = node[part]
        elif isinstance(node, CommentedSeq) and isinstance(part, int) and 0 <= part < len(node):
            pos = node.lc.item(part)
            node = node[part]
        else:
            break
    if pos is None:
        return (1, 1) if isinstance(root, (CommentedMap, CommentedSeq)) else (None, None)
    return pos[0] + 1, pos[1] + 1


def _fallback_problems(fresh: Any) -> list[Problem]:
    """Schema errors (``jsonschema``) and a few semantic checks, used until the
    project's validator (``botanik_design.spec.validate``) is available."""
    import jsonschema

    from botanik_design.spec.bundled import schema

    validator = jsonschema.Draft202012Validator(schema("tileset"))
    problems: list[Problem] = []
    for err in validator.iter_errors(fresh):
        path = list(err.absolute_path)
        line, col = _position(fresh, path)
        pointer = "/" + "/".join(str(p) for p in path) if path else ""
        problems.append(Problem(line, col, "error", f"schema-{err.validator}",
                                f"{pointer or '/'}: {err.message}", pointer))
    if not isinstance(fresh, dict):
        return problems
    palette = {c.get("name") for c in fresh.get("palette") or [] if isinstance(c, dict)}
    seen: dict[str, int] = {}
    for i, t in enumerate(fresh.get("tiles") or []):
        if not isinstance(t, dict):
            continue
        tid = t.get("id")
        if isinstance(tid, str):
            if tid in seen:
                line, col = _position(fresh, ["tiles", i, "id"])
                problems.append(Problem(line, col, "error", "tileset-duplicate-id",
                                        f"duplicate tile id {tid!r} (also tile {seen[tid]})",
                                        f"/tiles/{i}/id"))
            seen.setdefault(tid, i)
        colour = t.get("colour")
        if isinstance(colour, str) and colour not in palette:
            line, col = _position(fresh, ["tiles", i, "colour"])
            problems.append(Problem(line, col, "error", "tileset-undeclared-colour",
                                    f"colour {colour!r} is not in the palette",
                                    f"/tiles/{i}/colour",
                                    "declared: " + ", ".join(sorted(str(p) for p in palette))))
        ttype = t.get("type")
        if ttype in TYPES:
            tile_type = TileType(ttype)
            if t.get("kind") in KINDS and t.get("kind") != KIND_OF_TYPE[tile_type].value:
                line, col = _position(fresh, ["tiles", i, "kind"])
                problems.append(Problem(line, col, "error", "tileset-kind-type",
                                        f"kind {t.get('kind')!r} does not match type {ttype!r}",
                                        f"/tiles/{i}/kind",
                                        f"use {KIND_OF_TYPE[tile_type].value!r}"))
            if isinstance(t.get("exits"), list) and not exits_fit_type(
                tile_type, _mask(t.get("exits"))
            ):
                line, col = _position(fresh, ["tiles", i, "exits"])
                problems.append(Problem(line, col, "error", "tileset-exits-type",
                                        f"exits {''.join(map(str, t['exits'])) or 'none'} "
                                        f"do not fit a {ttype}", f"/tiles/{i}/exits"))
    return problems
