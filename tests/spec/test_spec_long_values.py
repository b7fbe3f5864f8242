"""Aliases cannot multiply text without bound, and no message carries a whole value.

A 100 KB string repeated through nested aliases (few nodes, gigabytes of text) made
``validate`` build a multi-gigabyte message; the reader now counts the characters an
expansion makes (``yaml-alias-bomb``), and every diagnostic cuts the long values it
quotes (:func:`botanik_design.spec.diagnostics.brief`).
"""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.spec.diagnostics import Diagnostic, brief
from botanik_design.spec.validate import validate_text
from botanik_design.spec.yamlread import MAX_CHARS, read_yaml

ROOT = Path(__file__).resolve().parents[2]
def _fixtures() -> list[Path]:
    found = []
    for p in [*(ROOT / "tests/spec/fixtures").glob("*.yaml"),
              *(ROOT / "examples").rglob("*.yaml"), *(ROOT / "tilesets").glob("*.yaml")]:
        try:
            p.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        found.append(p)
    return sorted(found)


def _nested(depth: int, size: int) -> str:
    lines = [f"  a0: &a0 '{'x' * size}'"]
    lines += [f"  a{i}: &a{i} [*a{i - 1}, *a{i - 1}]" for i in range(1, depth)]
    return "tileset: t\nextra:\n" + "\n".join(lines) + f"\ntiles: *a{depth - 1}\n"


@pytest.mark.parametrize("text", [
    _nested(16, 100_000),                                  # the reported case: 3 GB of text
    _nested(40, 10),                                       # few characters, too many nodes
    "tileset: t\nx: &a '" + "y" * 100_000 + "'\ntiles:\n" + "  - *a\n" * 30_000,
    "tileset: t\nx: &a\n  ? " + "y" * 50_000 + "\n  : 1\ntiles:\n" + "  - *a\n" * 500,
], ids=["nested-strings", "nested-nodes", "30000-aliases", "aliased-long-key"])
def test_an_alias_bomb_is_refused_early(text: str) -> None:
    tracemalloc.start()
    try:
        found = validate_text(text, "t.yaml")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert [d.rule for d in found] == ["yaml-alias-bomb"]
    assert peak < 20 * len(text) + 50_000_000  # nothing near the expanded size is built


def test_expansions_up_to_the_bound_are_read() -> None:
    size = MAX_CHARS // 4
    text = f"a: &a '{'x' * size}'\nb: [*a, *a]\n"
    assert read_yaml(text, "t").data["b"][1] == "x" * size


@pytest.mark.parametrize(("text", "kept"), [
    ("key `" + "k" * 500 + "` is unknown", "key `" + "k" * 60 + "…` is unknown"),
    ("found a string '" + "S" * 500 + "'", "found a string '" + "S" * 60 + "…'"),
    ('found a string "' + "it's" * 100 + '"', 'found a string "' + "it's" * 15 + '…"'),
    ("colour " + "z" * 500 + " is unknown", "colour " + "z" * 60 + "… is unknown"),
    ("the player's `a`, then " + "words " * 30 + "and `b` aren't cut",
     "the player's `a`, then " + "words " * 30 + "and `b` aren't cut"),
])
def test_brief_cuts_long_quoted_values_only(text: str, kept: str) -> None:
    assert brief(text) == kept
    assert Diagnostic("f", 1, 1, "error", "yaml-syntax", text, hint=text).hint == kept


@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_a_long_value_anywhere_in_any_file_stays_out_of_the_messages(data: st.DataObject
                                                                     ) -> None:
    path = data.draw(st.sampled_from(_fixtures()))
    text = path.read_text(encoding="utf-8")
    at = data.draw(st.integers(0, len(text)))
    run = data.draw(st.sampled_from(["Zq", "z-", "é", "a b"])) * 3000
    found = validate_text(text[:at] + run + text[at:], path.name, base=path.parent)
    assert all(len(d.message) + len(d.hint) < 1000 for d in found), \
        max(found, key=lambda d: len(d.message) + len(d.hint))
