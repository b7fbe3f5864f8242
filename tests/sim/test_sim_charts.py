"""The charts of simulate, compare and sweep say what the statistics say: which series,
what range, what labels (structural tests on the matplotlib figures)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib.colors import to_hex, to_rgb
from sim_rows_helpers import METRICS, rows_from

from botanik_design.cli import main
from botanik_design.sim.plot import (
    MEASURES,
    SERIES_COLOURS,
    outcome_figure,
    outcome_title,
)
from botanik_design.sim.report import RunInfo, summarize
from botanik_design.sim.sweep.plot import heat_span, sweep_figure, sweep_title

#: The Okabe-Ito palette (Okabe & Ito 2002).
OKABE_ITO = {"#000000", "#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00",
             "#cc79a7"}


def _report(results: list[int], bots: tuple[str, str] = ("greedy", "greedy")) -> dict[str, Any]:
    return summarize(rows_from(results), RunInfo("standard", "botanik", len(results), 0, bots,
                                                 "", METRICS))


def _series(ax: Any) -> dict[str, Any]:
    return {c.get_label(): c for c in ax.containers}


def test_series_colours_are_okabe_ito() -> None:
    assert {c.lower() for c in SERIES_COLOURS} == OKABE_ITO


def test_outcome_chart_draws_each_measure_with_its_interval() -> None:
    reports = [("base", _report([0, 1, 0, -1, 0, 1] * 6)), ("other", _report([1, 1, 0] * 12))]
    fig = outcome_figure(reports, outcome_title(reports, "Outcomes"))
    ax = fig.axes[0]
    series = _series(ax)
    assert list(series) == list(MEASURES.values())
    assert ax.get_xlim() == (0.0, 1.0)
    assert [t.get_text() for t in ax.get_yticklabels()] == ["other", "base"]
    colours = [to_hex(c.lines[0].get_color()) for c in series.values()]
    assert len(set(colours)) == len(colours) and set(colours) <= OKABE_ITO
    for key, label in MEASURES.items():
        bar = series[label]
        xs = list(bar.lines[0].get_xdata())
        expected = [r["outcomes"][key].get("mean", r["outcomes"][key].get("rate"))
                    for _, r in reports]
        assert xs == pytest.approx(expected)
        # the horizontal error bars span exactly the Wilson intervals
        segments = bar.lines[2][0].get_segments()
        spans = [(float(s[0][0]), float(s[1][0])) for s in segments]
        assert spans == pytest.approx([tuple(r["outcomes"][key]["ci95"]) for _, r in reports])
    assert any(line.get_label() == "fair (0.5)" and list(line.get_xdata()) == [0.5, 0.5]
               for line in ax.get_lines())


@pytest.mark.parametrize("bots,games,expected,absent", [
    (("random", "random"), 40, ["bots A = random, B = random", "40 games",
                                "caveats: bots A and B random"], "no caveat"),
    (("greedy", "greedy"), 40, ["bots A = greedy, B = greedy", "40 games", "no caveat"],
     "caveats"),
    (("greedy", "greedy"), 10, ["10 games", "fewer than 30 games: wide intervals"],
     "no caveat"),
    (("greedy", "random"), 40, ["caveats: bot B random"], "no caveat"),
])
def test_titles_carry_bots_games_and_caveats(bots: tuple[str, str], games: int,
                                             expected: list[str], absent: str) -> None:
    report = _report([0, 1, -1, 1][:1] * games, bots)
    title = outcome_title([("x", report)], "Outcomes")
    for text in expected:
        assert text in title.replace("\n", " ")
    assert absent not in title


def test_compare_title_names_the_run_of_each_caveat() -> None:
    runs = [("a", _report([0] * 40, ("random", "random"))),
            ("b", _report([0] * 40, ("random", "random")))]
    title = outcome_title(runs, "Outcomes").replace("\n", " ")
    assert "40 games per run" in title
    assert "a: bots A and B random" in title and "b: bots A and B random" in title


def _point(coords: dict[str, int], value: float, half: float, significant: bool) -> dict[str,
                                                                                            Any]:
    return {"coords": coords, "significant": significant,
            "metrics": {"advantage_p1": {"value": value,
                                         "ci95": [value - half, value + half]}}}


def _sweep(points: list[dict[str, Any]], axes: int = 2, bots: str = "random") -> dict[str, Any]:
    ax = [{"label": "x", "values": [0, 1]}, {"label": "y", "values": [0, 1]}][:axes]
    return {
        "sweep": {"name": "s", "title": "", "axes": ax, "games_per_point": 200,
                  "bots": {"A": bots, "B": bots}},
        "target": {"metric": "advantage_p1", "value": 0.5},
        "points": [_point({}, 0.5, 0.05, False), *points],
    }


def _grid(values: list[float], half: float, sig: list[bool]) -> list[dict[str, Any]]:
    cells = [(x, y) for x in (0, 1) for y in (0, 1)]
    return [_point({"x": x, "y": y}, v, half, s)
            for (x, y), v, s in zip(cells, values, sig, strict=True)]


def _colorbar_range(fig: Any) -> tuple[float, float]:
    bar = fig.axes[1]
    return bar.get_ylim()


def test_heat_map_range_is_no_narrower_than_the_intervals() -> None:
    # the case: values within 0.465-0.535 but intervals of +-0.07
    report = _sweep(_grid([0.465, 0.49, 0.51, 0.535], 0.07, [False] * 4))
    lo, hi = _colorbar_range(sweep_figure(report))
    assert lo == pytest.approx(0.5 - 0.105) and hi == pytest.approx(0.5 + 0.105)
    assert (lo + hi) / 2 == pytest.approx(0.5)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(0.05, 0.95), min_size=4, max_size=4), st.floats(0.0, 0.2),
       st.floats(0.2, 0.8))
def test_heat_span_covers_every_interval_centred_on_the_target(
        values: list[float], half: float, goal: float) -> None:
    points = _grid(values, half, [False] * 4)
    span = heat_span(points, "advantage_p1", goal)
    for p in points:
        lo, hi = p["metrics"]["advantage_p1"]["ci95"]
        assert goal - span <= lo + 1e-12 and hi <= goal + span + 1e-12
    assert span >= half - 1e-12


def _saturation(rgb: tuple[float, float, float]) -> float:
    return max(rgb) - min(rgb)


def test_heat_map_mutes_non_significant_cells_and_frames_significant_ones() -> None:
    values = [0.2, 0.8, 0.2, 0.8]
    sig = [True, True, False, False]
    fig = sweep_figure(_sweep(_grid(values, 0.05, sig)))
    ax = fig.axes[0]
    image = ax.get_images()[0].get_array()
    framed = [p for p in ax.patches if p.get_gid() == "significant"]
    assert len(framed) == 2
    # same value, significant vs not: the muted cell keeps far less of its colour
    for r_sig, r_not in ((0, 1),):
        for c in (0, 1):
            strong = _saturation(tuple(image[r_sig, c][:3]))
            weak = _saturation(tuple(image[r_not, c][:3]))
            assert weak < 0.5 * strong
    texts = {t.get_text(): t for t in ax.texts}
    assert "0.200 *" in texts and "0.200" in texts
    assert to_rgb(texts["0.200 *"].get_color()) != to_rgb(texts["0.200"].get_color())
    # below the target blue, above orange (Okabe-Ito), never red against green
    below, above = image[0, 0][:3], image[0, 1][:3]
    assert below[2] > below[0] and above[0] > above[2]


def test_sweep_title_and_lines() -> None:
    report = _sweep([_point({"x": 0}, 0.4, 0.05, True), _point({"x": 1}, 0.52, 0.05, False)],
                    axes=1)
    title = sweep_title(report).replace("\n", " ")
    assert "200 games per point" in title and "bots A and B random" in title
    fig = sweep_figure(report)
    ax = fig.axes[0]
    labels = [c.get_label() for c in ax.containers]
    assert labels == ["AdvantageP1 with 95% interval: significantly different from the base",
                      "AdvantageP1 with 95% interval: not significant"]
    filled, hollow = ax.containers
    assert to_hex(filled.lines[0].get_markerfacecolor()) == "#0072b2"
    assert to_hex(hollow.lines[0].get_markerfacecolor()) == "#ffffff"
    assert [t.get_text() for t in ax.texts] == ["*"]


def test_cli_plots_are_written(tmp_path: Path) -> None:
    sim = tmp_path / "sim.svg"
    assert main(["simulate", "--tileset", "quick-3", "--games", "4", "--quiet",
                 "--plot", str(sim), "-o", str(tmp_path / "r.txt")]) == 0
    text = sim.read_text(encoding="utf-8").lower()
    assert "#0072b2" in text and "#e69f00" in text
    cmp = tmp_path / "cmp.png"
    assert main(["compare", "standard", "registre-3", "--tileset", "quick-3", "--games", "2",
                 "--quiet", "--plot", str(cmp), "-o", str(tmp_path / "c.txt")]) == 0
    assert cmp.read_bytes()[:4] == b"\x89PNG"
