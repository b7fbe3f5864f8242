"""The Hive rules page: Markdown written from a Hive variant's effective options.

As for Botanik (:mod:`.botanik`), each rule names the option that sets it as
``option: value`` in backticks.  The texts paraphrase ``spec/rules-hive.md`` and
``../shared/hive-rules.md``.
"""

from __future__ import annotations

from typing import Any

from botanik_design.games.hive.model import BUG_LETTER, EXPANSION_BUGS, Bug, HiveVariant
from botanik_design.model.rulespage.text import Page, option_table, shown, tag
from botanik_design.model.words import plural

#: How each bug moves, in a sentence (spec/rules-hive.md, "Pieces").
MOVES: dict[Bug, str] = {
    Bug.QUEEN: "one sliding step",
    Bug.SPIDER: "exactly three sliding steps, never entering a cell twice",
    Bug.BEETLE: "one step in any direction, also up onto the hive or down from it; a piece "
                "under a Beetle cannot move",
    Bug.GRASSHOPPER: "jumps in a straight line over one or more pieces to the first empty cell",
    Bug.ANT: "any number of sliding steps around the hive",
    Bug.MOSQUITO: "moves as any bug it touches (on top of the hive: as a Beetle)",
    Bug.LADYBUG: "two steps over the top of the hive, then one step down into an empty cell",
    Bug.PILLBUG: "one sliding step; or, instead of moving, lifts a neighbouring piece over "
                 "itself onto an empty neighbouring cell",
}

#: Names shown for each bug.
NAMES: dict[Bug, str] = {
    Bug.QUEEN: "Queen Bee", Bug.SPIDER: "Spider", Bug.BEETLE: "Beetle",
    Bug.GRASSHOPPER: "Grasshopper", Bug.ANT: "Soldier Ant", Bug.MOSQUITO: "Mosquito",
    Bug.LADYBUG: "Ladybug", Bug.PILLBUG: "Pillbug",
}


def hive_applies(option: str, v: HiveVariant) -> bool:
    """Whether ``option`` changes the rules under the rest of ``v``: ``placement_order``
    needs a bug with several copies; every other option always matters.  Raises
    ``KeyError`` for a name that is not an option."""
    if option not in HiveVariant.option_names():
        raise KeyError(option)
    if option == "placement_order":
        return any(n > 1 for _, n in v.piece_set().counts)
    return True


def _pieces(page: Page, v: HiveVariant) -> None:
    page.head("Pieces")
    ps = v.piece_set()
    page.para(f"Two players, White and Black; White plays first. Each starts with "
              f"{plural(ps.pieces_per_player(), 'piece')} in hand:")
    page.lines += ["| bug | letter | each | moves |", "|---|---|---|---|"]
    for bug, n in ps.counts:
        page.lines.append(f"| {NAMES[bug]} | `{BUG_LETTER[bug]}` | {n} | {MOVES[bug]} |")
    page.lines.append("")
    bugs = [b.value for b in EXPANSION_BUGS if b.value in v.expansions]
    if bugs:
        page.para(f"Expansion bugs in play: {', '.join(bugs)} {tag('expansions', bugs)}.")
    else:
        page.para(f"No expansion bugs {tag('expansions', [])}.")


def _turn(page: Page, v: HiveVariant) -> None:
    page.head("A turn")
    page.para("On your turn do exactly one thing: place a piece, move a piece, or pass.")
    page.item("**Place** a piece from your hand on an empty cell. The very first piece goes "
              "anywhere; each player's first piece goes next to any piece; after that the cell "
              "must touch one of your stacks and none of the opponent's (by their top pieces).")
    if v.tournament_opening:
        page.item(f"Nobody may place their Queen on their first turn "
                  f"{tag('tournament_opening', True)}.", indent=1)
    else:
        page.item(f"The Queen may be placed on the first turn "
                  f"{tag('tournament_opening', False)}.", indent=1)
    page.item(f"If your Queen is still in hand on your turn {v.queen_deadline}, you must "
              f"place her then {tag('queen_deadline', v.queen_deadline)}.", indent=1)
    if hive_applies("placement_order", v):
        if v.placement_order == "numbered":
            order = ("Copies of a bug go down in number order (A1 before A2): placing "
                     "\"an ant\" on a cell is one move")
        else:
            order = "Any copy of a bug still in hand may be placed (A2 before A1)"
        page.item(f"{order} {tag('placement_order', v.placement_order)}.", indent=1)
    if v.move_before_queen:
        when = f"even before your Queen is on the board {tag('move_before_queen', True)}"
    else:
        when = f"only once your Queen is on the board {tag('move_before_queen', False)}"
    page.item(f"**Move** one of your pieces on the board, {when}. Only the top piece of a "
              "stack moves.")
    if v.pass_only_when_stuck:
        pas = ("only when you have no placement and no move; then you must "
               f"{tag('pass_only_when_stuck', True)}")
    else:
        pas = f"whenever you like {tag('pass_only_when_stuck', False)}"
    page.item(f"**Pass**: {pas}.")


def _movement(page: Page) -> None:
    page.head("Moving")
    page.item("**One hive**: all pieces on the board stay one connected group, after the move "
              "and during it. A piece whose removal would split the group is pinned.")
    page.item("**Freedom to move**: a sliding piece passes between the two cells beside its "
              "step; exactly one of them must be occupied (two is a gate too narrow, none "
              "would leave the hive). Climbing steps are blocked when both cells beside are "
              "higher than where the piece starts and where it lands.")
    page.item("The piece your opponent moved (or threw) on their last turn cannot be moved "
              "or thrown on yours.")


def _end(page: Page, v: HiveVariant) -> None:
    page.head("End of the game")
    steps = ["A Queen with all six neighbouring cells occupied (by any colour) is "
             "**surrounded**: her owner loses. Both at once: a draw."]
    if v.repetition_draw is None:
        steps.append(f"Repeated positions do not end the game "
                     f"{tag('repetition_draw', None)}.")
    else:
        steps.append(f"The same position (every stack, and the player to move) reached for "
                     f"the {_nth(v.repetition_draw)} time is a draw "
                     f"{tag('repetition_draw', v.repetition_draw)}.")
    if v.ply_cap is None:
        steps.append(f"No limit on the number of turns {tag('ply_cap', None)}.")
    else:
        steps.append(f"After {plural(v.ply_cap, 'turn')} in all (both players, passes "
                     f"included) the game is a draw {tag('ply_cap', v.ply_cap)}.")
    if v.pass_only_when_stuck:
        steps.append("Two passes in a row (neither player can ever move again): a draw.")
    page.steps(steps)


def _nth(n: int) -> str:
    tail = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{tail}"


def hive_rules_markdown(variant: HiveVariant, *, options: bool = True,
                        overrides: dict[str, Any] | None = None) -> str:
    """The rules of the Hive ``variant`` as Markdown (``#`` title, ``##`` sections).

    ``options``: ends with a table of every option, its value here and its default;
    ``overrides``: options changed on top of the named variant (said under the title).
    """
    page = Page()
    page.title(f"Hive rules: {variant.title or variant.name}")
    intro = f"Variant `{variant.name}`"
    if overrides:
        changed = ", ".join(f"`{k}: {shown(val)}`" for k, val in sorted(overrides.items()))
        intro += f" with {plural(len(overrides), 'option')} changed ({changed})"
    page.para(intro + ", piece set `" + variant.piece_set().name + "`. Generated from the "
              "variant's options: each rule names the option that sets it. The board is a "
              "grid of hexagons with no edge; a cell holds a stack of pieces, owned by the "
              "colour of its top piece.")
    _pieces(page, variant)
    _turn(page, variant)
    _movement(page)
    _end(page, variant)
    if options:
        page.head("Options")
        default = HiveVariant()
        rows = [(name, shown(getattr(variant, name)), shown(getattr(default, name)),
                 "" if hive_applies(name, variant) else "not used here")
                for name in HiveVariant.option_names()]
        page.lines.extend(option_table(rows))
    return page.text()


__all__ = ["MOVES", "hive_applies", "hive_rules_markdown"]


def page_for(ref: str, tileset_ref: str | None, options: bool = True) -> str:
    """The rules page of the Hive variant ``ref`` (bundled name or file).

    Raises ``SpecError`` when it cannot be loaded, ``ValueError`` for a ``--tileset``
    (a Hive variant takes its pieces from its piece set)."""
    from botanik_design.games.hive.spec.load import load_hive_variant

    if tileset_ref:
        raise ValueError(f"--tileset: {ref} is a Hive variant; it takes its pieces from "
                         "its piece set")
    return hive_rules_markdown(load_hive_variant(ref), options=options)
