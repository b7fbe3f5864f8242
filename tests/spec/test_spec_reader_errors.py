"""Clear messages for tab indentation, empty tags, huge numbers and mistyped bundled names."""

from __future__ import annotations

import pytest

from botanik_design.cli import main
from botanik_design.spec.validate import validate_text
from botanik_design.spec.yamlread import read_yaml

GOOD = "variant: v\ntitle: T\noptions:\n  rotation: free\n"


@pytest.mark.parametrize("text", [
    "variant: v\n\ttitle: T\n",                  # a tab alone
    "variant: v\noptions:\n\trotation: free\n",  # a tab under a mapping
    "variant: v\noptions:\n  \trotation: free\n",  # spaces, then a tab
    "variant: v\noptions:\n\t  rotation: free\n",  # a tab, then spaces
    "variant: v\nlist:\n\t- a\n",                # a tab before a list item
    "\tvariant: v\n",                            # on the first line
    "variant: v\noptions:\n  rotation: free\n\t\tarrival_tiles: 3\n",
])
def test_a_tab_in_the_indentation_is_named(text: str) -> None:
    (d,) = read_yaml(text, "t").diagnostics
    line_no = next(i for i, ln in enumerate(text.split("\n"), 1) if ln[:1] in ("\t", " ")
                   and "\t" in ln[: len(ln) - len(ln.lstrip())])
    line = text.split("\n")[line_no - 1]
    assert (d.rule, d.line, d.column) == ("yaml-syntax", line_no, line.index("\t") + 1)
    assert "tab" in d.message and "spaces" in d.message


def test_a_tab_inside_a_value_is_no_indentation_error() -> None:
    assert validate_text("variant: v\ntitle: \"a\tb\"\n", "t") == []


@pytest.mark.parametrize(("value", "message"), [
    ("!!int ", "empty value"), ("!!float ", "empty value"), ("!!int +", ""),
    ("!!float .", "ValueError"), ("!!int 0x", "ValueError"), ("!!int x", "ValueError"),
    ("0x" + "f" * 5000, "4300 digits"), ("0o" + "7" * 9000, ""), ("-0x" + "f" * 4000, "digits"),
    ("!!int 0x" + "f" * 4000, "digits"), ("!!int 0b" + "1" * 20000, ""),
    ("1" * 5000, "ValueError"),
])
@pytest.mark.parametrize("field", ["tileset", "palette", "copies"])
def test_empty_tags_and_huge_numbers_are_positioned_errors(value: str, message: str,
                                                           field: str) -> None:
    text = f"tileset: x\n{field}: {value}\n"
    found = validate_text(text, "t.yaml")
    at = [d for d in found if (d.line, d.column) == (2, len(field) + 3)]
    assert len(at) == 1 and at[0].rule.startswith("yaml-"), found
    assert at[0].rule in ("yaml-bad-number", "yaml-ambiguous-number")
    assert message in at[0].message
    assert all(len(d.message) < 400 for d in found)


def test_a_big_but_printable_hex_number_reaches_the_schema() -> None:
    found = validate_text("tileset: 0x" + "f" * 1000 + "\n", "t.yaml")
    assert "schema-type" in {d.rule for d in found}


@pytest.mark.parametrize(("arg", "hint"), [
    ("standrad", "did you mean `standard`?"), ("botanic", "did you mean `botanik`?"),
    ("Quick-3", "did you mean `quick-3`?"), ("registre3.yaml", "did you mean `registre-3`?"),
    ("no_loops", "did you mean `no-loops`?"), ("zzzz", "bundled tile sets and variants: "),
])
def test_a_mistyped_bundled_name_gets_a_hint(arg: str, hint: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", arg]) == 2
    out = capsys.readouterr().out
    assert "[io-missing]" in out and hint in out


def test_a_missing_path_gets_no_bundled_hint(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "some/where/else.yaml"]) == 2
    assert "did you mean" not in capsys.readouterr().out


def test_loading_a_mistyped_name_hints_too() -> None:
    from botanik_design.games.botanik.spec.load import load_variant
    from botanik_design.spec.errors import SpecError

    with pytest.raises(SpecError, match="did you mean `standard`"):
        load_variant("standrad")


def test_explicit_bool_and_null_tags_take_their_values_only() -> None:
    r = read_yaml("a: !!bool true\nb: !!null\nc: !!bool maybe\nd: !!null x\n", "t")
    assert r.data["a"] is True and r.data["b"] is None
    assert [(d.rule, d.line) for d in r.diagnostics] == [("yaml-tag", 3), ("yaml-tag", 4)]


@pytest.mark.parametrize("value", ["!!int 012", "!!int 1_0", "!!float 1_0.5", "!!int 1:30",
                                   "0b101", "!!int 0b101"])
def test_tagged_and_binary_numbers_yaml_reads_differently_are_flagged(value: str) -> None:
    (d,) = read_yaml(f"a: {value}\n", "t").diagnostics
    assert d.rule == "yaml-ambiguous-number"
