"""Hive: the second game of botanik-design (rules: the bundled ``spec/rules-hive.md``).

Parts: :mod:`.model` (piece sets and Hive variants), :mod:`.spec` (their checks, Hive
records and positions), :mod:`.engine` (axial pointy-top cells, the board, move
generation, the one-hive rule, UHP notation, ``HiveState``/``HiveGame``, perft, the UHP
engine loop), :mod:`.draw` and :mod:`.pictures` (pieces and boards), :mod:`.files`
(Hive records, positions and GameStrings for ``validate``, ``replay`` and ``score``),
:mod:`.rulespage`, :mod:`.cli` (``perft``, ``uhp``).  :data:`ENTRY` is what the
framework reads (:mod:`botanik_design.games.registry`); it imports nothing.
"""

from botanik_design.games.entry import GameEntry, SpecKind, SweepDecl, SweepMetric

_CHECK = "botanik_design.games.hive.spec.check:check"

ENTRY = GameEntry(
    name="hive",
    title="Hive",
    factory="botanik_design.games.hive.engine.game:load_hive",
    variant_loader="botanik_design.games.hive.engine.game:hive_from_doc",
    variant_kind="hive-variant",
    kinds=(
        SpecKind("hive-variant", "Hive variant", bundled="variants",
                 usage="play --variant NAME; `botanik-design rules NAME`", check=_CHECK),
        SpecKind("pieceset", "Hive piece set", bundled="piecesets",
                 usage="the `pieceset:` of a Hive variant", check=_CHECK, self_contained=True,
                 table="botanik_design.games.hive.spec.table:TABLE"),
        SpecKind("hive-record", "Hive record", check=_CHECK),
        SpecKind("hive-position", "Hive position", check=_CHECK),
    ),
    rules_page="botanik_design.games.hive.rulespage:page_for",
    commands=("botanik_design.games.hive.cli.perft_cmd", "botanik_design.games.hive.cli.uhp_cmd"),
    cli="botanik_design.games.hive.cli.hooks",
    # remote play (join): the client's view state and play screen
    public_rules="botanik_design.games.hive.engine.viewstate:public_rules",
    state_from_observation="botanik_design.games.hive.engine.viewstate:state_from_observation",
    join_screen="botanik_design.tui.hive.remote:join_screen",
    parts={"material": "piece set"},
    records="botanik_design.games.hive.hosted",
    rule_ids="botanik_design.games.hive.spec.rule_ids:RULES",
    sweep=SweepDecl(
        hooks="botanik_design.games.hive.spec.sweep:HOOKS",
        metrics=(
            SweepMetric("plies", "game length (plies)", short="plies"),
            SweepMetric("placements", "placements", short="places"),
            SweepMetric("movements", "movements", short="moves"),
            SweepMetric("passes", "passes", short="passes"),
            SweepMetric("queen_neighbours", "cells around own Queen at the end",
                        short="Q nbrs"),
            SweepMetric("end_queen_surrounded", "ended: one Queen surrounded", "proportion",
                        "Q surr.", end_reason="queen-surrounded"),
            SweepMetric("end_both_surrounded", "ended: both Queens surrounded", "proportion",
                        "both surr.", end_reason="both-surrounded"),
            SweepMetric("end_repetition", "ended: repetition draw", "proportion", "rep.",
                        end_reason="repetition"),
            SweepMetric("end_ply_cap", "ended: ply cap draw", "proportion", "ply cap",
                        end_reason="ply-cap"),
        ),
        default_metrics=("advantage_p1", "balance", "drawishness", "draws", "plies",
                         "end_queen_surrounded", "end_repetition", "end_ply_cap"),
        material="pieceset",
    ),
    tui_play="botanik_design.tui.hive.launcher:LAUNCHER",
    tui_editor="botanik_design.tui.hive.editor.launcher:EDITOR",
    # ---- the shared commands' words (botanik_design.cli.words) ----
    about="Hive piece sets and variants",
    drawn="pieceset",
    cli_help={
        "show.tileset": "a Hive piece set: hive (the base game) or a UHP game type such as "
        "Base+MLP",
        "sheet.tileset": "a Hive piece set: hive (the base game) or a UHP game type such as "
        "Base+MLP (hexagonal pieces)",
        "sheet.tile_size": "Hive: a piece's width across the flats (default 38)",
        "replay.record": "a Hive GameString file (.txt)",
        "rules.variant": "hive-tournament",
        "rules.description": "for a Hive variant, its pieces, turns and end",
        "sweep.base": "Hive, whose pieces come from its piece set",
        "sweep.numbers": "Hive: placements, movements, end reasons",
    },
    cli_names={"show.tileset": ("hive",)},
)
