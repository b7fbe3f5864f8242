"""The reader's own tricks work for any text a file may hold.

libyaml breaks lines at U+0085, U+2028 and U+2029; the reader swaps them for stand-in
characters the text does not contain and back. The stand-ins must never run out (a file
holding every private-use character), and no text, however odd, makes the reader raise.
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.spec.validate import validate_text
from botanik_design.spec.yamlread import line_starts, read_yaml

PRIVATE_USE = "".join(chr(c) for c in range(0xE000, 0xF900))
#: Characters YAML accepts in text: letters, private use, line and paragraph separators...
PRINTABLE = st.characters(categories=["L", "N", "P", "S", "Zs", "Zl", "Zp", "Co", "Mn"],
                          exclude_characters="\ufeff\ufffe\uffff")


def test_a_file_holding_every_private_use_character() -> None:
    """The reported case: U+2028 then every character U+E000-U+F8FF."""
    title = "\u2028" + PRIVATE_USE
    text = f"variant: v\ndescription: '{title}'\n"
    assert read_yaml(text, "t").data["description"] == title
    assert validate_text(text, "t.yaml") == []
    assert read_yaml(text.encode("utf-8"), "t").data["description"] == title


def test_every_break_with_every_private_use_plane() -> None:
    planes = PRIVATE_USE + "".join(chr(c) for c in range(0xF0000, 0xF2000))
    value = "\u0085\u2028\u2029" + planes
    assert read_yaml(f"a: '{value}'\n", "t").data == {"a": value}


def test_a_lone_surrogate_is_reported_where_it_stands() -> None:
    (d,) = read_yaml("a: 1\nb: 'x\ud800'\n", "t").diagnostics
    assert (d.rule, d.line, d.column) == ("yaml-encoding", 2, 6)


@settings(max_examples=300, deadline=None)
@given(value=st.text(PRINTABLE, max_size=40),
       stand_ins=st.lists(st.sampled_from([0xE000, 0xE001, 0xF8FF, 0xF0000, 0x10FFFD]),
                          max_size=3))
def test_any_printable_value_reads_back_unchanged(value: str, stand_ins: list[int]) -> None:
    """A quoted value holding any printable characters (breaks and private use mixed)
    reads back exactly, with no diagnostic."""
    value += "".join(map(chr, stand_ins)) + "\u2028"
    text = f"a: {json.dumps(value, ensure_ascii=False)}  # {value}\nb: 2\n"
    result = read_yaml(text, "t")
    assert result.diagnostics == []
    assert result.data == {"a": value, "b": 2}


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=60))
def test_any_text_gets_data_or_diagnostics_inside_the_file(text: str) -> None:
    """Arbitrary text (controls, surrogates, private use, breaks): never an exception, and
    every position reported lies inside the file."""
    result = read_yaml(text, "t")
    lines = len(line_starts(text))
    assert result.usable or result.diagnostics
    for d in result.diagnostics:
        assert d.line is None or 1 <= d.line <= lines
