"""Checks of Botanik's kinds of spec beyond YAML and the schema: tile sets, variants,
records and positions.  The validator calls :func:`check` through Botanik's entry
(:data:`botanik_design.games.botanik.ENTRY`) for every readable document of these kinds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from botanik_design.games.botanik.model.variant import Variant
from botanik_design.games.botanik.spec import games, lint, semantic
from botanik_design.games.botanik.spec.variants import check_refs, variant_info
from botanik_design.spec.diagnostics import Diagnostic

if TYPE_CHECKING:
    from botanik_design.spec.session import Doc, Session


def check(session: Session, doc: Doc) -> list[Diagnostic]:
    """Semantic errors and lint of ``doc``; for a document with schema errors, the checks
    that still apply to its schema-valid parts (a variant's references, a record's game)."""
    assert doc.data is not None
    out: list[Diagnostic] = []
    if doc.schema_valid:
        if doc.kind == "tileset":
            out += semantic.check_tileset(doc.data, doc.positions, doc.name)
            out += lint.lint_tileset(doc.data, doc.positions, doc.name,
                                     int(Variant().min_group_size))
        elif doc.kind == "variant":
            out += variant_info(session, doc).diagnostics
    else:
        out += _partial(session, doc)
    trusted = doc.trusted() if doc.kind in ("record", "position") else None
    if trusted is not None:
        out += games.check_game(session, trusted)
    return out


def _partial(session: Session, doc: Doc) -> list[Diagnostic]:
    trusted = doc.trusted()
    invalid = doc.invalid()
    if trusted is None or trusted.data is None or invalid is None:
        return []
    if doc.kind == "tileset":
        return semantic.check_tileset(trusted.data, doc.positions, doc.name, invalid)
    if doc.kind == "variant":
        return check_refs(session, trusted, invalid)
    return []
