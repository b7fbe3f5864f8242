"""Hive variants: the ``extends`` chain, effective options with their origins, the piece set.

A Hive variant (``game: hive``, schema ``spec/hive-variant.schema.json``) may
extend only another Hive variant.  Its piece set is the one the nearest
variant of the chain names (``pieceset``); when none does, the base set plus
one of each listed expansion bug (:meth:`PieceSet.standard`).  The semantic
checks and lint of :mod:`.hive_semantic` run on the effective options.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from botanik_design.games.hive.model import HiveVariant, PieceSet
from botanik_design.games.hive.spec import semantic as hive_semantic
from botanik_design.spec.chain import (
    MAX_EXTENDS,
    PIECESET,
    ChainInfo,
    absolute_ref,
    effective_options,
    extends_chain,
    missing_refs,
    named_doc,
    origin,
    ref_hint,
)
from botanik_design.spec.diagnostics import Diagnostic, errors
from botanik_design.spec.positions import Path as JPath
from botanik_design.spec.refs import kind_name

if TYPE_CHECKING:
    from botanik_design.spec.session import Doc, Session

__all__ = ["MAX_EXTENDS", "STANDARD_ORIGIN", "HiveVariantInfo", "check_refs", "own_pieceset",
           "ref_hint", "resolve_hive_variant"]



def _other_parents() -> dict[str, str]:
    """A parent of the kind ``variant`` (a file without ``game: hive``), in the
    ``sem-parent-invalid`` message."""
    return {"variant": f"is {kind_name('variant')}, not a Hive variant (it has no "
                       "`game: hive`)"}

#: ``pieceset_origin`` when no variant of the chain names a piece set.
STANDARD_ORIGIN = "default: the base set plus the listed expansion bugs"


@dataclass
class HiveVariantInfo(ChainInfo):
    """A Hive variant with ``extends`` resolved (:class:`~.chain.ChainInfo`) and its
    effective piece set ``pieces`` (named by ``pieceset_ref``, from
    ``pieceset_origin``).  Only when ``complete`` is ``variant`` set.
    """

    pieceset_ref: str | None = None
    pieceset_origin: str = ""
    pieces: PieceSet | None = None
    variant: HiveVariant | None = None


def own_pieceset(session: Session, doc: Doc, out: list[Diagnostic],
                 path: JPath = ("pieceset",)) -> Doc | None:
    """The valid piece set ``doc`` names at ``path``; else ``None``, the reason in ``out``."""
    return named_doc(session, doc, PIECESET, out, path)


def hive_variant_info(session: Session, doc: Doc) -> HiveVariantInfo:
    """A schema-valid Hive variant with ``extends`` resolved (once per document and run)."""
    return session.resolved(doc, HiveVariantInfo, resolve_hive_variant)


def resolve_hive_variant(session: Session, doc: Doc, info: HiveVariantInfo) -> None:
    """Fill ``info`` for the schema-valid Hive variant ``doc``: chain, effective options,
    piece set, and the diagnostics of all that (semantic errors and lint)."""
    assert doc.data is not None
    out = info.diagnostics
    chain, broken = extends_chain(session, doc, "hive-variant", "Hive variant", "Hive variants",
                                  out, _other_parents())
    info.chain = chain
    options, origins = effective_options(chain, HiveVariant().options())
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
        info.pieceset_origin = origin(owner)
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
                pieceset=absolute_ref(info.pieceset_ref, owner.folder if owner else None),
                pieces=pieces)
        except (TypeError, ValueError):  # the schema knows an option the model does not
            info.variant = None


def check_refs(session: Session, doc: Doc, invalid: set[str]) -> list[Diagnostic]:
    """For a Hive variant with schema errors: do its own ``extends`` and ``pieceset`` (where
    schema-valid) name something that exists?"""
    return missing_refs(session, doc, invalid, "hive-variant", "Hive variants", PIECESET)
