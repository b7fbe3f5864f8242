"""A validation run: each spec file read once, then checked once.

:class:`Session` caches documents by resolved path, so that a tile set or
parent variant that many variants name is read and checked a single time.
Across sessions, a process-wide cache (:class:`_FileCache`) keeps each file's
parsed, schema-checked document keyed by resolved path, modification time
(ns) and size, and a tile set's full check (it reads no other file), so that
loading a variant, then its tile set, then the game reads and parses each
file once per process (issue 15).  Between processes, a file read before without a
problem is given back by :mod:`.parsed` without PyYAML.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from botanik_design.games.registry import resolve as load_target
from botanik_design.games.registry import spec_kind
from botanik_design.model.words import plural
from botanik_design.spec.diagnostics import Diagnostic, capped, errors
from botanik_design.spec.positions import Positions, pointer
from botanik_design.spec.refs import find_ref, source_folder, source_key

if TYPE_CHECKING:
    from botanik_design.spec.refs import Source
from botanik_design.spec.schema_check import (
    check_schema,
    detect_kind,
    key_kinds,
    kind_hint,
    known_kinds,
)
from botanik_design.spec.userfiles import NOT_REGULAR, check_regular
from botanik_design.spec.yamldata import MAX_BYTES, ReadResult, rejected_paths

T = TypeVar("T")

#: YAML problems whose value is kept only as a placeholder (its text): a schema error at the
#: same place would be about the placeholder, not about what the author wrote.
_PLACEHOLDER_RULES = frozenset({"yaml-tag", "yaml-bad-number", "yaml-ambiguous-bool",
                                "yaml-ambiguous-number"})


@dataclass
class Doc:
    """One read spec file: its data and the problems found reading it.

    ``diagnostics`` covers YAML, kind detection and schema; semantic checks
    come from :meth:`Session.check`.  ``folder`` is where its relative
    references resolve (``None``: the working directory).
    """

    name: str
    key: str
    kind: str | None
    data: dict[str, Any] | None
    positions: Positions
    diagnostics: list[Diagnostic]
    folder: Path | None
    io_error: bool = False
    #: JSON pointers of the values the YAML reader refused (:class:`~.yamlread.Rejected`).
    rejected: frozenset[str] = frozenset()

    def invalid(self) -> set[str] | None:
        """JSON pointers of values no semantic check may look at: the reader refused them,
        or the schema rejected them (or the mapping or list holding them); ``None`` when
        nothing can be trusted (the schema check stopped early, or rejected the whole
        document)."""
        rules = {d.rule for d in self.diagnostics}
        if "schema-too-many" in rules or "too-many-problems" in rules or "yaml-too-many" in rules:
            return None
        invalid = {d.json_path for d in self.diagnostics if d.rule.startswith("schema-")
                   and d.rule != "schema-additional-properties"} | set(self.rejected)
        return None if "" in invalid else invalid

    def trusted(self) -> Doc | None:
        """This document with every :meth:`invalid` value taken out (a mapping member
        removed, a list item replaced by ``None``), for the semantic checks; ``None`` when
        nothing can be trusted."""
        invalid = self.invalid()
        if invalid is None or self.data is None:
            return None
        if not invalid:
            return self
        return replace(self, data=_prune(self.data, "", invalid))

    @property
    def schema_valid(self) -> bool:
        """Readable, of a known kind, and free of YAML and schema errors."""
        return self.data is not None and self.kind is not None and not errors(self.diagnostics)


def _prune(value: Any, at: str, invalid: set[str]) -> Any:
    """A copy of ``value`` (at JSON pointer ``at``) without the values at ``invalid``."""
    if not any(p == at or p.startswith(at + "/") for p in invalid):
        return value
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for k, v in value.items():
            here = at + "/" + str(k).replace("~", "~0").replace("/", "~1")
            if here not in invalid:
                out[k] = _prune(v, here, invalid)
        return out
    if isinstance(value, list):
        return [None if f"{at}/{i}" in invalid else _prune(v, f"{at}/{i}", invalid)
                for i, v in enumerate(value)]
    return value


def read_yaml(source: bytes | str, name: str) -> ReadResult:
    """:func:`~.yamlread.read_yaml`, given back without PyYAML for bytes read before
    without a problem (:func:`.parsed.read`)."""
    from botanik_design.spec.parsed import read

    return read(source, name)


class _FileCache:
    """Documents read from files, shared by every :class:`Session` of the process.

    The key is ``(resolved path, display name, forced kind)`` and the entry is
    valid while the file's ``(mtime_ns, size)`` is unchanged.  File times are
    coarse (a few ms), so a file rewritten within :data:`RACY` seconds of being
    cached could keep its stamp: such an entry is trusted only when the bytes
    are unchanged too (git's "racily clean" rule).
    """

    #: Seconds after a file's modification during which its stamp alone is not trusted.
    RACY = 2.0

    def __init__(self) -> None:
        self.docs: dict[tuple[str, str, str | None],
                        tuple[int, int, float, bytes | None, Doc]] = {}
        self.checked: dict[tuple[str, str, str | None], list[Diagnostic]] = {}
        #: files read from disk and parsed (for tests and benches)
        self.reads = 0

    def get(self, ident: tuple[str, str, str | None], path: Path, mtime_ns: int,
            size: int) -> Doc | None:
        """The cached document of ``path`` if the file is unchanged, else ``None``."""
        entry = self.docs.get(ident)
        if entry is None or entry[:2] != (mtime_ns, size):
            return None
        raw = entry[3]
        if raw is not None:  # stamped too close to its writing: compare the bytes
            try:
                if path.read_bytes() != raw:
                    return None
            except OSError:
                return None
        return entry[4]

    def put(self, ident: tuple[str, str, str | None], mtime_ns: int, size: int,
            raw: bytes, doc: Doc) -> None:
        """Remember ``doc`` read from ``raw`` (the file stamped ``mtime_ns``, ``size``)."""
        now = time.time()
        racy = now - mtime_ns / 1e9 < self.RACY
        self.docs[ident] = (mtime_ns, size, now, raw if racy else None, doc)
        self.checked.pop(ident, None)

    def clear(self) -> None:
        """Forget every file (tests)."""
        self.docs.clear()
        self.checked.clear()


#: The process-wide cache of read spec files.
FILES = _FileCache()


class Session:
    """Reads and checks spec files, caching each file (by resolved path) for one run."""

    def __init__(self) -> None:
        self._docs: dict[str, Doc] = {}
        self._checked: dict[str, list[Diagnostic]] = {}
        self._resolved: dict[tuple[object, str], Any] = {}
        #: key -> identity in :data:`FILES` of the documents read from files
        self._files: dict[str, tuple[str, str, str | None]] = {}

    # -- reading -----------------------------------------------------------------------

    def doc_from(self, source: bytes | str, name: str, key: str, folder: Path | None,
                 kind: str | None = None) -> Doc:
        """Read ``source`` (file bytes or text) into a :class:`Doc` (cached under ``key``).

        ``kind`` forces the kind; ``None`` detects it from the top-level key.
        """
        if key in self._docs:
            return self._docs[key]
        result = read_yaml(source, name)
        diags = list(result.diagnostics)
        data = result.data if result.usable else None
        found_kind: str | None = None
        # every refused value has its diagnostic: a clean reading has none to look for
        rejected = frozenset(pointer(p) for p in rejected_paths(data)) \
            if result.diagnostics else frozenset()
        if data is not None:
            if kind is not None and kind not in known_kinds():
                diags.append(Diagnostic(name, None, None, "error", "spec-unknown-kind",
                                        f"no schema for kind `{kind}`",
                                        hint="known kinds: " + ", ".join(known_kinds())))
            else:
                found_kind = kind or detect_kind(data)
                if found_kind is None:
                    line, col = result.positions.value(())
                    diags.append(Diagnostic(
                        name, line, col, "error", "spec-unknown-kind",
                        "not a known kind of spec: the top level has none of the keys "
                        + ", ".join(f"`{k}`" for k in key_kinds()), "", kind_hint(data)))
                else:
                    # a value the YAML reader already rejected (a tag, an unusable number)
                    # stands in as a placeholder: no second error about the placeholder
                    at = {(d.line, d.column) for d in result.diagnostics
                          if d.rule in _PLACEHOLDER_RULES and d.line is not None}
                    diags.extend(d for d in check_schema(data, found_kind, result.positions,
                                                         name)
                                 if (d.line, d.column) not in at
                                 and d.json_path not in rejected)
        doc = Doc(name, key, found_kind, data, result.positions, diags, folder, rejected=rejected)
        self._docs[key] = doc
        return doc

    def read_source(self, source: Source, name: str, kind: str | None = None) -> Doc:
        """Read a file (path or bundled resource); unreadable files give an ``io-*`` doc.

        Only regular files are read (never a pipe or device, which could block),
        and files over :data:`~botanik_design.spec.yamlread.MAX_BYTES` are refused
        before being read.
        """
        key = source_key(source, name)
        if key in self._docs:
            return self._docs[key]
        folder = source_folder(source)
        stamp: tuple[int, int] | None = None
        ident = (key, name, kind)
        try:
            if isinstance(source, Path):
                try:
                    st = check_regular(source)
                except FileNotFoundError:
                    raise
                except OSError as exc:
                    if exc.strerror != NOT_REGULAR:
                        raise
                    return self._io_doc(name, key, folder, "io-unreadable", NOT_REGULAR)
                size = st.st_size
                if size > MAX_BYTES:
                    doc = Doc(name, key, None, None, Positions(), [Diagnostic(
                        name, 1, 1, "error", "yaml-too-large",
                        f"file is {plural(size, 'byte')}; spec files are limited to "
                        f"{MAX_BYTES}")], folder)
                    self._docs[key] = doc
                    return doc
                stamp = (st.st_mtime_ns, size)
                cached = FILES.get(ident, source, *stamp)
                if cached is not None:
                    self._docs[key] = cached
                    self._files[key] = ident
                    return cached
            raw = source.read_bytes()
        except OSError as exc:
            rule = "io-missing" if isinstance(exc, FileNotFoundError) else "io-unreadable"
            return self._io_doc(name, key, folder, rule,
                                f"cannot read the file: {exc.strerror or exc.__class__.__name__}")
        FILES.reads += 1
        doc = self.doc_from(raw, name, key, folder, kind)
        if stamp is not None:
            FILES.put(ident, *stamp, raw, doc)
            self._files[key] = ident
        return doc

    def _io_doc(self, name: str, key: str, folder: Path | None, rule: str,
                message: str) -> Doc:
        doc = Doc(name, key, None, None, Positions(),
                  [Diagnostic(name, None, None, "error", rule, message)], folder, io_error=True)
        self._docs[key] = doc
        return doc

    # -- checking ----------------------------------------------------------------------

    def check(self, doc: Doc) -> list[Diagnostic]:
        """Every diagnostic of ``doc``: reading, schema, and the checks its game declares for
        its kind (:attr:`~botanik_design.games.entry.SpecKind.check`: semantic checks and
        lint, or on a document with schema errors the checks of its schema-valid parts)."""
        if doc.key in self._checked:
            return self._checked[doc.key]
        declared = spec_kind(doc.kind)
        kind = declared[1] if declared is not None else None
        cacheable = kind is not None and kind.self_contained
        ident = self._files.get(doc.key) if cacheable else None
        if ident is not None and FILES.docs.get(ident, (None,) * 5)[4] is doc \
                and ident in FILES.checked:  # this kind's check reads no other file
            self._checked[doc.key] = FILES.checked[ident]
            return FILES.checked[ident]
        self._checked[doc.key] = list(doc.diagnostics)  # guards against re-entry
        out = list(doc.diagnostics)
        if doc.data is not None and doc.kind == "sweep":
            if doc.schema_valid:
                from botanik_design.spec.sweep import check_sweep

                out += check_sweep(self, doc)
        elif doc.data is not None and kind is not None and kind.check is not None:
            out += load_target(kind.check)(self, doc)
        result = capped(out)
        self._checked[doc.key] = result
        if ident is not None:
            FILES.checked[ident] = result
        return result

    def resolve(self, ref: object, kind: str, folder: Path | None) -> Doc | None:
        """The document a ``tileset``/``extends`` reference names (``None``: no such file or
        bundled spec).  Its kind is detected, so a mismatch can be reported."""
        if not isinstance(ref, str):
            return None
        found = find_ref(ref, kind, folder, from_file=True)
        if found is None:
            return None
        name, source = found
        return self.read_source(source, name)  # kind detected: a mismatch is reported

    def resolved(self, doc: Doc, info_type: Callable[[Doc], T],
                 fill: Callable[[Session, Doc, T], None]) -> T:
        """``info_type(doc)`` filled in by ``fill(session, doc, info)``, once per document and
        run (a game's variant with its ``extends`` chain resolved).  The info is stored
        before it is filled, so a reference cycle finds it instead of looping."""
        key = (info_type, doc.key)
        if key not in self._resolved:
            info = info_type(doc)
            self._resolved[key] = info
            fill(self, doc, info)
        found: T = self._resolved[key]
        return found
