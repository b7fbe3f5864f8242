"""Variants: the ``extends`` chain, effective options with their origins, the tile set.

Semantic checks that need the chain or the tile set (unknown or invalid
parents and tile sets, cycles, enough tiles for the setup, a way to score)
and the variant lint run here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from botanik_design.games.botanik.model.tileset import TileSet
from botanik_design.games.botanik.model.variant import Variant
from botanik_design.games.botanik.spec import lint, semantic
from botanik_design.spec.chain import (
    MAX_EXTENDS,
    TILESET,
    ChainInfo,
    absolute_ref,
    diag,
    effective_options,
    extends_chain,
    missing_refs,
    named_doc,
    origin,
)
from botanik_design.spec.diagnostics import Diagnostic, errors
from botanik_design.spec.positions import Path as JPath
from botanik_design.spec.refs import kind_name

if TYPE_CHECKING:
    from botanik_design.spec.session import Doc, Session

__all__ = ["MAX_EXTENDS", "VariantInfo", "check_refs", "resolve_variant"]

_SETUP_OPTIONS = ("registry_columns", "initial_middle_tiles", "arrival_tiles")
_SCORING_OPTIONS = ("group_points_per_tile", "flower_points", "mecha_bonus", "mecha_botanist")


@dataclass
class VariantInfo(ChainInfo):
    """A Botanik variant with ``extends`` resolved (:class:`~.chain.ChainInfo`) and its
    tile set: the nearest variant of the chain that names one (``tileset_ref``, from
    ``tileset_origin``).  Only when ``complete`` are ``variant`` (and ``tileset``, when
    one is named) set.
    """

    tileset_ref: str | None = None
    tileset_origin: str = ""
    tileset_doc: Doc | None = None
    tileset: TileSet | None = None
    variant: Variant | None = None




def _other_parents() -> dict[str, str]:
    """A parent of another game's variant kind, in the ``sem-parent-invalid`` message (a
    file without ``game:`` is a Botanik variant, so another game's variant that forgot
    the key lands here)."""
    from botanik_design.games.registry import entries

    return {e.variant_kind: f"is {kind_name(e.variant_kind)}, not a Botanik variant: this "
                            f"file has no `game: {e.name}`, so it is read as a Botanik variant"
            for e in entries() if e.variant_kind and e.variant_kind != "variant"}


def variant_info(session: Session, doc: Doc) -> VariantInfo:
    """A schema-valid variant with ``extends`` resolved (computed once per document and run)."""
    return session.resolved(doc, VariantInfo, resolve_variant)


def resolve_variant(session: Session, doc: Doc, info: VariantInfo) -> None:
    """Fill ``info`` for the schema-valid variant ``doc``: its ``extends`` chain, effective
    options and their origins, its tile set, and the diagnostics of all that.

    ``session`` reads and checks the parents and the tile set (each once).
    """
    assert doc.data is not None
    out = info.diagnostics
    chain, broken = extends_chain(session, doc, "variant", "variant", "variants", out,
                                  _other_parents())
    info.chain = chain
    options, origins = effective_options(chain, Variant().options())
    info.options, info.origins = options, origins
    own: dict[str, Any] = doc.data.get("options") or {}
    out += lint.lint_variant_options(own, options, doc.positions, doc.name)
    if not semantic.scores_possible(options) and (
            len(chain) == 1 or any(k in own for k in _SCORING_OPTIONS)):
        where = next((("options", k) for k in _SCORING_OPTIONS if k in own), ())
        out.append(diag(doc, where, "sem-no-scoring",
                         "no rule can award a point: group_points_per_tile and "
                         "flower_points are 0 and no mecha bonus applies"))
    if broken:
        if "tileset" in doc.data:  # still say when the variant's own tile set is wrong
            named_doc(session, doc, TILESET, out)
        return
    info.chain_ok = True
    # the tile set: the nearest variant in the chain that names one
    owner = next((d for d in chain if d.data is not None and "tileset" in d.data), None)
    ts_doc: Doc | None = None
    if owner is not None and owner.data is not None:
        ref = owner.data["tileset"]
        info.tileset_ref = ref
        info.tileset_origin = origin(owner)
        ts_doc = session.resolve(ref, "tileset", owner.folder)
        if owner is doc:
            ts_doc = named_doc(session, doc, TILESET, out)
        elif ts_doc is not None and (ts_doc.kind != "tileset" or errors(session.check(ts_doc))):
            ts_doc = None
    if ts_doc is not None and ts_doc.data is not None:
        from botanik_design.games.botanik.spec.build import tileset_from_data

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
            out.append(diag(doc, where_, "sem-no-scoring",
                             f"no rule can award a point with tile set `{tileset.name}`: {why}"))
        out += lint.lint_variant_tileset(own, options, tileset, ts_doc.data, anchor,
                                         doc.positions, doc.name,
                                         int(Variant().min_group_size))
    if not errors(out):
        info.complete = True
        try:
            info.variant = Variant.from_options(
                options, name=str(doc.data["variant"]), title=str(doc.data.get("title", "")),
                tileset=absolute_ref(info.tileset_ref, owner.folder if owner else None))
        except (TypeError, ValueError):  # the schema knows an option the model does not
            info.variant = None


def check_refs(session: Session, doc: Doc, invalid: set[str]) -> list[Diagnostic]:
    """For a variant with schema errors: do its own ``extends`` and ``tileset`` (where
    schema-valid) name something that exists?"""
    return missing_refs(session, doc, invalid, "variant", "variants", TILESET)
