"""``host``, ``join`` and ``report`` on bad input (clear errors, exit 1 or 2, no traceback),
records with play-test fields validate, and ``report`` on a folder of both games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from botanik_design.cli import main
from botanik_design.remote.records import new_hosted, write_hosted


@pytest.mark.parametrize(("argv", "code", "words"), [
    (["host", "--seat1", "wizard"], 2, "--seat1: unknown bot"),
    (["host", "--seed", "-3"], 2, "--seed: -3 is negative"),
    (["host", "--load", "missing.yaml"], 2, "no such file"),
    (["host", "--port", "70000"], 2, "--port: 70000 is not a port"),
    (["host", "--variant", "no-such-variant"], 2, "no-such-variant"),
    (["host", "--record", "no/such/folder/g.yaml"], 2, "does not exist"),
    (["join", "http://x/0?token=a"], 2, "starts with ws://"),
    (["join", "ws://127.0.0.1:1/5?token=a"], 2, "the seat is 0, 1 or watch"),
    (["join", "ws://127.0.0.1:1/0"], 2, "no ?token="),
    (["report", "missing-folder"], 2, "no such file or folder"),
    (["report", "examples", "--bots", "greedy"], 2, "give two bot specs"),
])
def test_bad_arguments_are_named(argv: list[str], code: int, words: str,
                                 capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(Path(__file__).parents[2])
    assert main(argv) == code
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_an_invalid_record_is_refused_with_exit_1(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("record: x\nvariant: standard\nactions: [999999]\n")
    assert main(["host", "--load", str(bad)]) == 1
    assert main(["report", str(bad), "--games", "0"]) == 1
    assert "bad.yaml" in capsys.readouterr().err


def _played(folder: Path, variant: str, seed: int, moves: int | None, note: str) -> Path:
    hosted = new_hosted(variant, None, seed)
    s = hosted.state
    count = 0
    while not s.is_terminal() and (moves is None or count < moves):
        s.apply_action(s.legal_actions()[count % len(s.legal_actions())])
        hosted.playtest.moved()
        count += 1
        if count == 2:
            hosted.playtest.note(2, note, "ann")
    hosted.playtest.players = ["ann", "bob"]
    path = folder / f"{variant}-{seed}.yaml"
    write_hosted(path, hosted, "evening")
    return path


def test_records_with_notes_validate_and_report(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    botanik = _played(tmp_path, "standard", 4, None, "the red tile was a trap")
    hive = _played(tmp_path, "hive-tournament", 0, 12, "opening feels forced")
    (tmp_path / "notes.txt").write_text("not a record")
    assert main(["validate", str(botanik), str(hive)]) == 0
    capsys.readouterr()
    assert main(["report", str(tmp_path), "--games", "2", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert len(report["games"]) == 2
    by_file = {Path(g["file"]).name: g for g in report["games"]}
    b = by_file[botanik.name]
    assert b["finished"] and b["players"] == ["ann", "bob"]
    assert b["notes"][0]["text"] == "the red tile was a trap" and b["notes"][0]["after"]
    assert set(b["metrics"]) >= {"score", "groups", "flowers"}
    assert b["seconds_per_move"]["mean"] is not None
    assert not by_file[hive.name]["finished"]
    assert report["wins_by_seat"]["unfinished"] == 1
    total = sum(report["wins_by_seat"][k] for k in ("0", "1", "draw"))
    assert total == 1
    comparison = report["comparison"]
    botanik_key = next(k for k in comparison if k.startswith("botanik"))
    assert comparison[botanik_key]["bot_games"] == 2
    assert comparison[botanik_key]["metrics"]["score"]["bots"] is not None
    assert main(["report", str(tmp_path), "--games", "0"]) == 0
    text = capsys.readouterr().out
    assert "note at move 2" in text and "opening feels forced" in text
    assert "wins by player: ann" in text


@pytest.mark.parametrize("notes", [
    [{"move": -1, "text": "x"}],
    [{"move": 1, "text": ""}],
    [{"move": 1, "text": "x", "colour": "red"}],
])
def test_bad_notes_are_invalid(tmp_path: Path, notes: list[dict[str, object]],
                               capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "r.yaml"
    path.write_text("record: x\nvariant: standard\nactions: []\nnotes: "
                    + json.dumps(notes) + "\n")
    assert main(["validate", str(path)]) == 1
    assert "notes" in capsys.readouterr().out
