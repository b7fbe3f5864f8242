"""Edits of a tile set's own details: its title, description and palette of colours.

Each edit is one undo step (typing into the same field coalesces, as for tiles).
Renaming a colour renames it in every tile that uses it, so the set stays valid.
"""

from __future__ import annotations

from typing import Any, Protocol

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from botanik_design.tui.botanik.editor.entry import set_key
from botanik_design.tui.editor.values import text_scalar

#: Top-level keys that hold the set's own text, in the order they are written.
TOP_TEXT: tuple[str, ...] = ("title", "description")
#: Keys of a palette entry.
COLOUR_KEYS: tuple[str, ...] = ("name", "symbol", "display")


class _Doc(Protocol):
    data: CommentedMap
    text: str
    _undo: list[tuple[str, int, str | None]]
    _renaming: list[int]

    @property
    def tiles(self) -> CommentedSeq: ...

    def _commit(self, before: str, select: int, tag: str | None) -> None: ...


class SetDetailsMixin:
    """``set_text``, ``add_colour`` and ``set_colour`` of :class:`TilesetDocument`."""

    def palette_entries(self: _Doc) -> list[dict[str, str]]:
        """The palette as written: ``name``, ``symbol`` and ``display`` of each entry
        (missing or non-text values as ``""``)."""
        out = []
        for entry in self.data.get("palette") or []:
            if isinstance(entry, dict):
                out.append({k: entry[k] if isinstance(entry.get(k), str) else ""
                            for k in COLOUR_KEYS})
        return out

    def set_text(self: _Doc, key: str, value: str) -> None:
        """Set the set's ``title`` or ``description`` (an empty description is removed)."""
        if key not in TOP_TEXT:
            raise ValueError(f"not a text of the set: {key!r}")
        before = self.text
        if value == "" and key == "description":
            if key in self.data:
                del self.data[key]
        elif key in self.data:
            self.data[key] = text_scalar(value, self.data[key])
        else:
            keys = list(self.data)
            pos = keys.index("tileset") + 1 if "tileset" in keys else 0
            if key == "description" and "title" in keys:
                pos = keys.index("title") + 1
            self.data.insert(pos, key, text_scalar(value))
        self._commit(before, 0, f"set:{key}")

    def add_colour(self: _Doc, name: str, symbol: str, display: str) -> int:
        """Add a palette entry at the end; returns its index."""
        before = self.text
        palette = self.data.get("palette")
        if not isinstance(palette, CommentedSeq):
            palette = CommentedSeq()
            self.data.insert(list(self.data).index("tiles") if "tiles" in self.data
                             else len(self.data), "palette", palette)
        entry = CommentedMap()
        for key, value in zip(COLOUR_KEYS, (name, symbol, display), strict=True):
            entry[key] = text_scalar(value)
        entry.fa.set_flow_style()
        if not len(palette):
            palette.fa.set_block_style()
        palette.append(entry)
        self._commit(before, 0, None)
        return len(palette) - 1

    def set_colour(self: _Doc, index: int, key: str, value: str) -> None:
        """Set ``name``, ``symbol`` or ``display`` of palette entry ``index``.

        A new name is given to every tile of that colour: the tiles that had it when
        the user started typing the name, so passing through another colour's name
        while typing does not take that colour's tiles along."""
        if key not in COLOUR_KEYS:
            raise ValueError(f"not a key of a colour: {key!r}")
        entry: Any = (self.data.get("palette") or [])[index]
        before = self.text
        old = entry.get(key)
        tag = f"colour:{index}:{key}"
        entry[key] = text_scalar(value, old)
        if key == "name":
            if not (self._undo and self._undo[-1][2] == tag):  # a new typing session
                self._renaming = [i for i, tile in enumerate(self.tiles)
                                  if isinstance(tile, CommentedMap) and old
                                  and tile.get("colour") == old]
            for i in self._renaming:
                set_key(self.tiles[i], "colour", value)
        self._commit(before, 0, tag)
