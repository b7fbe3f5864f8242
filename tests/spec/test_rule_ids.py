"""The rule-id registry: declared once, emitted only when declared, the documentation's
rule table (generated from the registry by docs/refgen/rules.py) in step, row for row."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from botanik_design.spec import diagnostics
from botanik_design.spec.diagnostics import Diagnostic, diagnostic
from botanik_design.spec.rule_ids import RULES, declared

DOCS = Path(__file__).resolve().parents[2] / "docs"
sys.path.insert(0, str(DOCS))
from refgen import markdown, rules  # noqa: E402

_ROW = re.compile(r"^\| `([a-z0-9<>-]+)` \| ([a-z ]+) \| (.*) \| (.*) \|$")


def _doc_rows() -> list[tuple[str, str, str]]:
    rows = []
    for line in rules.reference().splitlines():
        m = _ROW.match(line)
        if m:
            rows.append((m[1], m[2], m[3]))
    return rows


def test_every_declared_id_has_a_row_and_every_row_an_id() -> None:
    rows = _doc_rows()
    assert len({r[0] for r in rows}) == len(rows), "a row is repeated"
    assert [r[0] for r in rows] == list(RULES)


def test_levels_and_meanings_match_the_registry() -> None:
    for rule_id, level, meaning in _doc_rows():
        assert (RULES[rule_id].level, markdown.text(RULES[rule_id].meaning)) == (
            level, meaning), rule_id


def test_the_rule_page_is_generated_from_the_registry() -> None:
    page = (DOCS / "reference" / "rules.md").read_text(encoding="utf-8")
    assert "<!-- generated: rules -->" in page.splitlines()


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
