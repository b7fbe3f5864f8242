"""The commands work on every registered game's variants (smoke: exit 0, sensible output):
``list``, ``validate``, ``rules``, ``simulate`` on each variant; ``compare``, ``sweep``
and ``replay`` once per game.

The toy game is registered by its one entry, which brings its own schema, variants,
rules page, record reader and sweep axes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conformance_cases import Case, cases, games_with_variants, played

from botanik_design.cli import main

CASES = cases()
IDS = [c.id for c in CASES]
GAMES = games_with_variants()

#: per game, one option and values a sweep may vary (bundled data of that game)
SWEEP_AXES: dict[str, tuple[str, list[object]]] = {
    "botanik": ("mecha_bonus", [0, 1]),
    "hive": ("ply_cap", [40, 60]),
}

#: commands the toy game cannot run yet (its one entry does not give them what they need)
_TOY_MISSING: set[str] = set()


def _mark(game: str, command: str) -> list[pytest.MarkDecorator]:
    if game == "nim" and command in _TOY_MISSING:
        return [pytest.mark.xfail(strict=True, reason=f"`{command}` does not know the toy "
                                  "game's entry yet")]
    return []


def _per_case(command: str) -> list[object]:
    return [pytest.param(c, id=c.id, marks=_mark(c.game, command)) for c in CASES]


def _per_game(command: str) -> list[object]:
    return [pytest.param(cs, id=g, marks=_mark(g, command)) for g, cs in GAMES.items()]


@pytest.mark.parametrize("cases_of_game", _per_game("list"))
def test_list_names_every_variant(cases_of_game: list[Case],
                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    for case in cases_of_game:
        assert case.variant in out


@pytest.mark.parametrize("game", list(GAMES))
def test_help_names_every_game_from_its_entry(game: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    from botanik_design.games.registry import entry

    def words(text: str) -> str:  # argparse wraps lines, at hyphens too
        return "".join(text.split())

    found = entry(game)
    assert main(["--help"]) == 0
    text = words(capsys.readouterr().out)
    assert words(found.about) in text
    games = re.search(r"rulestherulesofavariant\(([^)]*)\)", text)  # (A, B or C)
    assert games is not None and found.title in games.group(1)
    assert main(["rules", "--help"]) == 0
    text = words(capsys.readouterr().out)
    for example in found.cli_help.get("rules.variant", "").split(", "):
        assert words(example) in text


@pytest.mark.parametrize("case", _per_case("validate"))
def test_validate_accepts_the_variant(case: Case, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", case.ref]) == 0
    assert "1 file OK" in capsys.readouterr().out  # the summary a script reads


@pytest.mark.parametrize("case", _per_case("rules"))
def test_rules_prints_the_variant(case: Case, tmp_path: Path) -> None:
    out = tmp_path / "rules.md"
    assert main(["rules", case.ref, "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert text.startswith("#") and len(text.splitlines()) > 10


@pytest.mark.parametrize("case", _per_case("simulate"))
def test_simulate_plays_the_variant(case: Case, tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    assert main(["simulate", "--variant", case.ref, "--games", "2", "--bots", "random,random",
                 "--format", "json", "-q", "-o", str(out)]) == 0
    report = json.loads(out.read_text())
    assert report["run"]["games"] == 2
    assert report["outcomes"]["first_player_wins"]["n"] == 2


@pytest.mark.parametrize("cases_of_game", _per_game("compare"))
def test_compare_runs_two_variants(cases_of_game: list[Case], tmp_path: Path) -> None:
    first, last = cases_of_game[0], cases_of_game[-1]
    out = tmp_path / "cmp.json"
    assert main(["compare", f"variant:{first.ref}", f"variant:{last.ref}", "--games", "2",
                 "--bots", "random,random", "--format", "json", "-q", "-o", str(out)]) == 0
    assert json.loads(out.read_text())["tests"]


@pytest.mark.parametrize("cases_of_game", _per_game("sweep"))
def test_sweep_plays_a_grid(cases_of_game: list[Case], tmp_path: Path) -> None:
    case = cases_of_game[0]
    option, values = SWEEP_AXES.get(case.game, ("heaps", [[1, 2]]))
    spec = tmp_path / "grid.yaml"
    spec.write_text(json.dumps({
        # by name: a path would lie outside the sweep file's project
        "sweep": "grid", "base": {"variant": case.variant},
        "axes": [{"option": option, "values": values}],
        "bots": "random,random", "games": 2, "seed": 0}))
    out = tmp_path / "sweep.json"
    assert main(["sweep", str(spec), "-w", "1", "-q", "--format", "json", "-o", str(out)]) == 0
    report = json.loads(out.read_text())
    assert report["sweep"]["game"] == case.game


def _record(case: Case, folder: Path) -> Path:
    """A record of the seed-0 playout in the game's own record format."""
    state = played(case, 0)
    if case.game == "hive":
        path = folder / "game.txt"
        path.write_text(state.game_string() + "\n")  # type: ignore[attr-defined]
        return path
    if case.game == "botanik":
        from botanik_design.games.botanik.engine.record import record_data, write_record

        path = folder / "game.yaml"
        table = state.table  # type: ignore[attr-defined]
        write_record(path, record_data(state, "conformance", table.tileset.name,  # type: ignore[arg-type]
                                       case.ref))
        return path
    path = folder / "game.json"  # the toy game's record (its entry's replay hook reads it)
    heaps = list(state.get_game().heaps)  # type: ignore[attr-defined]
    path.write_text(json.dumps({"nim_record": "conformance", "heaps": heaps,
                                "actions": state.history()}))
    return path


@pytest.mark.parametrize("cases_of_game", _per_game("replay"))
def test_replay_plays_a_record_back(cases_of_game: list[Case], tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    # a Hive GameString names only the UHP game types (the tournament rules)
    case = next((c for c in cases_of_game if c.variant == "hive-tournament"), cases_of_game[0])
    record = _record(case, tmp_path)
    assert main(["replay", "--format", "json", str(record)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report
