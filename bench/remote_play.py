"""Remote play on loopback: move-to-other-screen latency, and the host's memory with many games.

Usage: ``python bench/remote_play.py [--moves 200] [--games 50] [--variant standard]``

* Latency: a host and two clients in one process over 127.0.0.1; for each move,
  the time from the mover's ``send`` to the other client's receiving the new
  ``state`` (median, p95, max, milliseconds of wall time).  Peer in the same
  run: a bare websockets relay (one frame forwarded to the other connection),
  so the ratio shows what the host adds (engine check, record write, the
  observation).  Goal: under 100 ms.
* Memory: a host process serving ``--games`` games at once (each with both
  seats connected and a few moves played); its resident set size (psutil)
  before any game and after, and the increase per game.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.asyncio.server import ServerConnection, serve

from botanik_design.remote import protocol as p
from botanik_design.remote.records import new_hosted
from botanik_design.remote.server import GameServer
from botanik_design.remote.table import Table
from botanik_design.remote.tokens import new_tokens


async def host_latency(variant: str, moves: int, folder: Path) -> list[float]:
    """Milliseconds from a move's send to the other seat's new state, ``moves`` times."""
    out: list[float] = []
    seed = 0
    while len(out) < moves:
        hosted = new_hosted(variant, None, seed)
        seed += 1
        server = GameServer(Table(hosted, folder / "bench.yaml", new_tokens()))
        await server.start()
        conns = [await connect(server.link(s), max_size=None) for s in ("0", "1")]
        views: list[dict[str, Any]] = [{}, {}]

        async def latest(i: int, want_step: int | None = None) -> dict[str, Any]:
            while True:
                msg = json.loads(await conns[i].recv())
                if msg["type"] == "state":
                    views[i] = msg
                    if want_step is None or msg["step"] >= want_step:
                        return msg

        for i in (0, 1):
            await latest(i)
        await latest(0)  # the second connection's arrival is broadcast to the first
        while len(out) < moves and not views[0]["terminal"]:
            step = views[0]["step"]
            mover = views[0]["to_move"]
            legal = views[mover]["legal"]
            t0 = time.perf_counter()
            await conns[mover].send(p.client_move(legal[len(legal) // 2][0], step))
            await latest(1 - mover, step + 1)
            out.append((time.perf_counter() - t0) * 1000)
            await latest(mover, step + 1)
        for c in conns:
            await c.close()
        await server.close()
    return out


async def relay_latency(moves: int) -> list[float]:
    """The peer: a bare relay forwarding each frame to the other connection."""
    peers: list[ServerConnection] = []

    async def handler(conn: ServerConnection) -> None:
        peers.append(conn)
        async for frame in conn:
            for other in peers:
                if other is not conn:
                    await other.send(frame)

    server = await serve(handler, "127.0.0.1", 0)
    port = next(iter(server.sockets)).getsockname()[1]
    a = await connect(f"ws://127.0.0.1:{port}/")
    b = await connect(f"ws://127.0.0.1:{port}/")
    while len(peers) < 2:
        await asyncio.sleep(0.01)
    out = []
    for i in range(moves):
        t0 = time.perf_counter()
        await a.send(p.client_move(i, i))
        await b.recv()
        out.append((time.perf_counter() - t0) * 1000)
    await a.close()
    await b.close()
    server.close()
    await server.wait_closed()
    return out


def summary(ms: list[float]) -> str:
    ms = sorted(ms)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    return f"median {statistics.median(ms):.2f} ms, p95 {p95:.2f} ms, max {ms[-1]:.2f} ms"


# ---------------------------------------------------------------- memory (child process)

async def serve_games(variant: str, games: int, folder: Path) -> None:
    """The child: report RSS, start ``games`` servers, print their links, wait for stdin."""
    import psutil

    me = psutil.Process()
    print(json.dumps({"rss": me.memory_info().rss}), flush=True)
    servers = []
    for g in range(games):
        table = Table(new_hosted(variant, None, g), folder / f"g{g}.yaml", new_tokens())
        server = GameServer(table)
        await server.start()
        servers.append(server)
    print(json.dumps({"links": [[s.link("0"), s.link("1")] for s in servers]}), flush=True)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.readline)  # the parent has connected and played
    print(json.dumps({"rss": me.memory_info().rss}), flush=True)
    await loop.run_in_executor(None, sys.stdin.readline)


async def memory(variant: str, games: int) -> tuple[int, int]:
    with tempfile.TemporaryDirectory() as tmp:
        child = subprocess.Popen([sys.executable, __file__, "--child", "--games", str(games),
                                  "--variant", variant, "--folder", tmp],
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert child.stdin is not None and child.stdout is not None
        before = json.loads(child.stdout.readline())["rss"]
        links = json.loads(child.stdout.readline())["links"]
        conns = []
        for pair in links:
            seats = [await connect(link, max_size=None) for link in pair]
            conns.extend(seats)
            views = [json.loads(await c.recv()) for c in seats]  # welcome
            views = [json.loads(await c.recv()) for c in seats]
            for _ in range(4):  # a few moves in every game
                state = views[0]
                while state["type"] != "state":
                    state = json.loads(await seats[0].recv())
                mover = state["to_move"]
                legal = None
                while legal is None:
                    msg = json.loads(await seats[mover].recv()) if not views[mover].get(
                        "legal") else views[mover]
                    if msg["type"] == "state" and msg["step"] == state["step"]:
                        legal = msg["legal"]
                    views[mover] = {}
                await seats[mover].send(p.client_move(legal[0][0], state["step"]))
                views = [await _state_at(c, state["step"] + 1) for c in seats]
        child.stdin.write("\n")
        child.stdin.flush()
        after = json.loads(child.stdout.readline())["rss"]
        child.stdin.write("\n")
        child.stdin.flush()
        for c in conns:
            await c.close()
        child.wait(timeout=60)
        return before, after


async def _state_at(conn: Any, step: int) -> dict[str, Any]:
    while True:
        msg = json.loads(await conn.recv())
        if msg["type"] == "state" and msg["step"] >= step:
            return dict(msg)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--moves", type=int, default=200)
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--variant", default="standard")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--folder", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        asyncio.run(serve_games(args.variant, args.games, Path(args.folder)))
        return
    with tempfile.TemporaryDirectory() as tmp:
        host = asyncio.run(host_latency(args.variant, args.moves, Path(tmp)))
    relay = asyncio.run(relay_latency(args.moves))
    print(f"{args.variant}: move to the other client over loopback, {len(host)} moves: "
          f"{summary(host)}")
    print(f"peer, a bare websockets relay: {summary(relay)}; median ratio "
          f"{statistics.median(host) / statistics.median(relay):.1f}x")
    before, after = asyncio.run(memory(args.variant, args.games))
    mib = 1024 * 1024
    print(f"host memory: {before / mib:.1f} MiB before any game, {after / mib:.1f} MiB with "
          f"{args.games} games (both seats connected): {(after - before) / args.games / 1024:.0f}"
          f" KiB per game")


if __name__ == "__main__":
    main()
