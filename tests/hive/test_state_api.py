"""HiveState API: events, serialise, repetition, ply cap, setups, reports, notation spellings."""

from __future__ import annotations

import dataclasses

import pytest

from botanik_design.games.base import IllegalActionError
from botanik_design.games.hive.engine.events import GameEnded, Moved, Passed, Placed, Thrown
from botanik_design.games.hive.engine.game import HiveGame, load_hive
from botanik_design.games.hive.engine.notation import NotationError, parse_game_type
from botanik_design.games.hive.engine.report import position_report
from botanik_design.games.hive.engine.setup import HiveSetup
from botanik_design.games.hive.model import HiveVariant

from .helpers import position

OPENING = ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"]


def test_events_are_typed_and_stepped() -> None:
    s = load_hive("Base").replay(OPENING + ["wQ \\wS1"])
    ev = s.events()
    assert ev[0] == Placed(0, 0, "wS1", (0, 0))
    assert ev[1] == Placed(1, 1, "bS1", (1, 0))
    assert ev[4] == Moved(4, 0, "wQ", (-1, 0), (0, -1), 0)
    assert s.events(since=4) == [ev[4]]


def test_throw_pass_and_end_events() -> None:
    s = position({(0, 0): "wP", (1, 0): "wQ", (-1, 0): "bQ"})
    s.apply_action(s.string_to_action("bQ wP/"))  # thrown from the west to the north-east
    assert s.events() == [Thrown(0, 0, "bQ", (-1, 0), (1, -1))]
    stuck = position({(0, 0): "wQ", (1, 0): "bQ", (0, 1): "bS1", (-1, 1): "bS2",
                      (-1, 0): "bA1", (0, -1): "bA2"})
    stuck.apply_action(stuck.string_to_action("pass"))
    assert stuck.events() == [Passed(0, 0)]
    s2 = position({(0, 0): ["wQ", "bB1"], (1, 0): "bQ", (0, 1): "bS1", (-1, 1): "bS2",
                   (-1, 0): "bA1", (0, -1): "bA2", (1, -2): "bG1", (2, -2): "wA1"}, to_move=1)
    s2.apply_action(s2.string_to_action("bB1 bA2-"))
    assert isinstance(s2.events()[-1], GameEnded) and s2.events()[-1].reason == "queen-surrounded"


def test_every_spelling_of_a_move_is_accepted() -> None:
    s = load_hive("Base").replay(OPENING)
    target = s.string_to_action("wA1 -wQ")
    # the same cell (-2, 0) named from wQ only; lower case and spaces are free
    assert s.string_to_action("  wa1   -wq ") == target
    placement = s.string_to_action("wA1 \\wS1")   # (0, -1): NW of wS1
    assert s.string_to_action("wA1 wQ/") == placement  # NE of wQ (-1, 0)
    with pytest.raises(IllegalActionError):
        s.string_to_action("wA1 bQ-")  # touches black
    for bad in ["", "wX1", "wA1 -wQ-", "wA9 -wQ", "wA1 wA2-", "xyz"]:
        with pytest.raises(IllegalActionError):
            s.string_to_action(bad)


def test_serialize_round_trips_setups_too() -> None:
    s = position({(0, 0): "wP", (1, 0): "wQ", (-1, 0): "bQ"}, turn=4, last_moved="bQ")
    s.apply_action(s.legal_actions()[0])
    back = s.get_game().deserialize_state(s.serialize())
    assert back.board.key() == s.board.key() and back.history() == s.history()
    assert back.setup == s.setup
    for bad in ["", "{}", '{"format": "hive-state/1", "setup": null, "actions": [5]}',
                '{"format": "hive-state/1", "setup": null, "actions": "x"}']:
        with pytest.raises(ValueError):
            s.get_game().deserialize_state(bad)


def test_repetition_option_draws_on_the_nth_occurrence() -> None:
    game = HiveGame(HiveVariant(repetition_draw=3))
    s = game.replay(OPENING)
    shuffle = ["wQ \\wS1", "bQ bS1\\", "wQ -wS1", "bQ bS1-"]
    s = game.replay(OPENING + shuffle)  # the position after the opening, seen twice
    assert not s.is_terminal()
    for mv in shuffle:
        s.apply_action(s.string_to_action(mv))
    assert s.is_terminal() and s.end_reason == "repetition" and s.returns() == [0.0, 0.0]
    assert not load_hive("Base").replay(OPENING + shuffle + shuffle).is_terminal()  # off


def test_ply_cap_ends_the_game_in_a_draw() -> None:
    game = HiveGame(HiveVariant(ply_cap=4))
    s = game.replay(OPENING)
    assert s.is_terminal() and s.end_reason == "ply-cap"
    assert game.final_metrics(s)["end_reason"] == "ply-cap"
    assert game.final_metrics(s)["placements"] == (2, 2)
    assert game.info.max_game_length == 4
    assert game.game_type_string() is None  # UHP cannot express a ply cap


@pytest.mark.parametrize("stacks, message", [
    ({(0, 0): "wQ", (2, 0): "bQ"}, "one hive"),
    ({(0, 0): "wQ", (1, 0): "wQ"}, "twice"),
    ({(0, 0): "wX"}, "unknown piece"),
    ({(0, 0): ["wQ", "bS1"]}, "only beetles"),
    ({(0, 0): []}, "empty stack"),
])
def test_bad_setups_are_refused_with_a_reason(stacks: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        load_hive("Base+MLP").state_from_setup(HiveSetup.of(stacks))


def test_position_report() -> None:
    s = position({(-1, 0): "wQ", (0, 0): "wP", (1, 0): "bS1", (2, 0): "bQ"})
    r = position_report(s)
    assert r.to_move == "White" and r.turn == "White[5]" and r.pinned == ("wP",)
    assert set(r.moves) >= {"wQ"} and "bS1" not in r.moves
    assert r.queen_neighbours == (1, 1) and r.queen_surrounded == (False, False)
    assert r.to_dict()["move_count"] == sum(len(v) for v in r.moves.values())
    assert any(line.startswith("White Queen: 1/6") for line in r.lines())


def test_game_type_strings() -> None:
    assert parse_game_type("Base+PM") == ("mosquito", "pillbug")
    for bad in ["Base+", "Base+X", "Base+MM", "Hive", ""]:
        with pytest.raises(NotationError):
            parse_game_type(bad)
    assert load_hive("base+lpm").game_type_string() == "Base+MLP"
    custom = HiveGame(dataclasses.replace(HiveVariant(), tournament_opening=False))
    assert custom.game_type_string() is None


@pytest.mark.parametrize("moves, bad, words", [
    (["wS1"], "wS2 wS1-", "Black's turn"),
    (["wS1", "bS1 wS1-"], "bS1 wS1/", "previous move"),
    (["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"], "bS1 wS1/", "White's turn: bS1"),
    ([], "wQ", "first turn"),
    (["wS1", "bS1 wS1-", "wS2 -wS1"], "bS1 wS1/", "Queen is placed"),
    (["wS1", "bS1 wS1-"], "wA2 -wS1", "number order"),
    (["wS1", "bS1 wS1-"], "wA1 wS1\\", "only pieces of its own colour"),
    (["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"], "wS1 wQ\\", "split the hive"),
])
def test_refusals_say_which_rule(moves: list[str], bad: str, words: str) -> None:
    s = load_hive("Base").replay(moves)
    with pytest.raises(IllegalActionError, match=words):
        s.string_to_action(bad)


def test_action_values_prefer_the_winning_move_and_pressure() -> None:
    s = position({(0, 0): ["wQ", "bB1"], (1, 0): "bQ", (0, 1): "bS1", (-1, 1): "bS2",
                  (-1, 0): "bA1", (0, -1): "bA2", (1, -2): "bG1", (2, -2): "wA1"}, to_move=1)
    game = s.get_game()
    legal = s.legal_actions()
    values = dict(zip(legal, game.action_values(s, legal), strict=True))
    win = s.string_to_action("bB1 bA2-")  # fills (1, -1), the Queen's last free cell
    assert values[win] == max(values.values()) and values[win] >= 10
    assert 0.0 <= game.win_probability(s) <= 1.0
    assert game.may_prune(s, legal) == (len(legal) > 12)
