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
from hypothesis import given, settings
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


@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_tabs_anywhere_yaml_allows_them(data: st.DataObject) -> None:
    """Replace any run of spaces that is not indentation by a tab: if the validator still
    accepts the file, the editor opens it with the same data."""
    path = data.draw(st.sampled_from(SETS))
    text = path.read_text(encoding="utf-8")
    gaps = [m.start() for m in re.finditer(r"(?<=\S) ", text)]
    chosen = data.draw(st.lists(st.sampled_from(gaps), max_size=6, unique=True))
    chars = list(text)
    for at in chosen:
        chars[at] = "\t"
    text = "".join(chars)
    if [d for d in validate_text(text, path.name, base=path.parent) if d.level == "error"]:
        return
    assert _open(Path("/nonexistent") / path.name, text) == read_yaml(text, "t").data
