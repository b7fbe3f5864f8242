"""Line and column of every node of a YAML document, addressed by JSON path.

A *path* is a tuple of mapping keys (``str``) and sequence indices (``int``)
from the document root, e.g. ``("tiles", 3, "exits")``.  Positions are
``(line, column)``, both 1-based, as the YAML parser reported them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

PathElem = str | int
Path = tuple[PathElem, ...]
Pos = tuple[int, int]


def pointer(path: Iterable[PathElem]) -> str:
    """The RFC 6901 JSON Pointer of ``path`` (``""`` for the root)."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def pointer_parts(text: str) -> list[str]:
    """The reference tokens of the RFC 6901 JSON Pointer ``text``, unescaped (``[]`` for the
    root ``""``); the inverse of :func:`pointer` up to indices, which come back as strings.

    Raises ``ValueError`` when ``text`` is neither empty nor starts with ``/``."""
    if not text:
        return []
    if not text.startswith("/"):
        raise ValueError(f"not a JSON Pointer: {text!r}")
    return [t.replace("~1", "/").replace("~0", "~") for t in text[1:].split("/")]


@dataclass
class Positions:
    """Where each value (and each mapping key) of a document starts.

    ``values[path]`` is where the node at ``path`` starts; ``keys[path]`` is
    where the key naming that node starts (only for mapping members).  Nodes
    reached through an alias have no entry of their own: lookups fall back to
    the nearest recorded ancestor (the alias itself).
    """

    values: dict[Path, Pos] = field(default_factory=dict)
    keys: dict[Path, Pos] = field(default_factory=dict)

    def value(self, path: Iterable[PathElem]) -> Pos:
        """Position of the node at ``path``, else of its nearest recorded ancestor, else 1:1."""
        p = tuple(path)
        while p:
            if p in self.values:
                return self.values[p]
            p = p[:-1]
        return self.values.get((), (1, 1))

    def key(self, path: Iterable[PathElem]) -> Pos:
        """Position of the key naming the member at ``path`` (falls back to :meth:`value`)."""
        p = tuple(path)
        if p in self.keys:
            return self.keys[p]
        return self.value(p)
