"""``simulate --plot`` and ``compare --plot`` draw in the tile set's palette colours."""

from __future__ import annotations

from pathlib import Path

from botanik_design.cli import main
from botanik_design.games.botanik.spec.load import load_tileset
from botanik_design.sim.plot import palette_colours, plot_distributions


def test_palette_order_pale_last() -> None:
    assert palette_colours(["#ffff00", "#d1383d", "#3a6fc4"]) == ["#d1383d", "#3a6fc4",
                                                                   "#ffff00"]
    assert palette_colours([]) == []
    ts = load_tileset("botanik")
    assert palette_colours(ts.colours)[:2] == ["#d1383d", "#e8b923"]


def test_plot_uses_palette(tmp_path: Path) -> None:
    out = tmp_path / "p.svg"
    plot_distributions([("a", [1, 2, 2]), ("b", [3, 3, 4])], out,
                       palette=["#123456", "#654321"])
    text = out.read_text(encoding="utf-8")
    assert "#123456" in text and "#654321" in text


def test_simulate_and_compare_plots_in_palette_colours(tmp_path: Path) -> None:
    ts = load_tileset("quick-3")
    colours = [c.display.lower() for c in ts.colours]
    sim = tmp_path / "sim.svg"
    assert main(["simulate", "--tileset", "quick-3", "--games", "2", "--quiet",
                 "--plot", str(sim), "-o", str(tmp_path / "r.txt")]) == 0
    text = sim.read_text(encoding="utf-8").lower()
    assert all(c in text for c in colours)  # 4 series, 3 colours: all used
    cmp = tmp_path / "cmp.svg"
    assert main(["compare", "standard", "registre-3", "--tileset", "quick-3", "--games", "2",
                 "--quiet", "--plot", str(cmp), "-o", str(tmp_path / "c.txt")]) == 0
    text = cmp.read_text(encoding="utf-8").lower()
    assert colours[0] in text and colours[1] in text
