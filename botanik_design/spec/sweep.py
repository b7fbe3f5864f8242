"""Semantic checks of sweep files, and their expansion into points.

A sweep (``spec/sweep.schema.json``) names a base variant and tile set and
the axes to vary.  :func:`check_sweep` reports, with positions, everything
that would stop the sweep before a game is played: an unknown base, an
unknown option, a value the option's schema refuses, a tile change that
matches no tile or gives an impossible count, an axis with no values, too
many points, and points whose rules cannot be played (too few tiles for the
setup, nothing to score).  :func:`botanik_design.spec.load.load_sweep` returns the typed
:class:`~botanik_design.model.sweep.Sweep` of a valid file or raises
:class:`~botanik_design.spec.errors.SpecError` with those messages.

Both run the same expansion (:func:`_expand`), so what ``validate`` accepts
is exactly what ``sweep`` plays.  Games: Botanik (options of
``spec/variant.schema.json``, tile changes on a tile set) and Hive (a base
variant with ``game: hive``: options of ``spec/hive-variant.schema.json``, see
:mod:`botanik_design.games.hive.spec.sweep`).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from botanik_design.games.botanik.model.tileset import TileDef, TileSet
from botanik_design.games.botanik.model.variant import Variant
from botanik_design.games.botanik.spec import semantic
from botanik_design.games.botanik.spec.variants import variant_info
from botanik_design.games.hive.spec import sweep as sweep_hive
from botanik_design.model.botpair import split_bot_pair
from botanik_design.model.sweep import (
    DEFAULT_METRICS,
    GAME_METRICS,
    Axis,
    Sweep,
    SweepPoint,
    show_value,
)
from botanik_design.model.words import near_miss, plural
from botanik_design.spec.diagnostics import Diagnostic, errors
from botanik_design.spec.positions import Path as JPath
from botanik_design.spec.positions import Positions, pointer
from botanik_design.spec.refs import bundled, kind_name, no_file
from botanik_design.spec.schema_check import check_schema

if TYPE_CHECKING:
    from botanik_design.spec.session import Doc, Session

#: Most points a sweep may have (grid, or random sample), the base aside.
MAX_POINTS = 10_000
#: Most values one axis may have.
MAX_AXIS_VALUES = 1_000
#: Unplayable points reported one by one before a summary line.
MAX_POINT_REPORTS = 5
#: Bounds of the tile fields a tiles axis can change (the tile set schema's, 0 copies
#: meaning the tile is left out).
TILE_FIELD_BOUNDS = {"copies": (0, 100), "flowers": (0, 9)}
DEFAULT_TILESET = "botanik"


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

    @property
    def failed(self) -> bool:
        return bool(errors(self.items))


def check_sweep(session: Session, doc: Doc,
                check_bot: Callable[[str], str | None] | None = None) -> list[Diagnostic]:
    """Semantic diagnostics of a schema-valid sweep document (schema errors aside).

    ``check_bot(spec)`` returns a problem with a bot spec (``None``: fine); the
    validator passes none (bots are a higher layer), ``sweep`` does.
    """
    out = _Out(doc)
    _expand(session, doc, out, check_bot)
    return out.items


# --------------------------------------------------------------------------- base


def _base_doc(session: Session, doc: Doc, out: _Out) -> Doc | None:
    """The base variant's document, Botanik or Hive (``None`` when missing; reported)."""
    assert doc.data is not None
    ref = doc.data["base"]["variant"]
    vdoc = session.resolve(ref, "variant", doc.folder)
    if vdoc is None:
        names = sorted(bundled("variant"))
        out.add(("base", "variant"), "sweep-unknown-variant",
                no_file("variant", ref, "variant", doc.folder),
                near_miss(ref, names) or "bundled variants: " + ", ".join(names))
    return vdoc


def _game(doc: Doc, vdoc: Doc, out: _Out) -> str | None:
    """The sweep's game: the base variant's, which an explicit ``game:`` must match."""
    assert doc.data is not None
    game = "hive" if vdoc.kind == "hive-variant" else "botanik"
    said = doc.data.get("game")
    if said is not None and said != game:
        out.add(("game",), "sweep-game-mismatch",
                f"the sweep says `game: {said}` but its base variant `{vdoc.name}` is a "
                f"{'Hive' if game == 'hive' else 'Botanik'} variant",
                f"`game: {game}`, or leave `game` out")
        return None
    if game == "hive" and "tileset" in doc.data["base"]:
        out.add(("base", "tileset"), "sweep-axis",
                "a Hive sweep has no tile set (the pieces come from the base variant)",
                "remove `tileset`")
        return None
    return game


def _base(session: Session, doc: Doc, vdoc: Doc,
          out: _Out) -> tuple[Variant, TileSet, dict[str, str]] | None:
    """The base variant and tile set (``None`` when either is invalid; reported)."""
    from botanik_design.games.botanik.spec.build import tileset_from_data

    assert doc.data is not None
    base = doc.data["base"]
    if vdoc.kind != "variant" or errors(session.check(vdoc)):
        other = f"is {kind_name(vdoc.kind)}, not a variant"
        what = other if vdoc.kind not in ("variant", None) else \
            "is not a valid variant: " + "; ".join(
                d.format() for d in errors(session.check(vdoc))[:1])
        out.add(("base", "variant"), "sweep-variant-invalid", f"`{vdoc.name}` {what}")
        return None
    info = variant_info(session, vdoc)
    variant = info.variant
    if variant is None:
        out.add(("base", "variant"), "sweep-variant-invalid",
                f"`{vdoc.name}`: its options do not fit the model of a variant")
        return None
    ts_ref = base.get("tileset")
    if ts_ref is None and info.tileset is not None:
        return variant, info.tileset, {"variant": vdoc.name, "tileset": info.tileset.name}
    ts_ref = ts_ref or DEFAULT_TILESET
    at: JPath = ("base", "tileset") if "tileset" in base else ("base",)
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
            else "is not a valid tile set: " + "; ".join(d.format() for d in problems[:1])
        out.add(at, "sweep-tileset-invalid", f"`{ts_doc.name}` {what}")
        return None
    tileset = tileset_from_data(ts_doc.data, ts_doc.name)
    return variant, tileset, {"variant": vdoc.name, "tileset": ts_doc.name}


# --------------------------------------------------------------------------- axes


def _values(raw: dict[str, Any], at: JPath, out: _Out) -> tuple[list[Any], list[JPath]] | None:
    """The axis values and where each is written (``None``: reported)."""
    if ("values" in raw) == ("range" in raw):
        out.add(at, "sweep-axis", "an axis needs either `values` or `range` (not both)",
                "e.g. `values: [0, 1, 2]` or `range: {from: 0, to: 4}`")
        return None
    if "values" in raw:
        vals = list(raw["values"])
        return vals, [(*at, "values", k) for k in range(len(vals))]
    rng = raw["range"]
    lo, hi, step = rng["from"], rng["to"], rng.get("step", 1)
    if lo > hi:
        out.add((*at, "range"), "sweep-empty-axis",
                f"empty range: `from: {lo}` is after `to: {hi}`, so the grid has no point",
                "swap them, or list the values with `values:`")
        return None
    count = (hi - lo) // step + 1
    if count > MAX_AXIS_VALUES:
        out.add((*at, "range"), "sweep-too-many-points",
                f"the range has {plural(count, 'value')}; an axis may have at most "
                f"{MAX_AXIS_VALUES}",
                "use a larger `step`")
        return None
    vals = list(range(lo, hi + 1, step))
    where: list[JPath] = [(*at, "range", "from")] + [(*at, "range")] * (len(vals) - 1)
    if len(vals) > 1 and vals[-1] == hi:
        where[-1] = (*at, "range", "to")
    return vals, where


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


def _axis(raw: dict[str, Any], i: int, tileset: TileSet, out: _Out) -> Axis | None:
    at: JPath = ("axes", i)
    if "pieces" in raw:
        out.add((*at, "pieces"), "sweep-axis", "a `pieces` axis applies to Hive sweeps "
                "(a base variant with `game: hive`)", "Botanik: `tiles: {...}` with `field`")
        return None
    if ("option" in raw) == ("tiles" in raw):
        out.add(at, "sweep-axis", "an axis varies either an `option` or some `tiles` "
                "(exactly one of them)",
                "e.g. `option: mecha_bonus` or `tiles: {type: cross}` with `field: copies`")
        return None
    got = _values(raw, at, out)
    if got is None:
        return None
    values, where = got
    ok = True
    if "option" in raw:
        option = raw["option"]
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
                out.add(path, "sweep-bad-value", f"`{option}` cannot be {_text(value)}: {why}")
                ok = False
        label = raw.get("label", option)
        return Axis(label, tuple(values), option=option) if ok else None
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
    for value, path in zip(values, where, strict=True):
        if not isinstance(value, int) or isinstance(value, bool):
            out.add(path, "sweep-bad-value", f"`{field}` values are whole numbers, "
                    f"not {_text(value)}")
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


def _text(value: Any) -> str:
    if isinstance(value, str):
        return f"`{value[:40]}`"
    return show_value(value)


def _overlap(axes: list[tuple[int, Axis]], tileset: TileSet, out: _Out) -> bool:
    """Report two axes changing the same option or the same field of a tile."""
    seen: dict[tuple[str, str], int] = {}
    labels: dict[str, int] = {}
    ok = True
    for i, axis in axes:
        keys: list[tuple[str, str]]
        if axis.option is not None:
            keys = [("option", axis.option)]
        elif axis.tiles and axis.tiles[0][0] == "bug":
            keys = [("copies", axis.tiles[0][1])]
        else:
            assert axis.field is not None
            keys = [(axis.field, t.id) for t in tileset.machine_tiles
                    if _matches(t, axis.tiles)]
        for key in keys:
            if key in seen:
                what = f"option `{key[1]}`" if key[0] == "option" else \
                    f"the {key[0]} of `{key[1]}`"
                out.add(("axes", i), "sweep-duplicate-axis",
                        f"axes {seen[key] + 1} and {i + 1} both change {what}",
                        "merge them into one axis")
                ok = False
                break
            seen[key] = i
        else:
            if axis.label in labels:
                out.add(("axes", i), "sweep-duplicate-axis",
                        f"axes {labels[axis.label] + 1} and {i + 1} have the same label "
                        f"`{axis.label}`", "give one of them a `label:`")
                ok = False
        labels.setdefault(axis.label, i)
    return ok


# --------------------------------------------------------------------------- points


def _apply_tiles(tileset: TileSet, changes: list[tuple[Axis, Any]]) -> TileSet:
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


def _combos(sizes: list[int], sample: str, count: int, seed: int) -> list[tuple[int, ...]]:
    """Index tuples of the points: the whole grid in order, or a seeded sample of it
    (sorted in grid order)."""
    if sample == "grid":
        return list(itertools.product(*(range(n) for n in sizes)))
    total = 1
    for n in sizes:
        total *= n
    picked = sorted(random.Random(f"botanik-sweep:{seed}").sample(range(total), count))
    out = []
    for flat in picked:
        idx = []
        for n in reversed(sizes):
            flat, r = divmod(flat, n)
            idx.append(r)
        out.append(tuple(reversed(idx)))
    return out


def _expand(session: Session, doc: Doc, out: _Out,
            check_bot: Callable[[str], str | None] | None) -> Sweep | None:
    data = doc.data
    if data is None or not doc.schema_valid:
        return None
    bots = _bots(data, out, check_bot)
    vdoc = _base_doc(session, doc, out)
    game = None if vdoc is None else _game(doc, vdoc, out)
    if vdoc is None or game is None:
        return None
    axes: list[tuple[int, Axis]] = []
    if game == "hive":
        info = sweep_hive.base(session, vdoc, out)
        if info is None or info.variant is None or info.pieces is None:
            return None
        hive_info = info
        names = {"variant": vdoc.name, "pieceset": info.pieces.name}
        base_options = info.variant.options()
        tileset = TileSet(name="-", colours=(), tiles=())
        for i, raw in enumerate(data["axes"]):
            got = _values(raw, ("axes", i), out)
            axis = None if got is None else sweep_hive.axis(raw, i, *got, out)
            if axis is not None:
                axes.append((i, axis))

        def make(options: dict[str, Any], chosen: list[tuple[Axis, Any]]
                 ) -> tuple[dict[str, Any], str]:
            return sweep_hive.point(hive_info, vdoc, options,
                                    [(a, v) for a, v in chosen if a.option is None])
        base = SweepPoint(0, (), {"variant": info.variant})
    else:
        based = _base(session, doc, vdoc, out)
        if based is None:
            return None
        variant, tileset, names = based
        base_options = variant.options()
        for i, raw in enumerate(data["axes"]):
            axis = _axis(raw, i, tileset, out)
            if axis is not None:
                axes.append((i, axis))

        def make(options: dict[str, Any], chosen: list[tuple[Axis, Any]]
                 ) -> tuple[dict[str, Any], str]:
            ts = _apply_tiles(tileset, [(a, v) for a, v in chosen if a.option is None])
            why = _point_problem(ts, options)
            if why:
                return {}, why
            pv = Variant.from_options(options, name=variant.name, title=variant.title,
                                      tileset=variant.tileset)
            return {"variant": pv, "tileset": ts}, ""
        base = SweepPoint(0, (), {"variant": variant, "tileset": tileset})
    metrics = _metrics(data, game, out)
    if out.failed or not _overlap(axes, tileset, out):
        return None
    grid = _grid(data, [len(a.values) for _, a in axes], out)
    if grid is None:
        return None
    sample, count, seed = grid
    points: list[SweepPoint] = []
    bad = 0
    for idx in _combos([len(a.values) for _, a in axes], sample, count, seed):
        chosen = [(a, a.values[k]) for (_, a), k in zip(axes, idx, strict=True)]
        options = dict(base_options)
        options.update({a.option: v for a, v in chosen if a.option is not None})
        coords = tuple((a.label, v) for a, v in chosen)
        params, why = make(options, chosen)
        if why:
            bad += 1
            if bad <= MAX_POINT_REPORTS:
                i = next((i for (i, a), _ in zip(axes, idx, strict=True)
                          if a.option is None or a.option in _CAUSES), axes[0][0])
                k = idx[[j for j, _ in axes].index(i)]
                path = _value_path(data["axes"][i], i, k)
                label = ", ".join(f"{lab}={v}" for lab, v in coords)
                out.add(path, "sweep-bad-point", f"point {label} cannot be played: {why}")
            continue
        points.append(SweepPoint(len(points) + 1, coords, params))
    if bad > MAX_POINT_REPORTS:
        out.add(("axes",), "sweep-bad-point",
                f"{plural(bad - MAX_POINT_REPORTS, 'more point')} cannot be played (not listed)")
    if out.failed or bots is None or metrics is None:
        return None
    target = data.get("target", {"metric": "advantage_p1", "value": 0.5})
    return Sweep(
        name=str(data["sweep"]), title=str(data.get("title", "")),
        game=game, base_names=names,
        axes=tuple(a for _, a in axes), base=base, points=tuple(points), bots=bots,
        games=int(data.get("games", 1000)), seed=seed, sample=sample, metrics=metrics,
        target=(str(target["metric"]), float(target["value"])),
    )


def _metrics(data: dict[str, Any], game: str, out: _Out) -> tuple[str, ...] | None:
    """The metrics to report; ``None`` when one is not measured in ``game`` (reported)."""
    metrics = tuple(data.get("metrics", DEFAULT_METRICS[game]))
    known = GAME_METRICS[game]
    ok = True
    wanted: list[tuple[JPath, Any]] = [(("metrics", k), m)
                                       for k, m in enumerate(data.get("metrics", ()))]
    if "target" in data:
        wanted.append((("target", "metric"), data["target"]["metric"]))
    for path, m in wanted:
        if m not in known:
            out.add(path, "sweep-metric-game",
                    f"metric `{m}` is not measured in {game.capitalize()}",
                    near_miss(m, list(known)) or "metrics: " + ", ".join(known))
            ok = False
    return metrics if ok else None


def _grid(data: dict[str, Any], sizes: list[int], out: _Out) -> tuple[str, int, int] | None:
    """``(sample, number of points, seed)`` of the grid (``None``: reported)."""
    total = 1
    for n in sizes:
        total *= n
    sample = data.get("sample", "grid")
    count = total
    if sample == "random":
        if "points" not in data:
            out.add(("sample",), "sweep-sample", "`sample: random` needs `points: N`, the "
                    "number of combinations to draw")
            return None
        count = data["points"]
        if count > total:
            out.add(("points",), "sweep-sample",
                    f"{plural(count, 'random point')} asked of a grid of {total}",
                    f"at most {total}, or `sample: grid`")
            return None
    elif "points" in data:
        out.add(("points",), "sweep-points-unused",
                "`points` has no effect with `sample: grid` (every combination is played)",
                level="warning")
    if count > MAX_POINTS:
        out.add(("axes",), "sweep-too-many-points",
                f"the grid has {plural(total, 'point')}; a sweep may play at most {MAX_POINTS}",
                "fewer values, or `sample: random` with `points: N`")
        return None
    return sample, count, int(data.get("seed", 0))


#: Options that can make a point unplayable (setup size, scoring).
_CAUSES = frozenset({"registry_columns", "initial_middle_tiles", "arrival_tiles",
                     "group_points_per_tile", "flower_points", "mecha_bonus",
                     "mecha_botanist", "min_group_size",
                     "expansions", "queen_deadline", "tournament_opening", "move_before_queen",
                     "pieceset"})


def _value_path(raw: dict[str, Any], i: int, k: int) -> JPath:
    if "values" in raw:
        return ("axes", i, "values", k)
    return ("axes", i, "range")


def _bots(data: dict[str, Any], out: _Out,
          check_bot: Callable[[str], str | None] | None) -> tuple[str, str] | None:
    text = str(data.get("bots", "random,random"))
    try:
        parts = split_bot_pair(text)
    except ValueError as exc:
        out.add(("bots",), "sweep-bad-bots", f"`bots` {exc}")
        return None
    if check_bot is not None:
        for spec in dict.fromkeys(parts):
            why = check_bot(spec)
            if why:
                out.add(("bots",), "sweep-bad-bots", f"bot `{spec[:80]}`: {why}")
                return None
    return parts[0], parts[1]


#: Public names :func:`botanik_design.spec.load.load_sweep` builds on.
SweepOut = _Out
expand = _expand
