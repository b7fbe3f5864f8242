"""The board screen's texts: status line, prompt, live scores."""

from __future__ import annotations

from rich.text import Text

from botanik_design.model.words import plural
from botanik_design.tui.botanik import render as R
from botanik_design.tui.botanik.choice import Choice
from botanik_design.tui.botanik.controller import Controller

#: The smallest terminal that shows everything (columns, rows).
MIN_SIZE = (80, 24)


def scores_text(ctl: Controller) -> Text:
    """Both live breakdowns, compact (shown at large sizes)."""
    out = Text()
    for ps in ctl.scores().players:
        p = ps.player
        out.append(f"{ctl.label(p)}: {ps.total}\n", style="bold")
        out.append(f" groups {ps.group_points}\n")
        for g in ps.groups:
            if g.size > 1 or g.points:
                out.append(f"  {g.colour} ×{g.size}: {g.points}\n",
                           style="" if g.points else "#8a8a8a")
        out.append(f" flowers {ps.flower_points}\n")
        for f in ps.flowers:
            mark = "✓" if f.counted else "✗"
            out.append(f"  {mark} {f.tile}: {f.points}\n",
                       style="" if f.counted else "#8a8a8a")
        if ps.mechas or ps.mecha_points or ctl.rules.variant.mecha_botanist == "wildcard":
            out.append(f" mecha bonus {ps.mecha_points}\n")
        if ps.removed:
            out.append(f" {plural(len(ps.removed), 'tile')} off the Source network\n",
                       style="#d7875f")
        out.append("\n")
    out.rstrip()
    return out


def status_text(ctl: Controller, too_small: str, autosave_error: str) -> Text:
    """The status line: round, pile, Meca pawn, who acts, warnings, the rules and seed."""
    s = ctl.state
    r = ctl.rules
    head = f"round {s.round} · pile {s.pile_size()} · Meca P{s.meca_holder()}"
    p = ctl.to_act()
    if ctl.is_over():
        head = f"round {s.round} · game over"
    else:
        head += f" · to act: {ctl.label(p)}"
    changed = "*" if r.overrides else ""
    tail = f" · {r.tileset.name}/{r.variant.name}{changed} · seed {ctl.seed}"
    out = Text(head, style="bold")
    if too_small:
        out = Text(f"terminal {too_small}: enlarge it to {MIN_SIZE[0]}x{MIN_SIZE[1]} "
                   "or more to see the move log and the machines · ",
                   style="bold #ffffff on #875f00") + out
    if autosave_error:
        out.append(" · ✗ autosave failed", style="bold #ffffff on #af0000")
    waiting = ctl.waiting_swaps()
    if waiting:
        out.append(" · then: " + ", ".join(f"{ctl.label(w)} swaps {t}" for w, t in waiting),
                   style="bold #ffd75f")
    return out + Text(tail, style="#8a8a8a")


#: The keys every key line ends with, whatever the width.
ALWAYS_KEYS = ("? help", "q quit")


def fit_keys(keys: list[str], width: int, *, first: str = "") -> str:
    """``first`` (if any), as many of ``keys`` as fit in ``width`` columns (the last ones
    go first), then :data:`ALWAYS_KEYS`, joined by `` · ``."""
    kept = list(keys)
    while True:
        line = " · ".join([*([first] if first else []), *kept, *ALWAYS_KEYS])
        if len(line) <= width or not kept:
            return line
        kept.pop()


def prompt_text(ctl: Controller, choice: Choice, message: str, width: int = 78) -> Text:
    """The two prompt lines: the decision (or ``message``) and the keys that apply, the
    second fitted to ``width`` columns (:func:`fit_keys`: help and quit always shown)."""
    s = ctl.state
    d = ctl.pending()
    tail = ["a list", "u undo", "r rules"]
    lead: list[str] = []
    prefix = ""
    if message:
        first = message
    elif d is None:
        first = "Game over: " + ctl.outcome()
        lead, tail = ["enter summary", "u undo", "ctrl+s save"], ["r rules"]
    elif not ctl.human_to_act():
        first = f"{ctl.label(d.player)} is thinking ({d.kind})…"
        tail = ["u undo", "r rules"]
    elif d.kind == "pick":
        who = ctl.label(d.player)
        tiles = s.arrival_tiles()
        name = s.tile(tiles[choice.sel]).id if choice.sel < len(tiles) else "?"
        if ctl.discards():
            first = (f"{who}: no legal registry move; discard a tile: "
                     f"{choice.sel + 1} {name}")
            lead = ["↑↓/1-9 tile", "enter discard"]
        else:
            dests = choice.dests(ctl)
            if dests:
                dd = dests[choice.dest % len(dests)]
                where = (f"mid {dd.column + 1}" if dd.middle
                         else f"own slot {dd.column + 1}")
                n, total = len(dests), len(ctl.state.legal_actions())
                preview = ctl.preview(dd.action)
                first = (f"{who} picks: {choice.sel + 1} {name} → {where} "
                         + (f"[{preview}] " if preview else "")
                         + f"({plural(n, 'destination')} for this tile · "
                         f"{plural(total, 'move')})")
            else:
                first = f"{who} picks: {choice.sel + 1} {name} has no legal destination"
            lead = ["↑↓ tile", "←→ where", "enter play"]
            tail = [*tail, "1-9 tile, s/m+column own slot/middle"]  # the first to go
            if choice.prefix:
                prefix = f"{'own slot' if choice.prefix == 's' else 'middle'} of column 1-9?"
    elif d.kind == "place":
        cells = ctl.placements()
        rots = cells.get(choice.cursor, [])
        r, action = rots[choice.rot % len(rots)] if rots else (0, -1)
        preview = f"[{ctl.preview(action)}] " if rots else ""
        first = (f"{ctl.label(d.player)} places {d.tile_id} at "
                 f"{choice.cursor} r{r} {preview}({len(rots)} rot. here, "
                 f"{R.placements_summary(cells)})")
        lead, tail = ["arrows cell", "r rotate", "enter place"], ["a list", "u undo"]
    else:
        swaps = ctl.swaps()
        top = s.middle_stacks()[choice.col][-1]
        first = (f"{ctl.label(d.player)} swaps {d.tile_id} with middle "
                 f"{choice.col + 1} (takes {s.tile(top).id}); {plural(len(swaps), 'stack')}")
        lead = ["←→/1-9 stack", "enter swap"]
    keys = fit_keys(lead + tail, width, first=prefix)
    # one line each, cut with an ellipsis: the key hints must stay on screen
    return Text(first, style="bold") + Text("\n" + keys, style="#b0b0b0")
