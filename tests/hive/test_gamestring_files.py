"""UHP GameString files (``.txt``) through ``validate``, ``replay`` and ``play --load``.

``replay game.txt`` used to read the file as YAML ("the top level must be a mapping"),
so a GameString ``validate`` accepted could not be played back; a byte-order mark made
the GameType unknown.
"""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.cli import main
from botanik_design.games.hive.engine.game import load_hive

GOOD = "Base;InProgress;White[2];wS1;bS1 wS1-"


@pytest.mark.parametrize(("content", "code", "expected"), [
    (GOOD.encode() + b"\n", 0, "result: InProgress, White[2]"),
    (GOOD.encode() + b"\r\n", 0, "result: InProgress, White[2]"),
    (b"\xef\xbb\xbf" + GOOD.encode() + b"\n", 0, "result: InProgress, White[2]"),
    (b"# a comment\n base+mlp ; InProgress ; Black[1] ; ws1 \n", 0, "1  white  wS1"),
    (GOOD.encode() + b";wQ\n", 1, "g.txt:1:39: error:"),
    (b"Base+MLP;InProgress;Black[1];wS1;\n", 1, "[gamestring-syntax]"),
    (b"", 1, "[gamestring-syntax]"),
    (b"\xff\xfe\x00garbage\n", 2, "[io-unreadable]"),
])
def test_replay_a_game_string_file(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                   content: bytes, code: int, expected: str) -> None:
    path = tmp_path / "g.txt"
    path.write_bytes(content)
    assert main(["replay", str(path)]) == code
    out, err = capsys.readouterr()
    assert expected in out + err and "Traceback" not in out + err
    assert main(["validate", str(path)]) == code  # validate and replay agree
    capsys.readouterr()


def test_play_load_of_a_game_string_file_says_what_it_takes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.txt"
    path.write_text(GOOD + "\n", encoding="utf-8")
    assert main(["play", "--load", str(path)]) == 1
    err = capsys.readouterr().err
    assert "GameString" in err and "replay" in err and "mapping" not in err


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), game_type=st.sampled_from(["Base", "Base+MLP", "Base+P"]),
       plies=st.integers(0, 80))
def test_a_written_game_string_replays_to_the_same_game(seed: int, game_type: str,
                                                        plies: int) -> None:
    """Property: the GameString of any game, written to a file, replays (JSON) to the
    engine's own moves, result and turn."""
    state = load_hive(game_type).new_initial_state()
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.txt"
        path.write_text(state.game_string() + "\n", encoding="utf-8")
        import contextlib
        import io

        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            assert main(["replay", "--format", "json", str(path)]) == 0
    report = json.loads(buf.getvalue())
    assert report["moves"] == state.move_strings()
    assert (report["result"], report["turn"]) == (state.board_state(), state.turn_string())
    assert report["game_type"] == game_type
