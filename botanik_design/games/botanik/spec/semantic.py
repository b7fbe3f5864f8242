"""Semantic checks no JSON Schema can express (errors).

Tile sets: unique ids and colour names, colours declared, ``kind`` agreeing
with ``type``, exits fitting the type, exactly two Source copies.  Variants
(with their effective options and tile set): enough tiles for the setup, and
option combinations that leave nothing to score.  Each function
returns diagnostics and never raises; :func:`check_tileset` also takes data
with schema errors and skips the parts they are in.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

from botanik_design.games.botanik.model.sides import Side, exits_mask
from botanik_design.games.botanik.model.tileset import (
    KIND_OF_TYPE,
    TileSet,
    TileType,
    exits_fit_type,
)
from botanik_design.games.botanik.model.variant import setup_need
from botanik_design.model.words import plural
from botanik_design.spec.diagnostics import Collector, Diagnostic
from botanik_design.spec.positions import Path, Positions

#: What each type's exits must look like (for messages).
EXITS_NEEDED: dict[TileType, str] = {
    TileType.STRAIGHT: "2 exits on opposite sides (N+S or E+W)",
    TileType.CORNER: "2 exits on adjacent sides",
    TileType.TEE: "3 exits",
    TileType.CROSS: "4 exits",
    TileType.PLANT: "exactly 1 exit",
    TileType.VEGETABLE: "exactly 1 exit",
    TileType.MECHA: "no exits",
    TileType.SOURCE: "at least 1 exit",
}

#: Number of Source copies a tile set must hold: one per player.
SOURCE_COPIES = 2
#: Fewest machine tiles any variant the schema allows can start with (1 column x 1 middle
#: tile + 1 arrival tile).
MIN_MACHINE_TILES = 2


#: The shared positioned builder (each rule at its declared level).
_Out = Collector


def _invisible(symbol: object) -> str:
    """``""`` when ``symbol`` is a visible character, else what it is (``U+200B ZERO WIDTH
    SPACE``): white space, control, format (zero-width) and unassigned characters, and
    combining marks, which have no shape of their own."""
    if not isinstance(symbol, str) or len(symbol) != 1:
        return ""
    category = unicodedata.category(symbol)
    if category[0] in "ZCM" or symbol.isspace():
        name = unicodedata.name(symbol, "") or (
            "a control character" if category == "Cc" else "an unassigned character")
        return f"U+{ord(symbol):04X} ({name})"
    return ""


def _under(pointer_: str, prefix: str) -> bool:
    return pointer_ == prefix or pointer_.startswith(prefix + "/")


def check_tileset(data: Mapping[str, Any], positions: Positions, name: str,
                  invalid: Iterable[str] = ()) -> list[Diagnostic]:
    """Semantic errors of a tile set document.

    ``invalid``: JSON pointers of schema errors.  A palette entry or tile with an
    error under it is left out of the checks (the others are still checked); the
    checks that need every tile (Source copies, enough tiles) and every colour
    (undeclared colours) run only when those parts are all valid.
    """
    out = _Out(name, positions)
    bad = list(invalid)
    palette = data.get("palette")
    tiles = data.get("tiles")
    palette = palette if isinstance(palette, list) else []
    tiles = tiles if isinstance(tiles, list) else []
    palette_ok = isinstance(data.get("palette"), list) and not any(
        _under(p, "/palette") for p in bad)
    tiles_ok = isinstance(data.get("tiles"), list) and not any(_under(p, "/tiles") for p in bad)
    declared: dict[str, int] = {}
    for i, colour in enumerate(palette):
        if any(_under(p, f"/palette/{i}") for p in bad) or not isinstance(colour, dict):
            continue
        cname = colour["name"]
        invisible = _invisible(colour.get("symbol"))
        if invisible:
            out.add(("palette", i, "symbol"), "sem-invisible-symbol",
                    f"the colour-blind symbol of `{cname}` is {invisible}, which cannot be seen",
                    "use one visible character, e.g. `♦`, `R` or `●`")
        if cname in declared:
            out.add(("palette", i, "name"), "sem-duplicate-colour",
                    f"colour `{cname}` is declared twice (first as palette entry "
                    f"{declared[cname]})")
        else:
            declared[cname] = i
    ids: dict[str, int] = {}
    sources: list[int] = []
    for i, tile in enumerate(tiles):
        if any(_under(p, f"/tiles/{i}") for p in bad) or not isinstance(tile, dict):
            continue
        try:
            _check_tile(out, i, tile, declared if palette_ok else None, ids, positions)
        except (KeyError, TypeError, ValueError):  # a schema error the caller did not pass
            continue
        if tile.get("kind") == "source" or tile.get("type") == "source":
            sources.append(i)
    if not tiles_ok:
        return out.items
    machine = sum(t["copies"] for i, t in enumerate(tiles) if i not in sources)
    if machine < MIN_MACHINE_TILES:
        out.add(("tiles",), "sem-too-few-tiles",
                f"the set has {plural(int(machine), 'machine tile')}; no variant can be played "
                f"with fewer than {MIN_MACHINE_TILES} (one middle tile and one arrival tile)")
    copies = sum(tiles[i]["copies"] for i in sources)
    if copies != SOURCE_COPIES:
        path: Path = ("tiles", sources[0], "copies") if sources else ("tiles",)
        out.add(path, "sem-source-copies",
                f"the set holds {plural(copies, 'Source tile')}; it needs exactly {SOURCE_COPIES}, "
                "one per player", "declare one `type: source` tile with `copies: 2`")
    return out.items


def _check_tile(out: _Out, i: int, tile: Mapping[str, Any], declared: dict[str, int] | None,
                ids: dict[str, int], positions: Positions) -> None:
    """Duplicate id, undeclared colour (when ``declared`` is known), kind and exits vs type."""
    tid = tile["id"]
    if tid in ids:
        line = positions.value(("tiles", ids[tid], "id"))[0]
        out.add(("tiles", i, "id"), "sem-duplicate-id",
                f"tile id `{tid}` is already used (line {line})",
                "each definition needs its own id; use `copies` for identical tiles")
    else:
        ids[tid] = i
    ttype = TileType(tile["type"])
    colour = tile.get("colour")
    if colour is not None and declared is not None and colour not in declared:
        import difflib  # only for an undeclared colour: off the start-up path

        close = difflib.get_close_matches(colour, list(declared), n=1, cutoff=0.6)
        out.add(("tiles", i, "colour"), "sem-undeclared-colour",
                f"colour `{colour}` is not declared in the palette",
                f"did you mean `{close[0]}`?" if close else
                "declared: " + ", ".join(f"`{c}`" for c in declared))
    want_kind = KIND_OF_TYPE[ttype].value
    if tile["kind"] != want_kind:
        out.add(("tiles", i, "kind"), "sem-kind-type",
                f"a `{ttype.value}` tile is of kind `{want_kind}`, not `{tile['kind']}`")
    mask = exits_mask([Side[s] for s in tile["exits"]])
    if not exits_fit_type(ttype, mask):
        have = "".join(tile["exits"]) or "none"
        out.add(("tiles", i, "exits"), "sem-exits-type",
                f"a `{ttype.value}` tile needs {EXITS_NEEDED[ttype]}; these exits are {have}")


def setup_tiles(options: Mapping[str, Any]) -> int:
    """Machine tiles a game needs for the setup and its first round
    (:func:`botanik_design.games.botanik.model.variant.setup_need`, the engine's rule)."""
    return setup_need(int(options["registry_columns"]), int(options["initial_middle_tiles"]),
                      int(options["arrival_tiles"]), str(options["short_last_round"]))


def setup_shortfall(have: int, options: Mapping[str, Any]) -> str:
    """Why ``have`` machine tiles cannot make a game under ``options`` (``""``: they can):
    ``"11 machine tiles; the setup needs 19 (9 columns x 2 middle tiles + 1 for the first
    round)"``."""
    need = setup_tiles(options)
    if have >= need:
        return ""
    middle = int(options["registry_columns"]) * int(options["initial_middle_tiles"])
    return (f"{plural(have, 'machine tile')}; the setup needs {need} "
            f"({plural(options['registry_columns'], 'column')} x "
            f"{plural(options['initial_middle_tiles'], 'middle tile')} "
            f"+ {need - middle} for the first round)")


def check_setup(tileset: TileSet, options: Mapping[str, Any], out_path: Path,
                positions: Positions, name: str) -> list[Diagnostic]:
    """``sem-too-few-tiles`` when the tile set cannot fill the registry and a first round."""
    short = setup_shortfall(tileset.machine_tile_count(), options)
    if not short:
        return []
    out = _Out(name, positions)
    out.add(out_path, "sem-too-few-tiles", f"tile set `{tileset.name}` has {short}")
    return out.items


def scores_possible(options: Mapping[str, Any]) -> bool:
    """Whether any scoring rule can award a point under these effective options."""
    return bool(
        options["group_points_per_tile"] > 0
        or options["flower_points"] > 0
        or (options["mecha_botanist"] == "wildcard" and options["mecha_bonus"] > 0)
    )


def no_score_reason(tileset: TileSet, options: Mapping[str, Any]) -> str:
    """Why no rule can award a point with this tile set (``""``: some rule can).

    Conservative: a colour group can score when some colour has at least
    ``min_group_size`` tiles (copies counted), flowers when some tile has one,
    the mecha bonus when a wildcard mecha-botanist exists.
    """
    if not scores_possible(options):
        return ""  # reported without the tile set
    per_colour: dict[str, int] = {}
    for t in tileset.machine_tiles:
        if t.colour is not None:
            per_colour[t.colour] = per_colour.get(t.colour, 0) + t.copies
    biggest = max(per_colour.values(), default=0)
    groups = options["group_points_per_tile"] > 0 and biggest >= options["min_group_size"]
    flowers = options["flower_points"] > 0 and any(t.flowers > 0 for t in tileset.machine_tiles)
    mechas = (options["mecha_botanist"] == "wildcard" and options["mecha_bonus"] > 0
              and any(t.kind.value == "mecha" for t in tileset.machine_tiles))
    if groups or flowers or mechas:
        return ""
    parts = []
    if options["group_points_per_tile"] > 0:
        parts.append(f"no colour has {plural(options['min_group_size'], 'tile')} "
                     f"(min_group_size; the largest colour has {biggest})")
    if options["flower_points"] > 0:
        parts.append("no tile has a flower")
    if options["mecha_botanist"] == "wildcard" and options["mecha_bonus"] > 0:
        parts.append("the set has no mecha-botanist")
    return "; ".join(parts) or "no scoring rule applies"
