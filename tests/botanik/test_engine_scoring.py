"""Hand-worked positions (examples/positions): each scoring option changes the
result where it should and nowhere else."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from botanik_design.cli import main
from botanik_design.games.botanik.engine.errors import RecordError
from botanik_design.games.botanik.engine.position import (
    load_position,
    position_from_data,
    score_position,
)

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "positions"


def data(name: str) -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((EXAMPLES / name).read_text(encoding="utf-8"))
    return loaded


def totals(d: dict[str, Any], **options: Any) -> list[int]:
    d = copy.deepcopy(d)
    d["options"] = {**d.get("options", {}), **options}
    pos = position_from_data(d, "test", EXAMPLES)
    return [p.total for p in score_position(pos).players]


def winner(d: dict[str, Any], **options: Any) -> int | None:
    d = copy.deepcopy(d)
    d["options"] = options
    g = score_position(position_from_data(d, "test", EXAMPLES)).game
    assert g is not None
    return g.winner


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.yaml")))
def test_example_positions_meet_their_expectations(name: str) -> None:
    assert main(["score", "--no-board", str(EXAMPLES / name)]) == 0


GF = "groups-and-flowers.yaml"


def test_breakdown_of_groups_and_flowers() -> None:
    s = score_position(load_position(EXAMPLES / GF)).players[0]
    assert [t.tile for t in s.removed] == ["green-corner-flower"]
    assert [(g.colour, g.size, g.points) for g in s.groups] == [("red", 4, 4), ("blue", 1, 0)]
    flowers = {f.tile: (f.counted, f.points) for f in s.flowers}
    assert flowers == {"red-plant": (True, 3), "red-tee-flower": (True, 1),
                       "blue-vegetable": (False, 0)}
    assert (s.group_points, s.flower_points, s.mecha_points, s.total) == (4, 4, 0, 8)


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({}, [8]),
        ({"colour_groups": "piped"}, [4]),        # red splits into two piped pairs
        ({"crop_flowers": "always"}, [11]),       # the blue vegetable counts
        ({"min_group_size": 4}, [8]),
        ({"min_group_size": 5}, [4]),
        ({"group_points_per_tile": 2}, [12]),
        ({"flower_points": 2}, [12]),
        ({"mecha_bonus": 9}, [8]),                # no mecha in the machine
        ({"tie_break": "largest-colour-group"}, [8]),
        ({"closure": "no-cycle"}, [8]),           # placement rules do not score
        ({"mecha_botanist": "wildcard"}, [8]),    # no mecha in the machine
    ],
)
def test_each_option_changes_groups_and_flowers_only_where_it_should(
    options: dict[str, Any], expected: list[int]
) -> None:
    assert totals(data(GF), **options) == expected


def test_piped_groups_equal_touching_groups_when_every_contact_is_piped() -> None:
    # the yellow column of tie-break.yaml is joined by pipes all along
    d = data("tie-break.yaml")
    assert totals(d)[1] == totals(d, colour_groups="piped")[1] == 8


def test_crop_rule_irrelevant_when_every_crop_is_piped_to_its_colour() -> None:
    d = data("tie-break.yaml")
    assert totals(d)[1] == totals(d, crop_flowers="always")[1]


def test_tie_break() -> None:
    d = data("tie-break.yaml")
    assert totals(d) == [8, 8]
    assert winner(d) is None
    assert winner(d, tie_break="largest-colour-group") == 0
    # totals no longer equal: the tie-break plays no part
    assert winner(d, flower_points=2) == 1  # flowers 4 vs 5 -> 12 vs 13
    assert winner(d, flower_points=2, tie_break="largest-colour-group") == 1


def test_wildcard_mecha_connects_and_scores_a_bonus() -> None:
    d = data("wildcard-mecha.yaml")
    assert totals(d) == [5]
    assert totals(d, mecha_bonus=5) == [8]
    assert totals(d, crop_flowers="same-colour-pipe-neighbour") == [5]  # mecha is red
    # under the swap rule a mecha is no connector: the plant loses its path
    assert totals(d, mecha_botanist="swap") == [0]
    s = score_position(load_position(EXAMPLES / "wildcard-mecha.yaml")).players[0]
    assert [t.tile for t in s.mechas] == ["red-mecha"]
    assert [t.tile for t in s.removed] == ["blue-mecha"]


def test_score_json_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--format", "json", str(EXAMPLES / GF)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["players"][0]["total"] == 8
    assert out["players"][0]["groups"][0]["cells"] == [[0, 1], [0, 2], [1, 0], [1, 1]]


def test_score_bad_inputs_exit_cleanly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(tmp_path / "missing.yaml")]) == 2
    bad = tmp_path / "bad.yaml"
    bad.write_text("position: x\nvariant: standard\nmachines: [[{tile: nope, cell: [1, 0]}]]\n")
    assert main(["score", str(bad)]) == 1
    assert "nope" in capsys.readouterr().err
    bad.write_text("position: x\nvariant: standard\nmachines: [[{tile: red-plant, cell: [1]}]]\n")
    assert main(["score", str(bad)]) == 1
    bad.write_text("position: x\nvariant: standard\noptions: {closure: sometimes}\nmachines: []\n")
    assert main(["score", str(bad)]) == 1
    bad.write_text(": : :\n")
    assert main(["score", str(bad)]) == 1
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text((EXAMPLES / GF).read_text().replace("totals: [8]", "totals: [9]"))
    assert main(["score", "--no-board", str(wrong)]) == 1
    assert "expected totals [9]" in capsys.readouterr().out


def test_duplicate_cell_is_an_error() -> None:
    d = data(GF)
    d["machines"][0].append({"tile": "red-cross", "cell": [0, 1]})
    with pytest.raises(RecordError, match="already holds a tile"):
        position_from_data(d, "dup", EXAMPLES)


def test_illegal_layouts_are_scored_with_warnings() -> None:
    d = {
        "position": "odd", "variant": "standard", "tileset": "botanik",
        "machines": [[
            {"tile": "red-straight", "cell": [1, 0], "rotation": 0},   # N-S against the E exit
            {"tile": "red-plant", "cell": [5, 5]},                     # touches nothing
            {"tile": "red-mecha", "cell": [0, 1]},  # swap rule: never in a machine
        ]],
    }
    pos = position_from_data(d, "odd", EXAMPLES)
    text = "\n".join(pos.warnings)
    assert "(1, 0): a side does not match" in text
    assert "(5, 5) touches no other tile" in text
    assert "mecha-botanist never enters a machine" in text
    assert score_position(pos).players[0].total == 0


def test_closed_machine_warns_about_the_closure_rule() -> None:
    crops = ["red-plant", "blue-plant", "green-vegetable", "black-vegetable"]
    plants = [{"tile": t, "cell": c, "rotation": r}
              for t, (c, r) in zip(crops, (([0, 1], 0), ([1, 0], 1), ([0, -1], 2), ([-1, 0], 3)),
                                   strict=True)]
    d: dict[str, Any] = {"position": "closed", "variant": "standard", "machines": [plants]}
    pos = position_from_data(d, "closed", EXAMPLES)
    assert any("closure rule broken" in w for w in pos.warnings)
    d["options"] = {"closure": "none"}
    assert not position_from_data(d, "closed", EXAMPLES).warnings
    s = score_position(pos).players[0]
    assert [g.size for g in s.groups] == [1, 1, 1, 1]
    assert s.total == 0  # crops piped only to the colourless Source
