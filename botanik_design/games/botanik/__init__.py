"""Botanik: the tile-laying game this tool was first built for (2 players, pipes, colours,
flowers).  Rules: the bundled ``spec/rules.md``.

Parts, bottom up: :mod:`.model` (typed tiles, tile sets, variants, sides and rotation),
:mod:`.spec` (the checks of tile sets, variants, records and positions), :mod:`.engine`
(machines, the game state, scoring, records), :mod:`.draw` (sheets, overviews, boards),
:mod:`.rulespage` (the rules page), :mod:`.cli` (Botanik-only commands).  :data:`ENTRY`
is what the framework reads (:mod:`botanik_design.games.registry`); it imports nothing.
"""

from botanik_design.games.entry import GameEntry, SpecKind

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
                 check=_CHECK, self_contained=True),
        SpecKind("variant", "Botanik variant", bundled="variants",
                 usage="--variant NAME; `botanik-design rules NAME` prints its rules",
                 check=_CHECK),
        SpecKind("record", "Botanik record", check=_CHECK),
        SpecKind("position", "Botanik position", check=_CHECK),
    ),
    rules_page="botanik_design.games.botanik.rulespage:page_for",
    commands=("botanik_design.games.botanik.cli.golden_cmd",),
    cli="botanik_design.games.botanik.cli.hooks",
    parts={"material": "tile set"},
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
