"""Short scripted games (explicit deals) for the rare rules: releases, mecha-botanist
swaps, discards, no legal registry move, the short last round, illegal actions."""

from __future__ import annotations

from dataclasses import replace

import pytest
from engine_helpers import tileset, variant

from botanik_design.games.botanik.engine import (
    Discard,
    IllegalActionError,
    Pick,
    Place,
    Swap,
    decode,
    encode,
    new_game,
)
from botanik_design.games.botanik.engine.geometry import encode_cell
from botanik_design.games.botanik.engine.machine import Machine
from botanik_design.games.botanik.engine.placement import legal_placements
from botanik_design.games.botanik.engine.playout import play_random
from botanik_design.games.botanik.engine.state import GameState
from botanik_design.games.botanik.engine.tiles import compile_tiles
from botanik_design.games.botanik.model.tileset import Colour, Kind, TileDef, TileSet, TileType


def play(s: GameState, *texts: str) -> None:
    for t in texts:
        s.apply_action(s.string_to_action(t))


def strings(s: GameState) -> list[str]:
    return [s.action_to_string(a) for a in s.legal_actions()]


STD = variant("standard")
BOT = tileset("botanik")


def test_release_goes_to_owner_who_places_at_once() -> None:
    v = replace(STD, registry_columns=2)
    s = new_game(BOT, v, 0, first_player=0,
                 deal=["red-corner", "blue-tee", "red-straight", "green-cross", "yellow-plant"])
    stacks = [[s.tile(t).id for t in st] for st in s.middle_stacks()]
    assert stacks == [["red-corner"], ["blue-tee"]]
    play(s, "pick arrival#1 red-straight -> own slot 1")
    assert s.current_player() == 1
    play(s, "pick arrival#1 green-cross -> middle 1")
    # red-straight is no longer linked to the green cross: released to player 0
    assert s.current_player() == 0
    d = s.pending()
    assert d is not None and d.kind == "place" and d.tile_id == "red-straight"
    assert sorted(strings(s)) == sorted([
        "place red-straight at (0,1) r0", "place red-straight at (0,-1) r0",
        "place red-straight at (1,0) r1", "place red-straight at (-1,0) r1",
    ])
    preview = s.placements(0, s.pending().tile)  # type: ignore[union-attr]
    assert sorted(s.encode(p) for p in preview) == s.legal_actions()
    play(s, "place red-straight at (1,0) r1")
    assert [(t.x, t.y, t.definition.id) for t in s.machine(0)] == [
        (0, 0, "source"), (1, 0, "red-straight")]
    # back to the third pick of the round, by the Meca holder
    assert s.current_player() == 0 and s.pending().kind == "pick"  # type: ignore[union-attr]


def test_releases_active_player_first_then_opponent() -> None:
    v = replace(STD, registry_columns=1)
    s = new_game(BOT, v, 0, first_player=0,
                 deal=["red-corner", "red-straight", "red-tee", "green-cross"])
    play(s, "pick arrival#1 red-straight -> own slot 1", "pick arrival#1 red-tee -> own slot 1")
    play(s, "pick arrival#1 green-cross -> middle 1")
    assert (s.current_player(), s.pending().tile_id) == (0, "red-straight")  # type: ignore[union-attr]
    play(s, "place red-straight at (0,1) r0")
    assert (s.current_player(), s.pending().tile_id) == (1, "red-tee")  # type: ignore[union-attr]
    play(s, s.action_to_string(s.legal_actions()[0]))
    assert s.is_terminal()  # the piles are empty and the round is over
    reasons = dict((s.tile(t).id, why) for t, why in s.discard_reasons())
    assert reasons == {"red-corner": "registry-end", "green-cross": "registry-end"}


MECHA_DEAL = ["red-corner", "red-mecha", "blue-mecha", "yellow-mecha",
              "green-mecha", "black-straight", "red-tee"]


def _mecha_game(**options: object) -> GameState:
    v = replace(STD, registry_columns=1, **options)  # type: ignore[arg-type]
    s = new_game(BOT, v, 0, first_player=0, deal=MECHA_DEAL)
    play(s, "pick arrival#1 red-mecha -> own slot 1",
         "pick arrival#1 blue-mecha -> middle 1",      # mechas share the type: no release
         "pick arrival#1 yellow-mecha -> middle 1",
         "pick arrival#1 green-mecha -> own slot 1")   # round 2, player 1 starts
    assert s.current_player() == 0
    play(s, "pick arrival#1 black-straight -> middle 1")  # releases both mechas
    return s


def test_mecha_swap_then_opponent_without_target_discards() -> None:
    s = _mecha_game()
    # player 0 (who caused the release) swaps first
    assert s.current_player() == 0 and s.pending().kind == "swap"  # type: ignore[union-attr]
    assert strings(s) == ["swap red-mecha with middle 1 (black-straight)"]
    assert s.decode(s.legal_actions()[0]) == Swap(0)
    play(s, "swap red-mecha with middle 1 (black-straight)")
    assert s.pending().tile_id == "black-straight"  # type: ignore[union-attr]
    play(s, "place black-straight at (0,1) r0")
    # player 1's green mecha: every middle top is a mecha-botanist -> discarded
    assert [(s.tile(t).id, why) for t, why in s.discard_reasons()] == [
        ("green-mecha", "mecha-no-target")]
    assert s.current_player() == 1 and s.pending().kind == "pick"  # type: ignore[union-attr]
    assert strings(s) == [
        "pick arrival#1 red-tee -> own slot 1", "pick arrival#1 red-tee -> middle 1"]


def test_mecha_without_target_stays_in_slot_and_swaps_later() -> None:
    s = _mecha_game(mecha_no_swap_target="stay-in-slot")
    play(s, "swap red-mecha with middle 1 (black-straight)", "place black-straight at (0,1) r0")
    assert [s.tile(t).id for t in s.slots(1) if t is not None] == ["green-mecha"]
    assert strings(s) == ["pick arrival#1 red-tee -> middle 1"]  # own slot is taken
    play(s, "pick arrival#1 red-tee -> middle 1")
    # the red tee releases the green mecha again; now it can swap for the red tee
    assert s.current_player() == 1 and strings(s) == ["swap green-mecha with middle 1 (red-tee)"]
    play(s, "swap green-mecha with middle 1 (red-tee)")
    assert s.pending().tile_id == "red-tee" and s.current_player() == 1  # type: ignore[union-attr]


CHAIN_DEAL = ["red-corner", "green-corner",                  # middle stacks 1 and 2
              "red-mecha", "green-straight", "green-tee",      # round 1
              "blue-cross", "yellow-plant", "yellow-tee"]      # round 2


def _chain_game(limit: int | None) -> GameState:
    """Player 0's mecha is released and swapped into column 2, whose slots hold two
    green tiles that the red mecha-botanist no longer links: the swap's release check."""
    v = replace(STD, registry_columns=2, mecha_chain_limit=limit)
    s = new_game(BOT, v, 0, first_player=0, deal=CHAIN_DEAL)
    play(s, "pick arrival#1 red-mecha -> own slot 1",
         "pick arrival#1 green-straight -> own slot 2",
         "pick arrival#1 green-tee -> own slot 2",
         "pick arrival#1 blue-cross -> middle 1")          # player 1 releases the red mecha
    assert s.current_player() == 0 and s.pending().kind == "swap"  # type: ignore[union-attr]
    play(s, "swap red-mecha with middle 2 (green-corner)", "place green-corner at (0,1) r1")
    return s


def test_mecha_chain_limit_caps_the_releases_after_a_swap() -> None:
    # no cap: both green slot tiles are released, swapper's first
    s = _chain_game(None)
    assert s.pending().tile_id == "green-tee" and s.current_player() == 0  # type: ignore[union-attr]
    assert s.slots(0)[1] is None and s.slots(1)[1] is None
    # cap 1: only the swapper's tile is released; the opponent's stays in its slot
    s = _chain_game(1)
    assert s.pending().tile_id == "green-tee" and s.current_player() == 0  # type: ignore[union-attr]
    assert s.slots(0)[1] is None
    assert s.tile(s.slots(1)[1]).id == "green-straight"  # type: ignore[arg-type]
    # cap 0: the swap releases nothing; play goes on with the next pick
    s = _chain_game(0)
    assert s.pending().kind == "pick"  # type: ignore[union-attr]
    assert s.tile(s.slots(0)[1]).id == "green-tee"  # type: ignore[arg-type]
    assert s.tile(s.slots(1)[1]).id == "green-straight"  # type: ignore[arg-type]


def test_mecha_chain_limit_leaves_ordinary_releases_alone() -> None:
    # the cap applies only to the check that follows a swap
    a = _mecha_game(mecha_chain_limit=0)
    b = _mecha_game()
    assert a.legal_actions() == b.legal_actions()
    assert [s.id for s in (a.tile(t) for t in a.slots(0) + a.slots(1) if t is not None)] == []


def test_swap_decision_belongs_to_the_owner_during_opponents_turn() -> None:
    v = replace(STD, registry_columns=2)
    s = new_game(BOT, v, 0, first_player=0,
                 deal=["red-corner", "green-tee", "red-mecha", "blue-cross", "yellow-plant"])
    play(s, "pick arrival#1 red-mecha -> own slot 1")
    play(s, "pick arrival#1 blue-cross -> middle 1")  # player 1 releases player 0's mecha
    assert s.current_player() == 0
    assert strings(s) == ["swap red-mecha with middle 1 (blue-cross)",
                          "swap red-mecha with middle 2 (green-tee)"]
    play(s, "swap red-mecha with middle 2 (green-tee)")
    assert s.tile(s.middle_stacks()[1][-1]).id == "red-mecha"
    assert s.pending().tile_id == "green-tee" and s.current_player() == 0  # type: ignore[union-attr]


def test_wildcard_mecha_enters_the_machine() -> None:
    v = replace(STD, registry_columns=1, mecha_botanist="wildcard")
    s = new_game(BOT, v, 0, first_player=0,
                 deal=["red-corner", "red-mecha", "green-cross", "blue-tee"])
    play(s, "pick arrival#1 red-mecha -> own slot 1", "pick arrival#1 green-cross -> middle 1")
    assert s.pending().kind == "place" and s.pending().tile_id == "red-mecha"  # type: ignore[union-attr]
    assert sorted(strings(s)) == sorted(
        f"place red-mecha at ({x},{y}) r0" for x, y in ((0, 1), (1, 0), (0, -1), (-1, 0)))
    play(s, "place red-mecha at (0,1) r0")
    assert s.machines[0].total_open == 3  # the Source's north exit is joined to the mecha


def test_no_registry_move_discard_chosen_or_ignore_condition() -> None:
    deal = ["red-corner", "green-straight", "blue-tee", "yellow-cross"]
    v = replace(STD, registry_columns=1, middle_condition="linked-to-slot",
                middle_condition_empty_slots="forbid")
    s = new_game(BOT, v, 0, first_player=0, deal=deal)
    assert [decode(a) for a in s.legal_actions()] == [Discard(0), Discard(1), Discard(2)]
    play(s, "discard arrival#2 blue-tee")
    assert [(s.tile(t).id, why) for t, why in s.discard_reasons()] == [("blue-tee", "arrival")]
    assert s.current_player() == 1
    s2 = new_game(BOT, replace(v, no_registry_move="ignore-middle-condition"), 0, 0, deal)
    assert [decode(a) for a in s2.legal_actions()] == [Pick(i, 0, True) for i in range(3)]
    # with `allow`, an empty column accepts any tile
    s3 = new_game(BOT, replace(v, middle_condition_empty_slots="allow"), 0, 0, deal)
    assert [decode(a) for a in s3.legal_actions()] == [Pick(i, 0, True) for i in range(3)]


def _tiny_set() -> TileSet:
    return TileSet(
        name="tiny",
        colours=(Colour("red", "R", "#ff0000"), Colour("green", "G", "#00ff00")),
        tiles=(
            TileDef("source", None, TileType.SOURCE, Kind.SOURCE, 0b0101, copies=2),  # N, S
            TileDef("red-straight", "red", TileType.STRAIGHT, Kind.PIPE, 0b1010, copies=2),  # E-W
            TileDef("green-cross", "green", TileType.CROSS, Kind.PIPE, 0b1111, copies=2),
        ),
    )


def test_no_legal_placement_discards_automatically() -> None:
    v = replace(STD, registry_columns=1, rotation="fixed")
    s = new_game(_tiny_set(), v, 0, first_player=0,
                 deal=["red-straight", "red-straight", "green-cross", "green-cross"])
    play(s, "pick arrival#1 red-straight -> own slot 1",
         "pick arrival#1 green-cross -> middle 1")
    # an east-west straight cannot touch a north-south Source as printed: discarded, no decision
    assert [(s.tile(t).id, why) for t, why in s.discard_reasons()] == [
        ("red-straight", "no-placement")]
    assert any("cannot place red-straight" in e for _, e in s.log())
    assert s.current_player() == 0 and s.pending().kind == "pick"  # type: ignore[union-attr]
    # with free rotation it fits
    s2 = new_game(_tiny_set(), replace(v, rotation="free"), 0, 0,
                  ["red-straight", "red-straight", "green-cross", "green-cross"])
    play(s2, "pick arrival#1 red-straight -> own slot 1",
         "pick arrival#1 green-cross -> middle 1")
    assert s2.pending().kind == "place" and len(s2.legal_actions()) == 4  # type: ignore[union-attr]


def test_short_last_round_play_or_discard() -> None:
    ts = tileset("quick-3")  # 33 tiles: 5 on the middle stacks, 9 rounds of 3, then 1 tile
    s = play_random(new_game(ts, STD, 4), __import__("random").Random(4))
    assert s.round == 10
    assert not any(why == "short-round" for _, why in s.discard_reasons())
    d = play_random(new_game(ts, replace(STD, short_last_round="discard-remaining"), 4),
                    __import__("random").Random(4))
    assert d.round == 9
    assert [why for _, why in d.discard_reasons()].count("short-round") == 1


def test_last_short_round_is_picked_by_the_meca_holder() -> None:
    ts = tileset("quick-3")
    s = new_game(ts, STD, 4)
    import random

    rng = random.Random(1)
    while s.round < 10:
        la = s.legal_actions()
        s.apply_action(la[rng.randrange(len(la))])
    assert len(s.arrival_tiles()) == 1 and s.pile_size() == 0
    assert s.current_player() == s.meca_holder() == 1 - s.first_player  # round 10: the other


def test_illegal_action_raises_and_leaves_state_unchanged() -> None:
    s = new_game(BOT, STD, 9)
    before = s.to_dict()
    for bad in (999_999, encode(Place(0, 1, 0)), 161, encode(Swap(0)), -1):
        with pytest.raises(IllegalActionError):
            s.apply_action(bad)
        assert s.to_dict() == before
    s.apply_action(s.legal_actions()[0])
    assert s.to_dict() != before


def test_action_encoding_round_trips() -> None:
    for a in (Pick(0, 0, False), Pick(2, 4, True), Pick(8, 8, True), Discard(2), Swap(4),
              Place(0, 1, 0), Place(-127, 127, 3), Place(5, -3, 2)):
        assert decode(encode(a)) == a
    assert encode(Pick(0, 0, False)) < encode(Discard(0)) < encode(Swap(0)) < encode(Place(0, 0, 0))
    with pytest.raises(ValueError):
        decode(170)


def test_closure_open_end_forbids_closing_the_last_pipe_end() -> None:
    table = compile_tiles(BOT, STD)
    plant = next(i for i in range(table.n_machine) if table.name(i) == "red-plant")
    src = table.source_id(0)
    m = Machine(src, table.masks[src][0])
    for (x, y), r in (((0, 1), 0), ((1, 0), 1), ((0, -1), 2)):  # exits facing the Source
        m.place(encode_cell(x, y), plant, r, table.masks[plant][r], False)
    last = encode_cell(-1, 0) * 4 + 3
    for scope in ("source-network", "every-network", "whole-machine"):
        assert last not in legal_placements(m, table, plant, "open-end", scope)
    assert last in legal_placements(m, table, plant, "none", "source-network")
    assert last in legal_placements(m, table, plant, "no-cycle", "source-network")


def test_closure_no_cycle_forbids_a_pipe_loop() -> None:
    table = compile_tiles(BOT, STD)
    corner = next(i for i in range(table.n_machine) if table.name(i) == "red-corner")
    src = table.source_id(0)
    m = Machine(src, table.masks[src][0])
    for (x, y), r in (((0, 1), 1), ((1, 1), 2)):
        m.place(encode_cell(x, y), corner, r, table.masks[corner][r], False)
    loop = encode_cell(1, 0) * 4 + 3
    assert loop not in legal_placements(m, table, corner, "no-cycle", "source-network")
    assert loop not in legal_placements(m, table, corner, "no-cycle", "whole-machine")
    assert loop in legal_placements(m, table, corner, "open-end", "source-network")


def test_rotation_fixed_offers_only_rotation_zero() -> None:
    free = compile_tiles(BOT, STD)
    fixed = compile_tiles(BOT, replace(STD, rotation="fixed"))
    i = next(i for i in range(free.n_machine) if free.name(i) == "red-straight")
    j = next(i for i in range(free.n_machine) if free.name(i) == "red-cross")
    k = next(i for i in range(free.n_machine) if free.name(i) == "red-corner")
    assert (free.rotations[i], free.rotations[j], free.rotations[k]) == ((0, 1), (0,), (0, 1, 2, 3))
    assert fixed.rotations[i] == fixed.rotations[k] == (0,)


def test_standard_game_has_twenty_rounds_and_alternating_picks() -> None:
    s = new_game(BOT, STD, 21)
    import random

    rng = random.Random(0)
    pickers: dict[int, list[int]] = {}
    while not s.is_terminal():
        d = s.pending()
        assert d is not None
        if d.kind == "pick":
            pickers.setdefault(s.round, []).append(d.player)
        la = s.legal_actions()
        s.apply_action(la[rng.randrange(len(la))])
    assert s.round == 20 and sorted(pickers) == list(range(1, 21))
    for r, ps in pickers.items():
        holder = s.first_player if r % 2 == 1 else 1 - s.first_player
        assert ps == [holder, 1 - holder, holder]


def test_non_integer_action_is_illegal() -> None:
    s = new_game(BOT, STD, 1)
    with pytest.raises(IllegalActionError):
        s.apply_action("9")  # type: ignore[arg-type]


def test_new_game_refuses_too_few_tiles_for_the_setup() -> None:
    # 5 columns need 5 middle tiles and at least 1 for the first round
    with pytest.raises(ValueError, match="the deal has 5 tile.*needs at least 6"):
        new_game(BOT, STD, 0, first_player=0, deal=["red-corner"] * 1 + [
            "blue-tee", "green-tee", "black-tee", "yellow-tee"])
    s = new_game(BOT, STD, 0, first_player=0, deal=[
        "red-corner", "blue-tee", "green-tee", "black-tee", "yellow-tee", "red-cross"])
    assert not s.is_terminal() and len(s.arrival_tiles()) == 1


def test_stats_count_releases_swaps_and_no_registry_move() -> None:
    s = _chain_game(None)  # one release to player 0, then the swap's two releases
    assert s.stats() == {"releases_p0": 2, "releases_p1": 1, "swaps": 1, "no_registry_move": 0}
    c = s.clone()
    play(c, c.action_to_string(c.legal_actions()[0]))
    assert s.stats()["releases_p0"] == 2  # the clone counts on its own
    deal = ["red-corner", "green-straight", "blue-tee", "yellow-cross"]
    v = replace(STD, registry_columns=1, middle_condition="linked-to-slot",
                middle_condition_empty_slots="forbid")
    t = new_game(BOT, v, 0, first_player=0, deal=deal)
    assert t.stats()["no_registry_move"] == 1


def test_determinize_shuffles_only_the_hidden_pile() -> None:
    import random

    s = new_game(BOT, STD, 3)
    c = s.clone()
    c.determinize(random.Random(1))
    assert sorted(c.pile) == sorted(s.pile) and c.pile != s.pile
    assert c.legal_actions() == s.legal_actions() and c.arrival_tiles() == s.arrival_tiles()
    assert c.pile_size() == s.pile_size()
