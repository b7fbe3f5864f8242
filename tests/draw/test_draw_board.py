"""Board pictures: ``score --image``, ``replay --image`` (a file or a folder of steps)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PIL import Image

from botanik_design.cli import main
from botanik_design.draw.art import washed
from botanik_design.games.botanik.draw.board import MachinePicture, board_figure, heading
from botanik_design.games.botanik.engine.position import load_position, score_position

ROOT = Path(__file__).resolve().parents[2]
POSITION = ROOT / "examples" / "positions" / "groups-and-flowers.yaml"
RECORD = ROOT / "examples" / "records" / "mecha-swap.yaml"


def test_score_image_svg_and_png(tmp_path: Path) -> None:
    svg, png = tmp_path / "b.svg", tmp_path / "b.png"
    assert main(["score", str(POSITION), "--no-board", "--image", str(svg)]) == 0
    assert ET.parse(svg).getroot().tag.endswith("svg")
    assert main(["score", str(POSITION), "--no-board", "--image", str(png)]) == 0
    w, h = Image.open(png).size
    assert w > 500 and h > 300


def _colours(fig: object) -> set[str]:
    """Every face colour of the patches of a board figure, as #rrggbb."""
    from matplotlib.collections import PatchCollection
    from matplotlib.colors import to_hex

    out: set[str] = set()
    for coll in fig.axes[0].collections:  # type: ignore[attr-defined]
        assert isinstance(coll, PatchCollection)
        out.update(to_hex(c) for c in coll.get_facecolors())
    return out


def test_removed_tiles_greyed_groups_and_flowers_marked() -> None:
    pos = load_position(POSITION)
    result = score_position(pos)
    p0 = result.players[0]
    assert p0.removed and any(g.points for g in p0.groups) and p0.flowers
    fig = board_figure([MachinePicture(pos.machines[0], heading(0, p0), p0)], pos.defs,
                       pos.tileset)
    colours = _colours(fig)
    removed_colour = pos.defs[pos.machines[0][tuple(p0.removed[0].cell)].tile].colour
    display = pos.tileset.colour(removed_colour).display  # type: ignore[arg-type]
    assert washed(display) in colours          # the removed tile, greyed
    edges = set()
    from matplotlib.colors import to_hex

    for coll in fig.axes[0].collections:
        edges.update(to_hex(c) for c in coll.get_edgecolors())
    assert "#1e9e3a" in edges                  # counted flowers ringed
    texts = [t.get_text() for t in fig.axes[0].texts]
    assert f"+{max(g.points for g in p0.groups)}" in texts   # group badge
    # without a score nothing is greyed or marked
    plain = board_figure([MachinePicture(pos.machines[0], "p0")], pos.defs, pos.tileset)
    assert washed(display) not in _colours(plain)
    assert not any(t.get_text().startswith("+") for t in plain.axes[0].texts)


def test_heading() -> None:
    pos = load_position(POSITION)
    s = score_position(pos).players[0]
    assert heading(0, s).startswith(f"player 0: {s.total} point")
    assert heading(1, None) == "player 1"


def test_replay_final_image(tmp_path: Path) -> None:
    out = tmp_path / "final.svg"
    assert main(["replay", str(RECORD), "--no-board", "--image", str(out)]) == 0
    assert ET.parse(out).getroot().tag.endswith("svg")
    assert [p.name for p in tmp_path.iterdir()] == ["final.svg"]


def test_replay_one_image_per_step(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "steps"
    assert main(["replay", str(RECORD), "--format", "json", "--image", str(folder)]) == 0
    import json

    steps = len(json.loads(capsys.readouterr().out)["steps"])
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["final.png"] + [f"step-{k:04d}.png" for k in range(1, steps + 1)]


@pytest.mark.parametrize(
    ("command", "target", "message"),
    [
        ("score", "{tmp}/b.gif", "must end in .svg or .png or .pdf"),
        ("score", "{tmp}/no/b.svg", "no such folder"),
        ("score", "/proc/b.svg", "cannot write"),
        ("score", "{tmp}", "is a folder"),
        ("replay", "{tmp}/no/b.svg", "no such folder"),
        ("replay", "{tmp}/no/deeper", "no such folder"),
        ("replay", "{tmp}/file", "is not a folder"),
    ],
)
def test_bad_image_path(tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str,
                        target: str, message: str) -> None:
    (tmp_path / "file").write_text("x", encoding="utf-8")
    src = POSITION if command == "score" else RECORD
    before = sorted(p.name for p in tmp_path.iterdir())
    assert main([command, str(src), "--image", target.replace("{tmp}", str(tmp_path))]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == before
