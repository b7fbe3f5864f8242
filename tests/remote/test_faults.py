"""Hostile and broken clients: wrong tokens, stale links and moves, the other seat's move,
a 10 MB frame, fuzzed JSON, a dropped client that rejoins.  None of them changes the game
or stops the host."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from remote_helpers import TIMEOUT, Recorder, botanik, hosting, joined, run, until
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from botanik_design.remote import protocol as p


async def raw_exchange(url: str, frames: list[str | bytes]) -> list[dict[str, Any]]:
    """Send ``frames`` on one connection; the messages received until the host's answer to
    a final ping (or the close)."""
    out: list[dict[str, Any]] = []
    async with connect(url, max_size=None, open_timeout=TIMEOUT) as ws:
        for frame in [*frames, p.encode("ping")]:
            try:
                await ws.send(frame)
            except ConnectionClosed:
                break
        try:
            while True:
                msg = json.loads(await ws.recv())
                out.append(msg)
                if msg["type"] == "pong":
                    break
        except ConnectionClosed:
            pass
    return out


def errors(messages: list[dict[str, Any]]) -> list[str]:
    return [m["code"] for m in messages if m["type"] == "error"]


@pytest.mark.parametrize(("seat", "token", "code"), [
    ("0", "wrong", "bad-token"),
    ("1", "", "bad-token"),
    ("2", "x", "bad-seat"),
    ("watch", "nope", "bad-token"),
])
def test_a_wrong_link_is_refused(tmp_path: Path, seat: str, token: str, code: str) -> None:
    async def main() -> None:
        async with hosting(botanik(), tmp_path) as server:
            got = await raw_exchange(f"ws://127.0.0.1:{server.port}/{seat}?token={token}", [])
            assert errors(got) == [code]
            assert not any(m["type"] == "state" for m in got)

    run(main())


def test_a_link_of_another_game_is_refused(tmp_path: Path) -> None:
    async def main() -> None:
        (tmp_path / "old").mkdir()
        async with hosting(botanik(), tmp_path / "old") as old, \
                hosting(botanik(), tmp_path) as server:
            stale = old.link("0").replace(f":{old.port}/", f":{server.port}/")
            got = await raw_exchange(stale, [])
            assert errors(got) == ["bad-token"]

    run(main())


@pytest.mark.parametrize(("seat", "frame", "code"), [
    ("1", {"type": "move", "action": 0, "step": 0}, "out-of-turn"),
    ("0", {"type": "move", "action": 0, "step": 3}, "stale"),
    ("0", {"type": "move", "action": 10**9, "step": 0}, "illegal"),
    ("0", {"type": "move", "action": -1, "step": 0}, "malformed"),
    ("0", {"type": "move", "action": True, "step": 0}, "malformed"),
    ("0", {"type": "move", "action": "1", "step": 0}, "malformed"),
    ("0", {"type": "jump"}, "unknown-type"),
    ("0", {"type": "note", "text": ""}, "malformed"),
    ("0", {"type": "note", "text": "x" * (p.MAX_NOTE + 1)}, "malformed"),
    ("0", {"type": "note", "text": "\ud800"}, "malformed"),  # a lone surrogate: no record
    ("0", {"type": "hello", "name": "ann\udfff"}, "malformed"),
    ("0", {"type": "hello", "name": "\u001b[2J"}, "malformed"),  # a terminal escape
    ("0", {"type": "hello", "name": "a\nb"}, "malformed"),
    ("0", {"type": "note", "text": "bell\u0007"}, "malformed"),
    ("watch", {"type": "move", "action": 0, "step": 0}, "read-only"),
    ("watch", {"type": "note", "text": "hi"}, "read-only"),
])
def test_refused_messages_change_nothing(tmp_path: Path, seat: str, frame: dict[str, Any],
                                         code: str) -> None:
    async def main() -> None:
        async with hosting(botanik(), tmp_path) as server:
            before = server.table.state.serialize()
            record = (tmp_path / "game.yaml").read_text()
            got = await raw_exchange(server.link(seat), [json.dumps({"v": 1, **frame})])
            assert errors(got) == [code]
            assert server.table.state.serialize() == before
            assert (tmp_path / "game.yaml").read_text() == record

    run(main())


def test_other_versions_and_non_objects_are_refused(tmp_path: Path) -> None:
    frames: list[str | bytes] = ['{"v": 2, "type": "ping"}', "[1, 2]", "{", b"\xff\xfe",
                                 '"move"', "null", '{"type": "ping"}',
                                 '{"v": true, "type": "ping"}', '{"v": 1.0, "type": "ping"}']
    async def main() -> None:
        async with hosting(botanik(), tmp_path) as server:
            got = await raw_exchange(server.link("0"), frames)
            assert errors(got) == ["unsupported-version", "malformed", "malformed",
                                   "malformed", "malformed", "malformed",
                                   "unsupported-version", "unsupported-version",
                                   "unsupported-version"]
            assert server.table.step == 0

    run(main())


def test_a_10_mb_message_closes_that_connection_only(tmp_path: Path) -> None:
    async def main() -> None:
        async with hosting(botanik(), tmp_path) as server:
            other = Recorder(server.link("1"))
            async with joined(other):
                big = json.dumps({"v": 1, "type": "note", "text": "x" * 10_000_000})
                async with connect(server.link("0"), max_size=None) as ws:
                    await ws.send(big)
                    with pytest.raises(ConnectionClosed) as closed:
                        for _ in range(10):
                            await ws.recv()
                    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
                got = await raw_exchange(server.link("0"), [])
                assert [m["type"] for m in got][-1] == "pong"
                assert server.table.hosted.playtest.notes == []
                assert other.connected

    run(main())


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12)
frames_st = st.one_of(
    st.text(max_size=200), st.binary(max_size=200), json_values.map(json.dumps),
    st.dictionaries(st.sampled_from(["v", "type", "action", "step", "text", "name"]),
                    json_values | st.sampled_from(["move", "note", "hello", "ping", 1]),
                    max_size=5).map(json.dumps))


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(frames_st)
def test_parse_client_refuses_with_a_protocol_error_only(frame: str | bytes) -> None:
    try:
        msg = p.parse_client(frame)
    except p.ProtocolError as exc:
        assert exc.code in p.ERROR_CODES
    else:
        assert isinstance(msg, (p.Move, p.Note, p.Hello, p.Ping))


@settings(max_examples=8, suppress_health_check=[HealthCheck.too_slow,
                                                 HealthCheck.function_scoped_fixture])
@given(st.lists(frames_st, min_size=1, max_size=25))
def test_fuzzed_frames_never_stop_the_host(tmp_path: Path, frames: list[str | bytes]) -> None:
    async def main() -> None:
        async with hosting(botanik(), tmp_path) as server:
            for seat in ("0", "1", "watch"):
                got = await raw_exchange(server.link(seat), list(frames))
                assert got[-1]["type"] == "pong"  # still answering
            legal = server.table.state.legal_actions()
            assert server.table.step <= 1 and (server.table.step == 0 or legal)

    run(main())


def test_a_dropped_client_rejoins_where_the_game_was(tmp_path: Path) -> None:
    async def main() -> None:
        async with hosting(botanik(), tmp_path) as server:
            a, b = Recorder(server.link("0")), Recorder(server.link("1"))
            async with joined(a, b):
                for _ in range(3):
                    mover = a if a.my_turn() else b
                    step = server.table.step
                    assert mover.view is not None
                    await mover.move(mover.view["legal"][0][0])
                    await until(lambda n=step + 1: a.view is not None and a.view["step"] == n
                                and b.view is not None and b.view["step"] == n)
                conn = b._conn
                assert conn is not None
                conn.transport.abort()  # as a killed process: no close frame
                await until(lambda: not b.connected, "the drop")
                await until(lambda: b.connected and b._conn is not conn, "the rejoin")
                await until(lambda: b.view is not None and b.received[-1]["step"] == 3)
                assert b.received[-1]["observation"] == server.table.state.observation(1)
                assert a.received[-1]["connected"] == [True, True]

    run(main())


def test_a_dropped_connection_is_shown_to_the_other_seat(tmp_path: Path) -> None:
    async def main() -> None:
        async with hosting(botanik(), tmp_path) as server:
            a = Recorder(server.link("0"))
            async with joined(a):
                await until(lambda: a.view is not None and a.view["connected"] == [True, False])
                b = Recorder(server.link("1"))
                async with joined(b):
                    await until(lambda: a.view is not None
                                and a.view["connected"] == [True, True])
                await until(lambda: a.view is not None and a.view["connected"] == [True, False])

    run(main())
