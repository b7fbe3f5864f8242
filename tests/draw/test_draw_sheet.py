"""``botanik-design sheet``: outputs read back (PDF pages and sizes, SVG XML, PNG pixels),
a stored reference image, and bad input (clear error, exit code, no file left)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from matplotlib.testing.compare import compare_images
from PIL import Image
from pypdf import PdfReader

from botanik_design.cli import main
from botanik_design.draw.art import rgb
from botanik_design.games.botanik.draw.art import PIPE_LIGHT
from botanik_design.games.botanik.draw.sheet import physical_tiles
from botanik_design.games.botanik.spec.load import load_tileset

MM_PER_PT = 25.4 / 72
REFERENCE = Path(__file__).parent / "reference" / "small-sheet.png"


def _pdf_pages_mm(path: Path) -> list[tuple[float, float]]:
    reader = PdfReader(path)
    return [(float(p.mediabox.width) * MM_PER_PT, float(p.mediabox.height) * MM_PER_PT)
            for p in reader.pages]


@pytest.mark.parametrize(
    ("extra", "pages", "size"),
    [
        ([], 3, (210.0, 297.0)),                                   # 67 tiles, 24 a page
        (["--backs"], 6, (210.0, 297.0)),                          # each page and its back
        (["--page", "letter", "--tile-size", "40"], 3, (215.9, 279.4)),
        (["--tile-size", "30", "--margin", "5"], 2, (210.0, 297.0)),  # 6 x 9 = 54 a page
    ],
)
def test_pdf_pages_and_size(tmp_path: Path, extra: list[str], pages: int,
                            size: tuple[float, float], capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "tiles.pdf"
    assert main(["sheet", "botanik", "-o", str(out), *extra]) == 0
    got = _pdf_pages_mm(out)
    assert len(got) == pages
    for w, h in got:
        assert w == pytest.approx(size[0], abs=0.05) and h == pytest.approx(size[1], abs=0.05)
    text = capsys.readouterr().out
    assert f"{pages if '--backs' not in extra else pages // 2} page" in text
    assert "67 tiles (65 machine tiles + 2 Sources)" in text
    assert not [p for p in tmp_path.iterdir() if p.name != "tiles.pdf"]  # no temporary left


def test_copies_all_drawn() -> None:
    tiles = physical_tiles(load_tileset("botanik"))
    assert len(tiles) == 67
    assert sum(1 for t in tiles if t.id == "source") == 2
    assert sum(1 for t in tiles if t.id == "red-straight") == 2


def test_png_exact_size_and_pipes_meet_edges_in_the_middle(tmp_path: Path,
                                                           small_set: Path) -> None:
    # 254 dpi: 10 pixels per millimetre
    out = tmp_path / "s.png"
    assert main(["sheet", str(small_set), "-o", str(out), "--tile-size", "40", "--dpi", "254",
                 "--margin", "10"]) == 0
    img = Image.open(out).convert("RGB")
    assert img.size == (2100, 2970)
    from botanik_design.draw.pages import sheet_layout

    lay = sheet_layout(10, "a4", 40, 10)
    # tile 9 (0-based), the black cross, has exits on every side
    _, x, y = lay.slot(9)
    px_x = lambda mm: int(round(mm * 10))  # noqa: E731
    px_y = lambda mm: int(round((297 - mm) * 10))  # noqa: E731  (image rows grow down)
    light = tuple(round(v * 255) for v in rgb(PIPE_LIGHT))
    fill = tuple(round(v * 255) for v in rgb("#3b3b3b"))
    pixels = img.load()

    def near(p: tuple[int, int, int], c: tuple[int, ...]) -> bool:
        return max(abs(a - b) for a, b in zip(p, c, strict=False)) <= 10

    # the middle of each side, one pixel inside the tile: pipe; a quarter along: the tile colour
    for u, v in ((0.5, 0.995), (0.995, 0.5), (0.5, 0.005), (0.005, 0.5)):
        assert near(pixels[px_x(x + u * 40), px_y(y + v * 40)], light)
    for u, v in ((0.25, 0.99), (0.99, 0.25), (0.75, 0.01), (0.01, 0.75)):
        assert near(pixels[px_x(x + u * 40), px_y(y + v * 40)], fill)
    # the straight (tile 6, exits E and W): pipe in the middle of W, tile colour at N
    _, x6, y6 = lay.slot(6)
    assert near(pixels[px_x(x6 + 0.005 * 40), px_y(y6 + 20)], light)
    assert near(pixels[px_x(x6 + 20), px_y(y6 + 0.99 * 40)], fill)
    # size: tiles 2 and 3 (red corners) end row 1; across them, below their east pipes,
    # the red runs from the left edge of tile 2 to the right edge of tile 3: 80 mm
    _, x2, y2 = lay.slot(2)
    red = tuple(round(v * 255) for v in rgb("#d1383d"))
    row = px_y(y2 + 0.3 * 40)
    reds = [i for i in range(img.width) if near(pixels[i, row], red)]
    assert abs(reds[0] - px_x(x2)) <= 1
    assert abs(reds[-1] + 1 - px_x(x2 + 80)) <= 1


def test_svg_is_xml_of_the_page_size(tmp_path: Path, small_set: Path) -> None:
    out = tmp_path / "s.svg"
    assert main(["sheet", str(small_set), "-o", str(out), "--page", "letter"]) == 0
    root = ET.parse(out).getroot()
    assert root.tag.endswith("svg")
    w = float(root.attrib["width"].removesuffix("pt")) * MM_PER_PT
    h = float(root.attrib["height"].removesuffix("pt")) * MM_PER_PT
    assert w == pytest.approx(215.9, abs=0.1) and h == pytest.approx(279.4, abs=0.1)


def test_several_svg_pages_numbered(tmp_path: Path) -> None:
    out = tmp_path / "t.svg"
    assert main(["sheet", "quick-3", "-o", str(out), "--backs"]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"t-{k}.svg" for k in (1, 2, 3, 4)]


def test_same_input_same_bytes(tmp_path: Path, small_set: Path) -> None:
    for name in ("a.pdf", "b.pdf"):
        assert main(["sheet", str(small_set), "-o", str(tmp_path / name)]) == 0
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


def render_reference(path: Path, small_set: Path) -> None:
    """The reference picture: the small set's sheet, A4, 40 mm tiles, 60 dpi."""
    assert main(["sheet", str(small_set), "-o", str(path), "--tile-size", "40",
                 "--dpi", "60"]) == 0


def test_matches_reference_image(tmp_path: Path, small_set: Path) -> None:
    """Regenerate with ``python tests/draw/make_reference.py`` after a deliberate change."""
    out = tmp_path / "small-sheet.png"
    render_reference(out, small_set)
    assert compare_images(str(REFERENCE), str(out), tol=4) is None


BAD_SET = """\
tileset: bad
palette:
  - {name: red, symbol: "R", display: "#ff0000"}
tiles:
  - {id: source, type: source, kind: source, exits: [N], copies: 2}
  - {id: red-corner, colour: red, type: corner, kind: pipe, exits: [N, S], copies: 6}
"""


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["--page", "a3"], 2, "unknown page size 'a3'"),
        (["--tile-size", "200"], 2, "does not fit on an A4 page"),
        (["--tile-size", "abc"], 2, "not a length"),
        (["--margin", "120"], 2, "leaves no room"),
        (["--dpi", "5"], 2, "between 30 and 1200"),
        (["-o", "{tmp}/out.txt"], 2, "must end in .pdf or .svg or .png"),
        (["-o", "{tmp}"], 2, "is a folder"),
        (["-o", "{tmp}/missing/out.pdf"], 2, "no such folder"),
        (["-o", "/proc/out.pdf"], 2, "cannot write"),
        (["TILESET={tmp}/nope.yaml"], 2, "no tile set or piece set named"),
        (["TILESET={tmp}/bad.yaml"], 1, "sem-exits-type"),
    ],
)
def test_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str],
                   code: int, message: str) -> None:
    work = tmp_path / "work"
    work.mkdir()
    (tmp_path / "bad.yaml").write_text(BAD_SET, encoding="utf-8")
    tileset = "botanik"
    rest: list[str] = []
    out = ["-o", str(work / "out.pdf")]
    for a in args:
        a = a.replace("{tmp}", str(work)).replace(str(work) + "/nope", str(tmp_path / "nope"))
        a = a.replace(str(work) + "/bad", str(tmp_path / "bad"))
        if a.startswith("TILESET="):
            tileset = a.removeprefix("TILESET=")
        else:
            rest.append(a)
    if "-o" in rest:
        out = []
    assert main(["sheet", tileset, *out, *rest]) == code
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err
    assert list(work.iterdir()) == []  # nothing written, no temporary left


def test_failed_write_keeps_the_old_file(tmp_path: Path, small_set: Path,
                                         monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "s.svg"
    out.write_text("old", encoding="utf-8")
    from matplotlib.figure import Figure

    def broken(self: Figure, *a: object, **k: object) -> None:
        target = a[0]
        if hasattr(target, "write"):  # the pages are written through a file object
            target.write(b"half")
        else:
            with open(str(target), "w", encoding="utf-8") as f:
                f.write("half")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Figure, "savefig", broken)
    assert main(["sheet", str(small_set), "-o", str(out)]) == 2
    assert "No space left on device" in capsys.readouterr().err
    assert out.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["s.svg"]
