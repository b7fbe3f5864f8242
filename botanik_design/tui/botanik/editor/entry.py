"""Changing the keys of one tile entry without changing any other tile."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from botanik_design.games.botanik.model.sides import SIDES
from botanik_design.tui.editor.values import (
    make_own,
    may_change_in_place,
    merge_gives,
    owns,
    text_scalar,
    unmerge,
)

#: Key order of a tile entry, used when a key has to be added.
TILE_KEYS: tuple[str, ...] = ("id", "colour", "type", "kind", "exits", "flowers", "copies", "label")


def set_key(entry: CommentedMap, key: str, value: Any) -> None:
    """Set ``entry[key]`` (a new key goes in :data:`TILE_KEYS` order); typed text is
    kept as text and tiles merging ``entry`` keep their value (:mod:`.values`)."""
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

def del_key(entry: CommentedMap, key: str) -> None:
    """Remove an optional key; raises ``ValueError`` when the tile merges it from another."""
    if key not in entry:
        return
    if not owns(entry, key):
        raise ValueError(f"{key} comes from a merged tile (<<: *...): set it to another "
                         "value instead")
    make_own(entry, key)
    if merge_gives(entry, key):  # a merge (<<: *...) cannot hide a key: the merged
        unmerge(entry)  # keys are written out first, and the key dropped from them
    del entry[key]

def set_exits(entry: CommentedMap, letters: Iterable[str]) -> None:
    """Set the pipe exits of ``entry`` to ``letters`` (written N, E, S, W in that order)."""
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
    set_key(entry, "exits", seq)
