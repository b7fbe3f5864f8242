"""Validation API: :func:`validate_text`, :func:`validate_path` and :class:`Diagnostic`.

A :class:`Session` reads each file once (tile sets and parent variants that
several variants refer to included) and runs, in order: the strict YAML reader
(:mod:`.yamlread`), kind detection and the JSON Schema (:mod:`.schema_check`),
semantic checks (:mod:`.semantic`) and design lint (:mod:`.lint`).  Nothing
here raises on bad input; every problem becomes a :class:`Diagnostic`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from botanik_design.model.tileset import TileSet
from botanik_design.model.variant import Variant
from botanik_design.spec import lint, semantic
from botanik_design.spec.diagnostics import Diagnostic, errors, sorted_diagnostics
from botanik_design.spec.positions import Path as JPath
from botanik_design.spec.positions import Positions, pointer
from botanik_design.spec.refs import Source, bundled, find_ref, source_folder, source_key
from botanik_design.spec.schema_check import (
    check_schema,
    detect_kind,
    kind_hint,
    known_kinds,
    near_miss,
)
from botanik_design.spec.yamlread import MAX_BYTES, read_yaml

__all__ = [
    "Diagnostic",
    "Doc",
    "Session",
    "VariantInfo",
    "validate_path",
    "validate_text",
    "yaml_files",
]

#: Longest ``extends`` chain followed.
MAX_EXTENDS = 32
_SETUP_OPTIONS = ("registry_columns", "initial_middle_tiles", "arrival_tiles")
_SCORING_OPTIONS = ("group_points_per_tile", "flower_points", "mecha_bonus", "mecha_botanist")


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

    @property
    def schema_valid(self) -> bool:
        """Readable, of a known kind, and free of YAML and schema errors."""
        return self.data is not None and self.kind is not None and not errors(self.diagnostics)


@dataclass
class VariantInfo:
    """A variant with ``extends`` resolved.

    ``chain`` is the variant and its ancestors, child first.  ``options`` are
    the effective options and ``origins[option]`` names where each came from
    (``"default"`` or ``"<variant> (<file>)"``).  ``variant`` and ``tileset``
    are set only when the whole chain and its tile set are valid.
    """

    doc: Doc
    chain: list[Doc] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    origins: dict[str, str] = field(default_factory=dict)
    tileset_ref: str | None = None
    tileset_origin: str = ""
    tileset_doc: Doc | None = None
    tileset: TileSet | None = None
    variant: Variant | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    complete: bool = False


def _diag(doc: Doc, path: JPath, rule: str, message: str, hint: str = "",
          level: str = "error") -> Diagnostic:
    line, col = doc.positions.value(path)
    return Diagnostic(doc.name, line, col, "warning" if level == "warning" else "error",
                      rule, message, pointer(path), hint)


def _summary(doc: Doc, problems: list[Diagnostic]) -> str:
    errs = errors(problems)
    first = errs[0].format() if errs else ""
    return f"{len(errs)} error(s), first: {first}"


class Session:
    """Reads and checks spec files, caching each file (by resolved path) for one run."""

    def __init__(self) -> None:
        self._docs: dict[str, Doc] = {}
        self._checked: dict[str, list[Diagnostic]] = {}
        self._variants: dict[str, VariantInfo] = {}

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
                        + ", ".join(f"`{k}`" for k in known_kinds()), "", kind_hint(data)))
                else:
                    diags.extend(check_schema(data, found_kind, result.positions, name))
        doc = Doc(name, key, found_kind, data, result.positions, diags, folder)
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
        try:
            if isinstance(source, Path):
                if source.exists() and not source.is_file():
                    return self._io_doc(name, key, folder, "io-unreadable",
                                        "not a regular file (a folder, device or pipe)")
                size = source.stat().st_size
                if size > MAX_BYTES:
                    doc = Doc(name, key, None, None, Positions(), [Diagnostic(
                        name, 1, 1, "error", "yaml-too-large",
                        f"file is {size} bytes; spec files are limited to {MAX_BYTES}")], folder)
                    self._docs[key] = doc
                    return doc
            raw = source.read_bytes()
        except OSError as exc:
            rule = "io-missing" if isinstance(exc, FileNotFoundError) else "io-unreadable"
            return self._io_doc(name, key, folder, rule,
                                f"cannot read the file: {exc.strerror or exc.__class__.__name__}")
        return self.doc_from(raw, name, key, folder, kind)

    def _io_doc(self, name: str, key: str, folder: Path | None, rule: str,
                message: str) -> Doc:
        doc = Doc(name, key, None, None, Positions(),
                  [Diagnostic(name, None, None, "error", rule, message)], folder, io_error=True)
        self._docs[key] = doc
        return doc

    # -- checking ----------------------------------------------------------------------

    def check(self, doc: Doc) -> list[Diagnostic]:
        """Every diagnostic of ``doc``: reading, schema, semantic checks and lint."""
        if doc.key in self._checked:
            return self._checked[doc.key]
        self._checked[doc.key] = list(doc.diagnostics)  # guards against re-entry
        out = list(doc.diagnostics)
        if doc.schema_valid and doc.data is not None:
            if doc.kind == "tileset":
                out += semantic.check_tileset(doc.data, doc.positions, doc.name)
                out += lint.lint_tileset(doc.data, doc.positions, doc.name,
                                         int(Variant().min_group_size))
            elif doc.kind == "variant":
                out += self.variant_info(doc).diagnostics
        result = sorted_diagnostics(out)
        self._checked[doc.key] = result
        return result

    def _resolve(self, ref: object, kind: str, folder: Path | None) -> Doc | None:
        if not isinstance(ref, str):
            return None
        found = find_ref(ref, kind, folder)
        if found is None:
            return None
        name, source = found
        return self.read_source(source, name)  # kind detected: a mismatch is reported

    def variant_info(self, doc: Doc) -> VariantInfo:
        """Resolve a schema-valid variant's chain, effective options and tile set."""
        if doc.key in self._variants:
            return self._variants[doc.key]
        info = VariantInfo(doc)
        self._variants[doc.key] = info
        assert doc.data is not None
        out = info.diagnostics
        chain = [doc]
        cur = doc
        broken = False
        while cur.data is not None and "extends" in cur.data:
            ref = cur.data["extends"]
            parent = self._resolve(ref, "variant", cur.folder)
            if parent is None:
                if cur is doc:
                    names = sorted(bundled("variant"))
                    out.append(_diag(doc, ("extends",), "sem-unknown-parent",
                                     f"`extends: {str(ref)[:80]}` names no variant file and no "
                                     "bundled variant", _ref_hint(ref, names, "variants")))
                else:
                    out.append(_diag(doc, ("extends",), "sem-parent-invalid",
                                     f"ancestor `{cur.name}` extends `{ref}`, which does not "
                                     "exist"))
                broken = True
                break
            if any(parent.key == c.key for c in chain):
                loop = " -> ".join([c.name for c in chain] + [parent.name])
                out.append(_diag(doc, ("extends",), "sem-extends-cycle",
                                 f"`extends` forms a cycle: {loop}"))
                broken = True
                break
            if parent.kind != "variant" or not parent.schema_valid:
                what = f"is not a valid variant: {_summary(parent, parent.diagnostics)}" \
                    if parent.kind in ("variant", None) else f"is a {parent.kind}, not a variant"
                out.append(_diag(doc, ("extends",), "sem-parent-invalid",
                                 f"parent `{parent.name}` {what}"))
                broken = True
                break
            chain.append(parent)
            cur = parent
            if len(chain) > MAX_EXTENDS:
                out.append(_diag(doc, ("extends",), "sem-extends-cycle",
                                 f"`extends` chain longer than {MAX_EXTENDS} variants"))
                broken = True
                break
        info.chain = chain
        if not broken and len(chain) > 1:
            parent_problems = errors(self.check(chain[1]))
            if parent_problems:
                out.append(_diag(doc, ("extends",), "sem-parent-invalid",
                                 f"parent `{chain[1].name}` has "
                                 f"{_summary(chain[1], parent_problems)}"))
                broken = True
        # effective options, root first
        options = Variant().options()
        origins = dict.fromkeys(options, "default")
        for d in reversed(chain):
            assert d.data is not None
            for k, v in (d.data.get("options") or {}).items():
                options[k] = int(v) if isinstance(v, float) and v.is_integer() else v
                origins[k] = _origin(d)
        info.options, info.origins = options, origins
        own: dict[str, Any] = doc.data.get("options") or {}
        out += lint.lint_variant_options(own, options, doc.positions, doc.name)
        if not semantic.scores_possible(options) and (
                len(chain) == 1 or any(k in own for k in _SCORING_OPTIONS)):
            where = next((("options", k) for k in _SCORING_OPTIONS if k in own), ())
            out.append(_diag(doc, where, "sem-no-scoring",
                             "no rule can award a point: group_points_per_tile and "
                             "flower_points are 0 and no mecha bonus applies"))
        if broken:
            return info
        # the tile set: the nearest variant in the chain that names one
        owner = next((d for d in chain if d.data is not None and "tileset" in d.data), None)
        ts_doc: Doc | None = None
        if owner is not None and owner.data is not None:
            ref = owner.data["tileset"]
            info.tileset_ref = ref
            info.tileset_origin = _origin(owner)
            ts_doc = self._resolve(ref, "tileset", owner.folder)
            if owner is doc:
                if ts_doc is None:
                    names = sorted(bundled("tileset"))
                    out.append(_diag(doc, ("tileset",), "sem-unknown-tileset",
                                     f"`tileset: {str(ref)[:80]}` names no tile set file and "
                                     "no bundled tile set", _ref_hint(ref, names, "tile sets")))
                elif ts_doc.kind != "tileset" or errors(self.check(ts_doc)):
                    what = f"is not a valid tile set: {_summary(ts_doc, self.check(ts_doc))}" \
                        if ts_doc.kind in ("tileset", None) else \
                        f"is a {ts_doc.kind}, not a tile set"
                    out.append(_diag(doc, ("tileset",), "sem-tileset-invalid",
                                     f"tile set `{ts_doc.name}` {what}"))
                    ts_doc = None
            elif ts_doc is not None and (ts_doc.kind != "tileset" or errors(self.check(ts_doc))):
                ts_doc = None
        if ts_doc is not None and ts_doc.data is not None:
            from botanik_design.spec.load import tileset_from_data

            tileset = tileset_from_data(ts_doc.data, ts_doc.name)
            info.tileset_doc, info.tileset = ts_doc, tileset
            anchor: JPath = ("tileset",) if owner is doc else ()
            if owner is doc or len(chain) == 1 or any(k in own for k in _SETUP_OPTIONS):
                at: JPath = next((("options", k) for k in _SETUP_OPTIONS if k in own), anchor)
                out += semantic.check_setup(tileset, options, at, doc.positions, doc.name)
            out += lint.lint_variant_tileset(own, options, tileset, ts_doc.data, anchor,
                                             doc.positions, doc.name,
                                             int(Variant().min_group_size))
        if not errors(out):
            info.complete = True
            try:
                info.variant = Variant.from_options(
                    options, name=str(doc.data["variant"]), title=str(doc.data.get("title", "")),
                    tileset=_absolute(info.tileset_ref, owner.folder if owner else None))
            except (TypeError, ValueError):  # the schema knows an option the model does not
                info.variant = None
        return info


def _ref_hint(ref: object, names: list[str], what: str) -> str:
    """A near-miss among bundled names (``standard.yaml`` -> ``standard``), else the list."""
    stem = str(ref).removesuffix(".yaml").removesuffix(".yml").rsplit("/", 1)[-1]
    return near_miss(stem, names) or f"bundled {what}: " + ", ".join(names)


def _origin(doc: Doc) -> str:
    """``standard`` for a bundled variant, ``<variant> (<file>)`` otherwise."""
    assert doc.data is not None
    name = str(doc.data["variant"])
    return name if doc.name == name else f"{name} ({doc.name})"


def _absolute(ref: str | None, folder: Path | None) -> str | None:
    """``ref`` as an absolute path when it names a file relative to ``folder``, else as is."""
    if ref is None:
        return None
    base = folder if folder is not None else Path.cwd()
    try:
        candidate = Path(ref) if Path(ref).is_absolute() else base / ref
        if candidate.is_file():
            return str(candidate.resolve())
    except (OSError, ValueError):
        pass
    return ref


def yaml_files(folder: Path) -> list[Path]:
    """``*.yaml`` and ``*.yml`` files under ``folder``, recursively, sorted.

    Hidden files and folders (``.pre-commit-config.yaml``, ``.github/``) are skipped.

    Raises ``OSError`` only if ``folder`` itself cannot be listed.
    """
    found: list[Path] = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        found += [Path(root) / f for f in files
                  if f.endswith((".yaml", ".yml")) and not f.startswith(".")]
    return sorted(found)


def validate_text(text: str, name: str, kind: str | None = None,
                  base: Path | None = None) -> list[Diagnostic]:
    """Validate one document given as text; ``name`` labels the diagnostics.

    ``kind``: ``"tileset"``, ``"variant"``, ``"record"``, ``"position"`` or
    ``None`` (detect).  ``base``: folder that relative ``tileset``/``extends``
    references resolve against (default: the working directory).  Returns
    the diagnostics sorted by position; never raises on bad input.
    """
    session = Session()
    doc = session.doc_from(text, name, f"text:{name}", base, kind)
    return session.check(doc)


def validate_path(path: Path) -> list[Diagnostic]:
    """Validate a file, or every ``*.yaml``/``*.yml`` file under a folder.

    A missing path gives one ``io-missing`` diagnostic; an unreadable file an
    ``io-unreadable`` one (the other files are still checked).
    """
    session = Session()
    if path.is_dir():
        try:
            files = yaml_files(path)
        except OSError as exc:
            return [Diagnostic(str(path), None, None, "error", "io-unreadable",
                               f"cannot list the folder: {exc.strerror}")]
    elif path.exists():
        files = [path]
    else:
        return [Diagnostic(str(path), None, None, "error", "io-missing",
                           "no such file or folder")]
    out: list[Diagnostic] = []
    for f in files:
        out += session.check(session.read_source(f, str(f)))
    return sorted_diagnostics(out)
