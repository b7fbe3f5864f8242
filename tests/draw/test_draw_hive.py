"""Hive pictures: piece-set sheets and overviews (hexagonal pieces), Hive boards."""

from __future__ import annotations

from pathlib import Path

import pytest
from matplotlib.patches import Polygon
from pypdf import PdfReader

from botanik_design.cli import main
from botanik_design.games.hive.draw import board_figure, pieces_of, slot_size, stacks_of
from botanik_design.games.hive.engine.game import load_hive
from botanik_design.games.hive.engine.pieces import BASE_PIECESET, pieceset_with

MM_PER_PT = 25.4 / 72
ROOT = Path(__file__).resolve().parents[2]


def test_pieces_named_as_uhp() -> None:
    names = [p.name for p in pieces_of(BASE_PIECESET)]
    assert len(names) == 22
    assert names[:4] == ["wQ", "wS1", "wS2", "wB1"] and names[11] == "bQ"
    assert len(pieces_of(pieceset_with(("mosquito", "ladybug", "pillbug")))) == 28


@pytest.mark.parametrize(("ref", "pages"), [("hive", 1), ("Base+MLP", 2), ("hive-full", 2),
                                           (str(ROOT / "piecesets" / "hive-base.yaml"), 1)])
def test_sheet_pdf(tmp_path: Path, ref: str, pages: int,
                   capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "p.pdf"
    assert main(["sheet", ref, "-o", str(out)]) == 0
    reader = PdfReader(out)
    assert len(reader.pages) == pages
    w = float(reader.pages[0].mediabox.width) * MM_PER_PT
    assert w == pytest.approx(210, abs=0.05)
    assert "38 mm across the flats" in capsys.readouterr().out


def test_pieces_fit_their_slots() -> None:
    # a pointy-top hexagon 38 mm across the flats is 43.9 mm point to point
    assert slot_size(38) == pytest.approx(43.879, abs=1e-3)


def test_show_counts(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "set.svg"
    assert main(["show", "Base+M", "--image", str(out)]) == 0
    text = capsys.readouterr().out
    assert "hive-base+M: 24 pieces (12 per player)" in text
    assert "White      1       2       2            3    3         1     12" in text
    assert out.stat().st_size > 1000


@pytest.mark.parametrize(
    ("ref", "code", "message"),
    [
        ("Base+X", 1, "unknown expansion 'X'"),
        ("{tmp}/bad.yaml", 1, "sem-hive-queen-count"),
    ],
)
def test_bad_piece_set(tmp_path: Path, capsys: pytest.CaptureFixture[str], ref: str,
                       code: int, message: str) -> None:
    (tmp_path / "bad.yaml").write_text("pieceset: bad\nbugs:\n  spider: 2\n",
                                       encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    assert main(["sheet", ref.replace("{tmp}", str(tmp_path)), "-o", str(out / "p.pdf")]) == code
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert list(out.iterdir()) == []


def test_board_draws_every_stack_once() -> None:
    game = load_hive("Base")
    state = game.state_from_game_string(
        "Base;InProgress;White[5];wS1;bG1 -wS1;wA1 wS1/;bB1 /bG1;wQ wS1\\;bQ \\bG1;"
        "wA1 \\bQ;bB1 bG1"
    )
    stacks = stacks_of(state)
    assert len(stacks) == 5  # bB1 sits on bG1
    tall = [s for s in stacks if len(s[1]) == 2]
    assert [p.name for p in tall[0][1]] == ["bG1", "bB1"]
    fig = board_figure(stacks)
    hexes = [p for c in fig.axes[0].collections for p in c.get_paths()
             if len(p.vertices) >= 7]
    assert len(hexes) >= 5
    assert "×2: bG1" in [t.get_text() for t in fig.axes[0].texts]
    assert not any(isinstance(a, Polygon) for a in fig.axes[0].patches)  # all in collections


def test_score_and_replay_images_of_hive_files(tmp_path: Path) -> None:
    position = ROOT / "examples" / "hive" / "queen-in-danger.yaml"
    record = ROOT / "examples" / "hive" / "short-win.yaml"
    out = tmp_path / "pos.svg"
    assert main(["score", str(position), "--image", str(out)]) == 0
    assert out.stat().st_size > 1000
    final = tmp_path / "final.png"
    assert main(["replay", str(record), "--image", str(final)]) == 0
    assert final.stat().st_size > 1000
    folder = tmp_path / "moves"
    assert main(["replay", str(record), "--format", "json", "--image", str(folder)]) == 0
    names = sorted(p.name for p in folder.iterdir())
    assert names[0] == "final.png" and names[1] == "move-0001.png"
    assert all(n.startswith("move-") for n in names[1:])
