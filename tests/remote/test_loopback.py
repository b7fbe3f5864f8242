"""Two clients over loopback play whole seeded games of both games to the state the same
actions give in-process, and every message a client receives holds only its observation."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from remote_helpers import SHORT_WIN, Recorder, botanik, hive, hosting, joined, run, until

from botanik_design.remote.client import Client
from botanik_design.remote.server import GameServer

#: The keys of a ``state`` message: nothing else may reach a client.
STATE_KEYS = {"v", "type", "step", "to_move", "terminal", "returns", "observation",
              "observation_text", "legal", "moves", "notes", "players", "connected",
              "spectators"}


async def play_out(server: GameServer, clients: list[Client], choose: object) -> list[int]:
    """Let the client whose turn it is send ``choose(view)`` until the game ends."""
    table = server.table
    played: list[int] = []
    limit = table.hosted.game.info.max_game_length
    while not table.state.is_terminal():
        assert len(played) <= limit
        step = table.step
        if table.bot_to_move() is not None:
            await until(lambda n=step: table.step > n or table.state.is_terminal(), "the bot")
            continue
        await until(lambda n=step: any(c.my_turn() and c.view is not None and c.view["step"] == n
                                for c in clients), f"a client to see move {step + 1}")
        mover = next(c for c in clients if c.my_turn())
        assert mover.view is not None
        action = choose(mover.view)  # type: ignore[operator]
        played.append(action)
        assert await mover.move(action)
        # a bot in the other seat may move at once: the host is at this move or past it
        await until(lambda n=step + 1: table.step >= n or table.state.is_terminal(),
                    f"the host to apply move {step + 1}")
    await until(lambda: all(c.view is not None and c.view["terminal"] for c in clients),
                "every client to see the end")
    return played


def test_botanik_game_over_loopback_matches_in_process(tmp_path: Path) -> None:
    hosted = botanik(seed=11)
    rng = random.Random(5)

    async def main() -> None:
        async with hosting(hosted, tmp_path) as server:
            seats = [Recorder(server.link(s), name=f"player {s}") for s in ("0", "1")]
            watcher = Recorder(server.link("watch"))
            async with joined(*seats, watcher):
                played = await play_out(server, list(seats),
                                        lambda view: rng.choice(view["legal"])[0])
                await until(lambda: watcher.view is not None and watcher.view["terminal"],
                            "the spectator to see the end")
            ref = hosted.game.new_initial_state(11)
            for a in played:
                ref.apply_action(a)
            assert ref.is_terminal()
            assert server.table.state.serialize() == ref.serialize()
            for seat, client in enumerate(seats):
                last = client.received[-1]
                assert last["observation"] == ref.observation(seat)
                assert [m["text"] for m in last["moves"]] == [
                    m["text"] for m in server.table.log]
                check_only_observations(client, seat, hosted.game, played)
            assert watcher.received[-1]["legal"] == []

    run(main())


def check_only_observations(client: Recorder, seat: int, game: object, played: list[int]
                            ) -> None:
    """Each state message carries exactly the observation of that step (replayed here)."""
    states = {}
    replay = game.new_initial_state(11)  # type: ignore[attr-defined]
    states[0] = replay.observation(seat)
    for i, a in enumerate(played):
        replay.apply_action(a)
        states[i + 1] = replay.observation(seat)
    for msg in client.received:
        assert set(msg) == STATE_KEYS
        assert msg["observation"] == states[msg["step"]]
        assert "seed" not in msg["observation"]


def test_hive_game_over_loopback_matches_in_process(tmp_path: Path) -> None:
    hosted = hive()
    ref = hosted.game.new_initial_state()

    async def main() -> None:
        async with hosting(hosted, tmp_path) as server:
            seats = [Recorder(server.link(s)) for s in ("0", "1")]
            async with joined(*seats):
                moves = iter(SHORT_WIN)

                def choose(view: dict[str, object]) -> int:
                    action = ref.string_to_action(next(moves))
                    assert action in [a for a, _ in view["legal"]]  # type: ignore[union-attr]
                    ref.apply_action(action)
                    return action

                await play_out(server, list(seats), choose)
            assert server.table.state.serialize() == ref.serialize()
            assert seats[1].received[-1]["returns"] == list(ref.returns())
            assert seats[0].received[-1]["observation"] == ref.observation(0)

    run(main())


def test_a_bot_fills_a_seat(tmp_path: Path) -> None:
    hosted = botanik(seed=8)

    async def main() -> None:
        async with hosting(hosted, tmp_path, bots={1: "random"}) as server:
            me = Recorder(server.link("0"), name="ann")
            async with joined(me):
                await play_out(server, [me], lambda view: view["legal"][0][0])
                assert me.view is not None and me.view["players"] == ["ann", "random"]
                assert me.view["connected"] == [True, True]
                taken = Recorder(server.link("1"))  # the bot's seat: its token opens nothing
                task = asyncio.create_task(taken.run())
                await until(lambda: bool(taken.refused), "the refusal")
                await task
                assert taken.errors == ["bad-seat"] and taken.view is None
            bot_moves = [m for m in server.table.log if m["player"] == 1]
            assert bot_moves and server.table.state.is_terminal()

    run(main())
