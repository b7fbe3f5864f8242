"""The JSON Schemas in spec/ are valid Draft 2020-12 and describe every field."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from botanik_design.games.botanik.model.variant import Variant
from botanik_design.spec.bundled import schema
from botanik_design.spec.schema_check import known_kinds, rule_id

SPEC = Path(__file__).resolve().parents[2] / "spec"
SCHEMAS = sorted(SPEC.glob("*.schema.json"))


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_schema_is_valid_draft_2020_12(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(data)


def _properties(node: Any, where: str) -> Iterator[tuple[str, Any]]:
    if isinstance(node, dict):
        for name, sub in (node.get("properties") or {}).items():
            yield f"{where}/{name}", sub
        for key, sub in node.items():
            if key not in ("if", "then", "else", "not"):  # conditions, not fields
                yield from _properties(sub, f"{where}/{key}")
    elif isinstance(node, list):
        for i, sub in enumerate(node):
            yield from _properties(sub, f"{where}/{i}")


@pytest.mark.parametrize("kind", ["tileset", "variant", "pieceset", "hive-variant"])
def test_every_field_has_a_description(kind: str) -> None:
    missing = [where for where, sub in _properties(schema(kind), "")
               if isinstance(sub, dict) and not sub.get("description")]
    assert missing == []


def _own_schema_kinds() -> set[str]:
    """Kinds of games that bring their own schema (the toy game the conformance suite
    registers, when it runs in the same session)."""
    from botanik_design.games.registry import entries

    return {k.kind for e in entries() for k in e.kinds if k.schema}


def test_kinds_come_from_the_schema_files() -> None:
    bundled = set(known_kinds()) - _own_schema_kinds()
    assert bundled == {p.name.removesuffix(".schema.json") for p in SCHEMAS}
    assert {"tileset", "variant"} <= set(known_kinds())


def test_variant_schema_defaults_match_the_model() -> None:
    props = schema("variant")["properties"]["options"]["properties"]
    assert set(props) == set(Variant.option_names())
    for name, value in Variant().options().items():
        assert props[name]["default"] == value, name


def test_hive_variant_schema_defaults_match_the_model() -> None:
    """Same option names, same defaults, and every option names its source."""
    from botanik_design.games.hive.model import HiveVariant

    props = schema("hive-variant")["properties"]["options"]["properties"]
    assert list(props) == list(HiveVariant.option_names())
    for name, value in HiveVariant().options().items():
        assert props[name]["default"] == value, name
        assert props[name]["x-source"], name


def test_pieceset_schema_knows_every_bug_with_the_published_counts() -> None:
    from botanik_design.games.hive.model import BASE_COUNTS, EXPANSION_BUGS, Bug

    props = schema("pieceset")["properties"]["bugs"]["properties"]
    assert list(props) == [b.value for b in Bug]
    for bug in Bug:
        assert props[bug.value]["default"] == BASE_COUNTS.get(bug, 0), bug
        assert props[bug.value]["maximum"] == (1 if bug in EXPANSION_BUGS else 9), bug


def test_rule_ids_are_kebab_case() -> None:
    assert rule_id("additionalProperties") == "schema-additional-properties"
    assert rule_id("required") == "schema-required"
    assert rule_id(None) == "schema-false"


@pytest.mark.parametrize("kind", known_kinds())
def test_every_kind_is_detected_and_schema_checked(kind: str) -> None:
    """Records and positions too: a document with the kind's key gets its schema's errors."""
    from botanik_design.spec.validate import validate_text

    game, _, key = kind.rpartition("-")  # a game kind: its key plus `game: <game>`
    extra = f"game: {game}\n" if game else ""
    text = f"{key}: [not, valid]\n{extra}unexpected_key: 1\n"
    found = validate_text(text, f"x-{kind}.yaml")
    rules = {d.rule for d in found}
    assert "spec-unknown-kind" not in rules
    assert "schema-additional-properties" in rules
    line = 3 if game else 2
    assert any(d.rule == "schema-additional-properties" and (d.line, d.column) == (line, 1)
               for d in found)
    from botanik_design.spec.session import Session

    session = Session()
    assert session.doc_from(text, "x.yaml", "k", None).kind == kind


def test_schema_check_stops_after_too_many_errors() -> None:
    from botanik_design.spec.schema_check import MAX_SCHEMA_ERRORS
    from botanik_design.spec.validate import validate_text

    tiles = "".join(
        f"  - {{id: t{i}, colour: red, type: corner, kind: nope, exits: [N, E], copies: 1}}\n"
        for i in range(MAX_SCHEMA_ERRORS + 5))
    text = ("tileset: many\npalette: [{name: red, symbol: R, display: '#ff0000'}]\ntiles:\n"
            + tiles)
    found = validate_text(text, "many.yaml")
    assert [d.rule for d in found].count("schema-enum") == MAX_SCHEMA_ERRORS
    (stop,) = [d for d in found if d.rule == "schema-too-many"]
    # the 101st tile's kind: line 4 + 100, column of `nope`
    assert (stop.line, stop.column) == (4 + MAX_SCHEMA_ERRORS, 49)
