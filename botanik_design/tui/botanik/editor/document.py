"""The tile-set document being edited: its tiles read and changed in place.

:class:`TilesetDocument` is a :class:`~botanik_design.tui.editor.roundtrip.RoundTripText`
whose top level is a tile set (a mapping with a ``tiles`` list).  Field edits change
the tile's nodes (copying shared values first: :mod:`.values`); adding, duplicating
and deleting tiles edit the lines of the list, so comments stay with their tile
(:mod:`.listtext`).  Problems come from the project's validator (:mod:`.checking`).

No textual import here: the document is tested without an app.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from botanik_design.games.botanik.model.sides import Side, exits_mask, mask_sides, rotate_exits
from botanik_design.games.botanik.model.tileset import (
    KIND_OF_TYPE,
    Colour,
    TileType,
    exits_fit_type,
)
from botanik_design.spec.refs import is_spec_name
from botanik_design.tui.botanik.editor.details import SetDetailsMixin
from botanik_design.tui.botanik.editor.entry import TILE_KEYS, del_key, set_exits, set_key
from botanik_design.tui.botanik.editor.listtext import (
    ItemSpan,
    empty_list_line,
    heads_group,
    item_lines,
    item_spans,
    keep_comment_gap,
    restore_lost_comments,
)
from botanik_design.tui.botanik.editor.tally import Tally
from botanik_design.tui.editor.checking import Problem, problems_of
from botanik_design.tui.editor.roundtrip import (
    DocumentError,
    RoundTripText,
    parse_error_position,
    read_raw,
)
from botanik_design.tui.editor.splice import splice_item
from botanik_design.tui.editor.values import (
    copy_value,
    owns,
    text_scalar,
)

__all__ = ["DEFAULT_EXITS", "KINDS", "TILE_KEYS", "TYPES", "DocumentError", "Face", "Problem",
           "TilesetDocument", "parse_error_position", "read_raw"]

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


def comment_block(lines: list[str], span: ItemSpan) -> tuple[str, ...]:
    """The comment lines ``span`` owns above its item, stripped."""
    return tuple(line.strip() for line in lines[span.owned:span.first])


def group_headings(lines: list[str], root: CommentedMap) -> frozenset[tuple[str, ...]]:
    """The comment blocks of ``lines`` (a parse of them: ``root``) that head a group of
    tiles (:func:`~.listtext.heads_group`)."""
    spans = item_spans(lines, root, "tiles")
    if spans is None:
        return frozenset()
    return frozenset(comment_block(lines, s) for i, s in enumerate(spans)
                     if heads_group(spans, i))


class TilesetDocument(SetDetailsMixin, RoundTripText):
    """A tile-set file open for editing.

    ``path`` is where :meth:`save` writes; ``name`` is how diagnostics name the
    file.  Every editing method records an undo step (when it changes anything)
    and returns the index of the tile to select.
    """

    #: The comment blocks that headed a group of tiles in the file as opened (set by the
    #: first :meth:`_check`); see :meth:`delete`.
    _headings: frozenset[tuple[str, ...]] | None = None

    # ------------------------------------------------------------------ I/O

    @classmethod
    def open(cls, path: Path, name: str | None = None) -> TilesetDocument:
        """Read and parse ``path``; raises ``OSError`` or :class:`DocumentError`."""
        text = read_raw(path)
        return cls(path, text, name=name)

    def _check(self, data: Any, text: str) -> None:
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
        lines = text.split("\n")
        restore_lost_comments(lines, data, "tiles")
        if self._headings is None:
            self._headings = group_headings(lines, data)

    @classmethod
    def from_text(cls, path: Path, text: str, *, tileset_name: str | None = None,
                  name: str | None = None) -> TilesetDocument:
        """A new, unsaved document at ``path`` starting from ``text`` (e.g. a bundled set).

        ``tileset_name`` replaces the ``tileset:`` name when it is a valid name.
        """
        doc = cls(path, text, name=name, saved=False)
        if tileset_name and is_spec_name(tileset_name) and "tileset" in doc.data:
            doc.data["tileset"] = tileset_name
            doc.text = doc._dump(doc.data)
        return doc

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
        return Tally.of(self.face, len(self)).counts()

    def count_matrix(self) -> dict[tuple[str, str], int]:
        """Physical machine tiles (copies) per ``(colour, type)``; ``"?"`` for no colour."""
        return Tally.of(self.face, len(self)).matrix()

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

    def _splice(self, item: int) -> str | None:
        return splice_item(self.text, self.data, "tiles", item, self._indent[2], self._dump)

    def _tidy(self, index: int, before: str) -> None:
        if 0 <= index < len(self):
            self.text = keep_comment_gap(self.tiles, index, self.text, before)

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
            del_key(entry, key)
        elif key == "flowers" and value == 0 and key not in entry:
            pass
        elif key == "exits":
            set_exits(entry, value)
        else:
            set_key(entry, key, value)
            if key == "type" and value in TYPES:
                tile_type = TileType(value)
                set_key(entry, "kind", KIND_OF_TYPE[tile_type].value)
                if not exits_fit_type(tile_type, _mask(entry.get("exits"))):
                    set_exits(entry, DEFAULT_EXITS[value])
                if tile_type is TileType.SOURCE and owns(entry, "colour"):
                    del_key(entry, "colour")
        tag = f"{index}:{key}" if key in ("id", "label", "flowers", "copies") else None
        self._commit(before, index, tag, item=index)
        return index

    def toggle_exit(self, index: int, side: Side) -> int:
        """Add or remove the pipe exit on ``side`` of tile ``index``."""
        mask = _mask(self.tiles[index].get("exits")) ^ (1 << int(side))
        before = self.text
        set_exits(self._editable(index), [s.name for s in mask_sides(mask)])
        self._commit(before, index, None, item=index)
        return index

    def rotate(self, index: int, turns: int = 1) -> int:
        """Turn the exits of tile ``index`` clockwise by ``turns`` quarter turns."""
        mask = rotate_exits(_mask(self.tiles[index].get("exits")), turns)
        before = self.text
        set_exits(self._editable(index), [s.name for s in mask_sides(mask)])
        self._commit(before, index, None, item=index)
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
        set_key(self._editable(index), "copies", new)
        self._commit(before, index, None, item=index)
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
        """Insert a new one-copy tile after tile ``after``, of its colour, type, kind and
        exits (no flowers, no label); a north-south straight when there is no such tile.
        Returns its index."""
        pairs: dict[str, Any] = {"colour": next(iter(self.palette()), "red"),
                                 "type": "straight", "kind": "pipe", "exits": ["N", "S"]}
        if after is not None and 0 <= after < len(self):
            tile = self.tiles[after]
            for key in ("colour", "type", "kind", "exits"):
                if key in tile:
                    pairs[key] = copy_value(tile[key])
            if "colour" not in tile:
                del pairs["colour"]
        position = len(self) if after is None else after + 1
        stem = f"{pairs.get('colour', 'tile')}-{pairs['type']}"
        entry = self._new_entry(
            [("id", self.unique_id(stem)), *((k, text_scalar(v) if isinstance(v, str) else v)
                                             for k, v in pairs.items()), ("copies", 1)],
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

        A comment at the end of its lines goes with it, and the comment lines directly
        above it when they are its own; a comment heading a group of tiles (the tile and
        the ones right under it, no blank line between) stays and heads the next one
        (:func:`~.listtext.heads_group`) when it did so in the file as opened: an edit that
        puts a tile right under another (a duplicate, an added tile, a deleted neighbour)
        does not make that tile's own comment a heading. Every other tile keeps its comments.
        Deleting the last tile leaves ``tiles: []``.
        """
        before = self.text
        lines = before.split("\n")
        fresh = self._parse(before)  # positions of the current text (edits move lines)
        spans = item_spans(lines, fresh, "tiles")
        if spans is not None:
            span = spans[index]
            heading = heads_group(spans, index) and \
                comment_block(lines, span) in (self._headings or frozenset())
            cut = span.first if heading else span.owned
            new = lines[:cut] + lines[span.last + 1:]
            if len(spans) == 1:  # `tiles:` with nothing under it would read as null
                new = empty_list_line(new, fresh)
            if self._apply_text(before, "\n".join(new), index):
                return min(index, len(self) - 1)
        seq = self.tiles
        del seq[index]
        if not len(seq):
            seq.fa.set_flow_style()
        self._commit(before, index, None)
        return min(index, len(seq) - 1)

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

    # ---------------------------------------------------------- validation

    def validate(self, text: str | None = None) -> list[Problem]:
        """Diagnostics of the current text (or ``text``, a snapshot of it); see
        :func:`~botanik_design.tui.editor.checking.problems_of`."""
        return problems_of(self.text if text is None else text, self.name, self.path,
                           self._indent)
