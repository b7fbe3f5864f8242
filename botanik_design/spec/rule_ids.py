"""Every diagnostic rule id, declared once: id, level and a one-line meaning (the
shared ones here, each game's in the module its entry's ``rule_ids`` names).

``validate`` and the engine's spec readers emit only ids declared here
(:func:`declared` checks one; the test suite turns the check on for every
:class:`~botanik_design.spec.diagnostics.Diagnostic` built during the tests), and
the documentation's rule table is generated from them (``docs/refgen/rules.py``).
An id written ``schema-<keyword>`` declares a family: ``schema-`` followed by a
JSON Schema keyword in kebab case.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rule:
    """A declared rule id: ``level`` is ``error``, ``warning``, ``note`` or
    ``error or warning``; ``meaning`` one line for the rule table."""

    id: str
    level: str
    meaning: str


#: The rules every game shares (files, YAML, schemas, chains, records, sweeps...); each
#: game's own come from its entry (``GameEntry.rule_ids``), see :data:`RULES`.
SHARED: dict[str, Rule] = {r.id: r for r in (
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
    Rule("sem-unknown-variant", "error",
         "a record's or position's `variant:` names no file and no bundled variant"),
    Rule("sem-variant-invalid", "error",
         "the variant a record or position names has errors"),
    Rule("sem-cell-taken", "error",
         "a position puts two tiles in one cell (the Source holds `[0, 0]`)"),
    Rule("sem-unknown-pieceset", "error",
         "a variant's `pieceset:` names no file and no bundled piece set"),
    Rule("sem-pieceset-invalid", "error",
         "the piece set a variant names has errors (or is not a piece set)"),
    Rule("record-illegal-action", "error",
         "replaying the record (or a GameString), this action or move is illegal"),
    Rule("record-game-over", "error",
         "the record (or a GameString) has actions or moves after the game ended"),
    Rule("record-setup", "error",
         "the record's game cannot be set up with these rules"),
    Rule("record-variant", "error",
         "the variant a record or position names does not load"),
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
    Rule("sim-budget", "note",
         "`--simulate`: the time budget ran out before all games were played, or the tile set "
         "has more than 4000 machine tiles"),
    Rule("sim-summary", "note",
         "`--simulate`: one line per variant, e.g. `20 games played: no problems`"),
    Rule("sim-no-variant", "note",
         "`--simulate` with no variant among the inputs (a tile set alone has no rules to play)"),
    Rule("sweep-unknown-variant", "error",
         "a sweep's `base.variant` names no file and no bundled variant"),
    Rule("sweep-variant-invalid", "error",
         "a sweep's base variant has errors"),
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


def _all() -> dict[str, Rule]:
    """The shared rules, then each registered game's (its entry's ``rule_ids``)."""
    from botanik_design.games.registry import entries, resolve

    found = dict(SHARED)
    for e in entries():
        if e.rule_ids:
            found.update((r.id, r) for r in resolve(e.rule_ids))
    return found


class _Rules(Mapping[str, Rule]):
    """Every declared rule id, read from :data:`SHARED` and the entries when asked (a game
    registered later brings its ids)."""

    def __getitem__(self, key: str) -> Rule:
        try:
            return SHARED[key]
        except KeyError:
            return _all()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(_all())

    def __len__(self) -> int:
        return len(_all())

    def __contains__(self, key: object) -> bool:
        return key in SHARED or key in _all()


#: Every declared rule id -> its :class:`Rule`: the shared ones, then each game's.
RULES: Mapping[str, Rule] = _Rules()

#: Family prefixes (``schema-<keyword>`` declares ``schema-`` + any keyword).
FAMILIES: tuple[str, ...] = tuple(i.split("<")[0] for i in SHARED if "<" in i)


def declared(rule: str) -> bool:
    """Whether ``rule`` is a declared id or a member of a declared family."""
    return rule in RULES or any(
        rule.startswith(p) and rule[len(p):].replace("-", "").isalpha() for p in FAMILIES)

