"""Semantic checks of records and positions (everything but the legality of actions).

The tile and deal checks are :mod:`botanik_design.games.botanik.spec.layout`'s, which
``botanik-design score`` and ``replay`` use too (``engine/position.py``,
``engine/state.py``); with positions: the ``variant`` and ``tileset`` references
exist and are valid, ``options`` overrides are variant options, a tile set is
known, every tile id exists, no two tiles share a cell, the Source stays at
``(0, 0)``, and a ``deal`` names machine tiles no more often than the set has
copies.  What the engine only warns about (rotation under ``rotation: fixed``,
a mecha-botanist in a ``swap`` machine, more copies than the set holds) is a
``lint-*`` warning here.  Whether the actions of a record are legal needs the
engine; ``botanik-design validate`` replays records for that
(``record-illegal-action``).  This module never imports the engine.

Each check runs on the parts of the document that are schema-valid, so a
schema error elsewhere does not hide them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from botanik_design.games.botanik.model.tileset import TileSet
from botanik_design.games.botanik.model.variant import Variant
from botanik_design.games.botanik.spec.layout import LayoutProblem, deal_problems, machine_problems
from botanik_design.games.botanik.spec.variants import variant_info
from botanik_design.spec.chain import TILESET, named_doc, ref_hint, summary
from botanik_design.spec.diagnostics import Collector, Diagnostic, errors
from botanik_design.spec.positions import Path as JPath
from botanik_design.spec.refs import kind_name, no_file
from botanik_design.spec.schema_check import check_schema

if TYPE_CHECKING:
    from botanik_design.spec.session import Doc, Session


class _Out(Collector):
    def __init__(self, doc: Doc) -> None:
        super().__init__(doc.name, doc.positions)
        self.doc = doc


def _str(data: dict[str, Any], key: str) -> str | None:
    value = data.get(key)
    return value if isinstance(value, str) and value else None


def _variant(session: Session, doc: Doc, out: _Out) -> Any:
    """The :class:`VariantInfo` of the document's valid variant, else ``None`` (reported)."""
    assert doc.data is not None
    ref = _str(doc.data, "variant")
    if ref is None:
        return None
    vdoc = session.resolve(ref, "variant", doc.folder)
    if vdoc is None:
        out.add(("variant",), "sem-unknown-variant",
                no_file("variant", ref, "variant", doc.folder),
                ref_hint(ref, "variant", "variants"))
        return None
    if vdoc.kind != "variant":
        what = f"is {kind_name(vdoc.kind)}, not a variant" if vdoc.kind else \
            f"is not a valid variant: {summary(session.check(vdoc))}"
        out.add(("variant",), "sem-variant-invalid", f"`{vdoc.name}` {what}")
        return None
    problems = errors(session.check(vdoc))
    info = variant_info(session, vdoc) if vdoc.schema_valid else None
    if problems or info is None or info.variant is None:
        out.add(("variant",), "sem-variant-invalid",
                f"variant `{vdoc.name}` is not valid: {summary(problems)}")
        return None
    return info


def _tileset(session: Session, doc: Doc, info: Any, out: _Out) -> tuple[TileSet | None, JPath]:
    """The tile set the document plays with (its own ``tileset``, else its variant's)."""
    from botanik_design.games.botanik.spec.build import tileset_from_data

    assert doc.data is not None
    if "tileset" in doc.data:
        ref = _str(doc.data, "tileset")
        if ref is None:
            return None, ("tileset",)
        ts_doc = named_doc(session, doc, TILESET, out.items)
        if ts_doc is None or ts_doc.data is None:
            return None, ("tileset",)
        return tileset_from_data(ts_doc.data, ts_doc.name), ("tileset",)
    if info is None:
        return None, ("variant",)
    if info.tileset_ref is None:
        out.add(("variant",), "sem-no-tileset",
                f"variant `{info.doc.name}` names no tile set, and neither does this file",
                "name one with `tileset:` (e.g. `tileset: botanik`)")
        return None, ("variant",)
    if info.tileset is None:
        return None, ("variant",)
    tileset: TileSet = info.tileset
    return tileset, ("variant",)


def _rules(info: Any, doc: Doc, option_errors: bool) -> Variant | None:
    """The variant with the document's ``options`` applied (``None`` if that fails)."""
    assert doc.data is not None
    if info is None or info.variant is None:
        return None
    options = dict(info.variant.options())
    own = doc.data.get("options")
    if isinstance(own, dict) and own:
        if option_errors:
            return None
        options.update(own)
    try:
        variant: Variant = Variant.from_options(options, name=info.variant.name)
    except (TypeError, ValueError):
        return None
    return variant


def check_game(session: Session, doc: Doc) -> list[Diagnostic]:
    """Semantic diagnostics of a record or position (``doc.kind``), schema errors aside."""
    data = doc.data
    if not isinstance(data, dict) or doc.kind not in ("record", "position"):
        return []
    out = _Out(doc)
    own = data.get("options")
    option_diags: list[Diagnostic] = []
    if isinstance(own, dict) and own:
        option_diags = check_schema({"variant": "options", "options": own}, "variant",
                                    doc.positions, doc.name)
        out.items += option_diags
    info = _variant(session, doc, out)
    tileset, _ = _tileset(session, doc, info, out)
    variant = _rules(info, doc, bool(option_diags))
    if tileset is not None:
        if doc.kind == "position":
            _report(machine_problems(data.get("machines"), tileset, variant), out)
        else:
            _report(deal_problems(data.get("deal"), tileset), out)
    return out.items


def _report(problems: list[LayoutProblem], out: _Out) -> None:
    for p in problems:
        out.add(p.path, p.rule, p.message, p.hint)
