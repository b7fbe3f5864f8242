"""The Botanik rules page: Markdown written from a variant's effective options.

Every option is named where it changes what a player may do, as
``option: value`` in backticks, so a designer can compare the page with
``spec/rules.md`` option by option.  An option that changes nothing under the
rest of the variant (the wildcard bonus under ``mecha_botanist: swap``...) is
left out of the prose: :func:`applies` says which.  The texts paraphrase
``spec/rules.md`` sections 1-9 and ``../shared/botanik-rules.md``.
"""

from __future__ import annotations

from typing import Any

from botanik_design.games.botanik.model.tileset import TileSet
from botanik_design.games.botanik.model.variant import Variant
from botanik_design.model.rulespage.text import Page, option_table, shown, tag
from botanik_design.model.words import plural


def applies(option: str, v: Variant) -> bool:
    """Whether ``option`` changes the rules under the other options of ``v``.

    ``middle_condition_empty_slots`` needs ``middle_condition: linked-to-slot``;
    ``no_registry_move`` too (with ``none`` every middle stack takes any tile, so
    a pick always exists); the ``mecha_no_swap_target`` and ``mecha_chain_limit``
    options need ``mecha_botanist: swap``; ``mecha_bonus`` and ``wildcard_pairs``
    need ``wildcard``; ``closure_scope`` needs a closure rule.  Raises
    ``KeyError`` for a name that is not an option.
    """
    rule = {
        "middle_condition_empty_slots": v.middle_condition == "linked-to-slot",
        "no_registry_move": v.middle_condition == "linked-to-slot",
        "mecha_no_swap_target": v.mecha_botanist == "swap",
        "mecha_chain_limit": v.mecha_botanist == "swap",
        "mecha_bonus": v.mecha_botanist == "wildcard",
        "wildcard_pairs": v.mecha_botanist == "wildcard",
        "closure_scope": v.closure != "none",
    }
    if option not in Variant.option_names():
        raise KeyError(option)
    return rule.get(option, True)


def _order(n: int) -> str:
    """Who picks the n tiles of a round, in order."""
    if n == 1:
        return "the Meca holder picks the only tile; the other player does not pick this round"
    who = ["the Meca holder" if i % 2 == 0 else "the other player" for i in range(n)]
    return ", then ".join(who)


def _material(page: Page, v: Variant, ts: TileSet | None) -> None:
    page.head("Material")
    if ts is not None:
        colours = ", ".join(c.name for c in ts.colours)
        page.item(f"The tile set `{ts.name}`: {plural(ts.machine_tile_count(), 'machine tile')} "
                  f"in {plural(len(ts.colours), 'colour')} ({colours}) and "
                  f"{plural(sum(t.copies for t in ts.sources), 'Source')}.")
    page.item("Each tile has a colour (a Source has none), a type (straight, corner, tee, "
              "cross, plant, vegetable, mecha-botanist), pipe exits on some sides and "
              "sometimes flowers.")
    page.item("Two tiles are **linked** when they have the same colour or the same type. "
              "All mecha-botanists share a type, so any two of them are linked.")
    page.item(f"The **registry** has {plural(v.registry_columns, 'column')} "
              f"{tag('registry_columns', v.registry_columns)}. Each column has a **middle "
              "stack** in the centre and one **slot** per player.")
    page.item("Each player builds a **machine** around their own Source.")


def _setup(page: Page, v: Variant) -> None:
    page.head("Setup")
    n = v.initial_middle_tiles
    page.steps([
        "Shuffle every machine tile into one face-down pile; draw at random who holds the "
        "Meca pawn first.",
        f"Deal {plural(n, 'tile')} face up onto each middle stack "
        f"{tag('initial_middle_tiles', n)}"
        + ("." if n == 1 else "; only the top one counts for links and releases."),
        "Each machine starts as its owner's Source alone.",
    ])


def _middle_rule(v: Variant) -> str:
    if v.middle_condition == "none":
        return f"any middle stack takes any tile {tag('middle_condition', 'none')}"
    empty = ("a column whose two slots are both empty takes any tile"
             if v.middle_condition_empty_slots == "allow"
             else "a column whose two slots are both empty takes none")
    return (f"the tile must be linked to a tile in one of the two slots of that column "
            f"{tag('middle_condition', 'linked-to-slot')}; {empty} "
            f"{tag('middle_condition_empty_slots', v.middle_condition_empty_slots)}")


def _round(page: Page, v: Variant) -> None:
    page.head("A round")
    n = v.arrival_tiles
    if v.no_registry_move == "discard-chosen":
        stuck = ("they discard one arrival tile of their choice "
                 f"{tag('no_registry_move', 'discard-chosen')}")
    else:
        stuck = ("they may put any arrival tile on any middle stack, ignoring the middle "
                 f"condition {tag('no_registry_move', 'ignore-middle-condition')}")
    steps = [
        f"The Meca holder draws {plural(n, 'tile')} face up into the **arrival zone** "
        f"{tag('arrival_tiles', n)}.",
        f"Picks: {_order(n)}. A pick takes one arrival tile and puts it on the registry "
        "(never straight into a machine):",
    ]
    page.steps(steps)
    page.item("in **your own slot** of a column: the slot must be empty and the tile linked "
              "to the top of that column's middle stack;", indent=1)
    page.item(f"on top of a **middle stack**: {_middle_rule(v)}.", indent=1)
    if applies("no_registry_move", v):
        page.steps([f"A player with no legal pick cannot pass: {stuck}."], start=3)
        last = 4
    else:
        last = 3
    page.steps(["When every tile is picked (and everything it set off is over), the Meca "
                "pawn goes to the other player."], start=last)
    if v.short_last_round == "play-remaining":
        short = (f"When fewer than {plural(n, 'tile')} are left in the pile, the last round "
                 f"draws what is left and is played in the usual order "
                 f"{tag('short_last_round', 'play-remaining')}.")
    else:
        short = (f"When fewer than {plural(n, 'tile')} are left in the pile, they are "
                 f"discarded and the game ends {tag('short_last_round', 'discard-remaining')}.")
    page.para(short)


def _releases(page: Page, v: Variant) -> None:
    page.head("Releases")
    page.para("Whenever a tile lands on a middle stack, compare the new top with the tiles in "
              "that column's two slots, first the slot of the player who put it there. A slot "
              "tile no longer linked to the new top (other colour *and* other type) is "
              "**released** to the slot's owner, whoever caused it.")
    swap = " (a mecha-botanist: see below)" if v.mecha_botanist == "swap" else ""
    page.para(f"The owner adds a released tile to their machine at once{swap}, even during "
              "the opponent's turn. Releases are settled one at a time: each one, with "
              "everything it sets off, before the next; so the player who caused them "
              "finishes their own releases before the opponent settles theirs.")


def _closure(v: Variant) -> str:
    scope = {
        "source-network": "the pipe network joined to the Source",
        "every-network": "every group of tiles joined by pipes",
        "whole-machine": "the whole machine taken as one",
    }[v.closure_scope]
    rule = {
        "open-end": "must keep at least one **open end** (a pipe exit facing an empty cell)",
        "no-cycle": "must never hold a **closed loop** of pipe connections",
        "both": "must keep at least one **open end** (a pipe exit facing an empty cell) and "
                "must never hold a **closed loop** of pipe connections",
    }
    if v.closure == "none":
        return f"no closure rule: pipes may close up and form loops {tag('closure', 'none')}."
    text = (f"after the placement, {scope} {rule[v.closure]} "
            f"(`closure: {v.closure}`, `closure_scope: {v.closure_scope}`).")
    if v.closure_scope == "every-network" and v.closure in ("open-end", "both"):
        text += " A group with no pipe exit at all (such as a lone mecha-botanist) is exempt."
    return text


def _placement(page: Page, v: Variant) -> None:
    page.head("Adding a tile to a machine")
    wild = v.mecha_botanist == "wildcard"
    page.para("The owner chooses the cell and the rotation. A placement is legal when:")
    page.steps([
        "the cell is empty and shares a side with a tile of the machine;",
        "every side that touches a tile matches it: pipe against pipe, blank against blank"
        + ("; a mecha-botanist matches any side, and any side matches it;" if wild else ";"),
        _closure(v),
    ])
    if v.rotation == "free":
        page.para(f"The tile may be turned a quarter turn at a time {tag('rotation', 'free')}.")
    else:
        page.para("The tile goes in as printed, north up; it may not be turned "
                  f"{tag('rotation', 'fixed')}.")
    page.para("A tile that has no legal placement is discarded. A tile touching only blank "
              "sides is legal but has no pipe path to the Source: it scores nothing unless a "
              "path is built later.")


def _mechas(page: Page, v: Variant) -> None:
    page.head("Mecha-botanists")
    page.para("In the arrival zone and on the registry a mecha-botanist is an ordinary tile. "
              "Released, it works differently "
              f"{tag('mecha_botanist', v.mecha_botanist)}:")
    if v.mecha_botanist == "swap":
        page.item("It never enters a machine. Its owner swaps it with the top tile of a middle "
                  "stack whose top is not a mecha-botanist, then adds the tile taken to their "
                  "machine (discarded if it cannot be placed).")
        cap = v.mecha_chain_limit
        if cap is None:
            chain = "then releases in that column as any new top does"
        elif cap == 0:
            chain = "releases nothing: its column's slots stay as they are"
        else:
            chain = (f"then releases at most {plural(cap, 'tile')} in that column (the "
                     "swapper's slot first); any further unlinked tile stays in its slot")
        page.item(f"The mecha-botanist, now on top of that stack, {chain} "
                  f"{tag('mecha_chain_limit', 'null' if cap is None else cap)}.")
        if v.mecha_no_swap_target == "discard":
            none = "it leaves the game"
        else:
            none = "it stays in its slot, and a later unlinked middle tile releases it again"
        page.item(f"When every middle stack has a mecha-botanist on top, {none} "
                  f"{tag('mecha_no_swap_target', v.mecha_no_swap_target)}.")
    else:
        page.item("It goes into the machine like any tile. It has no pipes, fits against any "
                  "side and joins every pipe exit facing it; its own free sides are never open "
                  "ends.")
        if v.wildcard_pairs == "joined":
            pairs = "Two mecha-botanists side by side are joined, so a chain of them carries " \
                "the pipe network"
        else:
            pairs = "Two mecha-botanists side by side are not joined: each one joins only " \
                "the pipe exits facing it"
        page.item(f"{pairs} {tag('wildcard_pairs', v.wildcard_pairs)}.")
        page.item(f"Each mecha-botanist connected to the Source at the end scores "
                  f"{plural(v.mecha_bonus, 'point')} {tag('mecha_bonus', v.mecha_bonus)}.")


def _end(page: Page, v: Variant, ts: TileSet | None) -> None:
    page.head("End of the game")
    page.para("The game ends after a round when the pile is empty. Tiles still on the "
              "registry are discarded.")
    if ts is None:
        return
    left = ts.machine_tile_count() - v.registry_columns * v.initial_middle_tiles
    full, rest = divmod(max(left, 0), v.arrival_tiles)
    if rest and v.short_last_round == "play-remaining":
        last = f", then a last round of {plural(rest, 'tile')}"
    elif rest:
        last = f"; the last {plural(rest, 'tile')} are discarded"
    else:
        last = ""
    page.para(f"With `{ts.name}`, {plural(left, 'tile')} remain after setup: "
              f"{plural(full, 'full round')}{last}.")


def _scoring(page: Page, v: Variant) -> None:
    page.head("Scoring")
    how = ("sharing a side" if v.colour_groups == "touching" else "joined by a pipe")
    steps = [
        "Remove every tile with no pipe path to the Source.",
        f"**Colour groups**: tiles of one colour {how} form a group "
        f"{tag('colour_groups', v.colour_groups)}. A group of at least "
        f"{plural(v.min_group_size, 'tile')} {tag('min_group_size', v.min_group_size)} scores "
        f"{plural(v.group_points_per_tile, 'point')} per tile "
        f"{tag('group_points_per_tile', v.group_points_per_tile)}.",
    ]
    if v.crop_flowers == "always":
        crop = "every flower counts, crops included"
    else:
        crop = ("a crop's (plant, vegetable) flowers count only when a pipe joins it directly "
                "to a tile of its own colour")
    steps.append(f"**Flowers**: {plural(v.flower_points, 'point')} per flower "
                 f"{tag('flower_points', v.flower_points)}; {crop} "
                 f"{tag('crop_flowers', v.crop_flowers)}.")
    if v.mecha_botanist == "wildcard":
        steps.append(f"**Mecha-botanists**: {plural(v.mecha_bonus, 'point')} for each one "
                     "connected to the Source.")
    if v.tie_break == "shared":
        tie = "equal totals share the win"
    else:
        tie = ("with equal totals, the larger biggest colour group (of any size) wins; "
               "still equal, the win is shared")
    steps.append(f"Highest total wins; {tie} {tag('tie_break', v.tie_break)}.")
    page.steps(steps)


def rules_markdown(variant: Variant, tileset: TileSet | None = None, *,
                   options: bool = True, overrides: dict[str, Any] | None = None) -> str:
    """The rules of ``variant`` as Markdown (``#`` title, ``##`` sections).

    ``tileset``: adds its counts (tiles, colours, rounds); ``options``: ends with a
    table of every option, its value here and its default; ``overrides``: options
    changed on top of the named variant (said under the title).
    """
    page = Page()
    title = variant.title or variant.name
    page.title(f"Botanik rules: {title}")
    intro = f"Variant `{variant.name}`"
    if overrides:
        changed = ", ".join(f"`{k}: {shown(val)}`" for k, val in sorted(overrides.items()))
        intro += f" with {plural(len(overrides), 'option')} changed ({changed})"
    if tileset is not None:
        intro += f", tile set `{tileset.name}`"
    page.para(intro + ". Two players. Generated from the variant's options: each rule "
              "names the option that sets it.")
    _material(page, variant, tileset)
    _setup(page, variant)
    _round(page, variant)
    _releases(page, variant)
    _placement(page, variant)
    _mechas(page, variant)
    _end(page, variant, tileset)
    _scoring(page, variant)
    if options:
        page.head("Options")
        rows = [(name, shown(getattr(variant, name)), shown(getattr(Variant(), name)),
                 "" if applies(name, variant) else "not used here")
                for name in Variant.option_names()]
        page.lines.extend(option_table(rows))
    return page.text()


__all__ = ["applies", "rules_markdown"]


def page_for(ref: str, tileset_ref: str | None, options: bool = True) -> str:
    """The rules page of the Botanik variant ``ref`` (bundled name or file), counting tiles
    and rounds with ``tileset_ref`` (default: the variant's tile set, else ``botanik``).

    Raises ``SpecError`` when the variant or the tile set cannot be loaded."""
    from botanik_design.games.botanik.spec.load import load_tileset, load_tileset_for, load_variant

    variant = load_variant(ref)
    tileset = (load_tileset_for(tileset_ref, variant) if tileset_ref
               else load_tileset(variant.tileset or "botanik"))
    return rules_markdown(variant, tileset, options=options)
