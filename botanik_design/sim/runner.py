"""The game loop of a simulation and the batch function workers run.

:func:`play_game` plays one seeded game between two bots and returns a
:class:`~botanik_design.sim.rows.GameRow`; :func:`play_batch` plays a range of
game indices (what a worker receives); :func:`run_games` cuts a run into
batches, hands them to a :class:`~botanik_design.sim.workers.Pool` and
reassembles the rows in game order.  Seeds follow
:mod:`botanik_design.sim.seeding`, so rows do not depend on the pool.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from botanik_design.bots.base import Bot
from botanik_design.bots.random_bot import RandomBot, play_out
from botanik_design.games.base import Game
from botanik_design.model.words import plural
from botanik_design.sim.errors import SimulationError
from botanik_design.sim.rows import CUT_OFF, GameRow
from botanik_design.sim.seeding import derive, seat_of_first_bot
from botanik_design.sim.workers import Pool, iter_batches, run_lazily

__all__ = ["MAX_DECISIONS", "Job", "SimulationError", "play_batch", "play_game", "run_games"]

#: Safety net for games whose ``max_game_length`` is larger: a game with more
#: decisions than this is reported as an error.
MAX_DECISIONS = 100_000


@dataclass(frozen=True, slots=True)
class Job:
    """Everything a worker needs to play games (picklable).

    ``game`` is any loaded :class:`~botanik_design.games.base.Game`; ``bots``
    the two bot specs ``(A, B)``; ``seed`` the master seed.
    """

    game: Game
    bots: tuple[str, str]
    seed: int


@dataclass(frozen=True, slots=True)
class _Plan:
    """What every game of a job shares, read once per batch: the decision limit, whether
    the game stops there unfinished (``info.length_cutoff``) and the metric keys."""

    limit: int
    length_cutoff: bool
    keys: tuple[str, ...]
    #: ``seed -> bot`` of the job's two specs ``(A, B)``, each parsed once
    makers: tuple[Callable[[int], Bot], Callable[[int], Bot]]


def _plan(job: Job) -> _Plan:
    info = job.game.info
    return _Plan(min(MAX_DECISIONS, max(1, info.max_game_length)), info.length_cutoff,
                 tuple(m.key for m in job.game.metrics()),
                 (_maker(job.bots[0]), _maker(job.bots[1])))


def _maker(spec: str) -> Callable[[int], Bot]:
    """:func:`~botanik_design.bots.registry.bot_maker` of ``spec``; a bad spec gives a
    maker that raises its ``BotSpecError`` when called, so the first game reports it
    as before (``game 0 (engine seed ...): BotSpecError: ...``)."""
    from botanik_design.bots.registry import BotSpecError, bot_maker

    try:
        return bot_maker(spec)
    except BotSpecError as exc:
        error = exc

        def refuse(seed: int) -> Bot:
            raise error

        return refuse


def play_game(job: Job, index: int) -> GameRow:
    """Play game ``index`` of ``job`` to the end and return its row.

    The first bot (``A``) sits in seat :func:`seat_of_first_bot` (``index % 2``);
    seat 0 moves first.  The row's numbers are ``job.game.final_metrics``.
    Raises :class:`SimulationError` when the engine or a bot fails, a bot
    returns an illegal action, or the game outlasts ``max_game_length`` (a game
    whose ``info.length_cutoff`` is set is stopped there instead, unfinished).
    """
    return _play(job, index, _plan(job))


def _play(job: Job, index: int, plan: _Plan) -> GameRow:
    """:func:`play_game` with the job's :class:`_Plan` read once for a whole batch."""
    game = job.game
    game_seed = derive(job.seed, index, "game")
    first_bot = seat_of_first_bot(index)
    seat_specs = (job.bots[first_bot], job.bots[1 - first_bot])
    makers = (plan.makers[first_bot], plan.makers[1 - first_bot])
    try:
        bots = [makers[s](derive(job.seed, index, f"seat{s}")) for s in (0, 1)]
        state = game.new_initial_state(game_seed)
        limit = plan.limit
        b0, b1 = bots
        if type(b0) is RandomBot and type(b1) is RandomBot:
            decisions, legal_total = play_out(state, (b0, b1), limit)
        else:
            decisions, legal_total = _play_out(state, bots, limit)
        cut_off = False
        if decisions >= limit and not state.is_terminal():
            if plan.length_cutoff:  # no rule ends it: stopped, unfinished
                cut_off = True
            else:  # one decision more may end it; a game still going after it fails
                extra = _play_out(state, bots, 1)
                decisions += extra[0]
                legal_total += extra[1]
                if not state.is_terminal():
                    raise SimulationError(f"more than {plural(limit, 'decision')}")
        final = game.final_metrics(state)
        return GameRow(
            game=index,
            seed=game_seed,
            bots=seat_specs,
            first_bot=first_bot,
            winner=int(final["winner"]),
            decisions=decisions,
            branching=legal_total / decisions if decisions else 0.0,
            values=tuple((k, final[k]) for k in plan.keys),
            end_reason=CUT_OFF if cut_off else str(final.get("end_reason", "")),
        )
    except SimulationError as exc:
        raise SimulationError(f"game {index} (engine seed {game_seed}): {exc}") from None
    except Exception as exc:  # engine or bot bug: name the game so it can be replayed
        raise SimulationError(
            f"game {index} (engine seed {game_seed}): {type(exc).__name__}: {exc}"
        ) from exc


def _play_out(state: Any, bots: Sequence[Bot], limit: int) -> tuple[int, int]:
    """Play ``state`` on, ``bots[p]`` choosing for player ``p`` (``step(state, legal)``),
    until it is terminal or ``limit`` decisions are made; ``(decisions, legal actions
    summed)``.  Two random bots play through :func:`~botanik_design.bots.random_bot.play_out`
    instead: the same games, one Python call fewer a decision."""
    steps = [b.step for b in bots]
    # the state's methods, looked up once (a random game makes ~70 decisions)
    is_terminal = state.is_terminal
    legal_actions = state.legal_actions
    current_player = state.current_player
    apply_action = state.apply_action
    decisions = 0
    legal_total = 0
    while decisions < limit and not is_terminal():
        legal = legal_actions()
        apply_action(steps[current_player()](state, legal))
        decisions += 1
        legal_total += len(legal)
    return decisions, legal_total


def games_detail(start: int, stop: int) -> str:
    """The games of a batch as its task's detail: ``games 0..199``."""
    return f"games {start}..{stop - 1}"


def play_batch(job: Job, start: int, stop: int) -> list[GameRow]:
    """Rows of games ``start .. stop-1`` (the unit of work a pool runs)."""
    plan = _plan(job)
    return [_play(job, i, plan) for i in range(start, stop)]


def run_games(
    job: Job,
    games: int,
    pool: Pool,
    progress: Callable[[int], None] | None = None,
    batches: Sequence[range] | None = None,
    name: str = "",
) -> list[GameRow]:
    """Play ``games`` games on ``pool`` and return the rows in game order.

    ``progress(k)`` is called with the number of games just finished after
    each batch.  ``batches`` overrides the default split
    (:func:`~botanik_design.sim.workers.iter_batches`); results never depend on
    it. Batches are submitted as earlier ones finish
    (:func:`~botanik_design.sim.workers.run_lazily`), so memory before the first
    games end is flat in ``games``.  ``name`` names the run's tasks on a pool that shows
    them (Dask's dashboard: ``standard: greedy vs random``); by default the game's and
    the bots'.  Raises ``ValueError`` when ``games < 1`` and
    :class:`SimulationError` when a game fails (the remaining batches are cancelled where possible).
    """
    if games < 1:
        raise ValueError(f"games must be >= 1, got {games}")
    parts = iter(batches) if batches is not None else iter_batches(games, pool.workers)
    label = name or f"{job.game.info.name}: {job.bots[0]} vs {job.bots[1]}"
    tasks = ((r.start, play_batch, (job, r.start, r.stop),
              {"name": label, "detail": games_detail(r.start, r.stop)}) for r in parts)
    results: dict[int, list[GameRow]] = {}
    for start, rows in run_lazily(pool, tasks):
        results[start] = rows
        if progress is not None:
            progress(len(rows))
    out: list[GameRow] = []
    for start in sorted(results):
        out.extend(results[start])
    return out
