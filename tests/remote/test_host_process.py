"""The ``host`` command as a process: join lines, the record after every move, a ``kill -9``
mid-game and ``host --load`` resuming with the same links (the clients rejoin by themselves)."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import stat
import sys
from pathlib import Path

from remote_helpers import TIMEOUT, Recorder, joined, run, until

from botanik_design.remote.records import load_hosted
from botanik_design.remote.tokens import tokens_path

LINK = re.compile(r"botanik-design join (ws://\S+)")


async def start_host(*args: str) -> tuple[asyncio.subprocess.Process, dict[str, str]]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "botanik_design", "host", "--bind", "127.0.0.1", *args,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    assert proc.stdout is not None
    links: dict[str, str] = {}
    while "watch" not in links:
        line = (await asyncio.wait_for(proc.stdout.readline(), TIMEOUT)).decode()
        assert line, (await proc.stderr.read()).decode() if proc.stderr else "no output"
        if m := LINK.search(line):
            links[m.group(1).split("/")[3].split("?")[0]] = m.group(1)
    return proc, links


async def play(clients: list[Recorder], moves: int, start: int) -> None:
    for step in range(start, start + moves):
        await until(lambda n=step: any(c.my_turn() and c.view is not None and c.view["step"] == n
                                for c in clients), f"move {step + 1} offered")
        mover = next(c for c in clients if c.my_turn())
        assert mover.view is not None
        assert await mover.move(mover.view["legal"][-1][0])
        await until(lambda n=step + 1: all(c.view is not None and c.view["step"] == n
                                for c in clients), f"move {step + 1} seen by both")


def test_host_killed_mid_game_resumes_with_the_same_links(tmp_path: Path) -> None:
    record = tmp_path / "evening.yaml"

    async def main() -> None:
        proc, links = await start_host("--seed", "9", "--record", str(record))
        clients = [Recorder(links["0"], name="ann"), Recorder(links["1"], name="bob")]
        async with joined(*clients):
            await play(clients, 4, 0)
            proc.send_signal(signal.SIGKILL)
            await asyncio.wait_for(proc.wait(), TIMEOUT)
            assert load_hosted(record).state.history() == _history(clients[0])
            await until(lambda: not clients[0].connected, "the clients to see the host gone")
            again, relinks = await start_host("--load", str(record))
            try:
                assert relinks == links
                await until(lambda: all(c.connected and c.view is not None
                                        and c.view["step"] == 4 for c in clients), "rejoin")
                await play(clients, 2, 4)
                hosted = load_hosted(record)
                assert len(hosted.state.history()) == 6
                assert hosted.playtest.players == ["ann", "bob"]
                assert len(hosted.playtest.move_seconds) == 6
            finally:
                again.send_signal(signal.SIGTERM)
                assert await asyncio.wait_for(again.wait(), TIMEOUT) == 0
        mode = stat.S_IMODE(os.stat(tokens_path(record)).st_mode)
        assert mode == 0o600

    run(main())


def _history(client: Recorder) -> list[int]:
    """The actions the host announced, replayed from their texts on a fresh game."""
    from botanik_design.remote.records import new_hosted

    fresh = new_hosted("standard", None, 9).state
    assert client.view is not None
    out = []
    for m in client.view["moves"]:
        a = fresh.string_to_action(m["text"])
        fresh.apply_action(a)
        out.append(a)
    return out
