"""The Hive side of sweeps: a Hive base variant, its option and piece-count axes, each
point's rules.

:mod:`botanik_design.spec.sweep` calls these (through :data:`HOOKS`, which the game's
entry names) when the sweep's ``base.variant`` is a Hive variant (``game: hive``).
Option names are those of :class:`~botanik_design.games.hive.model.HiveVariant`;
values are checked against ``spec/hive-variant.schema.json``; a ``pieces: {bug: B}``
axis sets that bug's copies per player (checked against ``spec/pieceset.schema.json``).
Every point's piece set and effective options go through the Hive semantic rules
(:mod:`~botanik_design.games.hive.spec.semantic`: one Queen, expansions against the
piece set, a Queen deadline that can be met), so what ``validate`` accepts is what
``sweep`` plays.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from botanik_design.games.hive.model import HiveVariant, PieceSet
from botanik_design.games.hive.spec.semantic import (
    check_options,
    check_pieceset,
    pieceset_from_data,
)
from botanik_design.games.hive.spec.variants import HiveVariantInfo, hive_variant_info
from botanik_design.model.sweep import Axis
from botanik_design.model.words import near_miss
from botanik_design.spec.diagnostics import errors
from botanik_design.spec.positions import Path as JPath
from botanik_design.spec.positions import Positions
from botanik_design.spec.schema_check import check_schema
from botanik_design.spec.sweep import SweepBase, SweepHooks, SweepReport, ValuesOf

if TYPE_CHECKING:
    from botanik_design.spec.session import Doc, Session


#: Options that can make a point unplayable (expansions against the piece set, the
#: Queen deadline).
CAUSES = frozenset({"expansions", "queen_deadline", "tournament_opening", "move_before_queen",
                    "pieceset"})


def base(session: Session, doc: Doc, vdoc: Doc, out: SweepReport) -> SweepBase | None:
    """The resolved Hive base variant (``None`` when it has errors, or the sweep names a
    tile set; reported)."""
    assert doc.data is not None
    if "tileset" in doc.data["base"]:
        out.add(("base", "tileset"), "sweep-axis",
                "a Hive sweep has no tile set (the pieces come from the base variant)",
                "remove `tileset`")
        return None
    info = base_info(session, vdoc, out)
    if info is None or info.variant is None or info.pieces is None:
        return None
    return SweepBase(names={"variant": vdoc.name, "pieceset": info.pieces.name},
                     options=info.variant.options(), params={"variant": info.variant},
                     context=(info, vdoc))


def base_info(session: Session, vdoc: Doc, out: SweepReport) -> HiveVariantInfo | None:
    """The resolved Hive base variant (``None`` when it has errors; reported at
    ``base.variant``)."""
    problems = errors(session.check(vdoc))
    info = hive_variant_info(session, vdoc) if not problems else None
    if info is None or info.variant is None:
        why = "; ".join(d.format() for d in problems[:1]) or "its chain does not resolve"
        out.add(("base", "variant"), "sweep-variant-invalid",
                f"`{vdoc.name}` is not a valid Hive variant: {why}")
        return None
    return info


def value_problem(option: str, value: Any) -> str:
    """Why the Hive variant schema refuses ``value`` for ``option`` (``""``: accepted)."""
    found = check_schema({"variant": "x", "game": "hive", "options": {option: value}},
                         "hive-variant", Positions(), "sweep")
    return found[0].message if found else ""


def axis(raw: dict[str, Any], i: int, based: SweepBase, out: SweepReport,
         values_of: ValuesOf) -> Axis | None:
    """The option or ``pieces`` axis ``raw`` (``axes[i]``) of a Hive sweep (``None``:
    reported)."""
    at: JPath = ("axes", i)
    got = values_of(raw, at)
    if got is None:
        return None
    values, where = got
    if ("option" in raw) == ("pieces" in raw):
        out.add(at, "sweep-axis", "a Hive axis varies either a rule option (`option:`) or a "
                "bug's copies (`pieces: {bug: ant}`)", "e.g. `option: queen_deadline`")
        return None
    if "pieces" in raw:
        return _pieces_axis(raw, at, values, where, out)
    option = raw["option"]
    names = HiveVariant.option_names()
    for extra in ("field", "change"):
        if extra in raw:
            out.add((*at, extra), "sweep-axis",
                    f"`{extra}` applies to a `tiles` axis, not to an option")
            return None
    if option not in names:
        out.add((*at, "option"), "sweep-unknown-option",
                f"`{option[:80]}` is not an option of Hive variants",
                near_miss(option, names) or "options: " + ", ".join(names))
        return None
    ok = True
    for value, path in zip(values, where, strict=True):
        why = value_problem(option, value)
        if why:
            out.add(path, "sweep-bad-value", f"`{option}` cannot be {value!r}: {why}")
            ok = False
    return Axis(raw.get("label", option), tuple(values), option=option) if ok else None


def _pieces_axis(raw: dict[str, Any], at: JPath, values: list[Any], where: list[JPath],
                 out: SweepReport) -> Axis | None:
    """A ``pieces: {bug: B}`` axis: values are copies per player, checked against
    ``spec/pieceset.schema.json`` (``None``: reported)."""
    bug = raw["pieces"]["bug"]
    for extra in ("field", "change"):
        if extra in raw:
            out.add((*at, extra), "sweep-axis",
                    f"`{extra}` applies to a `tiles` axis, not to `pieces`")
            return None
    ok = True
    for value, path in zip(values, where, strict=True):
        found = check_schema({"pieceset": "x", "bugs": {bug: value}}, "pieceset",
                             Positions(), "sweep")
        if found:
            out.add(path, "sweep-bad-value",
                    f"copies of `{bug}` cannot be {value!r}: {found[0].message}")
            ok = False
    label = raw.get("label", f"{bug} copies")
    return Axis(label, tuple(values), tiles=(("bug", bug),), field="copies") if ok else None


def with_counts(pieces: PieceSet, changes: list[tuple[Axis, Any]]) -> PieceSet:
    """``pieces`` with each ``pieces`` axis value as the copies of its bug (0: left out)."""
    counts = {b.value: n for b, n in pieces.counts}
    for axis, value in changes:
        counts[axis.tiles[0][1]] = int(value)
    if counts == {b.value: n for b, n in pieces.counts}:
        return pieces
    return pieceset_from_data({"pieceset": pieces.name, "title": pieces.title,
                               "bugs": counts})


def keys(axis: Axis, based: SweepBase) -> list[tuple[str, str]]:
    """What a ``pieces`` axis changes: ``("copies", bug)``."""
    return [("copies", axis.tiles[0][1])]


def point(based: SweepBase, options: dict[str, Any],
          chosen: list[tuple[Axis, Any]]) -> tuple[dict[str, Any], str]:
    """``(load_game params, problem)`` of a point with effective ``options`` and the axis
    values ``chosen``: the problem (``""``: none) is the first Hive semantic error of the
    point's piece set (the ``pieces`` axes applied) or of those options."""
    info, vdoc = based.context
    changes = [(a, v) for a, v in chosen if a.option is None]
    variant = info.variant
    assert variant is not None and info.pieces is not None
    pieces = with_counts(info.pieces, changes)
    bugs = {b.value: n for b, n in pieces.counts}
    found = errors(check_pieceset({"bugs": bugs}, Positions(), vdoc.name))
    found = found or errors(check_options(vdoc.data or {}, options, pieces, Positions(),
                                          vdoc.name))
    if found:
        return {}, found[0].message
    pv = HiveVariant.from_options(options, name=variant.name, title=variant.title,
                                  pieceset=variant.pieceset, pieces=pieces)
    return {"variant": pv}, ""


#: What :mod:`botanik_design.spec.sweep` calls (the entry's ``sweep.hooks``).
HOOKS = SweepHooks(base=base, axis=axis, keys=keys, point=point, causes=CAUSES,
                   axis_keys=("option", "pieces"))
