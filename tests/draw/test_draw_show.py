"""``botanik-design show``: the counts, the overview picture, bad input."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PIL import Image

from botanik_design.cli import main
from botanik_design.games.botanik.draw.overview import SOURCES, counts
from botanik_design.games.botanik.spec.load import load_tileset


@pytest.mark.parametrize("name", ["botanik", "quick-3"])
def test_counts_add_up(name: str) -> None:
    ts = load_tileset(name)
    c = counts(ts)
    assert c.total == sum(t.copies for t in ts.tiles)
    assert c.row_total(SOURCES) == 2
    assert sum(c.row_total(r) for r in c.rows) == c.total
    assert sum(c.type_total(t) for t in c.types) == c.total
    for t in ts.tiles:
        assert c.cells[(SOURCES if t.colour is None else t.colour, t.type.value)] >= t.copies


def test_text_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "botanik"]) == 0
    out = capsys.readouterr().out
    assert "botanik: 67 tiles (65 machine tiles in 5 colours + 2 Sources), 51 distinct" in out
    lines = out.splitlines()
    assert lines[1].split() == ["straight", "corner", "tee", "cross", "plant", "vegetable",
                                "mecha", "source", "total"]
    assert lines[2].split() == ["red", "3", "3", "3", "1", "1", "1", "1", "13"]
    assert lines[-1].split() == ["total", "15", "15", "15", "5", "5", "5", "5", "2", "67"]


def test_svg_overview(tmp_path: Path, small_set: Path) -> None:
    out = tmp_path / "set.svg"
    assert main(["show", str(small_set), "--image", str(out)]) == 0
    root = ET.parse(out).getroot()
    assert root.tag.endswith("svg")
    assert float(root.attrib["width"].removesuffix("pt")) > 100


def test_png_overview(tmp_path: Path, small_set: Path) -> None:
    out = tmp_path / "set.png"
    assert main(["show", str(small_set), "--image", str(out), "--dpi", "100"]) == 0
    w, h = Image.open(out).size
    # columns: 7 types + source, one tile each (the small set has one tile per cell)
    assert w > 300 and h > 200


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["botanik", "--image", "{tmp}/set.gif"], 2, "must end in .svg or .png or .pdf"),
        (["botanik", "--image", "{tmp}/no/set.svg"], 2, "no such folder"),
        (["botanik", "--image", "/proc/set.svg"], 2, "cannot write"),
        (["{tmp}/nope.yaml", "--image", "{tmp}/set.svg"], 2, "no tile set or piece set named"),
        (["{tmp}/../bad.yaml", "--image", "{tmp}/set.svg"], 1, "not a valid tile set"),
    ],
)
def test_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str],
                   code: int, message: str) -> None:
    work = tmp_path / "work"
    work.mkdir()
    (tmp_path / "bad.yaml").write_text("tileset: bad\npalette: []\ntiles: []\n",
                                       encoding="utf-8")
    argv = [a.replace("{tmp}", str(work)) for a in args]
    assert main(["show", *argv]) == code
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert list(work.iterdir()) == []
