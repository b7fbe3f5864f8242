"""UHP engine mode: whole sessions through a subprocess, and each command's answers."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from botanik_design.games.hive.engine.game import load_hive
from botanik_design.games.hive.engine.uhp import UhpSession

ROOT = Path(__file__).resolve().parents[2]


def session_output(commands: list[str], *args: str) -> tuple[int, list[str], str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run(
        [sys.executable, "-m", "botanik_design", "uhp", *args],
        input="".join(c + "\n" for c in commands), capture_output=True, text=True, env=env,
        timeout=120,
    )
    return proc.returncode, proc.stdout.splitlines(), proc.stderr


def answers(lines: list[str]) -> list[list[str]]:
    """Split the engine's output into answers (each ends with ``ok``)."""
    out: list[list[str]] = []
    cur: list[str] = []
    for line in lines:
        if line == "ok":
            out.append(cur)
            cur = []
        else:
            cur.append(line)
    assert cur == [], f"output does not end with ok: {cur}"
    return out


def test_a_viewer_session_through_a_subprocess() -> None:
    code, lines, err = session_output([
        "info",
        "newgame Base+MLP",
        "play wS1",
        "play bP -wS1",
        "validmoves",
        "play wQ wS1\\",       # the Queen on turn 2: legal
        "play bQ wS1",         # on top of a piece: refused
        "play xyz",            # not a MoveString
        "undo 9",              # beyond the start
        "undo",
        "frobnicate",
        "newgame Base;InProgress;White[2];wS1;bS1 wS1-",
        "newgame Base;InProgress;Black[7];wS1",   # wrong turn
        "newgame Base+X",
        "newgame Base;NotStarted",
        "play wA1 -wS1",
        "pass",
        "bestmove depth 1",
        "options",
        "perft 2",
        "exit",
    ])
    assert code == 0 and err == ""
    a = answers(lines)
    assert a[0] == a[1] == ["id botanik-design 0.1.0", "Mosquito;Ladybug;Pillbug"]  # startup, info
    assert a[2] == ["Base+MLP;NotStarted;White[1]"]
    assert a[3] == ["Base+MLP;InProgress;Black[1];wS1"]
    assert a[4] == ["Base+MLP;InProgress;White[2];wS1;bP -wS1"]
    moves = a[5][0].split(";")
    assert "wQ wS1\\" in moves and "wQ wS1-" in moves and len(moves) == len(set(moves))
    assert a[6] == ["Base+MLP;InProgress;Black[2];wS1;bP -wS1;wQ wS1\\"]
    assert a[7][0].startswith("invalidmove ")
    assert a[8][0].startswith("invalidmove ") and "xyz" in a[8][0]
    assert a[9][0].startswith("err ") and "only 3" in a[9][0]
    assert a[10] == ["Base+MLP;InProgress;White[2];wS1;bP -wS1"]
    assert a[11][0].startswith("err ") and "frobnicate" in a[11][0]
    assert a[12] == ["Base;InProgress;White[2];wS1;bS1 wS1-"]
    assert a[13][0].startswith("err ") and "Black[7]" in a[13][0]
    assert a[14][0].startswith("err ") and "'X'" in a[14][0]
    assert a[15][0].startswith("err ")
    assert a[16] == ["Base;InProgress;Black[2];wS1;bS1 wS1-;wA1 -wS1"]
    assert a[17][0].startswith("invalidmove ")
    assert len(a[18]) == 1 and a[18][0].startswith("b")
    assert a[19][0].startswith("Seed;int;")
    assert [line.split(" = ")[0] for line in a[20]] == ["perft(1)", "perft(2)"]
    assert len(a) == 22  # exit answers ok and stops


def test_a_variant_uhp_cannot_express_is_refused(tmp_path: Path) -> None:
    code, lines, err = session_output([], "--variant", "NoSuchGame")
    assert code == 2 and lines == [] and "NoSuchGame" in err


def test_session_follows_its_own_validmoves_and_replays_the_gamestring() -> None:
    s = UhpSession("test 1", lambda st, sec, d, o: st.legal_actions()[0], load_hive("Base+MLP"))
    s.handle("newgame Base+MLP")
    game_string = ""
    for i in range(40):
        valid = s.handle("validmoves")
        if valid[0].startswith("err"):
            break
        moves = valid[0].split(";")
        out = s.handle(f"play {moves[(7 * i) % len(moves)]}")
        assert out[-1] == "ok" and out[0].startswith("Base+MLP;"), out
        game_string = out[0]
    other = UhpSession("test 2", lambda st, sec, d, o: 0, load_hive("Base"))
    assert other.handle(f"newgame {game_string}") == [game_string, "ok"]
    assert other.handle("undo 3")[0].count(";") == game_string.count(";") - 3


@pytest.mark.parametrize("line", [
    "play", "undo -1", "undo x", "bestmove", "bestmove depth 0", "bestmove time 1:2",
    "options set Seed x", "options set Nope 1", "options get", "perft 0", "perft x",
    "newgame Base;Bogus;White[1]", "newgame Base;InProgress;White[1];wQ",
    "newgame Base;InProgress;White[0]", "newgame Base;InProgress;White[1];;",
])
def test_bad_commands_answer_err_or_invalidmove_then_ok(line: str) -> None:
    s = UhpSession("test 1", lambda st, sec, d, o: st.legal_actions()[0], load_hive("Base"))
    s.handle("newgame Base")
    out = s.handle(line)
    assert out[-1] == "ok" and len(out) == 2
    assert out[0].startswith(("err ", "invalidmove ")), out


def test_commands_before_newgame_say_there_is_no_game() -> None:
    s = UhpSession("test 1", lambda st, sec, d, o: 0, load_hive("Base"))
    for line in ["play wS1", "pass", "validmoves", "bestmove depth 1", "undo", "perft 1"]:
        out = s.handle(line)
        assert out[0].startswith("err ") and "newgame" in out[0] and out[-1] == "ok"


def test_undecodable_input_is_an_err_not_a_crash() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-m", "botanik_design", "uhp"],
                          input=b"\xff\xfe play\nnewgame\n", capture_output=True, env=env,
                          timeout=120)
    out = proc.stdout.decode("utf-8").splitlines()
    assert proc.returncode == 0 and proc.stderr == b""
    assert out[3].startswith("err ") and out[-2:] == ["Base;NotStarted;White[1]", "ok"]


def test_bestmove_asks_the_mcts_bot_and_alpha_beta_on_request() -> None:
    opening = ["newgame Base+MLP", "play wS1", "play bP -wS1", "validmoves"]
    code, lines, err = session_output([
        *opening,
        "options set Seed 7",
        "options set MaxIterations 30",
        "bestmove depth 2",
        "bestmove time 00:00:01",
        "options set AlphaBeta 1",
        "bestmove depth 1",
        "options set AlphaBeta 2",
        "exit",
    ])
    assert code == 0 and err == ""
    a = answers(lines)
    valid = set(a[4][0].split(";"))
    for i in (7, 8, 10):
        assert len(a[i]) == 1 and a[i][0] in valid, a[i]
    assert a[9] == ["AlphaBeta;int;1;0;0;1"]
    assert a[11][0].startswith("err ") and "AlphaBeta" in a[11][0]
    # depth N is the project's MCTS bot: the same seed, iterations and rollout depth
    from botanik_design.bots import make_bot

    state = load_hive("Base+MLP").replay(["wS1", "bP -wS1"])
    bot = make_bot("mcts", 7, iterations=30, depth=2)
    assert state.action_to_string(bot.step(state)) == a[7][0]
