"""Property tests of the UHP engine loop under any sequence of commands a client may send.

Invariants (whatever the line: valid, refused or garbage): each answer ends with one
``ok``; no answer is the loop's last-resort ``err <ExceptionName>: ...`` (an unexpected
exception inside a command); after every command the session's GameString starts a
fresh session in the same place; ``validmoves`` lists distinct moves, as many as
``perft 1`` counts, and ``pass`` alone or not at all.
"""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.games.hive.engine.uhp import UhpSession

_INTERNAL = re.compile(r"^err [A-Z][A-Za-z]*(Error|Exception)\b")
_PIECES = ["wQ", "bQ", "wS1", "bS2", "wA1", "bA3", "wB1", "bG3", "wM", "bL", "wP", "bP",
           "wQ1", "xS1", "WS1", "pass", ""]
_MARKS = ["", "-", "/", "\\"]

garbage = st.one_of(
    st.sampled_from(["", "  ", "\t", "???", "newgame ;;;", "newgame Base;InProgress",
                     "newgame Base;InProgress;White[x]", "newgame Base+", "newgame Base+X",
                     "undo 0", "undo -2", "undo x", "undo 99", "perft 0", "perft x",
                     "options set Seed x", "options get", "bestmove", "bestmove time 1",
                     "pass extra", "play", "info", "exit now"]),
    st.builds(lambda p, m, r, before: f"play {p} {m + r if before else r + m}",
              st.sampled_from(_PIECES), st.sampled_from(_MARKS), st.sampled_from(_PIECES),
              st.booleans()),
    st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\n\r"),
            max_size=30),
)
#: ("valid", k): play the k-th move validmoves lists; other commands as given.
command = st.one_of(
    st.tuples(st.just("valid"), st.integers(0, 10_000)),
    st.tuples(st.just("line"), garbage),
    st.tuples(st.just("line"), st.sampled_from(["newgame", "newgame Base+MLP", "newgame Base+P",
                                                "undo", "undo 2", "validmoves", "pass"])),
)


def _session() -> UhpSession:
    return UhpSession("props", lambda state, seconds, depth, options: state.legal_actions()[0])


def _check_answer(line: str, out: list[str]) -> None:
    if not line.strip():
        assert out == []
        return
    assert out and out[-1] == "ok" and "ok" not in out[:-1], (line, out)
    assert not any(_INTERNAL.match(o) for o in out), (line, out)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), opening=st.integers(0, 120),
       commands=st.lists(command, min_size=1, max_size=40))
def test_any_command_sequence_keeps_the_protocol_and_the_state(
        seed: int, opening: int, commands: list[tuple[str, object]]) -> None:
    """After ``opening`` random moves (played as a client would, from ``validmoves``)."""
    s = _session()
    s.handle("newgame Base+MLP")
    rng = random.Random(seed)
    for _ in range(opening):
        listed = s.handle("validmoves")[0]
        if listed.startswith("err"):
            break
        _check_answer("play", s.handle(f"play {rng.choice(listed.split(';'))}"))
    for kind, arg in commands:
        if kind == "valid":
            listed = s.handle("validmoves")
            if listed[0].startswith("err"):
                continue
            moves = listed[0].split(";")
            line = f"play {moves[int(str(arg)) % len(moves)]}"
        else:
            line = str(arg)
        out = s.handle(line)
        _check_answer(line, out)
        if kind == "valid":
            assert not out[0].startswith(("err", "invalidmove")), (line, out)
        if s.state is None:
            continue
        game_string = s.state.game_string()
        fresh = _session()
        assert fresh.handle(f"newgame {game_string}") == [game_string, "ok"]
        valid = s.handle("validmoves")
        if not valid[0].startswith("err"):
            moves = valid[0].split(";")
            assert len(moves) == len(set(moves))
            assert "pass" not in moves or moves == ["pass"]
            assert s.handle("perft 1") == [f"perft(1) = {len(moves)}", "ok"]
