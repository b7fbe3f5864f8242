"""Variants: the ``extends`` chain, effective options with their origins, the tile set.

Semantic checks that need the chain or the tile set (unknown or invalid
parents and tile sets, cycles, enough tiles for the setup, a way to score)
and the variant lint run here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from botanik_design.model.tileset import TileSet
from botanik_design.model.variant import Variant
from botanik_design.model.words import plural
from botanik_design.spec import lint, semantic
from botanik_design.spec.diagnostics import Collector, Diagnostic, errors
from botanik_design.spec.positions import Path as JPath
from botanik_design.spec.refs import bundled
from botanik_design.spec.schema_check import near_miss

if TYPE_CHECKING:
    from botanik_design.spec.session import Doc, Session

#: Longest ``extends`` chain followed.
MAX_EXTENDS = 32
_SETUP_OPTIONS = ("registry_columns", "initial_middle_tiles", "arrival_tiles")
_SCORING_OPTIONS = ("group_points_per_tile", "flower_points", "mecha_bonus", "mecha_botanist")


@dataclass
class VariantInfo:
    """A variant with ``extends`` resolved.

    ``chain`` is the variant and its ancestors, child first.  ``options`` are
    the effective options and ``origins[option]`` names where each came from
    (``"default"`` or ``"<variant> (<file>)"``).  ``chain_ok``: every ancestor
    exists and is valid (the options are then the true effective options).
    ``complete``: no error at all; only then are ``variant`` (and ``tileset``,
    when one is named) set.
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
    chain_ok: bool = False


def _diag(doc: Doc, path: JPath, rule: str, message: str, hint: str = "") -> Diagnostic:
    return Collector(doc.name, doc.positions).at(path, rule, message, hint)


def _summary(doc: Doc, problems: list[Diagnostic]) -> str:
    errs = errors(problems)
    first = errs[0].format() if errs else ""
    return f"{plural(len(errs), 'error')}, first: {first}"


def resolve_variant(session: Session, doc: Doc, info: VariantInfo) -> None:
    """Fill ``info`` for the schema-valid variant ``doc``: its ``extends`` chain, effective
    options and their origins, its tile set, and the diagnostics of all that.

    ``session`` reads and checks the parents and the tile set (each once).
    """
    assert doc.data is not None
    out = info.diagnostics
    chain = [doc]
    cur = doc
    broken = False
    while cur.data is not None and "extends" in cur.data:
        ref = cur.data["extends"]
        parent = session.resolve(ref, "variant", cur.folder)
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
        parent_problems = errors(session.check(chain[1]))
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
        if "tileset" in doc.data:  # still say when the variant's own tile set is wrong
            _own_tileset(session, doc, out)
        return
    info.chain_ok = True
    # the tile set: the nearest variant in the chain that names one
    owner = next((d for d in chain if d.data is not None and "tileset" in d.data), None)
    ts_doc: Doc | None = None
    if owner is not None and owner.data is not None:
        ref = owner.data["tileset"]
        info.tileset_ref = ref
        info.tileset_origin = _origin(owner)
        ts_doc = session.resolve(ref, "tileset", owner.folder)
        if owner is doc:
            ts_doc = _own_tileset(session, doc, out)
        elif ts_doc is not None and (ts_doc.kind != "tileset" or errors(session.check(ts_doc))):
            ts_doc = None
    if ts_doc is not None and ts_doc.data is not None:
        from botanik_design.spec.build import tileset_from_data

        tileset = tileset_from_data(ts_doc.data, ts_doc.name)
        info.tileset_doc, info.tileset = ts_doc, tileset
        anchor: JPath = ("tileset",) if owner is doc else ()
        if owner is doc or len(chain) == 1 or any(k in own for k in _SETUP_OPTIONS):
            at: JPath = next((("options", k) for k in _SETUP_OPTIONS if k in own), anchor)
            out += semantic.check_setup(tileset, options, at, doc.positions, doc.name)
        why = semantic.no_score_reason(tileset, options)
        if why and (owner is doc or len(chain) == 1
                    or any(k in own for k in (*_SCORING_OPTIONS, "min_group_size"))):
            where_ = next((("options", k) for k in ("min_group_size", *_SCORING_OPTIONS)
                           if k in own), anchor)
            out.append(_diag(doc, where_, "sem-no-scoring",
                             f"no rule can award a point with tile set `{tileset.name}`: {why}"))
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




def _own_tileset(session: Session, doc: Doc, out: list[Diagnostic]) -> Doc | None:
    """The valid tile set ``doc`` itself names; else ``None``, with the reason in ``out``."""
    assert doc.data is not None
    ref = doc.data["tileset"]
    ts_doc = session.resolve(ref, "tileset", doc.folder)
    if ts_doc is None:
        names = sorted(bundled("tileset"))
        out.append(_diag(doc, ("tileset",), "sem-unknown-tileset",
                         f"`tileset: {str(ref)[:80]}` names no tile set file and "
                         "no bundled tile set", _ref_hint(ref, names, "tile sets")))
        return None
    if ts_doc.kind != "tileset" or errors(session.check(ts_doc)):
        what = f"is not a valid tile set: {_summary(ts_doc, session.check(ts_doc))}" \
            if ts_doc.kind in ("tileset", None) else f"is a {ts_doc.kind}, not a tile set"
        out.append(_diag(doc, ("tileset",), "sem-tileset-invalid",
                         f"tile set `{ts_doc.name}` {what}"))
        return None
    return ts_doc


def check_refs(session: Session, doc: Doc, invalid: set[str]) -> list[Diagnostic]:
    """For a variant with schema errors: do its own ``extends`` and ``tileset`` (where
    schema-valid) name something that exists?"""
    assert doc.data is not None
    out: list[Diagnostic] = []
    ref = doc.data.get("extends")
    if isinstance(ref, str) and "/extends" not in invalid \
            and session.resolve(ref, "variant", doc.folder) is None:
        out.append(_diag(doc, ("extends",), "sem-unknown-parent",
                         f"`extends: {ref[:80]}` names no variant file and no bundled variant",
                         _ref_hint(ref, sorted(bundled("variant")), "variants")))
    ref = doc.data.get("tileset")
    if isinstance(ref, str) and "/tileset" not in invalid \
            and session.resolve(ref, "tileset", doc.folder) is None:
        out.append(_diag(doc, ("tileset",), "sem-unknown-tileset",
                         f"`tileset: {ref[:80]}` names no tile set file and no bundled tile set",
                         _ref_hint(ref, sorted(bundled("tileset")), "tile sets")))
    return out


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


