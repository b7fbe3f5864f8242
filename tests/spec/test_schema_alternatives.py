"""A value that fits none of the forms a schema allows (``oneOf``: a record's action).

The message names the problem in the closest form, at the value's own line and
column, in the words of every other schema problem; never the value's Python text
followed by jsonschema's "is not valid under any of the given schemas".
"""

from __future__ import annotations

from pathlib import Path

import pytest

from botanik_design.spec.validate import validate_path

HEAD = ("record: probe\ntileset: botanik\nvariant: standard\nseed: 7\nfirst_player: 1\n"
        "actions:\n")


@pytest.mark.parametrize(("action", "rule", "line_col", "message"), [
    ("- action: [1, 2]\n", "schema-type", (7, 11), "expected integer or string, found a list"),
    ("- -5\n", "schema-minimum", (7, 3), "-5 is less than the minimum of 0"),
    ("- [1]\n", "schema-type", (7, 3), "expected integer, string or object, found a list"),
    ("- 1.5\n", "schema-type", (7, 3), "expected integer, string or object, found a number 1.5"),
    ("- true\n", "schema-type", (7, 3), "found a boolean true"),
    ("- comment: hi\n", "schema-required", (7, 3), "missing required key `action`"),
    ("- action: 3\n  extra: 1\n", "schema-additional-properties", (8, 3), "unknown key `extra`"),
    ("- ''\n", "schema-min-length", (7, 3), "the text is empty"),
    ("- action: {a: 1}\n", "schema-type", (7, 11), "expected integer or string, found a mapping"),
])
def test_a_value_of_no_allowed_form_is_named_in_plain_words(
    tmp_path: Path, action: str, rule: str, line_col: tuple[int, int], message: str,
) -> None:
    path = tmp_path / "r.yaml"
    path.write_text(HEAD + action, encoding="utf-8")
    found = validate_path(path)
    assert [d.rule for d in found] == [rule], found
    (d,) = found
    assert (d.line, d.column) == line_col
    assert message in d.message
    assert "valid under" not in d.message and "{'" not in d.message
