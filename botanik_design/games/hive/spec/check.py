"""Checks of the Hive kinds of spec: piece sets, Hive variants, Hive records and Hive
positions.  The validator calls :func:`check` through Hive's entry
(:data:`botanik_design.games.hive.ENTRY`) for every readable document of these kinds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from botanik_design.games.hive.spec import semantic as hive_semantic
from botanik_design.games.hive.spec.games import check_hive_game
from botanik_design.games.hive.spec.variants import check_refs, hive_variant_info
from botanik_design.spec.diagnostics import Diagnostic

if TYPE_CHECKING:
    from botanik_design.spec.session import Doc, Session

#: The kinds this module checks.
KINDS = frozenset({"pieceset", "hive-variant", "hive-record", "hive-position"})


def check(session: Session, doc: Doc) -> list[Diagnostic]:
    """Semantic errors and lint of a Hive document; for one with schema errors, the checks
    that still apply to its schema-valid parts (:func:`check_partial`)."""
    assert doc.data is not None
    if not doc.schema_valid:
        trusted, invalid = doc.trusted(), doc.invalid()
        if trusted is None or trusted.data is None or invalid is None:
            return []
        return check_partial(session, trusted, invalid)
    if doc.kind == "pieceset":
        return (hive_semantic.check_pieceset(doc.data, doc.positions, doc.name)
                + hive_semantic.lint_pieceset(doc.data, doc.positions, doc.name))
    if doc.kind == "hive-variant":
        return list(hive_variant_info(session, doc).diagnostics)
    if doc.kind in ("hive-record", "hive-position"):
        return check_hive_game(session, doc)
    return []


def check_partial(session: Session, doc: Doc, invalid: set[str]) -> list[Diagnostic]:
    """The checks that still run on a Hive document with schema errors: a Hive variant's
    own references; a record's or position's variant and board, where schema-valid."""
    # a value the YAML reader rejected (`pieceset: yes`) is a placeholder: not a reference
    rejected = {d.json_path for d in doc.diagnostics if d.level == "error"}
    if doc.kind == "hive-variant":
        return check_refs(session, doc, set(invalid) | rejected)
    if doc.kind in ("hive-record", "hive-position"):
        return check_hive_game(session, doc, set(invalid) | rejected)
    return []
