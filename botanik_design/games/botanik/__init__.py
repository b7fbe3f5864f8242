"""Botanik: the tile-laying game this tool was first built for (2 players, pipes, colours,
flowers).  Rules: the bundled ``spec/rules.md``.

Parts, bottom up: :mod:`.model` (typed tiles, tile sets, variants, sides and rotation),
:mod:`.spec` (the checks of tile sets, variants, records and positions), :mod:`.engine`
(machines, the game state, scoring, records), :mod:`.draw` (sheets, overviews, boards),
:mod:`.rulespage` (the rules page), :mod:`.cli` (Botanik-only commands).  :data:`ENTRY`
is what the framework reads (:mod:`botanik_design.games.registry`); it imports nothing.
"""

from botanik_design.games.entry import GameEntry, SpecKind, SweepDecl, SweepMetric

_CHECK = "botanik_design.games.botanik.spec.check:check"

ENTRY = GameEntry(
    name="botanik",
    title="Botanik",
    factory="botanik_design.games.botanik.engine.game:load_botanik",
    variant_loader="botanik_design.games.botanik.engine.game:botanik_from_doc",
    variant_kind="variant",
    kinds=(
        SpecKind("tileset", "tile set", bundled="tilesets",
                 usage="--tileset NAME; `botanik-design show NAME` draws one",
                 check=_CHECK, self_contained=True,
                 table="botanik_design.games.botanik.spec.table:TABLE"),
        SpecKind("variant", "Botanik variant", bundled="variants",
                 usage="--variant NAME; `botanik-design rules NAME` prints its rules",
                 check=_CHECK),
        SpecKind("record", "Botanik record", check=_CHECK),
        SpecKind("position", "Botanik position", check=_CHECK),
    ),
    rules_page="botanik_design.games.botanik.rulespage:page_for",
    commands=("botanik_design.games.botanik.cli.golden_cmd",),
    cli="botanik_design.games.botanik.cli.hooks",
    # remote play (join): the client's view state and play screen
    public_rules="botanik_design.games.botanik.engine.viewstate:public_rules",
    state_from_observation="botanik_design.games.botanik.engine.viewstate:state_from_observation",
    join_screen="botanik_design.tui.botanik.remote:join_screen",
    parts={"material": "tile set"},
    records="botanik_design.games.botanik.hosted",
    rule_ids="botanik_design.games.botanik.spec.rule_ids:RULES",
    sweep=SweepDecl(
        hooks="botanik_design.games.botanik.spec.sweep:HOOKS",
        metrics=(
            SweepMetric("score", "score", short="score"),
            SweepMetric("margin", "margin first - second", short="margin"),
            SweepMetric("groups", "colour-group points", short="groups"),
            SweepMetric("flowers", "flower points", short="flowers"),
            SweepMetric("bonus", "bonus points", short="bonus"),
            SweepMetric("releases", "releases", short="releases"),
            SweepMetric("swaps", "swaps", short="swaps"),
            SweepMetric("discards", "discards", short="discards"),
            SweepMetric("left_at_end", "left at the end", short="left"),
            SweepMetric("unconnected", "unconnected tiles", short="unconn."),
            SweepMetric("stalls", "stalls", short="stalls"),
        ),
        default_metrics=("advantage_p1", "balance", "drawishness", "decisions", "score",
                         "groups", "flowers", "bonus", "discards", "stalls"),
        material="tileset",
    ),
    tui_play="botanik_design.tui.botanik.launcher:LAUNCHER",
    tui_editor="botanik_design.tui.botanik.editor.launcher:EDITOR",
    # ---- the shared commands' words (botanik_design.cli.words) ----
    about="Botanik tile sets and variants",
    drawn="tileset",
    defaults={"tileset": "botanik", "variant": "standard"},
    cli_help={
        "show.tileset": "bundled tile set name or path",
        "sheet.tileset": "bundled tile set name or path",
        "rules.variant": "standard, registre-3",
        "rules.description": "setup, a round, where a tile may go, releases, "
        "mecha-botanists, end and scoring with the variant's numbers",
        "rules.tileset": "Botanik: count tiles and rounds with this tile set (default: the "
        "variant's, else botanik)",
        "sweep.base": "Botanik, with an optional tile set",
        "sweep.numbers": "Botanik: score parts, discards, stalls",
    },
)
