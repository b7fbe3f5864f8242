"""Hand-built positions for every known trap of other engines (brief §7).

Each test compares the full set of (piece, destination) moves with a set
worked out by hand from the rules (cells are axial (q, r): E (+1, 0),
SE (0, +1), SW (-1, +1), W (-1, 0), NW (0, -1), NE (+1, -1)).
"""

from __future__ import annotations

import pytest

from botanik_design.games.base import IllegalActionError
from botanik_design.games.hive.engine.board import PASS
from botanik_design.games.hive.engine.game import load_hive

from .helpers import dests, move_set, movements, position


# -- spider ------------------------------------------------------------------
def test_spider_goes_exactly_three_cells_without_revisiting() -> None:
    # A line wS1 - wQ - bQ: the spider walks the 8-cell ring around the queens.
    s = position({(-1, 0): "wS1", (0, 0): "wQ", (1, 0): "bQ"})
    assert movements(s) - {("wQ", c) for c in dests(s, "wQ")} == {
        ("wS1", (1, 1)), ("wS1", (2, -1)),
    }


def test_spider_leaving_a_ring_cannot_enter_the_gated_hole() -> None:
    # wS1 is one of six pieces around the hole (0, -1); lifted, it leaves a bay whose
    # mouth is a gate: the spider walks three cells along the outside either way.
    s = position({(0, 0): "wS1", (-1, 0): "wQ", (-1, -1): "bS1", (0, -2): "bQ",
                  (1, -2): "bA1", (1, -1): "wA1"}, turn=6)
    assert dests(s, "wS1") == {(-2, 0), (2, -2)}


# -- gates -------------------------------------------------------------------
def test_ground_gate_keeps_the_ant_out_of_the_hole() -> None:
    # Five pieces around the hole (0, 0); its sixth side (1, 0) is a gate.
    s = position({(0, 1): "bQ", (-1, 1): "bS1", (-1, 0): "wS1", (0, -1): "wQ",
                  (1, -1): "wG1", (2, -1): "wA1"})
    assert dests(s, "wA1") == {
        (1, 1), (0, 2), (-1, 2), (1, 0), (-2, 2), (-2, 1), (-2, 0), (-1, -1),
        (0, -2), (1, -2), (2, -2),
    }
    # wQ, wS1 and wG1 are pinned (articulation points of the hive)
    assert {n for n, _ in movements(s)} == {"wA1"}


def test_gate_on_top_of_the_hive_blocks_the_beetle() -> None:
    s = position({(0, 0): ["wQ", "wB1"], (1, 0): "bQ", (1, -1): ["wS1", "bB1"],
                  (0, 1): ["bS1", "bB2"]})
    assert movements(s) == {("wB1", c) for c in [(0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)]}
    # placement: (0, -1) and (-1, 1) touch black-topped stacks; only (-1, 0) is free
    assert dests(s, "wA1") == {(-1, 0)}


# -- pillbug -----------------------------------------------------------------
def test_pillbug_throws_skip_covered_and_last_moved_pieces() -> None:
    s = position({(0, 0): "wP", (1, 0): "wQ", (1, -1): ["bS1", "bB1"], (-1, 0): "bA1"},
                 last_moved="bA1")
    # wQ: slides (0, 1), (2, -1); thrown by wP to (0, 1), (-1, 1), (0, -1)
    assert movements(s) == {("wQ", c) for c in [(0, 1), (2, -1), (-1, 1), (0, -1)]}


def test_pillbug_cannot_throw_a_piece_that_would_break_the_hive() -> None:
    s = position({(-1, 0): "wQ", (0, 0): "wP", (1, 0): "bS1", (2, 0): "bQ"})
    # the pinned pillbug still throws; bS1 is pinned so it stays
    assert movements(s) == {("wQ", c) for c in [(-1, 1), (0, -1), (1, -1), (0, 1)]}


def test_pillbug_throw_up_through_a_gate_is_blocked() -> None:
    s = position({(0, 0): "wP", (1, -1): ["wS1", "wB1"], (0, 1): ["bS1", "bB1"],
                  (-1, 0): ["wQ", "wB2"], (1, 0): "bA1", (-1, 1): "bG1", (0, -1): "bQ"},
                 turn=7)
    thrown = {(n, c) for n, c in movements(s) if n[0] == "b"}
    assert thrown == set()


def test_pillbug_throw_down_through_a_gate_is_blocked() -> None:
    s = position({(0, 0): "wP", (1, 0): "bA1", (1, -1): ["bQ", "bB1"], (-1, 0): ["wQ", "wB1"]})
    assert dests(s, "bA1") == {(0, 1), (-1, 1)}  # (0, -1) lies between two high stacks
    assert dests(s, "wP") == set()  # pinned: throws only
    assert dests(s, "wB1") == {(0, 0), (-1, 1), (-2, 1), (-2, 0), (-1, -1), (0, -1)}


def test_piece_thrown_last_turn_cannot_move() -> None:
    s = position({(0, 0): "wQ", (1, 0): "bP", (-1, 0): "wA1"}, last_moved="wA1")
    assert movements(s) == set()  # wA1 was just thrown, wQ is pinned


def test_pillbug_just_thrown_cannot_throw() -> None:
    s = position({(0, 0): "wP", (1, 0): "wQ", (-1, 0): "bQ"}, last_moved="wP")
    # neither its own moves nor throws; wQ only slides
    assert movements(s) == {("wQ", (1, -1)), ("wQ", (0, 1))}


# -- mosquito ----------------------------------------------------------------
def test_mosquito_next_to_a_pillbug_throws_even_when_pinned() -> None:
    s = position({(0, 0): "wM", (1, 0): "bP", (-1, 0): "wQ"})
    assert movements(s) == (
        {("bP", c) for c in [(0, 1), (-1, 1), (0, -1), (1, -1)]}
        | {("wQ", c) for c in [(1, -1), (0, 1), (-1, 1), (0, -1)]}
    )


def test_mosquito_next_to_a_covered_pillbug_does_not_throw() -> None:
    s = position({(0, 0): "wM", (1, 0): ["bP", "bB1"], (-1, 0): "wQ"})
    assert movements(s) == {("wQ", (-1, 1)), ("wQ", (0, -1))}


def test_mosquito_on_top_moves_only_as_a_beetle() -> None:
    s = position({(0, 0): ["bQ", "wM"], (1, 0): "wQ", (-1, 0): "bG1"})
    assert dests(s, "wM") == {(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)}


# -- ladybug, grasshopper ----------------------------------------------------
def test_ladybug_two_steps_up_one_down_never_back_to_start() -> None:
    s = position({(-1, 0): "wL", (0, 0): "wQ", (0, -1): "bQ"})
    assert dests(s, "wL") == {(1, -1), (-1, -1), (0, -2), (1, -2), (1, 0), (0, 1), (-1, 1)}


def test_grasshopper_jumps_over_a_line() -> None:
    s = position({(-1, 0): "wG1", (0, 0): "wQ", (1, 0): "bQ"})
    assert dests(s, "wG1") == {(2, 0)}


# -- placement ---------------------------------------------------------------
def test_placement_judges_a_stack_by_its_top_piece() -> None:
    s = position({(0, 0): "wQ", (1, 0): ["bQ", "wB1"], (2, 0): "bA1"})
    assert dests(s, "wS1") == {(0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)}
    b = position({(0, 0): "wQ", (1, 0): ["bQ", "wB1"], (2, 0): "bA1"}, to_move=1)
    assert dests(b, "bS1") == {(3, 0), (2, 1), (3, -1)}


# -- Queen rules -------------------------------------------------------------
def test_no_queen_on_the_first_turn_and_forced_queen_on_the_fourth() -> None:
    game = load_hive("Base")
    s = game.new_initial_state()
    assert "wQ" not in {n for n, _ in move_set(s)}
    with pytest.raises(IllegalActionError):
        s.string_to_action("wQ")
    for text in ["wS1", "bS1 wS1-", "wA1 -wS1"]:
        s.apply_action(s.string_to_action(text))
    assert "bQ" in {n for n, _ in move_set(s)}
    for text in ["bA1 bS1-", "wG1 /wA1", "bG1 bA1\\"]:
        s.apply_action(s.string_to_action(text))
    assert s.turn_string() == "White[4]"
    assert {n for n, _ in move_set(s)} == {"wQ"}


def test_no_movement_before_the_queen_is_placed() -> None:
    game = load_hive("Base")
    s = game.replay(["wS1", "bS1 wS1-", "wA1 -wS1", "bQ bS1-"])
    white = move_set(s)
    assert {n for n, _ in white} == {"wQ", "wS2", "wB1", "wG1", "wA2"}  # placements only
    s.apply_action(s.string_to_action("wG1 -wA1"))
    assert {n for n, _ in movements(s)} >= {"bQ"}  # Black has her Queen: she may move


def test_pass_only_when_stuck() -> None:
    s = position({(0, 0): "wQ", (1, 0): "bQ", (0, 1): "bS1", (-1, 1): "bS2",
                  (-1, 0): "bA1", (0, -1): "bA2"})
    assert s.legal_actions() == [PASS]
    s.apply_action(s.string_to_action("pass"))
    with pytest.raises(IllegalActionError):
        s.string_to_action("pass")  # Black has moves


# -- end of the game ---------------------------------------------------------
def test_queen_under_a_beetle_is_not_surrounded_by_it() -> None:
    ring = {(1, 0): "bQ", (0, 1): "bS1", (-1, 1): "bS2", (-1, 0): "bA1", (0, -1): "bA2"}
    s = position({(0, 0): ["wQ", "bB1"], **ring, (1, -2): "bG1", (2, -2): "wA1"},
                 to_move=1)
    assert not s.is_terminal()
    # the beetle on the Queen steps into the sixth cell: now six neighbours, Black wins
    s.apply_action(s.string_to_action("bB1 bA2-"))
    assert s.is_terminal() and s.returns() == [-1.0, 1.0] and s.end_reason == "queen-surrounded"


def test_both_queens_surrounded_by_one_move_is_a_draw() -> None:
    s = position({(0, 0): "wQ", (1, 0): "bQ", (-1, 1): "wS1", (-1, 0): "wS2", (0, -1): "wA1",
                  (1, -1): "bA1", (2, 0): "bA2", (2, -1): "bG1", (1, 1): ["bS1", "wB1"]},
                 turn=6)
    s.apply_action(s.string_to_action("wB1 /bQ"))
    assert s.is_terminal() and s.returns() == [0.0, 0.0]
    assert s.end_reason == "both-surrounded" and s.winner == -1
