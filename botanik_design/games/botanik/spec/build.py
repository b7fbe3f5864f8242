"""Typed model objects from schema-valid spec data (no reading, no checks)."""

from __future__ import annotations

from typing import Any

from botanik_design.games.botanik.model.sides import Side, exits_mask
from botanik_design.games.botanik.model.tileset import Colour, Kind, TileDef, TileSet, TileType


def tileset_from_data(data: dict[str, Any], path: str | None = None) -> TileSet:
    """Build a :class:`TileSet` from schema-valid data (no semantic checks).

    Raises ``KeyError``/``ValueError`` on data the tile set schema rejects.
    """
    colours = tuple(Colour(c["name"], c["symbol"], c["display"]) for c in data["palette"])
    tiles = tuple(
        TileDef(
            id=t["id"],
            colour=t.get("colour"),
            type=TileType(t["type"]),
            kind=Kind(t["kind"]),
            exits=exits_mask([Side[s] for s in t["exits"]]),
            flowers=int(t.get("flowers", 0)),  # YAML may give 2.0; the schema allows it
            copies=int(t["copies"]),
            label=t.get("label", ""),
        )
        for t in data["tiles"]
    )
    return TileSet(
        name=data["tileset"], colours=colours, tiles=tiles,
        description=data.get("description", ""), path=path,
    )
