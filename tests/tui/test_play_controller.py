"""The play-test controller without an app: decisions, undo, bot tickets, records."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from botanik_design.games.botanik.engine import IllegalActionError, Pick, Place, Swap
from botanik_design.spec.validate import validate_path
from botanik_design.tui.botanik.controller import Controller, load_rules
from botanik_design.tui.play.setup import option_fields, variant_yaml


@pytest.fixture(scope="module")
def quick():  # type: ignore[no-untyped-def]
    return load_rules("quick-3", "standard")


def play_out(c: Controller, seed: int = 0, stop=None) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    while not c.is_over():
        if stop is not None and stop(c):
            return
        if c.bot_to_act():
            c.bot_move()
        else:
            c.play(rng.choice(c.state.legal_actions()))


def test_a_whole_game_against_a_bot_ends_with_a_summary(quick) -> None:  # type: ignore[no-untyped-def]
    c = Controller(quick, 3, "random")
    assert c.humans == {0}
    play_out(c)
    assert c.is_over()
    text = c.summary()
    assert "result:" in text and "you (P0)" in text and "random (P1)" in text
    assert any(line.startswith("P1 ") for line in c.lines)
    assert any(line.startswith("P0 ") for line in c.lines)


def test_human_opponent_means_both_players_are_human(quick) -> None:  # type: ignore[no-untyped-def]
    c = Controller(quick, 3, "human")
    assert c.humans == {0, 1} and c.bot is None
    assert c.human_to_act() and not c.bot_to_act()
    assert c.player_name(1) == "player 1"


def test_destinations_cover_every_legal_pick(quick) -> None:  # type: ignore[no-untyped-def]
    c = Controller(quick, 5, "human")
    legal = set(c.state.legal_actions())
    found = {d.action for i in range(len(c.state.arrival_tiles())) for d in c.destinations(i)}
    assert found == legal
    for d in c.destinations(0):
        act = c.state.decode(d.action)
        assert act == Pick(0, d.column, d.middle)


def test_placements_and_swaps_match_the_legal_actions(quick) -> None:  # type: ignore[no-untyped-def]
    seen = {"place": False, "swap": False}
    for seed in range(40):
        c = Controller(quick, seed, "human")
        rng = random.Random(seed)
        while not c.is_over():
            d = c.pending()
            assert d is not None
            legal = set(c.state.legal_actions())
            if d.kind == "place":
                seen["place"] = True
                acts = {a for rots in c.placements().values() for _, a in rots}
                assert acts == legal
                for (x, y), rots in c.placements().items():
                    for r, a in rots:
                        assert c.state.decode(a) == Place(x, y, r)
            elif d.kind == "swap":
                seen["swap"] = True
                assert set(c.swaps().values()) == legal
                for col, a in c.swaps().items():
                    assert c.state.decode(a) == Swap(col)
            c.play(rng.choice(sorted(legal)))
        if all(seen.values()):
            break
    assert all(seen.values())


def test_illegal_action_is_refused_and_changes_nothing(quick) -> None:  # type: ignore[no-untyped-def]
    c = Controller(quick, 1, "random")
    play_out(c, stop=lambda c: c.human_to_act())
    before = c.state.to_dict()
    lines = list(c.lines)
    with pytest.raises(IllegalActionError):
        c.play(5000)
    assert c.state.to_dict() == before and c.lines == lines
    assert not c.can_undo() or c._undo[-1].state.to_dict() != before


def test_undo_rewinds_to_the_humans_previous_decision(quick) -> None:  # type: ignore[no-untyped-def]
    c = Controller(quick, 2, "random")
    play_out(c, stop=lambda c: c.human_to_act())
    before = c.state.to_dict()
    lines = list(c.lines)
    c.play(c.state.legal_actions()[0])
    while c.bot_to_act():
        c.bot_move()
    assert c.state.to_dict() != before
    assert c.undo()
    assert c.state.to_dict() == before
    assert c.lines == lines


def test_undo_with_nothing_to_undo(quick) -> None:  # type: ignore[no-untyped-def]
    c = Controller(quick, 2, "human")
    assert not c.can_undo() and not c.undo()


def test_a_stale_bot_answer_is_dropped(quick) -> None:  # type: ignore[no-untyped-def]
    c = Controller(quick, 4, "random")
    play_out(c, stop=lambda c: c.bot_to_act() and c.can_undo())
    ticket, snap = c.bot_snapshot()
    action = c.think(snap)
    assert c.undo()  # the human takes their move back while the bot thinks
    before = c.state.to_dict()
    assert c.apply_bot(ticket, action) is None
    assert c.state.to_dict() == before


def test_bot_thinks_on_a_clone(quick) -> None:  # type: ignore[no-untyped-def]
    c = Controller(quick, 4, "greedy")
    play_out(c, stop=lambda c: c.bot_to_act())
    before = c.state.to_dict()
    ticket, snap = c.bot_snapshot()
    c.think(snap)
    assert c.state.to_dict() == before
    assert c.apply_bot(ticket, c.think(c.bot_snapshot()[1])) is not None


def test_save_and_load_a_record_gives_the_same_state(quick, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    c = Controller(quick, 6, "random")
    play_out(c, stop=lambda c: len(c.state.history()) > 12 and c.human_to_act())
    path = tmp_path / "game.yaml"
    c.save(path)
    assert [d for d in validate_path(path) if d.level == "error"] == []
    loaded = Controller.from_record(path, "random")
    assert loaded.state.to_dict() == c.state.to_dict()
    assert loaded.lines == c.lines
    assert len(loaded._undo) == len(c._undo)
    assert loaded.undo()
    c.undo()
    assert loaded.state.to_dict() == c.state.to_dict()


def test_a_record_keeps_the_form_overrides(tmp_path: Path) -> None:
    rules = load_rules("quick-3", "standard", {"closure": "no-cycle", "arrival_tiles": 2})
    assert rules.variant.closure == "no-cycle"
    c = Controller(rules, 8, "random")
    play_out(c, stop=lambda c: len(c.state.history()) > 6 and c.human_to_act())
    path = tmp_path / "game.yaml"
    c.save(path)
    text = path.read_text(encoding="utf-8")
    assert "options:" in text and "no-cycle" in text
    loaded = Controller.from_record(path, "random")
    assert loaded.rules.variant.closure == "no-cycle"
    assert loaded.rules.variant.arrival_tiles == 2
    assert loaded.state.to_dict() == c.state.to_dict()


def test_a_finished_game_record_replays_to_the_end(quick, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    c = Controller(quick, 9, "random")
    play_out(c)
    path = tmp_path / "done.yaml"
    c.save(path)
    loaded = Controller.from_record(path)
    assert loaded.is_over()
    assert loaded.state.scores().totals() == c.state.scores().totals()


def test_form_fields_come_from_the_schema() -> None:
    fields = {f.name: f for f in option_fields()}
    assert fields["closure"].choices == ("open-end", "no-cycle", "both", "none")
    # a new option of the schema appears in the form by itself (issue 8, item 21)
    assert fields["wildcard_pairs"].choices == ("not-joined", "joined")
    assert fields["registry_columns"].minimum == 1 and fields["registry_columns"].maximum == 9
    assert fields["mecha_chain_limit"].nullable
    assert fields["mecha_chain_limit"].parse("") == (None, "")
    assert fields["registry_columns"].parse("12")[1] == "registry_columns: at most 9"
    assert fields["registry_columns"].parse("x")[1]
    assert fields["registry_columns"].parse("3") == (3, "")
    assert all(f.description for f in fields.values())


def test_saved_variant_text_passes_validation(tmp_path: Path) -> None:
    target = tmp_path / "My Rules.yaml"
    target.write_text(variant_yaml(target, "standard", {"closure": "none",
                                                        "mecha_chain_limit": 1}),
                      encoding="utf-8")
    assert validate_path(target) == []
    text = target.read_text(encoding="utf-8")
    assert "variant: my-rules" in text and "extends: standard" in text
    assert "mecha_chain_limit: 1" in text and "closure: none" in text
    assert "registry_columns" not in text  # only the changed options


def test_last_placed_cell_is_tracked_and_undone(quick) -> None:  # type: ignore[no-untyped-def]
    c = Controller(quick, 0, "human")
    rng = random.Random(0)
    while not c.is_over():
        d = c.pending()
        assert d is not None
        if d.kind == "place":
            p = d.player
            before = dict(c.last)
            action = c.state.legal_actions()[0]
            place = c.state.decode(action)
            c.play(action)
            assert isinstance(place, Place) and c.last[p] == (place.x, place.y)
            c.undo()
            assert c.last == before
            return
        c.play(rng.choice(c.state.legal_actions()))
    raise AssertionError("no placement in the game")


def test_undo_between_humans_takes_back_one_decision(quick) -> None:  # type: ignore[no-untyped-def]
    c = Controller(quick, 1, "human")
    c.play(c.state.legal_actions()[0])
    mid = c.state.to_dict()
    c.play(c.state.legal_actions()[0])
    assert c.undo()
    assert c.state.to_dict() == mid


def test_saved_files_keep_their_mode_or_get_the_umask_default(  # type: ignore[no-untyped-def]
        quick, tmp_path: Path) -> None:
    import os
    import stat

    from botanik_design.tui.play.setup import save_variant

    def mode(p: Path) -> int:
        return stat.S_IMODE(p.stat().st_mode)

    old = os.umask(0o022)
    try:
        c = Controller(quick, 5, "random")
        play_out(c, stop=lambda c: len(c.state.history()) >= 3)
        new = tmp_path / "new.yaml"
        c.save(new)
        assert mode(new) == 0o644
        kept = tmp_path / "kept.yaml"
        kept.write_text("old\n", encoding="utf-8")
        kept.chmod(0o640)
        c.save(kept)
        assert mode(kept) == 0o640
        assert Controller.from_record(kept, "random").state.history() == c.state.history()
        variant = tmp_path / "v.yaml"
        save_variant(variant, variant_yaml(variant, "standard", {}))
        assert mode(variant) == 0o644
        variant.chmod(0o664)
        save_variant(variant, variant_yaml(variant, "standard", {}))
        assert mode(variant) == 0o664
    finally:
        os.umask(old)


def test_the_log_says_why_a_tile_was_released(quick) -> None:  # type: ignore[no-untyped-def]
    c = Controller(quick, 3, "human")
    play_out(c, 3)
    released = [line for line in c.lines if " released to player " in line]
    assert released
    assert all("not linked to the new top" in line and "different colour and type" in line
               for line in released)


@pytest.mark.parametrize("seed", [3, 11, 44])
def test_the_move_log_shows_every_engine_event_after_the_setup(  # type: ignore[no-untyped-def]
        quick, seed: int) -> None:
    """The move log's indented lines are the engine's log lines (golden wording) of every
    action, in order, but the swaps (their move line says it); a release adds its reason."""
    c = Controller(quick, seed, "human")
    play_out(c, seed)
    shown = [line[2:].split(": not linked to the new top ")[0]
             for line in c.lines if line.startswith("  ")]
    engine = [text for n, text in c.state.log() if n > 0 and " swaps " not in text]
    assert shown == engine


def test_the_summary_separates_discards_in_play_from_the_end_clear_up(  # type: ignore[no-untyped-def]
        quick) -> None:
    c = Controller(quick, 3, "human")
    play_out(c, 3)
    reasons = [why for _, why in c.state.discard_reasons()]
    end = reasons.count("registry-end")
    text = c.summary()
    assert f"tiles discarded during play: {len(reasons) - end}" in text
    assert f"tiles cleared from the registry at the end: {end}" in text
    assert "tiles discarded during the game" not in text


def test_a_swap_waiting_for_the_other_player_is_listed(quick) -> None:  # type: ignore[no-untyped-def]
    c = Controller(quick, 44, "human")
    rng = random.Random(44)
    while not c.waiting_swaps():
        assert not c.is_over()
        c.play(rng.choice(c.state.legal_actions()))
    d = c.pending()
    assert d is not None and d.kind == "place"
    assert c.waiting_swaps() == [(1 - d.player, "blue-mecha")]
