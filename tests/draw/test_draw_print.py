"""Print-ready sheets: bleed, safe zone, long- and short-edge duplex, one tile per page,
Hive's non-square slots, and every pipe and symbol readable on every palette colour
(WCAG contrast ratios, computed)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib.patches import Circle
from PIL import Image
from pypdf import PdfReader

from botanik_design.cli import main
from botanik_design.draw.art import (
    GRAPHIC_CONTRAST,
    INK_DARK,
    INK_LIGHT,
    TEXT_CONTRAST,
    Drawing,
    contrast,
    ink_on,
    rgb,
)
from botanik_design.draw.output import new_page
from botanik_design.draw.pages import CUT_MARK_GAP_MM, sheet_layout
from botanik_design.games.botanik.draw.art import (
    PIPE_DARK,
    PIPE_LIGHT,
    SOURCE_FILL,
    draw_tile,
    face_of,
    rim_on,
)
from botanik_design.games.botanik.spec.load import load_tileset
from botanik_design.games.hive.draw import BUG_COLOUR, SIDE_FILL, piece_layout, slot_size
from botanik_design.spec.bundled import bundled_tilesets

MM_PER_PT = 25.4 / 72
SMALL = Path(__file__).parent / "data" / "small.yaml"


def _palette_colours() -> list[str]:
    out = {c.display for name in bundled_tilesets() for c in load_tileset(name).colours}
    out |= {c.display for c in load_tileset(str(SMALL)).colours}
    return sorted(out | {SOURCE_FILL})


@pytest.mark.parametrize("fill", _palette_colours())
def test_every_palette_colour_keeps_pipes_symbols_and_text_readable(fill: str) -> None:
    assert contrast(rim_on(fill), fill) >= GRAPHIC_CONTRAST  # pipe rims, flowers, badge edge
    assert contrast(ink_on(fill), fill) >= TEXT_CONTRAST     # type and id
    assert contrast(INK_DARK, INK_LIGHT) >= TEXT_CONTRAST    # the symbol on its badge


def test_wcag_contrast_known_values() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert contrast("#3b3b3b", "#3b3b3b") == 1.0
    assert contrast(PIPE_DARK, "#3b3b3b") < GRAPHIC_CONTRAST  # the defect: dark rim on black


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 0xFFFFFF))
def test_any_colour_gets_a_readable_rim_and_ink(value: int) -> None:
    fill = f"#{value:06x}"
    assert contrast(rim_on(fill), fill) >= GRAPHIC_CONTRAST
    assert contrast(ink_on(fill), fill) >= TEXT_CONTRAST


def test_hive_letters_readable_on_every_bug_colour_and_side() -> None:
    for colour in [*BUG_COLOUR.values(), *SIDE_FILL]:
        assert contrast(ink_on(colour), colour) >= TEXT_CONTRAST


def _colours(d: Drawing) -> set[str]:
    from matplotlib.colors import to_hex

    out = set()
    for patches, _ in d.layers:
        for p in patches:
            out.add(to_hex(p.get_edgecolor()) if p.get_linewidth() else "none")
            out.add(to_hex(p.get_facecolor()))
    return out


def test_black_tile_draws_its_rims_in_the_light_rim_colour() -> None:
    ts = load_tileset(str(SMALL))
    black = next(t for t in ts.tiles if t.id == "black-tee")
    d = Drawing()
    draw_tile(d, face_of(black, ts), 0, 0, 40)
    colours = _colours(d)
    assert rim_on("#3b3b3b") in colours and PIPE_DARK not in colours
    red = next(t for t in ts.tiles if t.id == "red-corner")
    d = Drawing()
    draw_tile(d, face_of(red, ts), 0, 0, 40)
    assert PIPE_DARK in _colours(d)


@pytest.mark.parametrize("tile_id", ["source", "red-corner", "red-plant", "black-tee",
                                     "black-vegetable", "red-mecha"])
@pytest.mark.parametrize("size,safe", [(45, 3.0), (30, 3.0), (60, 5.0)])
def test_symbols_and_texts_stay_inside_the_safe_zone(tile_id: str, size: float,
                                                     safe: float) -> None:
    ts = load_tileset(str(SMALL))
    tile = next(t for t in ts.tiles if t.id == tile_id)
    d = Drawing()
    x = y = 10.0
    draw_tile(d, face_of(tile, ts), x, y, size, bleed=3, safe=safe)
    fig, ax = new_page(size + 20, size + 20)
    d.render(ax)
    fig.canvas.draw()
    lo, hi = (x + safe - 0.05, y + safe - 0.05), (x + size - safe + 0.05, y + size - safe + 0.05)
    to_mm = ax.transData.inverted()
    assert ax.texts
    for t in ax.texts:
        (x0, y0), (x1, y1) = to_mm.transform(t.get_window_extent().get_points())
        assert lo[0] <= x0 and x1 <= hi[0] and lo[1] <= y0 and y1 <= hi[1], t.get_text()
    centre = (x + size / 2, y + size / 2)
    for patches, _ in d.layers:
        for p in patches:
            if isinstance(p, Circle) and p.center != pytest.approx(centre):  # badge, flowers
                (cx, cy), r = p.center, p.radius
                assert lo[0] <= cx - r and cx + r <= hi[0]
                assert lo[1] <= cy - r and cy + r <= hi[1]


@settings(max_examples=80, deadline=None)
@given(count=st.integers(1, 40), page=st.sampled_from(["a4", "letter"]),
       tile=st.floats(15, 80), bleed=st.floats(0, 6), gap=st.floats(0, 5),
       height=st.one_of(st.none(), st.floats(15, 80)))
def test_bleeds_never_overlap_a_neighbour_and_backs_land_on_the_grid(
        count: int, page: str, tile: float, bleed: float, gap: float,
        height: float | None) -> None:
    try:
        lay = sheet_layout(count, page, tile, 10, gap, bleed, tile_height=height)
    except ValueError:
        return
    th = lay.tile_h
    xs, ys = lay.cut_lines()
    boxes = []
    for i in range(min(count, lay.per_page)):
        _, x, y = lay.slot(i)
        # the bleed stays inside the margins
        assert x - bleed >= 10 - 1e-6 and x + tile + bleed <= lay.width - 10 + 1e-6
        assert y - bleed >= 10 - 1e-6 and y + th + bleed <= lay.height - 10 + 1e-6
        boxes.append((x - bleed, y - bleed, x + tile + bleed, y + th + bleed))
        for flip in ("long", "short"):
            _, bx, by = lay.slot(i, back=flip)
            assert min(abs(bx - v) for v in xs) < 1e-5 and min(abs(by - v) for v in ys) < 1e-5
        _, sx, sy = lay.slot(i, back="short")
        assert sx == x and abs((sy + th / 2) - (lay.height - (y + th / 2))) < 1e-6
    for a in range(len(boxes)):  # art of one tile (bleed included) never covers another's
        for b in range(a + 1, len(boxes)):
            p, q = boxes[a], boxes[b]
            assert p[2] <= q[0] + 1e-6 or q[2] <= p[0] + 1e-6 or p[3] <= q[1] + 1e-6 \
                or q[3] <= p[1] + 1e-6
    # cut marks start outside the bleed
    top_of_art = max(b[3] for b in boxes)
    assert lay.bottom + lay.grid_height + CUT_MARK_GAP_MM >= top_of_art + CUT_MARK_GAP_MM - 1e-6


def test_bleed_is_printed_past_the_cut_line(tmp_path: Path) -> None:
    out = tmp_path / "b.png"
    assert main(["sheet", str(SMALL), "-o", str(out), "--tile-size", "40", "--dpi", "254",
                 "--bleed", "3"]) == 0
    img = Image.open(out).convert("RGB")
    lay = sheet_layout(10, "a4", 40, 10, 0, 3)
    _, x, y = lay.slot(0)  # a Source: light grey, pipes in the middle of each side
    px = img.load()
    grey = tuple(round(v * 255) for v in rgb(SOURCE_FILL))
    light = tuple(round(v * 255) for v in rgb(PIPE_LIGHT))

    def at(mx: float, my: float) -> tuple[int, int, int]:
        return px[int(round(mx * 10)), int(round((297 - my) * 10))]

    def near(p: tuple[int, int, int], c: tuple[int, ...]) -> bool:
        return max(abs(a - b) for a, b in zip(p, c, strict=False)) <= 10

    assert near(at(x - 1.5, y + 10), grey)          # 1.5 mm outside the cut: still the tile
    assert near(at(x - 1.5, y + 20), light)         # and the pipe runs on into the bleed
    assert near(at(x - 4.5, y + 10), (255, 255, 255))  # past the bleed: paper


@pytest.mark.parametrize("extra,cards,side", [
    ([], 10, 40.0), (["--bleed", "3"], 10, 46.0), (["--bleed", "3", "--backs"], 20, 46.0),
])
def test_one_tile_per_page(tmp_path: Path, extra: list[str], cards: int, side: float) -> None:
    out = tmp_path / "cards.pdf"
    assert main(["sheet", str(SMALL), "-o", str(out), "--tile-size", "40", "--per-tile",
                 *extra]) == 0
    pages = PdfReader(out).pages
    assert len(pages) == cards
    for p in pages:
        assert float(p.mediabox.width) * MM_PER_PT == pytest.approx(side, abs=0.05)
        assert float(p.mediabox.height) * MM_PER_PT == pytest.approx(side, abs=0.05)


def test_one_tile_per_png_at_the_service_dpi(tmp_path: Path) -> None:
    out = tmp_path / "card.png"
    assert main(["sheet", str(SMALL), "-o", str(out), "--tile-size", "63", "--bleed", "3",
                 "--per-tile", "--dpi", "300"]) == 0
    files = sorted(tmp_path.glob("card-*.png"))
    assert len(files) == 10
    w, h = Image.open(files[0]).size  # 69 mm at 300 dpi: 814.96 px (matplotlib truncates)
    assert w == h and abs(w - 69 / 25.4 * 300) < 1


def test_short_edge_backs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "s.pdf"
    assert main(["sheet", str(SMALL), "-o", str(out), "--backs", "short"]) == 0
    assert len(PdfReader(out).pages) == 2
    assert "flip on the short edge" in capsys.readouterr().out


def test_hive_pieces_in_non_square_slots_with_bleed_and_one_per_page(tmp_path: Path) -> None:
    lay = piece_layout(22, "a4", 38, 10, 2, 2)
    assert lay.tile == 38 and lay.tile_h == pytest.approx(slot_size(38))
    out = tmp_path / "h.pdf"
    assert main(["sheet", "hive", "-o", str(out), "--per-tile", "--bleed", "2"]) == 0
    pages = PdfReader(out).pages
    assert len(pages) == 22
    extra = 2 * 2 * 2 / 3 ** 0.5
    assert float(pages[0].mediabox.width) * MM_PER_PT == pytest.approx(38 + extra, abs=0.05)
    assert float(pages[0].mediabox.height) * MM_PER_PT == pytest.approx(slot_size(38) + extra,
                                                                        abs=0.05)


@pytest.mark.parametrize("args,message", [
    (["hive", "--backs"], "no backs"),
    ([str(SMALL), "--per-tile", "--backs", "short"], "duplex edge"),
    ([str(SMALL), "--safe", "20", "--tile-size", "40"], "safe zone"),
    ([str(SMALL), "--bleed", "-1"], "must be a finite length"),
    ([str(SMALL), "--bleed", "80"], "with 10 mm margins and 80 mm bleed"),
])
def test_print_options_refused_clearly(tmp_path: Path, args: list[str], message: str,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sheet", args[0], "-o", str(tmp_path / "x.pdf"), *args[1:]]) == 2
    assert message in capsys.readouterr().err
    assert not list(tmp_path.iterdir())
