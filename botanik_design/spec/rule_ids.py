"""Every diagnostic rule id, declared once: id, level and a one-line meaning.

``validate`` and the engine's spec readers emit only ids declared here
(:func:`declared` checks one; the test suite turns the check on for every
:class:`~botanik_design.spec.diagnostics.Diagnostic` built during the tests), and
the documentation's rule table is generated from them (``docs/refgen/rules.py``).
An id written ``schema-<keyword>`` declares a family: ``schema-`` followed by a
JSON Schema keyword in kebab case.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rule:
    """A declared rule id: ``level`` is ``error``, ``warning``, ``note`` or
    ``error or warning``; ``meaning`` one line for the rule table."""

    id: str
    level: str
    meaning: str


RULES: dict[str, Rule] = {r.id: r for r in (
    Rule("io-missing", "error",
         "the path does not exist (exit 2); a near-miss of a bundled name gets a hint (``did "
         "you mean `standard`?``)"),
    Rule("io-unreadable", "error",
         "the file or folder cannot be read (exit 2)"),
    Rule("io-no-files", "error",
         "a folder given as `PATH` holds no `*.yaml` or `*.yml` file (exit 2)"),
    Rule("yaml-syntax", "error",
         "the YAML parser cannot read the text (a tab in the indentation is named as such: "
         "YAML indents with spaces)"),
    Rule("yaml-duplicate-key", "error",
         "a mapping repeats a key"),
    Rule("yaml-tag", "error",
         "a tag other than `!!str`, `!!int`, `!!float`, `!!bool`, `!!null`, `!!map`, `!!seq`, "
         "or `!!bool`/`!!null` on a value they do not take"),
    Rule("yaml-alias-bomb", "error",
         "aliases would expand to more than 200 000 nodes"),
    Rule("yaml-recursive-alias", "error",
         "an alias refers to a node that contains it"),
    Rule("yaml-undefined-alias", "error",
         "an alias names no anchor defined before it"),
    Rule("yaml-ambiguous-bool", "error",
         "`yes`, `no`, `on`, `off` (any case) unquoted, as a value or a key"),
    Rule("yaml-ambiguous-number", "error",
         "a number YAML 1.1 and 1.2 read differently: octal (`0755`), binary (`0b101`), "
         "base-60 (`1:30`), `_`-separated (`1_0`), tagged or not; unquoted `0o17` or `1e3` "
         "(numbers in YAML 1.2, text in 1.1)"),
    Rule("yaml-bad-number", "error",
         "a number that cannot be used: an empty `!!int`/`!!float`, a tagged value that is no "
         "number, a whole number beyond ±2**64 (in any base)"),
    Rule("yaml-non-finite", "error",
         "`.nan`, `.inf`, `-.inf` or a float too large to hold (`1.0e+999`): every number in "
         "a file is finite"),
    Rule("yaml-encoding", "error",
         "not UTF-8 text"),
    Rule("yaml-binary", "error",
         "NUL bytes: binary content"),
    Rule("yaml-invalid-character", "error",
         "a control character YAML forbids"),
    Rule("yaml-empty", "error",
         "nothing but blanks and comments"),
    Rule("yaml-not-mapping", "error",
         "the top level is not a mapping"),
    Rule("yaml-too-deep", "error",
         "nesting deeper than 64 levels"),
    Rule("yaml-too-large", "error",
         "more than 4 MiB, or more than 200 000 nodes"),
    Rule("yaml-multiple-documents", "error",
         "more than one `---` document"),
    Rule("yaml-complex-key", "error",
         "a mapping or list used as a key"),
    Rule("yaml-bad-merge", "error",
         "`<<` merges something other than mappings"),
    Rule("spec-unknown-kind", "error",
         "no `tileset`, `variant`, `record`, `position` or `pieceset` top-level key"),
    Rule("spec-wrong-kind", "error",
         "`replay` or `score` was given a spec of another kind (e.g. a tile set)"),
    Rule("schema-<keyword>", "error",
         "the JSON Schema keyword that failed, in kebab case: `schema-required`, "
         "`schema-additional-properties`, `schema-type`, `schema-enum`, `schema-pattern`, "
         "`schema-minimum`, `schema-maximum`, `schema-min-length`, `schema-max-length`, "
         "`schema-min-items`, `schema-max-items`, `schema-unique-items`, `schema-not`, …"),
    Rule("schema-too-many", "error",
         "more than 100 schema errors: the schema check stopped at this position"),
    Rule("schema-false", "error",
         "a value where the schema allows nothing (a `false` subschema)"),
    Rule("yaml-too-many", "error",
         "more than 100 YAML problems (e.g. duplicate keys): the rest are not listed"),
    Rule("too-many-problems", "error or warning",
         "more than 100 problems of any kind in one file: the rest are not listed (an error "
         "when any of them is)"),
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
    Rule("sem-unknown-tileset", "error",
         "`tileset:` names no file and no bundled tile set"),
    Rule("sem-tileset-invalid", "error",
         "the tile set a variant names has errors"),
    Rule("sem-unknown-parent", "error",
         "`extends:` names no file and no bundled variant"),
    Rule("sem-parent-invalid", "error",
         "a parent variant (or one of its ancestors) has errors"),
    Rule("sem-extends-cycle", "error",
         "`extends` loops back, or is longer than 32 variants"),
    Rule("sem-no-scoring", "error",
         "no way to score a point: the options give no points (`group_points_per_tile` and "
         "`flower_points` 0, no mecha bonus), or the tile set makes every scoring rule void "
         "(no colour has `min_group_size` tiles, no tile has a flower, no mecha-botanist for "
         "the bonus). An error, not a warning: every game would end 0–0"),
    Rule("sem-unknown-variant", "error",
         "a record's or position's `variant:` names no file and no bundled variant"),
    Rule("sem-variant-invalid", "error",
         "the variant a record or position names has errors"),
    Rule("sem-no-tileset", "error",
         "neither the record/position nor its variant names a tile set"),
    Rule("sem-unknown-tile", "error",
         "a position names a tile id the tile set does not have"),
    Rule("sem-cell-taken", "error",
         "a position puts two tiles in one cell (the Source holds `[0, 0]`)"),
    Rule("sem-source-cell", "error",
         "a position puts a machine tile at `[0, 0]`, the Source's cell"),
    Rule("sem-source-tile", "error",
         "a position puts a Source tile anywhere but `[0, 0]`"),
    Rule("sem-deal-unknown-tile", "error",
         "a record's `deal` names no machine tile of the tile set"),
    Rule("sem-deal-too-many", "error",
         "a record's `deal` names a tile more often than the set has copies"),
    Rule("sem-hive-queen-count", "error",
         "a Hive piece set does not hold exactly one Queen per player"),
    Rule("sem-hive-no-win", "error",
         "a Hive piece set holds too few pieces to surround a Queen (fewer than 4 per player: "
         "the other pieces cannot fill her six neighbouring cells)"),
    Rule("sem-hive-expansions", "error",
         "a Hive variant's `expansions` and the expansion bugs of its piece set differ (both "
         "ways: listed but not in the set, or in the set but not listed)"),
    Rule("sem-hive-deadline", "error",
         "the Queen deadline cannot work: below 2 under the tournament opening, or more turns "
         "than a player has pieces while nothing may move before the Queen"),
    Rule("sem-unknown-pieceset", "error",
         "a Hive variant's `pieceset:` names no file and no bundled piece set"),
    Rule("sem-pieceset-invalid", "error",
         "the piece set a Hive variant names has errors (or is not a piece set)"),
    Rule("sem-hive-unknown-piece", "error",
         "a Hive position names a piece its piece set does not have (e.g. `wA4` in the base set)"),
    Rule("sem-hive-piece-twice", "error",
         "a Hive position puts one piece in two places"),
    Rule("sem-hive-stack", "error",
         "a Hive position puts a piece other than a Beetle or Mosquito on top of another"),
    Rule("sem-hive-one-hive", "error",
         "the stacks of a Hive position do not form one connected hive"),
    Rule("sem-hive-last-moved", "error",
         "a Hive position's `last_moved` is not on the board"),
    Rule("sem-hive-in-hand", "error",
         "a Hive position's `in_hand` is not exactly the pieces off the board"),
    Rule("record-result", "error",
         "a Hive record's `result` (or a GameString's GameState) is not where its moves lead"),
    Rule("gamestring-syntax", "error",
         "a GameString file is empty, holds more than one GameString, or its GameType, "
         "GameState or Turn is malformed"),
    Rule("gamestring-turn", "error",
         "a GameString's Turn is not the one its moves lead to"),
    Rule("hive-position-setup", "error",
         "the Hive engine cannot set up the position (a check the spec layer does not make)"),
    Rule("record-illegal-action", "error",
         "replaying the record (or a Hive GameString), this action or move is illegal"),
    Rule("record-game-over", "error",
         "the record (or a Hive GameString) has actions or moves after the game ended"),
    Rule("record-setup", "error",
         "the record's game cannot be set up with these rules"),
    Rule("record-variant", "error",
         "the variant a record or position names does not load"),
    Rule("record-tileset", "error",
         "no usable tile set for the record or position (none named, or it does not load)"),
    Rule("record-options", "error",
         "a record's or position's `options:` overrides do not make a valid variant"),
    Rule("record-crash", "error",
         "the engine raised an exception while replaying the record"),
    Rule("record-invalid", "error",
         "the record or position cannot be used (a problem without a position in the file)"),
    Rule("record-not-replayed", "warning",
         "the engine could not be imported, so the actions were not checked"),
    Rule("lint-no-effect", "warning",
         "an option set here has no effect under the other options (e.g. `mecha_bonus` with "
         "`mecha_botanist: swap`)"),
    Rule("lint-no-mecha-tiles", "warning",
         "mecha-botanist rules, but the tile set has no mecha-botanist tiles"),
    Rule("lint-small-colour", "warning",
         "a colour has fewer tiles than the minimum group size"),
    Rule("lint-unused-colour", "warning",
         "a palette colour no tile uses"),
    Rule("lint-shared-symbol", "warning",
         "two colours share a colour-blind symbol or a screen colour"),
    Rule("lint-hive-not-uhp", "warning",
         "a Hive piece set with other base counts than the published ones: no UHP game type "
         "names it, so external engines (Mzinga) cannot play it"),
    Rule("lint-hive-endless", "warning",
         "a Hive variant lets players pass at will with neither `repetition_draw` nor "
         "`ply_cap`: two passing players never end the game"),
    Rule("lint-hive-short-cap", "warning",
         "a Hive variant's `ply_cap` ends every game before both Queens are due (`2 × "
         "queen_deadline` plies)"),
    Rule("lint-rotation-fixed", "warning",
         "a position turns a tile under `rotation: fixed`"),
    Rule("lint-mecha-in-machine", "warning",
         "a position puts a mecha-botanist in a machine under `mecha_botanist: swap`"),
    Rule("lint-too-many-copies", "warning",
         "a position's machine holds more copies of a tile than the set has"),
    Rule("sim-crash", "error",
         "`--simulate`: the engine raised an exception"),
    Rule("sim-stall", "error",
         "`--simulate`: no legal action before the game ended"),
    Rule("sim-invariant", "error",
         "`--simulate`: a tile lost or duplicated, or the closure rule broken (checked at "
         "every step of the first games when games are short, at geometrically spaced steps "
         "and at the end of each game otherwise)"),
    Rule("sim-too-long", "error",
         "`--simulate`: a game needed more decisions than any game can (it never ends)"),
    Rule("sim-never-ends", "error",
         "`--simulate` (Hive): at least 5 random games and none ended within the length bound "
         "(`ply_cap`, else the engine's bound)"),
    Rule("sim-discards", "warning",
         "`--simulate`: on average more than half the machine tiles are discarded by a rule "
         "during play"),
    Rule("sim-no-score", "warning",
         "`--simulate`: every game (at least 3 played) ended with both scores 0"),
    Rule("sim-no-registry-move", "note",
         "`--simulate`: some games reached a pick with no legal registry move (handled by "
         "`no_registry_move`)"),
    Rule("sim-budget", "note",
         "`--simulate`: the time budget ran out before all games were played, or the tile set "
         "has more than 4000 machine tiles"),
    Rule("sim-summary", "note",
         "`--simulate`: one line per variant, e.g. `20 games played: no problems`"),
    Rule("sim-no-variant", "note",
         "`--simulate` with no variant among the inputs (a tile set alone has no rules to play)"),
    Rule("sim-no-tileset", "note",
         "`--simulate`: the variant names no tile set, so it cannot be played"),
    Rule("sweep-unknown-variant", "error",
         "a sweep's `base.variant` names no file and no bundled variant"),
    Rule("sweep-variant-invalid", "error",
         "a sweep's base variant has errors"),
    Rule("sweep-unknown-tileset", "error",
         "a sweep's `base.tileset` names no file and no bundled tile set"),
    Rule("sweep-tileset-invalid", "error",
         "a sweep's base tile set has errors"),
    Rule("sweep-axis", "error",
         "an axis has both or neither of `option` and `tiles`, both or neither of `values` and"
         " `range`, or a `tiles` axis lacks `field`"),
    Rule("sweep-unknown-option", "error",
         "an axis names no option of the game's variants (with a near-miss hint)"),
    Rule("sweep-bad-value", "error",
         "an axis value the option's schema refuses, or a tile change giving copies or flowers"
         " out of range"),
    Rule("sweep-empty-axis", "error",
         "a `range` whose `from` is after its `to`: the grid would be empty"),
    Rule("sweep-no-tile", "error",
         "a `tiles` selector matches no machine tile of the base tile set"),
    Rule("sweep-duplicate-axis", "error",
         "two axes change the same option or the same field of a tile, or share a label"),
    Rule("sweep-too-many-points", "error",
         "more than 10 000 points, or more than 1 000 values on one axis"),
    Rule("sweep-sample", "error",
         "`sample: random` without `points`, or more points than the grid has"),
    Rule("sweep-points-unused", "warning",
         "`points` given with `sample: grid` or `sample: search`"),
    Rule("sweep-search", "error",
         "`sample: search` aims at a metric without an interval (Balance, Drawishness), "
         "or its first round has more games than `games`"),
    Rule("sweep-search-unused", "warning",
         "`search` settings given without `sample: search`"),
    Rule("sweep-bad-point", "error",
         "a point cannot be played: too few tiles for its setup, or nothing to score"),
    Rule("sweep-game-mismatch", "error",
         "a sweep's `game` differs from its base variant's game"),
    Rule("sweep-metric-game", "error",
         "a sweep's `metrics` or `target.metric` names a metric the game does not measure"),
    Rule("sweep-bad-bots", "error",
         "`bots` is not two comma-separated bot specs (`sweep` also checks each bot)"),
)}

#: Family prefixes (``schema-<keyword>`` declares ``schema-`` + any keyword).
FAMILIES: tuple[str, ...] = tuple(i.split("<")[0] for i in RULES if "<" in i)


def declared(rule: str) -> bool:
    """Whether ``rule`` is a declared id or a member of a declared family."""
    return rule in RULES or any(
        rule.startswith(p) and rule[len(p):].replace("-", "").isalpha() for p in FAMILIES)

