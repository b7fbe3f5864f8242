"""Hive variants: the ``extends`` chain, effective options with their origins, the piece set.

A Hive variant (``game: hive``, schema ``spec/hive-variant.schema.json``) may
extend only another Hive variant.  Its piece set is the one the nearest
variant of the chain names (``pieceset``); when none does, the base set plus
one of each listed expansion bug (:meth:`PieceSet.standard`).  The semantic
checks and lint of :mod:`.hive_semantic` run on the effective options.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from botanik_design.model.hive import HiveVariant, PieceSet
from botanik_design.model.words import plural
from botanik_design.spec import hive_semantic
from botanik_design.spec.diagnostics import Diagnostic, errors
from botanik_design.spec.positions import Path as JPath
from botanik_design.spec.positions import pointer
from botanik_design.spec.refs import bundled, no_file, tried
from botanik_design.spec.schema_check import near_miss

if TYPE_CHECKING:
    from botanik_design.spec.session import Doc, Session

#: Longest ``extends`` chain followed.
MAX_EXTENDS = 32

#: ``pieceset_origin`` when no variant of the chain names a piece set.
STANDARD_ORIGIN = "default: the base set plus the listed expansion bugs"


@dataclass
class HiveVariantInfo:
    """A Hive variant with ``extends`` resolved.

    ``chain``: the variant and its ancestors, child first.  ``options``: the
    effective options, ``origins[option]`` where each came from (``"default"``
    or ``"<variant> (<file>)"``).  ``pieces``: the effective piece set (named by
    ``pieceset_ref``, from ``pieceset_origin``).  ``chain_ok``: every ancestor
    exists and is valid.  ``complete``: no error at all; only then is
    ``variant`` set.
    """

    doc: Doc
    chain: list[Doc] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    origins: dict[str, str] = field(default_factory=dict)
    pieceset_ref: str | None = None
    pieceset_origin: str = ""
    pieces: PieceSet | None = None
    variant: HiveVariant | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    complete: bool = False
    chain_ok: bool = False


def _diag(doc: Doc, path: JPath, rule: str, message: str, hint: str = "") -> Diagnostic:
    line, col = doc.positions.value(path)
    return Diagnostic(doc.name, line, col, "error", rule, message, pointer(path), hint)


def _summary(problems: list[Diagnostic]) -> str:
    errs = errors(problems)
    return f"{plural(len(errs), 'error')}, first: {errs[0].format()}" if errs else "no errors"


def ref_hint(ref: object, kind: str, what: str) -> str:
    """A near-miss among bundled names (``hive-bas`` -> ``hive-base``), else the list."""
    names = sorted(bundled(kind))
    stem = str(ref).removesuffix(".yaml").removesuffix(".yml").rsplit("/", 1)[-1]
    return near_miss(stem, names) or f"bundled {what}: " + ", ".join(names)


def _origin(doc: Doc) -> str:
    assert doc.data is not None
    name = str(doc.data["variant"])
    return name if doc.name == name else f"{name} ({doc.name})"


def _parent_problem(parent: Doc) -> str:
    if parent.kind == "variant":
        return "is a Botanik variant, not a Hive variant (it has no `game: hive`)"
    if parent.kind not in ("hive-variant", None):
        return f"is a {parent.kind}, not a Hive variant"
    return f"is not a valid Hive variant: {_summary(parent.diagnostics)}"


def _chain(session: Session, doc: Doc, out: list[Diagnostic]) -> tuple[list[Doc], bool]:
    """The ``extends`` chain of ``doc`` (child first) and whether it broke."""
    chain = [doc]
    cur = doc
    while cur.data is not None and "extends" in cur.data:
        ref = cur.data["extends"]
        parent = session.resolve(ref, "hive-variant", cur.folder)
        if parent is None:
            if cur is doc:
                out.append(_diag(doc, ("extends",), "sem-unknown-parent",
                                 no_file("extends", ref, "variant", cur.folder),
                                 ref_hint(ref, "hive-variant", "Hive variants")))
            else:
                out.append(_diag(doc, ("extends",), "sem-parent-invalid",
                                 f"ancestor `{cur.name}` extends `{ref}`, which does not exist "
                                 f"({tried(ref, cur.folder)})"))
            return chain, True
        if any(parent.key == c.key for c in chain):
            loop = " -> ".join([c.name for c in chain] + [parent.name])
            out.append(_diag(doc, ("extends",), "sem-extends-cycle",
                             f"`extends` forms a cycle: {loop}"))
            return chain, True
        if parent.kind != "hive-variant" or not parent.schema_valid:
            out.append(_diag(doc, ("extends",), "sem-parent-invalid",
                             f"parent `{parent.name}` {_parent_problem(parent)}"))
            return chain, True
        chain.append(parent)
        cur = parent
        if len(chain) > MAX_EXTENDS:
            out.append(_diag(doc, ("extends",), "sem-extends-cycle",
                             f"`extends` chain longer than {MAX_EXTENDS} variants"))
            return chain, True
    if len(chain) > 1:
        problems = errors(session.check(chain[1]))
        if problems:
            out.append(_diag(doc, ("extends",), "sem-parent-invalid",
                             f"parent `{chain[1].name}` has {_summary(problems)}"))
            return chain, True
    return chain, False


def own_pieceset(session: Session, doc: Doc, out: list[Diagnostic],
                 path: JPath = ("pieceset",)) -> Doc | None:
    """The valid piece set ``doc`` names at ``path``; else ``None``, the reason in ``out``."""
    assert doc.data is not None
    ref: Any = doc.data
    for p in path:
        ref = ref[p]
    ps_doc = session.resolve(ref, "pieceset", doc.folder)
    if ps_doc is None:
        out.append(_diag(doc, path, "sem-unknown-pieceset",
                         no_file("pieceset", ref, "piece set", doc.folder),
                         ref_hint(ref, "pieceset", "piece sets")))
        return None
    if ps_doc.kind != "pieceset" or errors(session.check(ps_doc)):
        what = f"is not a valid piece set: {_summary(session.check(ps_doc))}" \
            if ps_doc.kind in ("pieceset", None) else f"is a {ps_doc.kind}, not a piece set"
        out.append(_diag(doc, path, "sem-pieceset-invalid", f"piece set `{ps_doc.name}` {what}"))
        return None
    return ps_doc


def resolve_hive_variant(session: Session, doc: Doc, info: HiveVariantInfo) -> None:
    """Fill ``info`` for the schema-valid Hive variant ``doc``: chain, effective options,
    piece set, and the diagnostics of all that (semantic errors and lint)."""
    assert doc.data is not None
    out = info.diagnostics
    chain, broken = _chain(session, doc, out)
    info.chain = chain
    options = HiveVariant().options()
    origins = dict.fromkeys(options, "default")
    for d in reversed(chain):
        assert d.data is not None
        for k, v in (d.data.get("options") or {}).items():
            options[k] = int(v) if isinstance(v, float) and v.is_integer() else v
            origins[k] = _origin(d)
    info.options, info.origins = options, origins
    out += hive_semantic.lint_options(doc.data, options, doc.positions, doc.name)
    if broken:
        if "pieceset" in doc.data:  # still say when the variant's own piece set is wrong
            own_pieceset(session, doc, out)
        return
    info.chain_ok = True
    owner = next((d for d in chain if d.data is not None and "pieceset" in d.data), None)
    pieces: PieceSet | None
    if owner is None:
        pieces = PieceSet.standard(tuple(options["expansions"]))
        info.pieceset_origin = STANDARD_ORIGIN
    else:
        assert owner.data is not None
        info.pieceset_ref = str(owner.data["pieceset"])
        info.pieceset_origin = _origin(owner)
        ps_doc = own_pieceset(session, owner, out if owner is doc else [])
        pieces = hive_semantic.pieceset_from_data(ps_doc.data) \
            if ps_doc is not None and ps_doc.data is not None else None
    info.pieces = pieces
    if pieces is not None:
        out += hive_semantic.check_options(doc.data, options, pieces, doc.positions, doc.name)
    if not errors(out) and pieces is not None:
        info.complete = True
        try:
            info.variant = HiveVariant.from_options(
                options, name=str(doc.data["variant"]), title=str(doc.data.get("title", "")),
                pieceset=_absolute(info.pieceset_ref, owner), pieces=pieces)
        except (TypeError, ValueError):  # the schema knows an option the model does not
            info.variant = None


def _absolute(ref: str | None, owner: Doc | None) -> str | None:
    """``ref`` as an absolute path when it names a file relative to its variant, else as is
    (a bundled name)."""
    if ref is None or owner is None:
        return ref
    base = owner.folder if owner.folder is not None else Path.cwd()
    try:
        candidate = Path(ref) if Path(ref).is_absolute() else base / ref
        if candidate.is_file():
            return str(candidate.resolve())
    except (OSError, ValueError):
        pass
    return ref


def check_refs(session: Session, doc: Doc, invalid: set[str]) -> list[Diagnostic]:
    """For a Hive variant with schema errors: do its own ``extends`` and ``pieceset`` (where
    schema-valid) name something that exists?"""
    assert doc.data is not None
    out: list[Diagnostic] = []
    ref = doc.data.get("extends")
    if isinstance(ref, str) and "/extends" not in invalid \
            and session.resolve(ref, "hive-variant", doc.folder) is None:
        out.append(_diag(doc, ("extends",), "sem-unknown-parent",
                         no_file("extends", ref, "variant", doc.folder),
                         ref_hint(ref, "hive-variant", "Hive variants")))
    ref = doc.data.get("pieceset")
    if isinstance(ref, str) and "/pieceset" not in invalid \
            and session.resolve(ref, "pieceset", doc.folder) is None:
        out.append(_diag(doc, ("pieceset",), "sem-unknown-pieceset",
                         no_file("pieceset", ref, "piece set", doc.folder),
                         ref_hint(ref, "pieceset", "piece sets")))
    return out
