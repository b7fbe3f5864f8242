"""At most 100 problems are listed per file, whatever their kind."""

from __future__ import annotations

from botanik_design.spec.diagnostics import MAX_PER_FILE
from botanik_design.spec.validate import validate_text


def test_unknown_keys_are_capped() -> None:
    text = "variant: many\noptions:\n" + "".join(f"  k{i}: {i}\n" for i in range(5000))
    found = validate_text(text, "v.yaml")
    assert len(found) == MAX_PER_FILE + 1
    last = found[-1]
    assert (last.rule, last.line, last.column) == ("schema-too-many", MAX_PER_FILE + 3, 3)
    assert all(d.rule == "schema-additional-properties" for d in found[:-1])


def test_duplicate_keys_are_capped() -> None:
    text = "variant: many\noptions:\n" + "".join(f"  k{i % 10}: {i}\n" for i in range(5000))
    found = validate_text(text, "v.yaml")
    assert len(found) == MAX_PER_FILE + 1
    last = found[-1]
    assert (last.rule, last.line, last.column) == ("too-many-problems", MAX_PER_FILE + 3, 3)
    assert last.level == "error"


def test_semantic_errors_are_capped() -> None:
    tiles = "".join("  - {id: t, colour: red, type: plant, kind: crop, exits: [N], copies: 1}\n"
                    for _ in range(300))
    text = ("tileset: many\npalette:\n  - {name: red, symbol: R, display: '#ff0000'}\n"
            "tiles:\n  - {id: source, type: source, kind: source, exits: [N], copies: 2}\n"
            + tiles)
    found = validate_text(text, "t.yaml")
    assert len(found) == MAX_PER_FILE + 1
    assert all(d.rule == "sem-duplicate-id" for d in found[:-1])
    last = found[-1]
    assert (last.rule, last.line, last.column) == ("too-many-problems", MAX_PER_FILE + 7, 10)
    assert "199 more problems" in last.message


def test_exactly_the_cap_is_not_summarised() -> None:
    text = "variant: many\noptions:\n" + "".join(f"  k{i}: {i}\n" for i in range(MAX_PER_FILE))
    found = validate_text(text, "v.yaml")
    assert len(found) == MAX_PER_FILE
    assert {d.rule for d in found} == {"schema-additional-properties"}
