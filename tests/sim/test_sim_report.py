"""Report: JSON layout, text table, CSV rows, plots."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from sim_rows_helpers import METRICS, rows_from

from botanik_design.sim.plot import plot_outcomes
from botanik_design.sim.report import (
    SCHEMA,
    RunInfo,
    format_text,
    summarize,
    to_csv,
    to_json,
)
from botanik_design.sim.rows import csv_columns

INFO = RunInfo("standard", "botanik", 8, 5, ("A", "B"), "Standard", METRICS)
#: The Botanik CSV header (pinned: existing spreadsheets read these columns).
CSV_COLUMNS = (
    "game", "seed", "bot_seat0", "bot_seat1", "first_bot", "winner",
    "score0", "score1", "groups0", "groups1", "flowers0", "flowers1",
    "bonus0", "bonus1", "unconnected0", "unconnected1",
    "decisions", "branching", "releases", "swaps", "discards", "left_at_end", "stalls",
)


def test_json_keys_are_stable() -> None:
    rows = rows_from([0, 0, 1, -1, 0, 1, 0, 0])
    s = summarize(rows, INFO)
    assert list(s) == ["schema", "run", "outcomes", "caveats", "end_reasons", "scores", "game"]
    assert s["schema"] == SCHEMA
    assert list(s["run"]) == ["variant", "variant_title", "tileset", "games", "seed", "bots",
                              "seats"]
    assert list(s["outcomes"]) == [
        "first_player_wins", "second_player_wins", "draws", "first_player_share_of_decisive",
        "advantage_p1", "bots", "ludii", "ci_method",
    ]
    assert list(s["outcomes"]["ludii"]) == ["balance", "advantage_p1", "drawishness"]
    assert list(s["scores"]) == ["all", "first_player", "second_player", "bot_A", "bot_B",
                                 "margin_first_minus_second", "parts"]
    assert list(s["scores"]["parts"]) == ["groups", "flowers", "bonus"]
    assert list(s["game"]) == ["decisions", "branching", "releases", "swaps", "discards",
                               "left_at_end", "unconnected", "stalls"]
    assert list(s["scores"]["all"]) == ["n", "mean", "sd", "min", "q05", "q25", "median",
                                        "q75", "q95", "max", "histogram"]
    assert list(s["outcomes"]["first_player_wins"]) == ["k", "n", "rate", "ci95", "small_sample"]


def test_outcome_numbers() -> None:
    rows = rows_from([0, 0, 1, -1, 0, 1, 0, 0])  # P1: 5 wins, 2 losses, 1 draw
    s = summarize(rows, INFO)
    out = s["outcomes"]
    assert out["first_player_wins"]["k"] == 5 and out["first_player_wins"]["n"] == 8
    assert out["draws"]["k"] == 1
    assert out["ludii"]["advantage_p1"] == pytest.approx(5.5 / 8)
    assert out["ludii"]["drawishness"] == pytest.approx(1 / 8)
    assert out["first_player_share_of_decisive"]["n"] == 7
    # bot A sits first in even games: games 0,2,4,6 -> results 0,1,0,0 -> A wins 0, 4, 6;
    # odd games A in seat 1: games 1,3,5,7 -> winners 0,-1,1,0 -> A wins game 5
    assert out["bots"][0]["wins"]["k"] == 4
    assert out["bots"][1]["wins"]["k"] == 3
    assert s["scores"]["all"]["n"] == 16


def test_json_is_strict_and_has_no_nan() -> None:
    text = to_json(summarize(rows_from([0]), INFO))
    data = json.loads(text)
    assert data["scores"]["all"]["sd"] is not None  # two players' scores
    assert data["scores"]["first_player"]["sd"] is None
    assert "NaN" not in text


def test_text_report_names_the_numbers() -> None:
    text = format_text(summarize(rows_from([0, 1, 0, -1]), INFO), METRICS)
    for needle in ("first player (seat 0) wins", "Wilson", "Balance", "AdvantageP1",
                   "Drawishness", "colour groups", "game length", "branching", "histogram"):
        assert needle in text


def test_csv_rows() -> None:
    rows = rows_from([0, 1, -1, 0, 0])
    text = to_csv(rows, METRICS)
    parsed = list(csv.reader(io.StringIO(text)))
    assert csv_columns(METRICS) == CSV_COLUMNS
    assert parsed[0] == list(CSV_COLUMNS)
    assert len(parsed) == 1 + len(rows)
    assert parsed[3][CSV_COLUMNS.index("winner")] == "draw"


@pytest.mark.parametrize("ext,magic", [(".png", b"\x89PNG\r\n\x1a\n"), (".svg", b"<?xml")])
def test_plot_written(tmp_path: Path, ext: str, magic: bytes) -> None:
    out = tmp_path / f"scores{ext}"
    plot_outcomes([("a", summarize(rows_from([0, 1, -1, 0]), INFO))], out)
    assert out.read_bytes().startswith(magic)
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".plot-")]


def test_plot_rejects_other_formats(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="PNG or SVG"):
        plot_outcomes([("a", summarize(rows_from([0]), INFO))], tmp_path / "x.pdf")
    assert not list(tmp_path.iterdir())
