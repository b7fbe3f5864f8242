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


class Seat:
    """A bare protocol client: one connection and the last ``state`` it got."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn
        self.view: dict[str, Any] = {}

    async def state_at(self, step: int) -> dict[str, Any]:
        """Read until a ``state`` at ``step`` or later."""
        while not self.view or self.view["step"] < step:
            msg = json.loads(await self.conn.recv())
            if msg["type"] == "state":
                self.view = msg
        return self.view


async def one_game(server: GameServer, moves: int) -> list[float]:
    """Milliseconds from each move's send to the other seat's new state."""
    seats = [Seat(await connect(server.link(s), max_size=None)) for s in ("0", "1")]
    out: list[float] = []
    for seat in seats:
        await seat.state_at(0)
    while len(out) < moves and not seats[0].view["terminal"]:
        step = seats[0].view["step"]
        mover = seats[0].view["to_move"]
        legal = (await seats[mover].state_at(step))["legal"]
        t0 = time.perf_counter()
        await seats[mover].conn.send(p.client_move(legal[len(legal) // 2][0], step))
        await seats[1 - mover].state_at(step + 1)
        out.append((time.perf_counter() - t0) * 1000)
        await seats[mover].state_at(step + 1)
    for seat in seats:
        await seat.conn.close()
    return out


async def host_latency(variant: str, moves: int, folder: Path) -> list[float]:
    """``moves`` latencies over as many seeded games as it takes."""
    out: list[float] = []
    seed = 0
    while len(out) < moves:
        server = GameServer(Table(new_hosted(variant, None, seed), folder / "bench.yaml",
                                  new_tokens()))
        seed += 1
        await server.start()
        out += await one_game(server, moves - len(out))
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
            seats = [Seat(await connect(link, max_size=None)) for link in pair]
            conns += [seat.conn for seat in seats]
            for _ in range(4):  # a few moves in every game
                step = (await seats[0].state_at(0))["step"]
                mover = seats[0].view["to_move"]
                legal = (await seats[mover].state_at(step))["legal"]
                await seats[mover].conn.send(p.client_move(legal[0][0], step))
                for seat in seats:
                    await seat.state_at(step + 1)
        child.stdin.write("\n")
        child.stdin.flush()
        after = json.loads(child.stdout.readline())["rss"]
        child.stdin.write("\n")
        child.stdin.flush()
        for c in conns:
            await c.close()
        child.wait(timeout=60)
        return before, after


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
