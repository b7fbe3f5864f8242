"""Positions: machines laid out by hand, scored with ``botanik-design score``.

Format: ``spec/position.schema.json``::

    position: crop needs a same-colour pipe neighbour
    variant: standard              # tileset: optional (the variant's)
    options: {crop_flowers: always}   # optional overrides
    machines:
      - - {tile: red-corner, cell: [0, 1], rotation: 2}
        - {tile: red-plant, cell: [1, 1]}
      - []                         # player 1 (optional)
    expect: {totals: [4, 0]}       # optional: score checks it

The Source of each machine is at ``(0, 0)``, rotation 0, and need not be
listed.  Scoring does not require the layout to be legal; placement-rule
breaches (a tile touching nothing, mismatched sides, the closure rule) are
reported as warnings.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from botanik_design.games.botanik.engine import network
from botanik_design.games.botanik.engine.network import Cell, Placed
from botanik_design.games.botanik.engine.scoring import (
    GameScore,
    PlayerScore,
    decide,
    score_machine,
)
from botanik_design.games.botanik.engine.specfiles import (
    Locator,
    SpecFileError,
    read_spec,
    resolve_rules,
)
from botanik_design.games.botanik.model.sides import rotate_exits
from botanik_design.games.botanik.model.tileset import Kind, TileDef, TileSet
from botanik_design.games.botanik.model.variant import Variant
from botanik_design.games.botanik.spec.layout import machine_problems
from botanik_design.spec.validate import Diagnostic


@dataclass
class Position:
    """A loaded position: rules, one or two machine views (indexing ``defs``), expectations."""

    name: str
    tileset: TileSet
    variant: Variant
    defs: list[TileDef]
    machines: list[dict[Cell, Placed]]
    warnings: list[str] = field(default_factory=list)
    expect: dict[str, Any] = field(default_factory=dict)
    description: str = ""


@dataclass
class PositionScore:
    """Scores of a position: per machine, and the outcome when there are two."""

    players: list[PlayerScore]
    game: GameScore | None
    warnings: list[str]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict."""
        return {
            "players": [p.to_dict() for p in self.players],
            "winner": None if self.game is None else self.game.winner,
            "outcome": "" if self.game is None else self.game.outcome,
            "warnings": list(self.warnings),
        }


def position_from_data(data: dict[str, Any], name: str, folder: Path | None,
                       locator: Locator | None = None) -> Position:
    """Build a :class:`Position` from schema-valid data; :class:`~.specfiles.SpecFileError`
    (a :class:`RecordError`) on bad tiles/cells, each problem at its line and column.

    The tile and cell checks are :func:`botanik_design.games.botanik.spec.layout.machine_problems`
    (the validator's); their warnings, and placement-rule breaches
    (:func:`layout_warnings`), are kept in ``warnings``."""
    loc = locator or Locator(None)
    tileset, variant = resolve_rules(data, name, folder, loc)
    defs: list[TileDef] = list(tileset.tiles)
    index = {d.id: i for i, d in enumerate(defs)}
    source_ids = [index[tileset.source_for(p).id] for p in (0, 1)]
    problems: list[Diagnostic] = []
    warnings: list[str] = []
    for lp in machine_problems(data["machines"], tileset, variant):
        path = "/" + "/".join(str(x) for x in lp.path)
        if lp.level == "warning":
            warnings.append(f"{name}: {path}: {lp.message}")
            continue
        line, col = loc.at(*lp.path)
        problems.append(Diagnostic(name, line, col, "error", lp.rule, f"{path}: {lp.message}",
                                   path, lp.hint))
    if problems:
        raise SpecFileError(f"{name}: invalid position", problems, 1)
    machines: list[dict[Cell, Placed]] = []
    wildcard = variant.mecha_botanist == "wildcard"
    for p, entries in enumerate(data["machines"]):
        view: dict[Cell, Placed] = {(0, 0): Placed(source_ids[p], 0, defs[source_ids[p]].exits)}
        for e in entries:
            cell = (int(e["cell"][0]), int(e["cell"][1]))
            d = defs[index[str(e["tile"])]]
            if cell == (0, 0):
                continue  # the Source listed at its own cell
            rot = int(e.get("rotation", 0))
            view[cell] = Placed(index[d.id], rot, rotate_exits(d.exits, rot),
                                wildcard and d.kind is Kind.MECHA)
        warnings.extend(f"{name}: machine {p}: {w}" for w in layout_warnings(view, variant))
        machines.append(view)
    return Position(str(data["position"]), tileset, variant, defs, machines, warnings,
                    dict(data.get("expect") or {}), str(data.get("description", "")))


def layout_warnings(view: dict[Cell, Placed], variant: Variant) -> list[str]:
    """Placement-rule breaches in a hand-made machine (brief §5): isolated tiles,
    mismatched sides, the closure rule.  Linear in the number of tiles."""
    out: list[str] = []
    for cell, placed in sorted(view.items()):
        if cell == (0, 0):
            continue
        if not network.touches(view, cell):
            out.append(f"tile at {cell} touches no other tile")
        # the neighbours of ``cell`` never include ``cell``: the whole view will do
        if not network.matches_neighbours(view, cell, placed):
            out.append(f"tile at {cell}: a side does not match its neighbour")
    if not network.closure_holds(view, variant.closure, variant.closure_scope,
                                 wild_pairs=variant.wild_pairs):
        out.append(f"closure rule broken ({variant.closure}, {variant.closure_scope})")
    return out


def load_position(path: Path) -> Position:
    """Read and validate a position file; :class:`~.specfiles.SpecFileError` (a
    :class:`RecordError`, with diagnostics and an exit code) on any problem."""
    positions, data = read_spec(path, "position")
    return position_from_data(data, str(path), path.parent, Locator(positions))


def score_position(pos: Position) -> PositionScore:
    """Score every machine of the position; the outcome when there are two."""
    players = [score_machine(v, pos.defs, pos.variant, p) for p, v in enumerate(pos.machines)]
    game = decide(players, pos.variant) if len(players) == 2 else None
    return PositionScore(players, game, list(pos.warnings))


def check_expect(pos: Position, result: PositionScore) -> list[str]:
    """Differences between the position's ``expect`` and the scoring."""
    out: list[str] = []
    totals = [p.total for p in result.players]
    if "totals" in pos.expect and list(pos.expect["totals"]) != totals:
        out.append(f"expected totals {pos.expect['totals']}, got {totals}")
    if "winner" in pos.expect:
        got = None if result.game is None else result.game.winner
        if result.game is None or got != pos.expect["winner"]:
            out.append(f"expected winner {pos.expect['winner']}, got {got}")
    return out
