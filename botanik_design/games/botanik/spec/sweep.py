"""The Botanik side of sweeps: a base variant and tile set, option and tile axes, each
point's rules.

:mod:`botanik_design.spec.sweep` calls these (through :data:`HOOKS`, which the game's
entry names) when the sweep's ``base.variant`` is a Botanik variant.  Option names are
those of :class:`~botanik_design.games.botanik.model.variant.Variant`, values checked
against ``spec/variant.schema.json``; a ``tiles: {...}`` axis with ``field: copies`` or
``field: flowers`` changes every matching machine tile of the base tile set (``change:
set`` or ``add``).  Every point goes through the setup and scoring rules
(:mod:`~botanik_design.games.botanik.spec.semantic`: enough tiles for the setup, some rule
that can award a point), so what ``validate`` accepts is what ``sweep`` plays.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from botanik_design.games.botanik.model.tileset import TileDef, TileSet
from botanik_design.games.botanik.model.variant import Variant
from botanik_design.games.botanik.spec import semantic
from botanik_design.games.botanik.spec.variants import variant_info
from botanik_design.model.sweep import Axis
from botanik_design.model.words import near_miss
from botanik_design.spec.chain import summary
from botanik_design.spec.diagnostics import errors
from botanik_design.spec.positions import Path as JPath
from botanik_design.spec.positions import Positions
from botanik_design.spec.refs import bundled, kind_name, no_file
from botanik_design.spec.schema_check import check_schema
from botanik_design.spec.sweep import SweepBase, SweepHooks, SweepReport, ValuesOf, value_text

if TYPE_CHECKING:
    from botanik_design.spec.session import Doc, Session

#: Bounds of the tile fields a tiles axis can change (the tile set schema's, 0 copies
#: meaning the tile is left out).
TILE_FIELD_BOUNDS = {"copies": (0, 100), "flowers": (0, 9)}
#: The tile set of a base whose variant names none.
DEFAULT_TILESET = "botanik"
#: Options that can make a point unplayable (setup size, scoring).
CAUSES = frozenset({"registry_columns", "initial_middle_tiles", "arrival_tiles",
                    "group_points_per_tile", "flower_points", "mecha_bonus",
                    "mecha_botanist", "min_group_size"})


def base(session: Session, doc: Doc, vdoc: Doc, out: SweepReport) -> SweepBase | None:
    """The base variant and tile set (``None`` when either is invalid; reported)."""
    from botanik_design.games.botanik.spec.build import tileset_from_data

    assert doc.data is not None
    raw = doc.data["base"]
    if vdoc.kind != "variant" or errors(session.check(vdoc)):
        other = f"is {kind_name(vdoc.kind)}, not a variant"
        what = other if vdoc.kind not in ("variant", None) else \
            "is not a valid variant: " + summary(session.check(vdoc))
        out.add(("base", "variant"), "sweep-variant-invalid", f"`{vdoc.name}` {what}")
        return None
    info = variant_info(session, vdoc)
    variant = info.variant
    if variant is None:
        out.add(("base", "variant"), "sweep-variant-invalid",
                f"`{vdoc.name}`: its options do not fit the model of a variant")
        return None
    ts_ref = raw.get("tileset")
    if ts_ref is None and info.tileset is not None:
        return _based(variant, info.tileset, vdoc.name, info.tileset.name)
    ts_ref = ts_ref or DEFAULT_TILESET
    at: JPath = ("base", "tileset") if "tileset" in raw else ("base",)
    ts_doc = session.resolve(ts_ref, "tileset", doc.folder)
    if ts_doc is None:
        names = sorted(bundled("tileset"))
        out.add(at, "sweep-unknown-tileset",
                no_file("tileset", ts_ref, "tile set", doc.folder),
                near_miss(ts_ref, names) or "bundled tile sets: " + ", ".join(names))
        return None
    problems = errors(session.check(ts_doc))
    if ts_doc.kind != "tileset" or problems or ts_doc.data is None:
        other = f"is {kind_name(ts_doc.kind)}, not a tile set"
        what = other if ts_doc.kind not in ("tileset", None) \
            else "is not a valid tile set: " + summary(problems)
        out.add(at, "sweep-tileset-invalid", f"`{ts_doc.name}` {what}")
        return None
    return _based(variant, tileset_from_data(ts_doc.data, ts_doc.name), vdoc.name,
                  ts_doc.name)


def _based(variant: Variant, tileset: TileSet, vname: str, tname: str) -> SweepBase:
    return SweepBase(names={"variant": vname, "tileset": tname}, options=variant.options(),
                     params={"variant": variant, "tileset": tileset},
                     context=(variant, tileset))


def _option_value_problem(option: str, value: Any) -> str:
    """Why the variant schema refuses ``value`` for ``option`` (``""``: accepted)."""
    found = check_schema({"variant": "x", "options": {option: value}}, "variant",
                         Positions(), "sweep")
    return found[0].message if found else ""


def _matches(tile: TileDef, selector: tuple[tuple[str, str], ...]) -> bool:
    for key, want in selector:
        have = {"id": tile.id, "type": str(tile.type), "colour": tile.colour,
                "kind": str(tile.kind)}[key]
        if have != want:
            return False
    return True


def _selector_hint(selector: tuple[tuple[str, str], ...], tileset: TileSet) -> str:
    for key, want in selector:
        if key == "id":
            hint = near_miss(want, [t.id for t in tileset.machine_tiles])
        elif key == "colour":
            hint = near_miss(want, [c.name for c in tileset.colours])
        else:
            continue
        if hint:
            return hint
    return f"tile set `{tileset.name}` has {len(tileset.machine_tiles)} machine tile definitions"


def axis(raw: dict[str, Any], i: int, based: SweepBase, out: SweepReport,
         values_of: ValuesOf) -> Axis | None:
    """The axis ``raw`` (``axes[i]``) of a Botanik sweep (``None``: reported)."""
    _, tileset = based.context
    at: JPath = ("axes", i)
    if ("option" in raw) == ("tiles" in raw):
        out.add(at, "sweep-axis", "an axis varies either an `option` or some `tiles` "
                "(exactly one of them)",
                "e.g. `option: mecha_bonus` or `tiles: {type: cross}` with `field: copies`")
        return None
    got = values_of(raw, at)
    if got is None:
        return None
    values, where = got
    if "option" in raw:
        return _option_axis(raw, at, values, where, out)
    selector = tuple((k, str(v)) for k, v in raw["tiles"].items())
    field = raw.get("field")
    if field is None:
        out.add(at, "sweep-axis", "a `tiles` axis needs `field: copies` or `field: flowers`")
        return None
    change = raw.get("change", "set")
    matched = [t for t in tileset.machine_tiles if _matches(t, selector)]
    if not matched:
        what = ", ".join(f"{k} {v}" for k, v in selector)
        out.add((*at, "tiles"), "sweep-no-tile",
                f"no machine tile of tile set `{tileset.name}` has {what}",
                _selector_hint(selector, tileset))
        return None
    lo, hi = TILE_FIELD_BOUNDS[field]
    ok = True
    for value, path in zip(values, where, strict=True):
        if not isinstance(value, int) or isinstance(value, bool):
            out.add(path, "sweep-bad-value", f"`{field}` values are whole numbers, "
                    f"not {value_text(value)}")
            ok = False
            continue
        for t in matched:
            new = value + getattr(t, field) if change == "add" else value
            if not lo <= new <= hi:
                out.add(path, "sweep-bad-value",
                        f"{field} of `{t.id}` would be {new}; it must be {lo} to {hi}",
                        f"`{t.id}` has {getattr(t, field)}" if change == "add" else "")
                ok = False
                break
    sel = " ".join(v for _, v in selector)
    default = f"{field} {'+' if change == 'add' else '='} ({sel})"
    label = raw.get("label", default)
    return Axis(label, tuple(values), tiles=selector, field=field, change=change) if ok else None


def _option_axis(raw: dict[str, Any], at: JPath, values: list[Any], where: list[JPath],
                 out: SweepReport) -> Axis | None:
    option = raw["option"]
    ok = True
    for extra in ("field", "change"):
        if extra in raw:
            out.add((*at, extra), "sweep-axis",
                    f"`{extra}` applies to a `tiles` axis, not to an option")
            ok = False
    if option not in Variant.option_names():
        out.add((*at, "option"), "sweep-unknown-option",
                f"`{option[:80]}` is not an option of Botanik variants",
                near_miss(option, Variant.option_names())
                or "options: " + ", ".join(Variant.option_names()))
        return None
    for value, path in zip(values, where, strict=True):
        why = _option_value_problem(option, value)
        if why:
            out.add(path, "sweep-bad-value", f"`{option}` cannot be {value_text(value)}: {why}")
            ok = False
    label = raw.get("label", option)
    return Axis(label, tuple(values), option=option) if ok else None


def keys(axis: Axis, based: SweepBase) -> list[tuple[str, str]]:
    """What a tiles axis changes: ``(field, tile id)`` of every matching tile."""
    _, tileset = based.context
    assert axis.field is not None
    return [(axis.field, t.id) for t in tileset.machine_tiles if _matches(t, axis.tiles)]


def apply_tiles(tileset: TileSet, changes: list[tuple[Axis, Any]]) -> TileSet:
    """``tileset`` with each tiles-axis value applied (a tile with 0 copies is left out)."""
    if not changes:
        return tileset
    tiles: list[TileDef] = []
    for t in tileset.tiles:
        for axis, value in changes:
            if axis.field is not None and _matches(t, axis.tiles):
                old = getattr(t, axis.field)
                t = replace(t, **{axis.field: value + old if axis.change == "add" else value})
        if t.copies > 0:
            tiles.append(t)
    return replace(tileset, tiles=tuple(tiles))


def _point_problem(tileset: TileSet, options: dict[str, Any]) -> str:
    short = semantic.setup_shortfall(tileset.machine_tile_count(), options)
    if short:
        return short
    if not semantic.scores_possible(options):
        return "no rule can award a point (no group points, no flower points, no bonus)"
    why = semantic.no_score_reason(tileset, options)
    return f"no rule can award a point: {why}" if why else ""


def point(based: SweepBase, options: dict[str, Any],
          chosen: list[tuple[Axis, Any]]) -> tuple[dict[str, Any], str]:
    """``(load_game params, problem)`` of a point with effective ``options`` and the axis
    values ``chosen`` (the problem, ``""`` for none, says why it cannot be played)."""
    variant, tileset = based.context
    ts = apply_tiles(tileset, [(a, v) for a, v in chosen if a.option is None])
    why = _point_problem(ts, options)
    if why:
        return {}, why
    pv = Variant.from_options(options, name=variant.name, title=variant.title,
                              tileset=variant.tileset)
    return {"variant": pv, "tileset": ts}, ""


#: What :mod:`botanik_design.spec.sweep` calls (the entry's ``sweep.hooks``).
HOOKS = SweepHooks(base=base, axis=axis, keys=keys, point=point, causes=CAUSES,
                   axis_keys=("option", "tiles"))
