"""Every registered game is one declarative entry whose parts all resolve, and an entry
costs nothing to read."""

from __future__ import annotations

import subprocess
import sys

import pytest

from botanik_design.games.entry import GameEntry, SpecKind
from botanik_design.games.registry import (
    DEFAULT_GAME,
    UnknownGameError,
    entries,
    entry,
    game_names,
    load_game,
    register_entry,
    resolve,
    spec_kind,
    unregister,
)
from botanik_design.spec.schema_check import known_kinds

BUNDLED = ("botanik", "hive")


@pytest.mark.parametrize("name", BUNDLED)
def test_every_part_of_a_bundled_entry_resolves(name: str) -> None:
    e = entry(name)
    assert e.name == name and e.title
    for target in (e.factory, e.variant_loader, e.rules_page):
        assert target is not None and callable(resolve(target))
    for k in e.kinds:
        assert k.check is not None and callable(resolve(k.check))
        assert k.kind in known_kinds(), f"{k.kind} has no schema in spec/"
    assert e.kind(e.variant_kind) is not None
    for module in (*e.commands, e.cli):
        assert module is not None
        __import__(module)


def test_each_spec_kind_belongs_to_one_game() -> None:
    owners: dict[str, str] = {}
    for e in entries():
        for k in e.kinds:
            assert k.kind not in owners, f"{k.kind}: {owners.get(k.kind)} and {e.name}"
            owners[k.kind] = e.name
    # every schema but the shared sweep belongs to a game
    assert set(known_kinds()) - set(owners) == {"sweep"}


def test_the_default_game_comes_first_and_unknown_names_are_refused() -> None:
    assert entries()[0].name == DEFAULT_GAME
    assert set(BUNDLED) <= set(game_names())
    with pytest.raises(UnknownGameError, match="unknown game 'chess'"):
        entry("chess")
    assert spec_kind("nothing") is None and spec_kind(None) is None


def test_reading_the_entries_imports_no_engine() -> None:
    code = ("import sys\n"
            "from botanik_design.games.registry import entries\n"
            "entries()\n"
            "heavy = [m for m in sys.modules if m.startswith(('networkx', 'textual', "
            "'matplotlib')) or '.engine' in m or m.endswith('.spec.check')]\n"
            "print(heavy)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"


def test_a_third_game_registers_by_its_entry() -> None:
    third = GameEntry(name="nim3", title="Nim", factory="toy_nim:load_nim",
                      variant_loader="toy_nim:nim_from_doc", variant_kind="nim3-variant",
                      kinds=(SpecKind("nim3-variant", "Nim variant"),))
    register_entry(third)
    try:
        assert "nim3" in game_names() and entry("nim3") is third
        assert spec_kind("nim3-variant") == (third, third.kinds[0])
        from botanik_design.spec.refs import kind_noun

        assert kind_noun("nim3-variant") == "Nim variant"
        game = load_game("nim3")
        state = game.new_initial_state(0)
        assert state.legal_actions()
    finally:
        unregister("nim3")
    assert "nim3" not in game_names()
