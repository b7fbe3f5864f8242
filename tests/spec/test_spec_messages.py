"""Messages say what is wrong in the author's terms: no Python reprs of whole values."""

from __future__ import annotations

from pathlib import Path

from botanik_design.spec.validate import validate_path, validate_text

FIXTURES = Path(__file__).parent / "fixtures"


def test_a_null_tile_gets_one_type_error() -> None:
    found = validate_path(FIXTURES / "schema-null-tile.yaml")
    assert [(d.rule, d.message) for d in found] == [
        ("schema-type", "expected object, found null")]


def test_a_source_with_a_colour_says_so() -> None:
    found = {d.rule: d for d in validate_path(FIXTURES / "schema-source-colour.yaml")}
    assert found["schema-not"].message == "a Source tile has no colour"
    assert found["sem-kind-type"].message == "a `plant` tile is of kind `crop`, not `source`"


def test_too_many_items_counts_them() -> None:
    tiles = "".join(f"  - {{id: t{i}, colour: red, type: plant, kind: crop, exits: [N], "
                    "copies: 1}\n" for i in range(600))
    text = ("tileset: big\npalette:\n  - {name: red, symbol: R, display: '#ff0000'}\n"
            "tiles:\n" + tiles)
    [d] = [d for d in validate_text(text, "t.yaml") if d.rule == "schema-max-items"]
    assert d.message == "the list has 600 items; at most 500"
    assert (d.line, d.column) == (5, 3)


def test_empty_list_and_long_text() -> None:
    found = validate_text("tileset: x\npalette: []\ntiles: []\ndescription: ok\n", "t.yaml")
    messages = {d.message for d in found if d.rule == "schema-min-items"}
    assert messages == {"the list is empty; at least 1"}
    found = validate_text("variant: " + "a" * 300 + "\n", "v.yaml")
    [d] = [d for d in found if d.rule == "schema-max-length"]
    assert d.message.startswith("the text has 300 characters; at most ")


def test_tag_messages_list_the_same_tags_everywhere() -> None:
    text = "variant: !!python/str x\ntitle: !foo {a: 1}\noptions: !bar [1]\n"
    messages = {d.message.split(": ", 1)[1] for d in validate_text(text, "v.yaml")
                if d.rule == "yaml-tag"}
    assert len(messages) == 1, messages


def test_no_second_error_about_a_rejected_value() -> None:
    found = validate_text("variant: !!python/name:os.system\n", "v.yaml")
    assert [d.rule for d in found] == ["yaml-tag"]
    found = validate_text("variant: n\noptions: {registry_columns: " + "9" * 5000 + "}\n",
                          "v.yaml")
    assert [d.rule for d in found] == ["yaml-bad-number"]


def test_invisible_symbols_are_named() -> None:
    found = [d.message for d in validate_path(FIXTURES / "sem-invisible-symbol.yaml")]
    assert any("U+200B (ZERO WIDTH SPACE)" in m for m in found)
    assert any("U+0009 (a control character)" in m for m in found)
