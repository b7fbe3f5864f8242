"""Botanik's diagnostic rule ids (its entry's ``rule_ids``): id, level and a one-line
meaning, merged into :data:`botanik_design.spec.rule_ids.RULES` after the shared ones."""

from __future__ import annotations

from botanik_design.spec.rule_ids import Rule

RULES: tuple[Rule, ...] = (
    Rule("sem-duplicate-id", "error",
         "two tile definitions share an id"),
    Rule("sem-duplicate-colour", "error",
         "the palette declares a colour twice"),
    Rule("sem-invisible-symbol", "error",
         "a colour-blind `symbol` is white space, a control or zero-width character, or a lone"
         " combining mark"),
    Rule("sem-undeclared-colour", "error",
         "a tile uses a colour the palette does not declare"),
    Rule("sem-kind-type", "error",
         "`kind` does not match `type` (e.g. a corner that is not a pipe)"),
    Rule("sem-exits-type", "error",
         "the exits do not fit the type (straight: 2 opposite, corner: 2 adjacent, tee: 3, "
         "cross: 4, crop: 1, mecha: 0)"),
    Rule("sem-source-copies", "error",
         "the Source copies do not add up to 2 (one per player)"),
    Rule("sem-too-few-tiles", "error",
         "fewer machine tiles than the variant's setup needs (a tile set alone: fewer than 2, "
         "too few for any variant)"),
    Rule("sem-no-scoring", "error",
         "no way to score a point: the options give no points (`group_points_per_tile` and "
         "`flower_points` 0, no mecha bonus), or the tile set makes every scoring rule void "
         "(no colour has `min_group_size` tiles, no tile has a flower, no mecha-botanist for "
         "the bonus). An error, not a warning: every game would end 0–0"),
    Rule("sem-no-tileset", "error",
         "neither the record/position nor its variant names a tile set"),
    Rule("sem-unknown-tile", "error",
         "a position names a tile id the tile set does not have"),
    Rule("sem-source-cell", "error",
         "a position puts a machine tile at `[0, 0]`, the Source's cell"),
    Rule("sem-source-tile", "error",
         "a position puts a Source tile anywhere but `[0, 0]`"),
    Rule("sem-deal-unknown-tile", "error",
         "a record's `deal` names no machine tile of the tile set"),
    Rule("sem-deal-too-many", "error",
         "a record's `deal` names a tile more often than the set has copies"),
    Rule("record-tileset", "error",
         "no usable tile set for the record or position (none named, or it does not load)"),
    Rule("lint-no-mecha-tiles", "warning",
         "mecha-botanist rules, but the tile set has no mecha-botanist tiles"),
    Rule("lint-small-colour", "warning",
         "a colour has fewer tiles than the minimum group size"),
    Rule("lint-unused-colour", "warning",
         "a palette colour no tile uses"),
    Rule("lint-shared-symbol", "warning",
         "two colours share a colour-blind symbol or a screen colour"),
    Rule("lint-rotation-fixed", "warning",
         "a position turns a tile under `rotation: fixed`"),
    Rule("lint-mecha-in-machine", "warning",
         "a position puts a mecha-botanist in a machine under `mecha_botanist: swap`"),
    Rule("lint-too-many-copies", "warning",
         "a position's machine holds more copies of a tile than the set has"),
    Rule("sim-discards", "warning",
         "`--simulate`: on average more than half the machine tiles are discarded by a rule "
         "during play"),
    Rule("sim-no-score", "warning",
         "`--simulate`: every game (at least 3 played) ended with both scores 0"),
    Rule("sim-no-registry-move", "note",
         "`--simulate`: some games reached a pick with no legal registry move (handled by "
         "`no_registry_move`)"),
    Rule("sim-no-tileset", "note",
         "`--simulate`: the variant names no tile set, so it cannot be played"),
    Rule("sweep-unknown-tileset", "error",
         "a sweep's `base.tileset` names no file and no bundled tile set"),
    Rule("sweep-tileset-invalid", "error",
         "a sweep's base tile set has errors"),
    Rule("sweep-no-tile", "error",
         "a `tiles` selector matches no machine tile of the base tile set"),
)
