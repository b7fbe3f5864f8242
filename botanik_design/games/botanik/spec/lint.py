"""Design lint: legal but suspicious specs (warnings, never errors)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from botanik_design.games.botanik.model.tileset import Kind, TileSet
from botanik_design.model.words import noun, plural
from botanik_design.spec.diagnostics import Collector, Diagnostic
from botanik_design.spec.positions import Path, Positions

#: Options that only matter when another option has one of the given values:
#: ``option -> (controlling option, values under which it has an effect)``.
#: Taken from the "With `...`:" clauses of ``spec/variant.schema.json``.
APPLIES_ONLY_WITH: dict[str, tuple[str, tuple[str, ...]]] = {
    "mecha_bonus": ("mecha_botanist", ("wildcard",)),
    "wildcard_pairs": ("mecha_botanist", ("wildcard",)),
    "mecha_no_swap_target": ("mecha_botanist", ("swap",)),
    "mecha_chain_limit": ("mecha_botanist", ("swap",)),
    "middle_condition_empty_slots": ("middle_condition", ("linked-to-slot",)),
    "closure_scope": ("closure", ("open-end", "no-cycle", "both")),
}

_MECHA_OPTIONS = ("mecha_botanist", "mecha_bonus", "mecha_no_swap_target", "mecha_chain_limit",
                  "wildcard_pairs")


def _warn(name: str, positions: Positions, path: Path, rule: str, message: str,
          hint: str = "", at_key: bool = False) -> Diagnostic:
    return Collector(name, positions).at(path, rule, message, hint, at_key)


def colour_counts(data: Mapping[str, Any]) -> Counter[str]:
    """Physical tiles per colour of a schema-valid tile set document."""
    counts: Counter[str] = Counter()
    for tile in data["tiles"]:
        if "colour" in tile:
            counts[tile["colour"]] += tile["copies"]
    return counts


def lint_tileset(data: Mapping[str, Any], positions: Positions, name: str,
                 min_group_size: int = 3) -> list[Diagnostic]:
    """Warnings for a tile set: unused colours, colours too small to score a group,
    colours sharing a colour-blind symbol or a screen colour."""
    out: list[Diagnostic] = []
    counts = colour_counts(data)
    symbols: dict[str, str] = {}
    displays: dict[str, str] = {}
    for i, colour in enumerate(data["palette"]):
        cname = colour["name"]
        path: Path = ("palette", i, "name")
        n = counts.get(cname, 0)
        if n == 0:
            out.append(_warn(name, positions, path, "lint-unused-colour",
                             f"colour `{cname}` is declared but no tile uses it"))
        elif n < min_group_size:
            out.append(_warn(name, positions, path, "lint-small-colour",
                             f"colour `{cname}` has {plural(n, 'tile')}, fewer than the minimum "
                             f"group size {min_group_size}: it can never score a colour group"))
        sym, disp = colour["symbol"], colour["display"].lower()
        if sym in symbols and symbols[sym] != cname:
            out.append(_warn(name, positions, ("palette", i, "symbol"), "lint-shared-symbol",
                             f"colour `{cname}` uses the symbol {sym!r} of `{symbols[sym]}`",
                             "colour-blind players tell colours apart by their symbols"))
        if disp in displays and displays[disp] != cname:
            out.append(_warn(name, positions, ("palette", i, "display"), "lint-shared-symbol",
                             f"colour `{cname}` has the screen colour {disp} of "
                             f"`{displays[disp]}`"))
        symbols.setdefault(sym, cname)
        displays.setdefault(disp, cname)
    return out


def lint_variant_options(own: Mapping[str, Any], effective: Mapping[str, Any],
                         positions: Positions, name: str) -> list[Diagnostic]:
    """``lint-no-effect``: options this file sets that its effective options make irrelevant."""
    out: list[Diagnostic] = []
    for option, (control, values) in APPLIES_ONLY_WITH.items():
        if option in own and effective[control] not in values:
            out.append(_warn(
                name, positions, ("options", option), "lint-no-effect",
                f"`{option}` has no effect with `{control}: {effective[control]}`",
                f"it applies only with `{control}: {' or '.join(values)}`", at_key=True))
    return out


def lint_variant_tileset(own: Mapping[str, Any], effective: Mapping[str, Any],
                         tileset: TileSet, ts_data: Mapping[str, Any], anchor: Path,
                         positions: Positions, name: str,
                         default_min_group: int) -> list[Diagnostic]:
    """Warnings that need the variant's tile set: mecha rules without mecha tiles, and
    colours too small for a non-default ``min_group_size``."""
    out: list[Diagnostic] = []
    mechas = sum(t.copies for t in tileset.tiles if t.kind is Kind.MECHA)
    mecha_rule = [o for o in _MECHA_OPTIONS if o in own]
    if mechas == 0 and (mecha_rule or effective["mecha_botanist"] == "wildcard"):
        path: Path = ("options", mecha_rule[0]) if mecha_rule else anchor
        out.append(_warn(name, positions, path, "lint-no-mecha-tiles",
                         f"mecha-botanist rules are set, but tile set `{tileset.name}` has no "
                         "mecha-botanist tiles", at_key=bool(mecha_rule)))
    size = int(effective["min_group_size"])
    if size != default_min_group and effective["group_points_per_tile"] > 0:
        counts = colour_counts(ts_data)
        small = sorted(c for c, n in counts.items() if n < size)
        if small:
            path = ("options", "min_group_size") if "min_group_size" in own else anchor
            out.append(_warn(name, positions, path, "lint-small-colour",
                             f"with min_group_size {size}, {noun(len(small), 'colour')} "
                             + ", ".join(f"`{c}`" for c in small)
                             + f" of `{tileset.name}` can never score a colour group",
                             at_key="min_group_size" in own))
    return out
