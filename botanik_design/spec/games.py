"""Semantic checks of records and positions (everything but the legality of actions).

They mirror what ``botanik-design score`` and ``replay`` reject when they load
such a file (``botanik_design/engine/position.py``, ``record.py``,
``specfiles.py``), with positions: the ``variant`` and ``tileset`` references
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

from collections import Counter
from typing import TYPE_CHECKING, Any

from botanik_design.model.tileset import Kind, TileSet
from botanik_design.model.variant import Variant
from botanik_design.model.words import noun, plural
from botanik_design.spec.diagnostics import Diagnostic, errors
from botanik_design.spec.positions import Path as JPath
from botanik_design.spec.positions import pointer
from botanik_design.spec.refs import bundled
from botanik_design.spec.schema_check import check_schema, near_miss

if TYPE_CHECKING:
    from botanik_design.spec.session import Doc, Session


class _Out:
    def __init__(self, doc: Doc) -> None:
        self.doc = doc
        self.items: list[Diagnostic] = []

    def add(self, path: JPath, rule: str, message: str, hint: str = "",
            level: str = "error") -> None:
        line, col = self.doc.positions.value(path)
        self.items.append(Diagnostic(self.doc.name, line, col,
                                     "warning" if level == "warning" else "error",
                                     rule, message, pointer(path), hint))


def _summary(problems: list[Diagnostic]) -> str:
    errs = errors(problems)
    return f"{plural(len(errs), 'error')}, first: {errs[0].format()}" if errs else "no errors"


def _ref_hint(ref: str, kind: str, what: str) -> str:
    names = sorted(bundled(kind))
    stem = ref.removesuffix(".yaml").removesuffix(".yml").rsplit("/", 1)[-1]
    return near_miss(stem, names) or f"bundled {what}: " + ", ".join(names)


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
                f"`variant: {ref[:80]}` names no variant file and no bundled variant",
                _ref_hint(ref, "variant", "variants"))
        return None
    if vdoc.kind != "variant":
        what = f"is a {vdoc.kind}, not a variant" if vdoc.kind else \
            f"is not a valid variant: {_summary(session.check(vdoc))}"
        out.add(("variant",), "sem-variant-invalid", f"`{vdoc.name}` {what}")
        return None
    problems = errors(session.check(vdoc))
    info = session.variant_info(vdoc) if vdoc.schema_valid else None
    if problems or info is None or info.variant is None:
        out.add(("variant",), "sem-variant-invalid",
                f"variant `{vdoc.name}` is not valid: {_summary(problems)}")
        return None
    return info


def _tileset(session: Session, doc: Doc, info: Any, out: _Out) -> tuple[TileSet | None, JPath]:
    """The tile set the document plays with (its own ``tileset``, else its variant's)."""
    from botanik_design.spec.load import tileset_from_data

    assert doc.data is not None
    if "tileset" in doc.data:
        ref = _str(doc.data, "tileset")
        if ref is None:
            return None, ("tileset",)
        ts_doc = session.resolve(ref, "tileset", doc.folder)
        if ts_doc is None:
            out.add(("tileset",), "sem-unknown-tileset",
                    f"`tileset: {ref[:80]}` names no tile set file and no bundled tile set",
                    _ref_hint(ref, "tileset", "tile sets"))
            return None, ("tileset",)
        problems = errors(session.check(ts_doc))
        if ts_doc.kind != "tileset" or problems or ts_doc.data is None:
            what = f"is a {ts_doc.kind}, not a tile set" if ts_doc.kind not in (
                "tileset", None) else f"is not a valid tile set: {_summary(problems)}"
            out.add(("tileset",), "sem-tileset-invalid", f"tile set `{ts_doc.name}` {what}")
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
            _check_machines(data, tileset, variant, out)
        else:
            _check_deal(data, tileset, out)
    return out.items


def _tile_hint(tid: str, tileset: TileSet) -> str:
    return near_miss(tid, [t.id for t in tileset.tiles]) or \
        f"tile set `{tileset.name}` has {len(tileset.tiles)} tile ids"


def _cell(entry: dict[str, Any]) -> tuple[int, int] | None:
    cell = entry.get("cell")
    if (isinstance(cell, list) and len(cell) == 2
            and all(isinstance(c, int) and not isinstance(c, bool) for c in cell)):
        return int(cell[0]), int(cell[1])
    return None


def _check_machines(data: dict[str, Any], tileset: TileSet, variant: Variant | None,
                    out: _Out) -> None:
    """The tile checks of ``engine.position.position_from_data``, in its order."""
    machines = data.get("machines")
    if not isinstance(machines, list):
        return
    defs = {t.id: t for t in tileset.tiles}
    for p, entries in enumerate(machines[:2]):
        if not isinstance(entries, list):
            continue
        taken: dict[tuple[int, int], int | None] = {(0, 0): None}
        used: Counter[str] = Counter()
        first_use: dict[str, int] = {}
        for k, entry in enumerate(entries):
            if not isinstance(entry, dict):
                continue
            at: JPath = ("machines", p, k)
            tid = entry.get("tile")
            cell = _cell(entry)
            if not isinstance(tid, str) or cell is None:
                continue
            d = defs.get(tid)
            if d is None:
                out.add((*at, "tile"), "sem-unknown-tile",
                        f"no tile `{tid[:80]}` in tile set `{tileset.name}`",
                        _tile_hint(tid, tileset))
                continue
            if cell == (0, 0):
                if d.kind is not Kind.SOURCE:
                    out.add((*at, "cell"), "sem-source-cell",
                            "cell [0, 0] holds the player's Source; no other tile goes there")
                continue
            if d.kind is Kind.SOURCE:
                out.add((*at, "tile"), "sem-source-tile",
                        f"`{tid}` is a Source tile: it is only ever at [0, 0], and need not "
                        "be listed")
                continue
            if cell in taken:
                before = taken[cell]
                first = "the Source" if before is None else f"entry {before}"
                out.add((*at, "cell"), "sem-cell-taken",
                        f"cell [{cell[0]}, {cell[1]}] already holds a tile ({first} of "
                        f"machine {p})", "one tile per cell")
                continue
            taken[cell] = k
            rot = entry.get("rotation", 0)
            if variant is not None and variant.rotation == "fixed" and rot not in (0, None):
                out.add((*at, "rotation"), "lint-rotation-fixed",
                        f"rotation {rot} under `rotation: fixed` (tiles are never turned)",
                        level="warning")
            if variant is not None and d.kind is Kind.MECHA and \
                    variant.mecha_botanist != "wildcard":
                out.add((*at, "tile"), "lint-mecha-in-machine",
                        "a mecha-botanist never enters a machine under `mecha_botanist: swap`",
                        level="warning")
            used[tid] += 1
            first_use.setdefault(tid, k)
        for tid, n in sorted(used.items()):
            if n > defs[tid].copies:
                out.add(("machines", p, first_use[tid], "tile"), "lint-too-many-copies",
                        f"machine {p} holds {n} `{tid}` {noun(n, 'tile')}; the set has "
                        f"{defs[tid].copies}", level="warning")


def _check_deal(data: dict[str, Any], tileset: TileSet, out: _Out) -> None:
    """The ``deal`` checks of ``engine.state.new_game``."""
    deal = data.get("deal")
    if not isinstance(deal, list):
        return
    left = {t.id: t.copies for t in tileset.machine_tiles}
    reported: set[str] = set()
    for k, tid in enumerate(deal):
        if not isinstance(tid, str):
            continue
        if tid not in left:
            is_source = any(t.id == tid for t in tileset.sources)
            out.add(("deal", k), "sem-deal-unknown-tile",
                    f"`{tid[:80]}` is " + ("a Source tile; only machine tiles are dealt"
                                          if is_source else
                                          f"no machine tile of tile set `{tileset.name}`"),
                    "" if is_source else _tile_hint(tid, tileset))
            continue
        if left[tid] == 0:
            if tid in reported:
                continue
            reported.add(tid)
            copies = next(t.copies for t in tileset.machine_tiles if t.id == tid)
            out.add(("deal", k), "sem-deal-too-many",
                    f"`{tid}` is dealt more often than the set has copies ({copies})")
            continue
        left[tid] -= 1
