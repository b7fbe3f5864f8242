"""Hive's diagnostic rule ids (its entry's ``rule_ids``): id, level and a one-line
meaning, merged into :data:`botanik_design.spec.rule_ids.RULES` after the shared ones."""

from __future__ import annotations

from botanik_design.spec.rule_ids import Rule

RULES: tuple[Rule, ...] = (
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
    Rule("lint-hive-not-uhp", "warning",
         "a Hive piece set with other base counts than the published ones: no UHP game type "
         "names it, so external engines (Mzinga) cannot play it"),
    Rule("lint-hive-endless", "warning",
         "a Hive variant lets players pass at will with neither `repetition_draw` nor "
         "`ply_cap`: two passing players never end the game"),
    Rule("lint-hive-short-cap", "warning",
         "a Hive variant's `ply_cap` ends every game before both Queens are due (`2 × "
         "queen_deadline` plies)"),
    Rule("sim-never-ends", "error",
         "`--simulate` (Hive): at least 5 random games and none ended within the length bound "
         "(`ply_cap`, else the engine's bound)"),
)
