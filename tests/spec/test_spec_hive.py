"""Hive piece sets and Hive variants: loading, extends, semantic checks, YAML traps, CLI."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.games.botanik.spec.load import load_variant
from botanik_design.games.hive.model import BASE_COUNTS, Bug, HiveVariant, PieceSet
from botanik_design.games.hive.spec.load import load_hive_variant, load_pieceset
from botanik_design.spec.errors import SpecError
from botanik_design.spec.validate import validate_path, validate_text

ROOT = Path(__file__).resolve().parents[2]


def _cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "botanik_design", "validate", "--no-color",
                           *args], cwd=cwd, capture_output=True, text=True,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


def test_bundled_piece_sets_load() -> None:
    base, full = load_pieceset("hive-base"), load_pieceset("hive-full")
    assert dict(base.counts) == BASE_COUNTS and base.pieces_per_player() == 11
    assert full.pieces_per_player() == 14
    assert full.count(Bug.PILLBUG) == 1 and base.count(Bug.PILLBUG) == 0
    assert base.counts == PieceSet.standard().counts
    assert full.counts == PieceSet.standard(("ladybug", "pillbug", "mosquito")).counts


def test_bundled_hive_variants_load_with_their_conventions() -> None:
    tournament = load_hive_variant("hive-tournament")
    assert tournament.options() == HiveVariant().options()
    assert tournament.piece_set().name == "hive-base"
    box = load_hive_variant("hive-box")
    assert box.tournament_opening is False
    assert {k: v for k, v in box.options().items() if k != "tournament_opening"} == \
        {k: v for k, v in tournament.options().items() if k != "tournament_opening"}
    mlp = load_hive_variant("hive-mlp")
    assert mlp.expansions == ("mosquito", "ladybug", "pillbug")
    assert mlp.piece_set().pieces_per_player() == 14 and mlp.pieceset == "hive-full"


def test_kinds_are_kept_apart() -> None:
    with pytest.raises(SpecError, match=r"is a Botanik variant \(it has no `game: hive`\), "
                                         "not a Hive variant"):
        load_hive_variant("standard")
    with pytest.raises(SpecError, match="is a Hive variant, not a Botanik variant"):
        load_variant("hive-box")
    with pytest.raises(SpecError, match="did not|not a bundled piece set"):
        load_pieceset("hive-bse")


def test_a_variant_without_a_piece_set_gets_the_standard_set_of_its_expansions(
        tmp_path: Path) -> None:
    f = tmp_path / "v.yaml"
    f.write_text("variant: plus-p\ngame: hive\noptions:\n  expansions: [pillbug]\n",
                 encoding="utf-8")
    v = load_hive_variant(str(f))
    assert v.pieceset is None and v.piece_set() == PieceSet.standard(("pillbug",))
    assert v.piece_set().name == "hive-base+P"


def test_a_relative_piece_set_is_made_absolute(tmp_path: Path) -> None:
    (tmp_path / "sets").mkdir()
    (tmp_path / "sets" / "p.yaml").write_text(
        "pieceset: p\nbugs: {queen: 1, spider: 2, beetle: 2, grasshopper: 3, ant: 3}\n",
        encoding="utf-8")
    (tmp_path / "v.yaml").write_text("variant: v\ngame: hive\npieceset: sets/p.yaml\n",
                                     encoding="utf-8")
    v = load_hive_variant("v.yaml", relative_to=tmp_path)
    assert v.pieceset == str((tmp_path / "sets" / "p.yaml").resolve())
    assert v.piece_set().name == "p"


def test_a_child_of_a_broken_hive_variant_says_so(tmp_path: Path) -> None:
    (tmp_path / "parent.yaml").write_text(
        "variant: parent\ngame: hive\noptions:\n  queen_deadline: 1\n", encoding="utf-8")
    (tmp_path / "child.yaml").write_text(
        "variant: child\ngame: hive\nextends: parent.yaml\n", encoding="utf-8")
    found = validate_path(tmp_path / "child.yaml")
    assert [(d.rule, d.line, d.column) for d in found] == [("sem-parent-invalid", 3, 10)]
    (tmp_path / "loop.yaml").write_text("variant: loop\ngame: hive\nextends: loop.yaml\n",
                                        encoding="utf-8")
    assert [d.rule for d in validate_path(tmp_path / "loop.yaml")] == ["sem-extends-cycle"]


HIVE_FIELDS = [
    ("tournament_opening", "options"), ("move_before_queen", "options"),
    ("pass_only_when_stuck", "options"), ("queen_deadline", "options"),
    ("placement_order", "options"), ("repetition_draw", "options"), ("ply_cap", "options"),
    ("expansions", "options"), ("title", None), ("pieceset", None), ("extends", None),
    ("source", None),
]


@pytest.mark.parametrize("word", ["yes", "No", "ON", "off"])
@pytest.mark.parametrize(("key", "under"), HIVE_FIELDS)
def test_yaml_11_booleans_are_caught_in_every_hive_variant_field(
        word: str, key: str, under: str | None) -> None:
    if under:
        text = f"variant: trap\ngame: hive\noptions:\n  {key}: {word}\n"
        pos = (4, len(key) + 5)
    else:
        text = f"variant: trap\ngame: hive\n{key}: {word}\n"
        pos = (3, len(key) + 3)
    found = validate_text(text, "trap.yaml")
    assert [(d.rule, d.line, d.column) for d in found] == [("yaml-ambiguous-bool", *pos)]


@pytest.mark.parametrize("bug", [b.value for b in Bug])
@pytest.mark.parametrize("word", ["yes", "off"])
def test_yaml_11_booleans_are_caught_in_every_piece_count(bug: str, word: str) -> None:
    found = validate_text(f"pieceset: trap\nbugs:\n  queen: 1\n  {bug}: {word}\n", "p.yaml")
    assert ("yaml-ambiguous-bool", 4, len(bug) + 5) in {(d.rule, d.line, d.column)
                                                         for d in found}


def _pieceset_text(counts: dict[str, int]) -> str:
    body = "".join(f"  {k}: {v}\n" for k, v in counts.items())
    return f"pieceset: gen\nbugs:\n{body}"


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.sampled_from([b.value for b in Bug]), st.integers(0, 3),
                       min_size=1))
def test_queen_count_error_exactly_when_not_one_queen(counts: dict[str, int]) -> None:
    text = _pieceset_text({k: (min(v, 1) if k in ("mosquito", "ladybug", "pillbug") else v)
                           for k, v in counts.items()})
    rules = [d.rule for d in validate_text(text, "p.yaml") if d.level == "error"]
    assert ("sem-hive-queen-count" in rules) == (counts.get("queen", 0) != 1)
    total = sum(min(v, 1) if k in ("mosquito", "ladybug", "pillbug") else v
                for k, v in counts.items())
    assert ("sem-hive-no-win" in rules) == (counts.get("queen", 0) == 1 and total < 4)
    assert set(rules) <= {"sem-hive-queen-count", "sem-hive-no-win"}


@settings(max_examples=80, deadline=None)
@given(deadline=st.integers(1, 15), tournament=st.booleans(), move=st.booleans(),
       ants=st.integers(3, 9))  # fewer than 4 pieces a player: sem-hive-no-win
def test_deadline_error_exactly_when_the_pieces_cannot_meet_it(
        tmp_path_factory: pytest.TempPathFactory, deadline: int, tournament: bool,
        move: bool, ants: int) -> None:
    folder = tmp_path_factory.mktemp("d")
    (folder / "p.yaml").write_text(_pieceset_text({"queen": 1, "ant": ants}), encoding="utf-8")
    (folder / "v.yaml").write_text(
        f"variant: v\ngame: hive\npieceset: p.yaml\noptions:\n  queen_deadline: {deadline}\n"
        f"  tournament_opening: {str(tournament).lower()}\n"
        f"  move_before_queen: {str(move).lower()}\n", encoding="utf-8")
    found = [d for d in validate_path(folder / "v.yaml") if d.level == "error"]
    impossible = (tournament and deadline < 2) or (not move and deadline > 1 + ants)
    assert bool(found) == impossible
    assert all((d.rule, d.line) == ("sem-hive-deadline", 5) for d in found)


@pytest.mark.parametrize(("expansions", "pieceset", "ok"), [
    ("[]", "hive-base", True),
    ("[mosquito, ladybug, pillbug]", "hive-full", True),
    ("[pillbug, mosquito, ladybug]", "hive-full", True),
    ("[mosquito]", "hive-base", False),
    ("[]", "hive-full", False),
    ("[mosquito, ladybug]", "hive-full", False),
])
def test_expansions_and_piece_set_must_agree(expansions: str, pieceset: str,
                                             ok: bool) -> None:
    text = f"variant: v\ngame: hive\npieceset: {pieceset}\noptions:\n  expansions: {expansions}\n"
    rules = [d.rule for d in validate_text(text, "v.yaml")]
    assert rules == ([] if ok else ["sem-hive-expansions"])


def test_cli_broken_hive_specs_exit_1_with_positions_and_no_traceback() -> None:
    fixtures = ROOT / "tests" / "spec" / "fixtures"
    result = _cli(*(str(p) for p in sorted(fixtures.glob("hive-s*.yaml"))))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr + result.stdout
    lines = [x for x in result.stdout.splitlines() if ": error:" in x]
    assert len(lines) >= 15
    assert all(x.split(":")[1].isdigit() and x.split(":")[2].isdigit() for x in lines)


def test_cli_show_effective_for_a_hive_variant() -> None:
    result = _cli("--show-effective", "hive-box")
    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout
    assert "game: hive" in out and "pieceset: hive-base  # from hive-tournament" in out
    assert "tournament_opening: false  # hive-box" in out
    assert "queen_deadline: 4  # hive-tournament" in out


def test_cli_near_miss_for_a_bundled_piece_set_name() -> None:
    result = _cli("hive-bas")
    assert result.returncode == 2 and "io-missing" in result.stdout
    assert _cli("hive-base").returncode == 0


def test_the_engine_plays_the_piece_set_a_variant_file_names(tmp_path: Path) -> None:
    from botanik_design.games.registry import load_game

    (tmp_path / "p.yaml").write_text(_pieceset_text({"queen": 1, "spider": 1, "ant": 2}),
                                     encoding="utf-8")
    (tmp_path / "v.yaml").write_text("variant: v\ngame: hive\npieceset: p.yaml\noptions:\n"
                                     "  queen_deadline: 3\n", encoding="utf-8")
    game = load_game("hive", variant=str(tmp_path / "v.yaml"))
    assert game.pieceset.name == "gen"  # type: ignore[attr-defined]
    state = game.new_initial_state()
    assert sorted(state.moves_by_piece()) == ["wA1", "wS"]  # type: ignore[attr-defined]


def test_hive_variant_from_a_read_document() -> None:
    from botanik_design.games.hive.spec.load import hive_variant_from_doc
    from botanik_design.spec.refs import find_ref
    from botanik_design.spec.session import Session

    session = Session()
    found = find_ref("hive-mlp", "hive-variant", None)
    assert found is not None
    doc = session.read_source(found[1], found[0])
    assert hive_variant_from_doc(session, doc).piece_set().pieces_per_player() == 14
    botanik = find_ref("standard", "variant", None)
    assert botanik is not None
    with pytest.raises(SpecError, match="not a Hive variant"):
        hive_variant_from_doc(session, session.read_source(botanik[1], botanik[0]))


def test_cli_near_miss_hint_for_a_mistyped_bundled_name() -> None:
    result = _cli("hive-tournamnt")
    assert result.returncode == 2 and "did you mean `hive-tournament`?" in result.stdout


@settings(max_examples=40, deadline=None)
@given(st.dictionaries(st.sampled_from([b.value for b in Bug if b is not Bug.QUEEN]),
                       st.integers(0, 3)))
def test_no_win_error_exactly_when_no_queen_can_be_surrounded(counts: dict[str, int]) -> None:
    """``sem-hive-no-win`` flags a set exactly when its pieces cannot fill the six cells
    around a Queen: with at least four pieces a player, the engine reaches a surrounded
    Queen with them (so the bound is tight), below that the other pieces are too few."""
    from botanik_design.games.hive.engine.game import load_hive
    from botanik_design.games.hive.engine.setup import HiveSetup

    counts = {k: (min(v, 1) if k in ("mosquito", "ladybug", "pillbug") else v)
              for k, v in counts.items()}
    text = _pieceset_text({"queen": 1, **counts})
    rules = [d.rule for d in validate_text(text, "p.yaml") if d.level == "error"]
    per_player = 1 + sum(counts.values())
    assert ("sem-hive-no-win" in rules) == (per_player < 4)
    if per_player < 4:
        assert 2 * per_player - 1 < 6  # the other pieces cannot fill the six cells
        return
    pieces = PieceSet("gen", tuple((b, 1 if b is Bug.QUEEN else counts[b.value])
                                   for b in Bug if b is Bug.QUEEN or counts.get(b.value)))
    game = load_hive(HiveVariant(expansions=tuple(  # type: ignore[arg-type]
        b.value for b in pieces.bugs() if b in (Bug.MOSQUITO, Bug.LADYBUG, Bug.PILLBUG))),
        pieces)
    others = [n for n in (*pieces.piece_names("b"), *pieces.piece_names("w")) if n != "wQ"]
    ring = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]  # the six neighbours
    around = dict(zip(ring, others[:6], strict=True))
    state = game.state_from_setup(HiveSetup.of({(0, 0): "wQ", **around}, 0, 9, None))
    assert state.queen_surrounded(0)
