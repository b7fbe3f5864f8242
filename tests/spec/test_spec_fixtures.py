"""Every failing fixture reports exactly the rule ids it announces, at the announced positions.

Each file in ``fixtures/`` whose name does not start with ``ok-`` begins with a
comment ``# expect: <rule> <line>:<col>[; <rule> <line>:<col> ...]``.  Files
named ``ok-*`` must give no diagnostics at all.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from botanik_design.spec.validate import validate_path

FIXTURES = Path(__file__).parent / "fixtures"
FAILING = sorted(p for p in FIXTURES.glob("*.yaml") if not p.name.startswith("ok-"))
VALID = sorted(FIXTURES.glob("ok-*.yaml"))
_EXPECT = re.compile(rb"^# expect: (.*)$", re.M)


def expectations(path: Path) -> set[tuple[str, int, int]]:
    match = _EXPECT.match(path.read_bytes())
    assert match, f"{path.name} has no '# expect:' first line"
    out = set()
    for item in match.group(1).decode().split(";"):
        rule, pos = item.split()
        line, col = pos.split(":")
        out.add((rule, int(line), int(col)))
    return out


@pytest.mark.parametrize("path", FAILING, ids=lambda p: p.stem)
def test_fixture_reports_its_rules_at_their_positions(path: Path) -> None:
    found = {(d.rule, d.line, d.column) for d in validate_path(path)}
    assert found == expectations(path)


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_valid_fixtures_are_clean(path: Path) -> None:
    assert validate_path(path) == []


def test_each_rule_family_has_fixtures() -> None:
    """One failing fixture per schema keyword used in our schemas, semantic check and lint."""
    rules = {rule for p in FAILING for rule, _, _ in expectations(p)}
    wanted = {
        "schema-required", "schema-additional-properties", "schema-type", "schema-enum",
        "schema-pattern", "schema-max-length", "schema-min-length", "schema-min-items",
        "schema-max-items", "schema-unique-items", "schema-minimum", "schema-maximum",
        "schema-not",
        "sem-duplicate-id", "sem-duplicate-colour", "sem-undeclared-colour", "sem-kind-type",
        "sem-exits-type", "sem-source-copies", "sem-too-few-tiles", "sem-unknown-tileset",
        "sem-tileset-invalid", "sem-unknown-parent", "sem-parent-invalid", "sem-extends-cycle",
        "sem-no-scoring",
        "lint-unused-colour", "lint-small-colour", "lint-shared-symbol", "lint-no-effect",
        "lint-no-mecha-tiles",
        "yaml-syntax", "yaml-duplicate-key", "yaml-tag", "yaml-alias-bomb",
        "yaml-recursive-alias", "yaml-undefined-alias", "yaml-ambiguous-bool",
        "yaml-ambiguous-number", "yaml-encoding", "yaml-binary", "yaml-invalid-character",
        "yaml-empty", "yaml-not-mapping", "yaml-too-deep", "yaml-multiple-documents",
        "yaml-complex-key", "yaml-bad-merge", "yaml-bad-number", "spec-unknown-kind",
    }
    assert wanted <= rules, sorted(wanted - rules)


def test_fixture_diagnostics_have_levels_by_family() -> None:
    for path in FAILING:
        for d in validate_path(path):
            assert d.level == ("warning" if d.rule.startswith("lint-") else "error"), d
