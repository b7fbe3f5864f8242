"""The runner's game loop (``runner._play``: random-vs-random games through
``random_bot.play_out``, other pairs through ``step``, the decision limit checked after
the loop) gives the rows, or the errors, of the plain loop it replaced (here as
:func:`_reference_row`): for random, greedy and mixed pairs, Botanik and Hive, and
decision limits around the games' lengths, with and without ``length_cutoff``."""

from __future__ import annotations

import dataclasses
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.games.base import Game
from botanik_design.games.hive.engine.game import load_hive
from botanik_design.games.loading import load_from_variant
from botanik_design.model.words import plural
from botanik_design.sim.rows import CUT_OFF, GameRow
from botanik_design.sim.runner import Job, SimulationError, _plan, play_game
from botanik_design.sim.seeding import derive, seat_of_first_bot

PAIRS = [("random", "random"), ("random", "greedy"), ("greedy:epsilon=0.5", "random"),
         ("greedy", "greedy")]


def _reference_row(job: Job, index: int) -> GameRow:
    """The runner's loop as it was: the limit checked after every decision."""
    plan = _plan(job)
    game = job.game
    game_seed = derive(job.seed, index, "game")
    first_bot = seat_of_first_bot(index)
    seat_specs = (job.bots[first_bot], job.bots[1 - first_bot])
    makers = (plan.makers[first_bot], plan.makers[1 - first_bot])
    try:
        steps = [makers[s](derive(job.seed, index, f"seat{s}")).step for s in (0, 1)]
        state = game.new_initial_state(game_seed)
        limit = plan.limit
        decisions = legal_total = 0
        cut_off = False
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(steps[state.current_player()](state, legal))
            decisions += 1
            legal_total += len(legal)
            if decisions >= limit and not state.is_terminal():
                if plan.length_cutoff:
                    cut_off = True
                    break
                if decisions > limit:
                    raise SimulationError(f"more than {plural(limit, 'decision')}")
        final = game.final_metrics(state)
        return GameRow(
            game=index, seed=game_seed, bots=seat_specs, first_bot=first_bot,
            winner=int(final["winner"]), decisions=decisions,
            branching=legal_total / decisions if decisions else 0.0,
            values=tuple((k, final[k]) for k in plan.keys),
            end_reason=CUT_OFF if cut_off else str(final.get("end_reason", "")),
        )
    except SimulationError as exc:
        raise SimulationError(f"game {index} (engine seed {game_seed}): {exc}") from None


def _outcome(job: Job, index: int, play: object) -> GameRow | str:
    try:
        return play(job, index)  # type: ignore[operator, no-any-return]
    except SimulationError as exc:
        return str(exc)


@cache
def _botanik(variant: str) -> Game:
    return load_from_variant(variant)


@settings(max_examples=25, deadline=None)
@given(variant=st.sampled_from(["standard", "no-loops", "registre-3"]),
       pair=st.sampled_from(PAIRS), seed=st.integers(0, 2**40), index=st.integers(0, 50))
def test_botanik_rows_are_the_reference_rows(variant: str, pair: tuple[str, str], seed: int,
                                             index: int) -> None:
    job = Job(_botanik(variant), pair, seed)
    assert play_game(job, index) == _reference_row(job, index)


@settings(max_examples=40, deadline=None)
@given(pair=st.sampled_from(PAIRS[:3]), seed=st.integers(0, 2**40), index=st.integers(0, 9),
       limit=st.integers(1, 40), cutoff=st.booleans())
def test_hive_rows_at_any_limit_are_the_reference_rows(
        pair: tuple[str, str], seed: int, index: int, limit: int, cutoff: bool) -> None:
    """Hive games cut short (``length_cutoff``) or failing (``more than N decisions``),
    or ending just at, or one decision past, the limit: as the reference."""
    game = load_hive(variant="Base")
    game._info = dataclasses.replace(game.info, max_game_length=limit,  # noqa: SLF001
                                     length_cutoff=cutoff)
    job = Job(game, pair, seed)
    assert _outcome(job, index, play_game) == _outcome(job, index, _reference_row)


@pytest.mark.parametrize("cutoff", [True, False])
def test_a_game_ending_one_decision_past_the_limit(cutoff: bool) -> None:
    """A game of N decisions under a limit of N - 1: cut off at N - 1 with
    ``length_cutoff``, else allowed its one decision more (as the runner always did)."""
    base = load_hive(variant="Base")
    job0 = Job(base, ("random", "random"), 3)
    length = play_game(job0, 0).decisions
    game = load_hive(variant="Base")
    game._info = dataclasses.replace(game.info, max_game_length=length - 1,  # noqa: SLF001
                                     length_cutoff=cutoff)
    job = Job(game, ("random", "random"), 3)
    row = play_game(job, 0)
    assert row == _reference_row(job, 0)
    assert row.decisions == (length - 1 if cutoff else length)
