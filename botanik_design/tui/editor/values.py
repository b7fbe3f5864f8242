"""Values written into a tile entry: typed text kept as text, shared values copied first.

Two rules keep an edit to one tile from changing anything else:

* :func:`text_scalar`: a string the user typed is written so that both a YAML 1.1
  reader (PyYAML; the validator's ``yaml-ambiguous-*`` rules) and a YAML 1.2 reader
  read back the same string: ``yes``, ``No``, ``1:30``, ``012``, ``~``... are quoted.
* :func:`make_own`: before a key of a tile changes, every tile that sees that key
  through a merge (``<<: *anchor``) of this tile gets its own copy of the old value,
  and a value that is not the tile's own (merged) or that is shared through an
  anchor is never changed in place (:func:`may_change_in_place`).
"""

from __future__ import annotations

from typing import Any

import yaml
from ruamel.yaml.comments import CommentedMap, CommentedSeq, merge_attrib
from ruamel.yaml.nodes import ScalarNode
from ruamel.yaml.resolver import VersionedResolver
from ruamel.yaml.scalarstring import (
    DoubleQuotedScalarString,
    PlainScalarString,
    ScalarString,
    SingleQuotedScalarString,
)

_STR = "tag:yaml.org,2002:str"
# characters a YAML reader folds or refuses inside a single-quoted scalar: line breaks
# (YAML counts NEL, LS and PS as line breaks) and what YAML does not allow unescaped
_LINE_BREAKS = frozenset("\n\r\x85\u2028\u2029")
_RESOLVER_11 = yaml.resolver.Resolver()
_RESOLVER_12 = VersionedResolver(version=(1, 2))


def needs_escapes(value: str) -> bool:
    """True when ``value`` can only be written double-quoted, with escapes.

    A single-quoted scalar keeps every character as it is, but a reader folds a line
    break in it (``\\n``, ``\\r``, NEL U+0085, LS U+2028, PS U+2029) into a space,
    and control characters are not allowed there at all (YAML 1.2, section 5.1).
    """
    return any(c in _LINE_BREAKS or (not c.isprintable() and c != "\t") for c in value)


def reads_back_as_text(value: str) -> bool:
    """True when ``value`` written plain is read as that same string by YAML 1.1 and 1.2."""
    if value == "" or value != value.strip():
        return False
    tag11 = _RESOLVER_11.resolve(yaml.ScalarNode, value, (True, False))  # type: ignore[no-untyped-call]
    tag12 = _RESOLVER_12.resolve(ScalarNode, value, (True, False))
    if not (tag11 == _STR and str(getattr(tag12, "value", tag12)) == _STR):
        return False
    # where the scalar may stand plain also differs: ``:x`` is plain text in 1.2 only
    for text in (f"k: {value}\n", f"{{k: {value}}}\n"):
        try:
            if yaml.safe_load(text) != {"k": value}:
                return False
        except yaml.YAMLError:
            return False
    return True


def text_scalar(value: str, current: Any = None) -> str:
    """``value`` as it must be stored so that it stays the same string (quoted when needed).

    ``current`` is the value it replaces: its quotes are kept (ruamel keeps a quoted
    scalar quoted) unless they were only needed for that old value (``''``, ``'yes'``).
    """
    if isinstance(value, ScalarString):
        return value
    if needs_escapes(value):
        escaped: str = DoubleQuotedScalarString(value)
        return escaped
    if not reads_back_as_text(value):
        quoted: str = SingleQuotedScalarString(value)
        return quoted
    if isinstance(current, ScalarString) and not reads_back_as_text(str(current)):
        plain: str = PlainScalarString(value)
        return plain
    return value


def copy_value(value: Any) -> Any:
    """A fresh copy of a tile value (lists become new flow sequences; scalars are kept)."""
    if isinstance(value, list):
        seq = CommentedSeq([copy_value(v) for v in value])
        seq.fa.set_flow_style()
        return seq
    anchor = getattr(getattr(value, "anchor", None), "value", None)
    if anchor is not None and isinstance(value, (bool, int, float, str)):
        # the same value without its anchor (written once more, it would define it twice)
        if isinstance(value, bool):
            return bool(value)
        if isinstance(value, int):
            return int(value)
        if isinstance(value, float):
            return float(value)
        return type(value)(str(value))
    if isinstance(value, dict):
        out = CommentedMap()
        for k, v in value.items():
            out[k] = copy_value(v)
        out.fa.set_flow_style()
        return out
    return value


def _referers(entry: CommentedMap) -> list[CommentedMap]:
    """Every mapping that merges ``entry``, directly or through another merge."""
    seen: list[CommentedMap] = []
    todo = list(getattr(entry, "_ref", []))
    while todo:
        ref = todo.pop()
        if any(ref is s for s in seen):
            continue
        seen.append(ref)
        todo.extend(getattr(ref, "_ref", []))
    return seen


def owns(entry: CommentedMap, key: str) -> bool:
    """True when ``key`` is written in ``entry`` itself (not only merged into it)."""
    own = getattr(entry, "_ok", None)
    return key in entry if own is None else key in own


def make_own(entry: CommentedMap, key: str) -> None:
    """Before ``entry[key]`` changes (or is added): tiles that merge ``entry`` keep what
    they had.  They get their own copy of the old value; when ``entry`` has no such key
    yet, the merge is written out into their own keys (a merge cannot hide a key)."""
    for ref in _referers(entry):
        if owns(ref, key):
            continue
        if key not in entry:
            unmerge(ref)
        elif dict.get(ref, key) is entry[key]:
            ref[key] = copy_value(entry[key])


def merge_gives(entry: CommentedMap, key: str) -> bool:
    """True when a mapping ``entry`` merges (``<<: *anchor``) has ``key``: deleting the
    tile's own ``key`` would let the merged value show through."""
    for item in getattr(entry, merge_attrib, []):
        source = item[1] if isinstance(item, tuple) else item
        if key in source:
            return True
    return False


def unmerge(entry: CommentedMap) -> None:
    """Write every merged key of ``entry`` into it and drop its ``<<`` merge."""
    for key, value in list(entry.items()):
        if not owns(entry, key):
            entry[key] = copy_value(value)
    for item in getattr(entry, merge_attrib, []):
        source = item[1] if isinstance(item, tuple) else item
        refs = getattr(source, "_ref", [])
        if any(r is entry for r in refs):
            refs[:] = [r for r in refs if r is not entry]
    if hasattr(entry, merge_attrib):
        delattr(entry, merge_attrib)


def may_change_in_place(entry: CommentedMap, key: str) -> bool:
    """True when ``entry[key]`` is the tile's own, unshared value (safe to mutate)."""
    value = entry.get(key)
    anchor = getattr(value, "anchor", None)
    return owns(entry, key) and getattr(anchor, "value", None) is None
