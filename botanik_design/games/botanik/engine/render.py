"""Plain-text rendering of machines, game states and score breakdowns (for the CLI)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from botanik_design.games.botanik.engine.network import Cell, Placed
from botanik_design.games.botanik.engine.scoring import GameScore, PlayerScore
from botanik_design.games.botanik.model.tileset import TYPE_LETTERS, TileDef
from botanik_design.model.words import plural


def colour_letters(defs: Sequence[TileDef]) -> dict[str, str]:
    """A distinct lower-case letter per colour name (first unused letter of the name)."""
    out: dict[str, str] = {}
    for d in defs:
        if d.colour is None or d.colour in out:
            continue
        for ch in d.colour.lower() + "abcdefghijklmnopqrstuvwxyz":
            if ch.isalpha() and ch not in out.values():
                out[d.colour] = ch
                break
    return out


def render_machine(view: Mapping[Cell, Placed], defs: Sequence[TileDef]) -> str:
    """The machine as ASCII art, north up: each tile is 5x3 characters.

    The centre reads colour letter, type letter (``TYPE_LETTERS``: I L T X P V M,
    ``SRC`` for the Source) and flower count; ``|`` and ``-`` are pipe exits.
    """
    if not view:
        return "(empty)"
    letters = colour_letters(defs)
    xs = [c[0] for c in view]
    ys = [c[1] for c in view]
    lines: list[str] = []
    for y in range(max(ys), min(ys) - 1, -1):
        rows = ["", "", ""]
        for x in range(min(xs), max(xs) + 1):
            p = view.get((x, y))
            if p is None:
                rows[0] += "     "
                rows[1] += "  .  " if (x, y) == (0, 0) else "     "
                rows[2] += "     "
                continue
            d = defs[p.tile]
            if d.type.value == "source":
                mid = "SRC"
            else:
                mid = letters.get(d.colour or "", "?") + TYPE_LETTERS[d.type.value]
                mid += str(d.flowers) if d.flowers else " "
            m = p.mask
            rows[0] += "  |  " if m & 1 else "  .  "
            rows[1] += ("-" if m & 8 else ":") + mid + ("-" if m & 2 else ":")
            rows[2] += "  |  " if m & 4 else "  .  "
        lines.extend(r.rstrip() for r in rows)
    legend = ", ".join(f"{v}={k}" for k, v in letters.items())
    return "\n".join(lines) + f"\n(x {min(xs)}..{max(xs)}, y {max(ys)}..{min(ys)}; {legend})"


def render_player_score(s: PlayerScore) -> str:
    """A player's breakdown, one fact per line."""
    out = [f"player {s.player}: total {s.total}"]
    if s.removed:
        out.append(f"  removed (no pipe path to the Source): {len(s.removed)}")
        out.extend(f"    {t.tile} at {t.cell}" for t in s.removed)
    out.append(f"  connected tiles (Source included): {s.connected}")
    out.append(f"  colour groups: {plural(s.group_points, 'point')}")
    for g in s.groups:
        out.append(f"    {g.colour} x{g.size}: {plural(g.points, 'point')}  {g.cells}")
    out.append(f"  flowers: {plural(s.flower_points, 'point')}")
    for f in s.flowers:
        mark = "counted" if f.counted else "NOT counted"
        out.append(
            f"    {f.tile} at {f.cell}: {plural(f.flowers, 'flower')} {mark} ({f.reason}): "
            f"{f.points}"
        )
    if s.mechas or s.mecha_points:
        out.append(f"  mecha-botanist bonus: {s.mecha_points} ({len(s.mechas)} connected)")
    out.append(f"  largest colour group: {s.largest_group}")
    return "\n".join(out)


def render_game_score(g: GameScore) -> str:
    """Both breakdowns and the outcome."""
    parts = [render_player_score(p) for p in g.players]
    parts.append(f"result: {g.outcome}")
    return "\n".join(parts)
