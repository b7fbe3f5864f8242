"""One rule turns a file name into a spec name (edit's new tile sets, the variant form)."""

from __future__ import annotations

from pathlib import Path

import pytest

from botanik_design.spec.refs import is_spec_name, name_from_path


@pytest.mark.parametrize(("file", "name"), [
    ("My Set.yaml", "my-set"),
    ("registre-3.yaml", "registre-3"),
    ("__Odd__ name!!.yml", "odd-name"),
    ("ÄÖÜ.yaml", "tileset"),
    ("x" * 80 + ".yaml", "x" * 64),
])
def test_name_from_path(file: str, name: str) -> None:
    assert name_from_path(Path(file), "tileset") == name
    assert is_spec_name(name)  # what it makes is a name the schema accepts


@pytest.mark.parametrize(("text", "ok"), [
    ("my-set", True), ("3", True), ("a" * 64, True), ("a" * 65, False), ("", False),
    ("-set", False), ("My-set", False), ("my set", False), ("my-set\n", False), ("é", False),
])
def test_is_spec_name_follows_the_schema(text: str, ok: bool) -> None:
    """The editor's check of a new tile set's name is the schema's own rule."""
    from botanik_design.spec.positions import Positions
    from botanik_design.spec.schema_check import check_schema

    assert is_spec_name(text) is ok
    if text.endswith("\n"):
        return  # jsonschema's Python ``re.search`` lets ``$`` match before a final newline
    data = {"tileset": text, "colours": [], "tiles": []}
    found = [d for d in check_schema(data, "tileset", Positions(), "t.yaml")
             if d.json_path == "/tileset"]
    assert (found == []) is ok
