"""The rule-id registry: declared once, emitted only when declared, the README table in step."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from botanik_design.spec import diagnostics
from botanik_design.spec.diagnostics import Diagnostic, diagnostic
from botanik_design.spec.rule_ids import RULES, declared

README = Path(__file__).resolve().parents[2] / "README.md"
_ROW = re.compile(r"^\| `([a-z0-9<>-]+)` \| ([a-z ]+) \| (.*) \|$")


def _readme_rows() -> list[tuple[str, str, str]]:
    rows = []
    for line in README.read_text(encoding="utf-8").splitlines():
        m = _ROW.match(line)
        if m:
            rows.append((m[1], m[2], m[3]))
    return rows


def test_every_declared_id_has_a_readme_row_and_every_row_an_id() -> None:
    rows = _readme_rows()
    assert len({r[0] for r in rows}) == len(rows), "a README row is repeated"
    assert {r[0] for r in rows} == set(RULES)


def test_readme_levels_and_meanings_match_the_registry() -> None:
    for rule_id, level, meaning in _readme_rows():
        assert (RULES[rule_id].level, RULES[rule_id].meaning) == (level, meaning), rule_id


@pytest.mark.parametrize("rule,ok", [
    ("yaml-duplicate-key", True), ("schema-min-items", True), ("schema-false", True),
    ("position-tile", False), ("tileset-kind-type", False), ("sem-nonsense", False),
    ("schema-", False), ("schema-min_items", False),
])
def test_declared(rule: str, ok: bool) -> None:
    assert declared(rule) is ok


def test_an_undeclared_id_fails_under_the_test_suite() -> None:
    assert diagnostics.CHECK_RULE_IDS  # tests/conftest.py turns the check on
    with pytest.raises(ValueError, match="undeclared rule id"):
        Diagnostic("f.yaml", 1, 1, "error", "made-up-rule", "text")
    with pytest.raises(KeyError):
        diagnostic("f.yaml", "made-up-rule", "text")


def test_the_builder_takes_the_declared_level() -> None:
    assert diagnostic("f", "sim-budget", "m").level == "note"
    assert diagnostic("f", "lint-no-effect", "m", line=3, column=2).format() == (
        "f:3:2: warning: m [lint-no-effect]")
