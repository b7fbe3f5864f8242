"""The record and position schemas: Draft 2020-12, a description on every field,
and the examples validate through the validation API."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jsonschema
import pytest

from botanik_design.spec.bundled import schema

ROOT = Path(__file__).resolve().parents[2]


def _walk(node: Any, path: str) -> list[str]:
    missing: list[str] = []
    if isinstance(node, dict):
        if ("type" in node or "enum" in node or "oneOf" in node) and "description" not in node:
            missing.append(path or "/")
        for key in ("properties",):
            for name, sub in node.get(key, {}).items():
                missing += _walk(sub, f"{path}/{name}")
        if "items" in node:
            missing += _walk(node["items"], f"{path}/items")
        for i, sub in enumerate(node.get("oneOf", [])):
            missing += _walk(sub, f"{path}/oneOf/{i}")
    return missing


@pytest.mark.parametrize("kind", ["record", "position"])
def test_schema_is_draft_2020_12_with_descriptions(kind: str) -> None:
    s = schema(kind)
    assert s["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(s)
    assert kind in s["required"] and s["additionalProperties"] is False
    assert _walk(s, "") == []


@pytest.mark.parametrize(
    "path", sorted((ROOT / "examples").rglob("*.yaml")), ids=lambda p: p.name
)
def test_examples_validate(path: Path) -> None:
    from botanik_design.spec.validate import validate_path

    assert [d.format() for d in validate_path(path) if d.level == "error"] == []
