"""``edit`` opens every file ``validate`` accepts.

ruamel.yaml (the editor's round-trip reader) refuses a tab as separation (``title:<TAB>My
four``: "found character '\\t' that cannot start any token") where libyaml and the
validator accept it. Every tile set and piece set the validator accepts, with tabs put
wherever YAML allows them, opens in the editor with the validator's data.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from botanik_design.spec.validate import validate_text
from botanik_design.spec.yamlread import read_yaml
from botanik_design.tui.botanik.editor.document import TilesetDocument
from botanik_design.tui.hive.editor.document import PiecesetDocument

ROOT = Path(__file__).resolve().parents[2]
SETS = sorted([*(ROOT / "tilesets").glob("*.yaml"), *(ROOT / "piecesets").glob("*.yaml")])


def _open(path: Path, text: str) -> dict[str, object]:
    kind = PiecesetDocument if text.lstrip().startswith(("pieceset", "#")) and \
        "pieceset:" in text else TilesetDocument
    doc = kind(path, text)
    return dict(doc.data)


def _tabbed(text: str, where: str) -> str:
    if where == "after-colon":
        return re.sub(r"^(\s*[\w-]+):[ ]", "\\1:\t", text, flags=re.M)
    if where == "before-comment":
        return re.sub(r"(\S)[ ]+#", "\\1\t#", text)
    if where == "trailing":
        return re.sub(r"(\S)$", "\\1\t", text, flags=re.M)
    return text


@pytest.mark.parametrize("where", ["none", "after-colon", "before-comment", "trailing"])
@pytest.mark.parametrize("path", SETS, ids=[p.name for p in SETS])
def test_every_bundled_set_opens_with_tabs_the_validator_accepts(path: Path, where: str,
                                                                 tmp_path: Path) -> None:
    text = _tabbed(path.read_text(encoding="utf-8"), where)
    if where in ("after-colon", "trailing"):
        assert "\t" in text
    errors = [d for d in validate_text(text, path.name, base=path.parent) if d.level == "error"]
    assert errors == []
    assert _open(tmp_path / path.name, text) == read_yaml(text, "t").data


def test_the_reported_case(tmp_path: Path) -> None:
    text = (ROOT / "tilesets" / "quick-3.yaml").read_text(encoding="utf-8")
    text = re.sub(r"^title: ", "title:\t", text, flags=re.M) if "\ntitle:" in text else \
        text.replace("\ntiles:", "\ntitle:\tMy four\ntiles:", 1)
    assert [d for d in validate_text(text, "t.yaml") if d.level == "error"] == []
    doc = TilesetDocument(tmp_path / "t.yaml", text)
    assert str(doc.data["title"]) == read_yaml(text, "t").data["title"]
    assert doc.text == text  # opened as it is: the tab stays until that line is edited


#: What takes the place of a space between two words of a set file: tabs and other
#: whitespace, and the characters YAML 1.1 and ruamel.yaml read as line breaks (NEL, LS,
#: PS), which the validator's reader keeps as text.
WHITESPACE = ["\t", "\t\t", " \t", "\t ", "\u2028", "\u2029", "\x85", "\xa0", "\u3000"]


def _gaps(path: Path) -> tuple[str, list[int]]:
    text = path.read_text(encoding="utf-8")
    return text, [m.start() for m in re.finditer(r"(?<=\S) ", text)]


def _gap_after(path: Path, words: str) -> int:
    """The number of the gap (a space after a non-space) at the end of ``words``."""
    text, gaps = _gaps(path)
    return gaps.index(text.index(words) + len(words))


def _open_as_the_validator_reads(path: Path, text: str) -> None:
    """``text`` (a file the validator accepts) opens with the validator's data."""
    expected = read_yaml(text, "t").data
    kind = PiecesetDocument if path.parent.name == "piecesets" else TilesetDocument
    doc = kind(Path("/nonexistent") / path.name, text)
    assert dict(doc.data) == expected
    assert read_yaml(doc.text, "t").data == expected  # the editor's text means the same
    assert [p for p in doc.validate() if p.rule.startswith("yaml")] == []


HIVE_FULL = ROOT / "piecesets" / "hive-full.yaml"


@settings(max_examples=80, deadline=None)
@given(path=st.sampled_from(SETS),
       picks=st.lists(st.tuples(st.integers(0, 10**6), st.sampled_from(WHITESPACE)),
                      max_size=6))
# a tab between two words of the title, after a comma
@example(path=HIVE_FULL, picks=[(_gap_after(HIVE_FULL, "Mosquito,"), "\t")])
@example(path=HIVE_FULL, picks=[(_gap_after(HIVE_FULL, "Mosquito,"), "\x85")])
def test_tabs_anywhere_yaml_allows_them(path: Path, picks: list[tuple[int, str]]) -> None:
    """Replace any run of spaces that is not indentation by a tab or other whitespace: if
    the validator still accepts the file, the editor opens it with the same data."""
    text, gaps = _gaps(path)
    chars = list(text)
    for pick, space in picks:
        chars[gaps[pick % len(gaps)]] = space
    text = "".join(chars)
    if not [d for d in validate_text(text, path.name, base=path.parent) if d.level == "error"]:
        _open_as_the_validator_reads(path, text)


PIECESET = "pieceset: p\ntitle: {}\nbugs:\n  queen: 1  # the queen\n  spider: 2\n  beetle: 2\n"
TILESET = re.sub(r"(?m)^title: .*$", "title: {}",
                 (ROOT / "tilesets" / "quick-3.yaml").read_text(encoding="utf-8"))

#: How a title may be written with tabs or YAML 1.1's line breaks in it or around it.
TITLES = [
    # plain: a tab between words is part of the value, next to any character
    "a,\tb", "a\t b", "a \tb", "a\t\tb", "a -\tb", "a\t-b", "a [\tb", "a?\tb", "a\t?b",
    "a:b\tc", "a\t&b", "&x a\tb",
    # plain: a tab that separates (before a comment, at the end, at a line's edges)
    "a\tb\t", "a\tb\t# c\td", "a\tb # c", "a\t\n  b", "a\n  \tb", "a\n  b\tc",
    # quoted
    '"a\tb"', "'a\tb'", '"a,\t b"', "'a\t\n  b'", '"a\\tb"',
    # block values: a tab in the lines, after the header
    ">-\n  a\tb\n  c,\td\n", ">-\t\n  a b\n", "|\t# c\n  a\tb\n",
    # NEL, LS and PS: ordinary characters in values and comments
    "a\u2028b", "a\u2029b", "a\x85b", '"a\x85b"', "'a\u2029b'", "|\n  a\u2028b\n",
    "a # c\u2028d: e", "a\t# c\x85d", "a\u2028\tb", "\u2028a",
    # other whitespace is text
    "a\xa0b", "a\u3000b", "a\u2003\tb",
]


@pytest.mark.parametrize("kind", ["pieceset", "tileset"])
@pytest.mark.parametrize("title", TITLES)
def test_every_value_reads_as_the_validator_reads_it(kind: str, title: str) -> None:
    path = ROOT / (kind + "s") / "t.yaml"
    text = (PIECESET if kind == "pieceset" else TILESET).replace("{}", title, 1)
    assert [d for d in validate_text(text, "t.yaml", kind=kind) if d.level == "error"] == []
    _open_as_the_validator_reads(path, text)
    expected = read_yaml(text, "t").data
    # an edit elsewhere keeps the value: the editor writes what it read
    if kind == "pieceset":
        doc: PiecesetDocument | TilesetDocument = PiecesetDocument(path, text)
        doc.set_count(1, 3)  # the spiders
        assert read_yaml(doc.text, "t").data == {
            **expected, "bugs": {"queen": 1, "spider": 3, "beetle": 2}}
        assert "# the queen" in doc.text
    else:
        doc = TilesetDocument(path, text)
        doc.set_field(0, "copies", 2)
        assert read_yaml(doc.text, "t").data["title"] == expected["title"]
