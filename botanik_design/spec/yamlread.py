"""A strict YAML reader that keeps the line and column of every node.

Tokenising and parsing are PyYAML's (libyaml's C parser when available); this
module builds plain JSON-like data (dict, list, str, int, float, bool, None)
from the parser's *events*, without recursion, so that it can refuse what a
spec file should never contain and say where:

* bytes that are not UTF-8 text, NUL bytes and other control characters;
* syntax errors, several documents, an empty document, a non-mapping top level;
* duplicate keys (PyYAML silently keeps the last one);
* tags other than the core ones (``!!str``, ``!!int``, ``!!float``, ``!!bool``,
  ``!!null``, ``!!map``, ``!!seq``): nothing is ever constructed from a tag;
* YAML 1.1 surprises: ``yes``/``no``/``on``/``off`` read as booleans,
  ``1:30`` as 90, ``012`` as 10; timestamps stay strings;
* alias expansion bombs, recursive aliases, absurd nesting, huge files.

A value refused for its YAML (an ambiguous boolean or number, a tag, an
unusable number) is kept in the data as a :class:`Rejected` string, wherever it
ends up (behind an alias, in a merged mapping): :func:`rejected_paths` finds
every place, so that no later check runs on it.

Lines end at LF, CRLF or a lone CR, as in YAML 1.2 and editors; U+0085,
U+2028 and U+2029 (line breaks for YAML 1.1, libyaml and Python's
``str.splitlines``) are ordinary characters, in text and comments alike, so
every reported line and column is the one an editor shows.

PyYAML's own composer recurses once per nesting level (the C one can crash the
interpreter on deep input), which is why nodes are built here from events.
Merge keys (``<<: *anchor``) are supported.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from itertools import chain
from typing import Any

import yaml
from yaml import events as ev

from botanik_design.model.numbers import in_bounds
from botanik_design.model.words import plural
from botanik_design.spec.diagnostics import MAX_PER_FILE, Diagnostic
from botanik_design.spec.positions import Path, Pos, Positions, pointer

# re-exported: what a reading gives back lives in yamldata (no PyYAML there)
from botanik_design.spec.yamldata import MAX_BYTES as MAX_BYTES
from botanik_design.spec.yamldata import ReadResult as ReadResult
from botanik_design.spec.yamldata import Rejected as Rejected
from botanik_design.spec.yamldata import rejected_paths as rejected_paths

try:  # libyaml: an order of magnitude faster
    from yaml.cyaml import CParser as _Parser  # type: ignore[attr-defined]

    _HAVE_C = True
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    _HAVE_C = False

#: Deepest nesting of mappings and sequences accepted.
MAX_DEPTH = 64
#: Most nodes a document may hold once aliases are expanded.
MAX_NODES = 200_000
#: Most characters of text (keys and values) a document may hold once aliases are expanded.
MAX_CHARS = 2 * MAX_BYTES

_T = "tag:yaml.org,2002:"
_CORE_SCALAR_TAGS = {_T + "str", _T + "int", _T + "float", _T + "bool", _T + "null"}
#: The same list of allowed tags in every ``yaml-tag`` message, whatever the node.
_CORE_TAGS_TEXT = "only YAML's core tags are: !!str, !!int, !!float, !!bool, !!null, !!map, !!seq"
_MAP_TAGS = {None, "!", _T + "map"}
_SEQ_TAGS = {None, "!", _T + "seq"}
_MERGE = _T + "merge"
_LEGACY_INT = re.compile(r"^[-+]?(0[0-7_]+|0b[01_]+|[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?)$")
#: Plain scalars YAML 1.2's core schema reads as numbers and YAML 1.1 as strings (octal
#: ``0o17``, exponents without a ``.`` or without a sign: ``1e3``, ``1.5e3``).
_YAML12_NUMBER = re.compile(r"^(?:[-+]?0o[0-7]+|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)"
                            r"[eE][-+]?[0-9]+)$")
#: Characters libyaml reads as line breaks but YAML 1.2 and editors do not.
_UNICODE_BREAKS = "\u0085\u2028\u2029"
#: Words YAML 1.1 reads as booleans (``true``/``false`` mean the same in YAML 1.2).
_BOOL_WORDS = re.compile(r"^(?:yes|Yes|YES|no|No|NO|on|On|ON|off|Off|OFF)$")


def line_starts(text: str) -> list[int]:
    """Index of the first character of each line of ``text`` (LF, CRLF and lone CR end a line)."""
    return [0] + [m.end() for m in re.finditer(r"\r\n|\r|\n", text)]


def line_col(text: str, index: int) -> Pos:
    """1-based line and column (in characters) of character ``index`` of ``text``."""
    if index > 0 and text[index - 1] == "\r" and text[index:index + 1] == "\n":
        index -= 1  # the LF of a CRLF: where the line break starts, at its CR
    starts = line_starts(text[:index])
    return len(starts), index - starts[-1] + 1


def _stand_ins() -> Iterator[int]:
    """Characters libyaml reads as ordinary printable text in every context, in the order
    :func:`_shield` tries them: the private-use areas first, then the rest of the BMP above
    U+00A0 and the supplementary planes (surrogates, U+FEFF and the breaks themselves aside)."""
    yield from range(0xE000, 0xF900)
    yield from range(0xF0000, 0xFFFFE)
    yield from range(0x100000, 0x10FFFE)
    for c in chain(range(0xA0, 0xD800), range(0xF900, 0xFFFE), range(0x10000, 0xF0000)):
        if chr(c) not in _UNICODE_BREAKS and c != 0xFEFF:
            yield c


def _shield(text: str) -> tuple[str, dict[int, str]] | None:
    """``text`` with U+0085, U+2028 and U+2029 swapped for characters it does not contain
    (libyaml would break lines at them), and the table that swaps them back.

    The stand-ins come from over a million candidates (:func:`_stand_ins`); ``None`` only
    when ``text`` holds every one of them, which takes more than :data:`MAX_BYTES` of UTF-8,
    so a file the reader accepts always has stand-ins to spare."""
    present = [c for c in _UNICODE_BREAKS if c in text]
    if not present:
        return text, {}
    used = set(text)
    free = (chr(c) for c in _stand_ins() if chr(c) not in used)
    forward: dict[int, str] = {}
    for c in present:
        stand_in = next(free, None)
        if stand_in is None:
            return None
        forward[ord(c)] = stand_in
    return text.translate(forward), {ord(v): chr(k) for k, v in forward.items()}


class _StrictResolver(yaml.resolver.Resolver):
    """YAML 1.1 implicit typing minus timestamps and the ``=`` value tag."""


_StrictResolver.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag not in (_T + "timestamp", _T + "value")]
    for first, resolvers in yaml.resolver.Resolver.yaml_implicit_resolvers.items()
}

if _HAVE_C:

    class _Loader(_Parser, _StrictResolver):
        def __init__(self, stream: str) -> None:
            _Parser.__init__(self, stream)
            _StrictResolver.__init__(self)

else:  # pragma: no cover

    class _Loader(  # type: ignore[no-redef]
        yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser, _StrictResolver
    ):
        def __init__(self, stream: str) -> None:
            yaml.reader.Reader.__init__(self, stream)
            yaml.scanner.Scanner.__init__(self)
            yaml.parser.Parser.__init__(self)
            _StrictResolver.__init__(self)


_CONSTRUCTOR = yaml.constructor.SafeConstructor()
#: Longest integer text parsed at all (longer ones are beyond MAX_WHOLE whatever the base).
_MAX_INT_TEXT = 100


class _Stop(Exception):
    """Reading cannot go on (the diagnostic is already recorded)."""


class _Merge:
    """Marker for the ``<<`` merge key."""


_MERGE_KEY = _Merge()
_SKIP = object()  # a key that could not be used (complex key): drop its value


@dataclass
class _Frame:
    """An open mapping or sequence while events stream in."""

    data: dict[str, Any] | list[Any]
    path: Path | None
    pos: Pos
    anchor: str | None
    key: Any = None  # pending mapping key: None (expecting a key), str, _MERGE_KEY or _SKIP
    key_pos: Pos = (1, 1)
    seen: dict[str, Pos] = field(default_factory=dict)
    merges: list[dict[str, Any]] = field(default_factory=list)
    size: int = 1
    chars: int = 0  # characters of the scalars inside (keys included), aliases expanded


def _short(tag: str) -> str:
    """``tag:yaml.org,2002:binary`` as written in YAML: ``!!binary``."""
    return "!!" + tag[len(_T):] if tag.startswith(_T) else tag


def _pos(mark: Any) -> Pos:
    return (mark.line + 1, mark.column + 1)


def _offset_pos(raw: bytes, offset: int) -> Pos:
    """1-based line and column of byte ``offset`` in UTF-8 ``raw``."""
    before = raw[:offset].decode("utf-8", "replace")
    return line_col(before + raw[offset:offset + 1].decode("utf-8", "replace"), len(before))


class _Reader:
    def __init__(self, name: str) -> None:
        self.name = name
        self.positions = Positions()
        self.diagnostics: list[Diagnostic] = []
        # value, nodes, scalar text, characters
        self.anchors: dict[str, tuple[Any, int, str | None, int]] = {}
        self.open_anchors: set[str] = set()
        self.nodes = 0
        self.chars = 0
        self.unshield: dict[int, str] = {}  # private-use stand-ins back to U+0085/2028/2029

    def report(self, pos: Pos | None, rule: str, message: str, path: Path | None = None,
               hint: str = "", level: str = "error") -> None:
        line, col = pos if pos is not None else (None, None)
        if len(self.diagnostics) >= MAX_PER_FILE:
            if len(self.diagnostics) == MAX_PER_FILE:
                self.diagnostics.append(Diagnostic(
                    self.name, line, col, "error", "yaml-too-many",
                    f"more than {MAX_PER_FILE} YAML problems: the rest are not listed",
                    pointer(path) if path else "", "fix the problems above first"))
            return
        self.diagnostics.append(Diagnostic(
            self.name, line, col, "error" if level == "error" else "warning", rule, message,
            pointer(path) if path else "", hint,
        ))

    # -- scalars -------------------------------------------------------------------

    def scalar(self, event: ev.ScalarEvent, loader: _Loader, path: Path | None) -> Any:
        pos = _pos(event.start_mark)
        value: str = event.value.translate(self.unshield) if self.unshield else event.value
        explicit = event.tag not in (None, "!")
        tag: str = str(event.tag) if explicit else \
            loader.resolve(yaml.ScalarNode, value, event.implicit)  # type: ignore[no-untyped-call]
        if explicit and tag not in _CORE_SCALAR_TAGS:
            self.report(pos, "yaml-tag", f"tag `{_short(tag)}` is not allowed: {_CORE_TAGS_TEXT}",
                        path,
                        "remove the tag, or quote the value")
            return Rejected(value)
        if tag == _T + "str" and not explicit and event.implicit[0] and \
                _YAML12_NUMBER.match(value):
            self.report(pos, "yaml-ambiguous-number",
                        f"`{value[:40]}` is a number in YAML 1.2 but a string in YAML 1.1",
                        path, f"write '{value[:40]}' in quotes for a string, or a plain "
                        "decimal (with a `.` and a signed exponent: 1.0e+3)")
            return Rejected(value)
        if tag == _T + "str" or tag == _MERGE:
            return value
        if tag == _T + "null":
            if value in ("", "~", "null", "Null", "NULL"):
                return None
            self.report(pos, "yaml-tag", f"`!!null {value[:40]}`: `!!null` takes no value "
                        "(or `null`, `~`)", path, "remove the tag, or the value")
            return Rejected(value)
        if tag == _T + "bool":
            if value.lower() in ("true", "false"):
                return value.lower() == "true"
            if explicit and not _BOOL_WORDS.match(value):
                self.report(pos, "yaml-tag", f"`!!bool {value[:40]}`: a boolean is true or "
                            "false", path, "write true or false")
                return Rejected(value)
            self.report(pos, "yaml-ambiguous-bool",
                        f"`{value}` is read as a boolean by YAML 1.1 but as a string by "
                        "YAML 1.2", path,
                        f"write '{value}' in quotes for a string, or true/false for a boolean")
            return Rejected(value)
        return self.number(value, tag, pos, path)

    def number(self, value: str, tag: str, pos: Pos, path: Path | None) -> Any:
        """An ``!!int`` or ``!!float`` scalar (implicit or tagged) as a number; a
        :class:`Rejected` placeholder, with its diagnostic, when YAML 1.1 and 1.2 read it
        differently or it is no usable number."""
        if _LEGACY_INT.match(value.replace("_", "") if ":" not in value else value):
            self.report(pos, "yaml-ambiguous-number",
                        f"`{value[:40]}` is a base-60, octal or binary number in YAML 1.1 "
                        "but not in 1.2", path,
                        f"write '{value[:40]}' in quotes for a string, or a plain decimal")
            return Rejected(value)
        if "_" in value:
            self.report(pos, "yaml-ambiguous-number",
                        f"`{value[:40]}` is a number with `_` separators in YAML 1.1 but text "
                        "in YAML 1.2", path,
                        f"write '{value[:40]}' in quotes for a string, or the number without "
                        "`_`")
            return Rejected(value)
        node = yaml.ScalarNode(tag, value)
        problem = ""
        try:
            if tag == _T + "int":
                number: Any = _CONSTRUCTOR.construct_yaml_int(node) \
                    if len(value) <= _MAX_INT_TEXT else None
                if number is None or not in_bounds(number):
                    problem = "beyond the largest whole number a file may hold, 2**64"
            else:
                number = _CONSTRUCTOR.construct_yaml_float(node)
                if not math.isfinite(number):
                    what = "not a number" if math.isnan(number) else "infinite"
                    self.report(pos, "yaml-non-finite",
                                f"`{value[:40]}` is {what}: every number in a file is finite",
                                path, "write a plain decimal number")
                    return Rejected(value)
        except (ValueError, OverflowError, IndexError, TypeError) as exc:
            problem = "an empty value" if not value.strip() else \
                f"{exc.__class__.__name__}"[:60]
        if problem:
            shown = f"`{value[:40]}{'...' if len(value) > 40 else ''}`" if value.strip() \
                else "the value"
            self.report(pos, "yaml-bad-number", f"{shown} is not a usable number ({problem})",
                        path, "write a plain decimal number")
            return Rejected(value)
        return number

    # -- the event loop ------------------------------------------------------------

    def read(self, text: str) -> Any:
        """The document of ``text`` (already shielded by :func:`_shield`)."""
        loader = _Loader(text)
        try:
            return self._events(loader)
        finally:
            loader.dispose()

    def _child_path(self, stack: list[_Frame]) -> Path | None:
        if not stack:
            return ()
        top = stack[-1]
        if top.path is None:
            return None
        if isinstance(top.data, list):
            return (*top.path, len(top.data))
        if isinstance(top.key, str) and top.key not in top.seen:
            return (*top.path, top.key)
        return None  # a key, a merge value or a skipped entry: not addressed by a path

    def _events(self, loader: _Loader) -> Any:
        stack: list[_Frame] = []
        root: Any = None
        documents = 0
        done = False
        while True:
            event = loader.get_event()
            if event is None or isinstance(event, ev.StreamEndEvent):
                break
            if isinstance(event, ev.DocumentStartEvent):
                documents += 1
                if documents > 1:
                    self.report(_pos(event.start_mark), "yaml-multiple-documents",
                                "a spec file holds one YAML document; a second one starts here",
                                hint="split the documents into separate files")
                    break
                continue
            if isinstance(event, ev.DocumentEndEvent | ev.StreamStartEvent):
                continue
            if isinstance(event, ev.MappingEndEvent | ev.SequenceEndEvent):
                frame = stack.pop()
                value: Any = frame.data
                if isinstance(value, dict) and frame.merges:
                    merged: dict[str, Any] = {}
                    for m in frame.merges:
                        for k, v in m.items():
                            merged.setdefault(k, v)
                    merged.update(value)
                    value = merged
                if frame.anchor is not None:
                    self.open_anchors.discard(frame.anchor)
                    self.anchors[frame.anchor] = (value, frame.size, None, frame.chars)
                root, done = self._attach(stack, value, frame.pos, frame.size, None, root,
                                          frame.chars)
                continue
            path = self._child_path(stack)
            pos = _pos(event.start_mark)
            if isinstance(event, ev.AliasEvent):
                anchor = event.anchor
                if anchor in self.open_anchors:
                    self.report(pos, "yaml-recursive-alias",
                                f"alias `*{anchor}` refers to a node that contains it", path)
                    raise _Stop
                if anchor not in self.anchors:
                    self.report(pos, "yaml-undefined-alias",
                                f"alias `*{anchor}` names no anchor defined before it", path)
                    raise _Stop
                value, size, text, chars = self.anchors[anchor]
                self.nodes += size
                self.chars += chars
                if self.chars > MAX_CHARS:
                    self.report(pos, "yaml-alias-bomb",
                                f"expanding aliases would make more than {MAX_CHARS} characters "
                                "of text", path, "aliases that repeat long values multiply them")
                    raise _Stop
                if self.nodes > MAX_NODES:
                    self.report(pos, "yaml-alias-bomb",
                                f"expanding aliases would make more than {MAX_NODES} nodes", path,
                                "aliases that nest other aliases grow exponentially")
                    raise _Stop
                if path is not None:
                    self.positions.values[path] = pos
                root, done = self._attach(stack, value, pos, size, text, root, chars)
                continue
            self.nodes += 1
            if self.nodes > MAX_NODES:
                self.report(pos, "yaml-too-large", f"the document has more than {MAX_NODES} nodes")
                raise _Stop
            if path is not None:
                self.positions.values[path] = pos
            anchor = getattr(event, "anchor", None)
            if isinstance(event, ev.ScalarEvent):
                top = stack[-1] if stack else None
                text = event.value.translate(self.unshield) if self.unshield else event.value
                if top is not None and isinstance(top.data, dict) and top.key is None:
                    # a mapping key: always its text (JSON keys are strings)
                    value = text
                    if event.tag is None and event.implicit[0] and text == "<<":
                        value = _MERGE_KEY
                    elif event.tag is None and event.implicit[0] and _BOOL_WORDS.match(text):
                        self.report(pos, "yaml-ambiguous-bool",
                                    f"key `{text}` is a boolean for YAML 1.1 but a string for "
                                    "YAML 1.2", top.path, f"write '{text}' in quotes")
                    elif event.tag not in (None, "!") and event.tag not in _CORE_SCALAR_TAGS:
                        self.report(pos, "yaml-tag", f"tag `{_short(event.tag)}` is not "
                                    f"allowed on a key: {_CORE_TAGS_TEXT}", top.path,
                                    "remove the tag")
                else:
                    value = self.scalar(event, loader, path)
                self.chars += len(text)
                if anchor is not None:
                    self.anchors[anchor] = (value, 1, text, len(text))
                root, done = self._attach(stack, value, pos, 1, text, root, len(text))
                continue
            # a collection starts
            if len(stack) >= MAX_DEPTH:
                self.report(pos, "yaml-too-deep",
                            f"nesting deeper than {MAX_DEPTH} levels", path)
                raise _Stop
            tag: str | None = getattr(event, "tag", None)
            is_map = isinstance(event, ev.MappingStartEvent)
            if tag not in (_MAP_TAGS if is_map else _SEQ_TAGS):
                self.report(pos, "yaml-tag", f"tag `{_short(str(tag))}` is not allowed: "
                            f"{_CORE_TAGS_TEXT}", path, "remove the tag")
            if anchor is not None:
                self.open_anchors.add(anchor)
            stack.append(_Frame({} if is_map else [], path, pos, anchor))
            if done:
                break
        return root

    def _attach(self, stack: list[_Frame], value: Any, pos: Pos, size: int,
                text: str | None, root: Any, chars: int = 0) -> tuple[Any, bool]:
        """Put a finished node into its parent; returns ``(root, document_done)``."""
        if not stack:
            return value, True
        top = stack[-1]
        top.size += size
        top.chars += chars
        if isinstance(top.data, list):
            top.data.append(value)
            return root, False
        if top.key is None:  # this node is a key
            if value is _MERGE_KEY:
                top.key = _MERGE_KEY
            elif text is None:
                self.report(pos, "yaml-complex-key",
                            "a mapping key must be a plain value, not a mapping or a list",
                            top.path)
                top.key = _SKIP
            else:
                top.key = text
            top.key_pos = pos
            return root, False
        key, top.key = top.key, None
        if key is _SKIP:
            return root, False
        if key is _MERGE_KEY:
            sources = value if isinstance(value, list) else [value]
            if all(isinstance(s, dict) for s in sources):
                top.merges.extend(sources)
            else:
                self.report(top.key_pos, "yaml-bad-merge",
                            "`<<` must merge a mapping or a list of mappings", top.path)
            return root, False
        assert isinstance(key, str)
        path = None if top.path is None else (*top.path, key)
        if key in top.seen:
            first = top.seen[key]
            self.report(top.key_pos, "yaml-duplicate-key",
                        f"duplicate key `{key}` (first at line {first[0]}); "
                        "YAML loaders silently keep only one of them", path)
            return root, False
        top.seen[key] = top.key_pos
        assert isinstance(top.data, dict)
        top.data[key] = value
        if path is not None:
            self.positions.keys[path] = top.key_pos
        return root, False


def _tab_indent(text: str, line: int) -> Pos | None:
    """Where a tab sits in the indentation of 0-based ``line`` of ``text`` (``None``: none)."""
    starts = line_starts(text)
    if line >= len(starts):
        return None
    start = starts[line]
    indent = re.match(r"[ \t]*", text[start:start + 1000])
    if indent is None or "\t" not in indent.group():
        return None
    return line + 1, indent.group().index("\t") + 1


def decode(raw: bytes, name: str) -> tuple[str | None, list[Diagnostic]]:
    """Decode file bytes as UTF-8 text (a UTF-8 BOM is allowed).

    Returns ``(text, [])``, or ``(None, [diagnostic])`` for binary content
    (``yaml-binary``), other encodings (``yaml-encoding``) or an oversized
    file (``yaml-too-large``).
    """
    def bad(pos: Pos | None, rule: str, message: str, hint: str = "") -> tuple[None,
                                                                              list[Diagnostic]]:
        line, col = pos if pos else (None, None)
        return None, [Diagnostic(name, line, col, "error", rule, message, "", hint)]

    if len(raw) > MAX_BYTES:
        return bad((1, 1), "yaml-too-large",
                   f"file is {plural(len(raw), 'byte')}; spec files are limited to {MAX_BYTES}")
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        return bad((1, 1), "yaml-encoding", "file is UTF-16 or UTF-32 encoded",
                   "save it as UTF-8")
    nul = raw.find(b"\x00")
    if nul >= 0:
        return bad(_offset_pos(raw, nul), "yaml-binary",
                   "file contains NUL bytes: binary data, not YAML text")
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8"), []
    except UnicodeDecodeError as exc:
        return bad(_offset_pos(raw, exc.start), "yaml-encoding",
                   f"byte 0x{raw[exc.start]:02x} is not valid UTF-8", "save the file as UTF-8")


def read_yaml(source: bytes | str, name: str) -> ReadResult:
    """Read one YAML document strictly; never raises for bad input.

    ``source`` is the file's bytes (checked for encoding) or already decoded
    text.  ``name`` is used as the ``file`` of every diagnostic.
    """
    positions = Positions()
    if isinstance(source, bytes):
        text, problems = decode(source, name)
        if text is None:
            return ReadResult(None, positions, problems)
    else:
        text = source[1:] if source.startswith("\ufeff") else source
        if len(text) > MAX_BYTES:
            return ReadResult(None, positions, [Diagnostic(
                name, 1, 1, "error", "yaml-too-large",
                f"text has {plural(len(text), 'character')}; spec files are limited to "
                f"{MAX_BYTES}")])
        if "\x00" in text:
            raw = text.encode("utf-8", "replace")
            line, col = _offset_pos(raw, raw.find(b"\x00"))
            return ReadResult(None, positions, [Diagnostic(
                name, line, col, "error", "yaml-binary",
                "text contains NUL characters: binary data, not YAML")])
        surrogate = re.search("[\ud800-\udfff]", text)
        if surrogate is not None:
            line, col = line_col(text, surrogate.start())
            return ReadResult(None, positions, [Diagnostic(
                name, line, col, "error", "yaml-encoding",
                f"character #x{ord(surrogate.group()):04x} is a lone surrogate, not text",
                "", "save the file as UTF-8")])
    shielded = _shield(text)
    if shielded is None:  # more distinct characters than any file under MAX_BYTES holds
        return ReadResult(None, positions, [Diagnostic(
            name, 1, 1, "error", "yaml-too-large",
            f"text holds {plural(len(set(text)), 'distinct character')}; spec files are "
            f"limited to {MAX_BYTES} bytes")])
    text, unshield = shielded
    result = _read(text, name, unshield)
    result.diagnostics = _inside(result.diagnostics, text)
    return result


def _inside(diagnostics: list[Diagnostic], text: str) -> list[Diagnostic]:
    """``diagnostics`` with a position past the last line (the parser's end of stream, after
    the final line break) moved to the end of the last line, where an editor can show it."""
    starts = line_starts(text)
    if len(starts) > 1 and starts[-1] == len(text):
        starts.pop()  # the text ends with a line break: no line after it
    last = len(starts)
    end = len(re.split(r"\r\n|\r|\n", text[starts[-1]:])[0]) + 1
    return [d if d.line is None or d.line <= last else replace(d, line=last, column=end)
            for d in diagnostics]


#: The top level of a file that is one value, in a message's words.
_SCALAR_WORDS = {"str": "a single text value", "int": "a single number",
                 "float": "a single number", "bool": "a single true/false value"}


def _read(text: str, name: str, unshield: dict[int, str]) -> ReadResult:
    """:func:`read_yaml` on text already checked and shielded."""
    positions = Positions()
    reader = _Reader(name)
    reader.unshield = unshield
    data: Any = None
    try:
        data = reader.read(text)
    except _Stop:
        return ReadResult(None, reader.positions, reader.diagnostics)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        pos = _pos(mark) if mark is not None else None
        what = exc.problem or "malformed YAML"
        ctx = exc.context_mark
        last = len(line_starts(text.rstrip("\r\n")))  # lines, blank ones at the end aside
        if exc.context and ctx is not None and ctx.line >= last:
            what = f"{what} ({exc.context} at the end of the file)"
        elif exc.context and ctx is not None:
            what = f"{what} ({exc.context} started at line {ctx.line + 1}, column " \
                f"{ctx.column + 1})"
            if mark is not None and mark.line >= last and \
                    ctx.line < mark.line:  # ran off the end: point at the opening
                pos = _pos(ctx)
                what += "; the file ends before it is closed"
        elif exc.context:
            what = f"{what} ({exc.context})"
        tab = _tab_indent(text, mark.line) if mark is not None else None
        if "nesting depth" in what:  # newer libyaml stops deep flow nesting itself
            reader.report(pos, "yaml-too-deep", f"nesting too deep: {exc.problem}")
        elif tab is not None:
            reader.report(tab, "yaml-syntax",
                          f"a tab character indents line {tab[0]}: YAML indents with spaces "
                          f"only (YAML syntax error: {what})",
                          hint="replace the tab with spaces")
        else:
            reader.report(pos, "yaml-syntax", f"YAML syntax error: {what}")
        return ReadResult(None, reader.positions, reader.diagnostics)
    except yaml.reader.ReaderError as exc:
        raw = text.encode("utf-8", "surrogatepass")
        at = exc.position if _HAVE_C else len(text[: exc.position].encode("utf-8", "replace"))
        reader.report(_offset_pos(raw, at), "yaml-invalid-character",
                      f"character #x{exc.character:04x} is not allowed in YAML: "
                      f"{exc.reason}" if isinstance(exc.character, int)
                      else f"invalid character: {exc.reason}")
        return ReadResult(None, reader.positions, reader.diagnostics)
    except yaml.YAMLError as exc:  # pragma: no cover - any other parser complaint
        reader.report((1, 1), "yaml-syntax", f"YAML error: {exc}")
        return ReadResult(None, reader.positions, reader.diagnostics)
    positions = reader.positions
    if data is None:
        empty = not text.strip() or all(
            not ln.strip() or ln.lstrip().startswith(("#", "---", "...")) for ln in
            re.split(r"\r\n|\r|\n", text))
        if empty:
            reader.report((1, 1), "yaml-empty", "file holds no YAML content",
                          hint="a spec starts with its kind key, e.g. `tileset: my-set`")
        else:
            reader.report(positions.value(()), "yaml-not-mapping",
                          "the top level is null, not a mapping")
        return ReadResult(None, positions, reader.diagnostics)
    if not isinstance(data, dict):
        what = "a list" if isinstance(data, list) else _SCALAR_WORDS.get(
            type(data).__name__, "a single value")  # words, not Python's type names
        reader.report(positions.value(()), "yaml-not-mapping",
                      f"the top level must be a mapping of keys to values, not {what}")
        return ReadResult(None, positions, reader.diagnostics)
    return ReadResult(data, positions, reader.diagnostics, usable=True)
