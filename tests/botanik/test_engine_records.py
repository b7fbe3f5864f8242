"""Game records: replay (text and JSON), ints and texts, determinism, bad input."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
import yaml
from engine_helpers import tileset, variant

from botanik_design.cli import main
from botanik_design.games.botanik.engine.errors import RecordError
from botanik_design.games.botanik.engine.events import (
    Discarded,
    Released,
    StayedInSlot,
    Swapped,
    describe,
)
from botanik_design.games.botanik.engine.game import new_game
from botanik_design.games.botanik.engine.playout import play_random
from botanik_design.games.botanik.engine.record import (
    load_record,
    play_record,
    record_data,
    record_from_data,
    write_record,
)

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "records"


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.yaml")))
def test_example_records_replay_and_meet_expectations(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(EXAMPLES / name)]) == 0
    text = capsys.readouterr().out
    assert "game over" in text and "result:" in text
    assert main(["replay", "--format", "json", str(EXAMPLES / name)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["terminal"] is True and data["expect_failures"] == []
    assert [s["step"] for s in data["steps"]] == list(range(1, len(data["steps"]) + 1))


def test_mecha_record_events() -> None:
    state, steps = play_record(load_record(EXAMPLES / "mecha-swap.yaml"))
    released = [e for e in steps[4].events if isinstance(e, Released)]
    assert [(state.tile(e.tile).id, e.player, e.column, e.cause) for e in released] == [
        ("red-mecha", 0, 0, "pick"), ("green-mecha", 1, 0, "pick")]
    assert [describe(e, state.table) for e in released] == [
        "red-mecha released to player 0 (column 1)", "green-mecha released to player 1 (column 1)"]
    assert steps[5].player == 0 and steps[5].text.startswith("swap red-mecha")
    assert any(isinstance(e, Swapped) for e in steps[5].events)
    assert any(isinstance(e, Discarded | StayedInSlot) and "no middle top" in str(
        describe(e, state.table)) for e in steps[6].events)
    assert state.is_terminal()


def _random_state(seed: int, name: str = "standard") -> object:
    return play_random(new_game(tileset("botanik"), variant(name), seed), random.Random(seed))


def test_same_seed_same_record() -> None:
    a = record_data(_random_state(5), "a", "botanik", "standard")  # type: ignore[arg-type]
    b = record_data(_random_state(5), "a", "botanik", "standard")  # type: ignore[arg-type]
    assert a == b
    c = record_data(_random_state(6), "a", "botanik", "standard")  # type: ignore[arg-type]
    assert c != a


@pytest.mark.parametrize("as_text", [True, False])
def test_record_round_trip(tmp_path: Path, as_text: bool) -> None:
    s = _random_state(8, "registre-3")
    data = record_data(s, "rt", "botanik", "registre-3", {3: "note"}, as_text)  # type: ignore[arg-type]
    path = tmp_path / "r.yaml"
    write_record(path, data)
    rec = load_record(path)
    assert rec.comments == {3: "note"}
    state, steps = play_record(rec)
    assert state.to_dict() == s.to_dict()  # type: ignore[attr-defined]
    assert len(steps) == len(s.history())  # type: ignore[attr-defined]


def test_illegal_action_in_record_names_the_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump({
        "record": "bad", "variant": "standard", "seed": 1,
        "actions": [9, "place red-corner at (5,5) r0"],
    }))
    with pytest.raises(RecordError, match="action 2"):
        play_record(load_record(path))
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "action 2" in err and "Traceback" not in err


def test_record_too_long_or_bad(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = _random_state(2)
    data = record_data(s, "long", "botanik", "standard", as_text=False)  # type: ignore[arg-type]
    data["actions"].append(0)
    path = tmp_path / "long.yaml"
    write_record(path, data)
    assert main(["replay", str(path)]) == 1
    assert "already over" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "nope.yaml")]) == 2
    path.write_text("record: x\nvariant: standard\nseed: one\nactions: []\n")
    assert main(["replay", str(path)]) == 1
    path.write_text("record: x\nvariant: no-such-variant\nseed: 1\nactions: []\n")
    assert main(["replay", str(path)]) == 1
    path.write_text("record: x\nvariant: standard\nseed: 1\ndeal: [unicorn]\nactions: []\n")
    assert main(["replay", str(path)]) == 1
    assert "unicorn" in capsys.readouterr().err


def test_unfinished_record_replays_without_expectations() -> None:
    rec = record_from_data(
        {"record": "x", "variant": "standard", "seed": 3, "actions": [9]}, "x", None
    )
    state, steps = play_record(rec)
    assert not state.is_terminal() and len(steps) == 1


def test_scripted_deal_defaults_to_player_zero_and_seed_zero() -> None:
    rec = record_from_data(
        {"record": "x", "variant": "standard", "options": {"registry_columns": 1},
         "deal": ["red-corner", "red-tee", "red-tee"], "actions": []}, "x", None,
    )
    s = rec.new_game()
    assert (rec.seed, s.first_player, s.current_player()) == (0, 0, 0)
    assert [s.tile(t).id for t in s.arrival_tiles()] == ["red-tee", "red-tee"]
