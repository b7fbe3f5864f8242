"""Sweeps in-process: expansion, common random numbers, the report, the store and resuming."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.cli import main
from botanik_design.model.sweep import Sweep
from botanik_design.sim.runner import run_games
from botanik_design.sim.sweep.executor import job_for, missing_batches, run_sweep
from botanik_design.sim.sweep.output import format_text, to_csv
from botanik_design.sim.sweep.report import build_report, paired_p
from botanik_design.sim.sweep.store import ResultStore, StoreError, fingerprint
from botanik_design.sim.workers import InlinePool
from botanik_design.spec.errors import SpecError
from botanik_design.spec.load import load_sweep

SPEC = """\
sweep: tiny
base: {variant: registre-3, tileset: quick-3}
axes:
  - option: mecha_bonus
    values: [0, 4]
  - tiles: {type: corner}
    field: flowers
    change: add
    values: [0, 1]
games: GAMES
seed: 3
"""


def _sweep(tmp_path: Path, games: int = 8, text: str = SPEC) -> tuple[Path, Sweep]:
    path = tmp_path / "tiny.yaml"
    path.write_text(text.replace("GAMES", str(games)))
    return path, load_sweep(path)


def test_grid_expansion_applies_options_and_tile_changes(tmp_path: Path) -> None:
    _, sweep = _sweep(tmp_path)
    assert [p.label for p in sweep.points] == [
        "mecha_bonus=0, flowers + (corner)=0", "mecha_bonus=0, flowers + (corner)=1",
        "mecha_bonus=4, flowers + (corner)=0", "mecha_bonus=4, flowers + (corner)=1"]
    base_ts = sweep.base.params["tileset"]
    for point in sweep.points:
        coords = dict(point.coords)
        assert point.params["variant"].mecha_bonus == coords["mecha_bonus"]
        for before, after in zip(base_ts.tiles, point.params["tileset"].tiles, strict=True):
            extra = coords["flowers + (corner)"] if str(before.type) == "corner" else 0
            assert after.flowers == before.flowers + extra
            assert after.copies == before.copies


def test_copies_zero_leaves_the_tile_out(tmp_path: Path) -> None:
    text = SPEC.replace("""  - tiles: {type: corner}
    field: flowers
    change: add
    values: [0, 1]""", """  - tiles: {type: cross}
    field: copies
    values: [0]""")
    _, sweep = _sweep(tmp_path, text=text)
    for point in sweep.points:
        assert all(str(t.type) != "cross" for t in point.params["tileset"].tiles)


def test_random_sample_is_seeded_and_distinct(tmp_path: Path) -> None:
    text = SPEC + "sample: random\npoints: 3\n"
    _, one = _sweep(tmp_path, text=text)
    _, two = _sweep(tmp_path, text=text)
    labels = [p.label for p in one.points]
    assert labels == [p.label for p in two.points] and len(set(labels)) == 3
    _, other = _sweep(tmp_path, text=text.replace("seed: 3", "seed: 4"))
    assert {p.label for p in other.points} <= {p.label for p in _sweep(tmp_path)[1].points}


def test_every_point_plays_the_same_seeds_as_simulate(tmp_path: Path) -> None:
    """Common random numbers: point k's game i is simulate's game i under k's rules."""
    path, sweep = _sweep(tmp_path)
    store = ResultStore.open(tmp_path / "s.jsonl", sweep)
    try:
        rows = run_sweep(sweep, InlinePool(), store)
    finally:
        store.close()
    for point in sweep.all_points():
        job = job_for(sweep, point)
        assert job.seed == sweep.seed and job.bots == sweep.bots
        assert rows[point.index] == run_games(job, sweep.games, InlinePool())
    # the engine seeds are the same at every point
    seeds = {tuple(r.seed for r in rs) for rs in rows.values()}
    assert len(seeds) == 1


def _run(tmp_path: Path, *extra: str) -> int:
    spec = tmp_path / "tiny.yaml"
    return main(["sweep", str(spec), "-w", "1", "-q", "--format", "json", *extra])


def test_cli_resumes_after_a_crash_and_gives_the_same_report(tmp_path: Path) -> None:
    _sweep(tmp_path, games=10)
    full = tmp_path / "full.json"
    assert _run(tmp_path, "-o", str(full)) == 0
    store = tmp_path / "full.store.jsonl"
    lines = store.read_bytes().splitlines(keepends=True)
    assert len(lines) > 3
    # a crash: only the first batches and half of the next line reached the disk
    crashed = tmp_path / "crashed.store.jsonl"
    crashed.write_bytes(b"".join(lines[:3]) + lines[3][: len(lines[3]) // 2])
    again = tmp_path / "crashed.json"
    assert _run(tmp_path, "-o", str(again)) == 0
    assert again.read_bytes() == full.read_bytes()
    # every (point, game) is in the store once, whatever was appended twice
    seen = [(json.loads(x)["point"], r["game"]) for x in crashed.read_bytes().splitlines()[1:]
            for r in json.loads(x)["rows"]]
    assert sorted(seen) == sorted(set(seen)) and len(seen) == 10 * 5


def test_cli_reports_games_already_done(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    _sweep(tmp_path, games=4)
    out = tmp_path / "r.json"
    assert main(["sweep", str(tmp_path / "tiny.yaml"), "-w", "1", "-o", str(out)]) == 0
    capsys.readouterr()
    assert main(["sweep", str(tmp_path / "tiny.yaml"), "-w", "1", "-o", str(out)]) == 0
    assert "20 of 20 games already done" in capsys.readouterr().err


def test_changed_spec_is_refused_unless_restart(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = _sweep(tmp_path, games=4)
    out = tmp_path / "r.json"
    assert _run(tmp_path, "-o", str(out)) == 0
    first = out.read_bytes()
    path.write_text(path.read_text().replace("values: [0, 4]", "values: [0, 3]"))
    assert _run(tmp_path, "-o", str(out)) == 2
    assert "--restart" in capsys.readouterr().err
    assert out.read_bytes() == first
    assert _run(tmp_path, "-o", str(out), "--restart") == 0
    assert out.read_bytes() != first
    # report-only fields do not invalidate the store
    path.write_text(path.read_text() + "target: {metric: decisions, value: 50}\n")
    assert _run(tmp_path, "-o", str(out)) == 0


def test_store_never_overwrites_another_file(tmp_path: Path) -> None:
    _, sweep = _sweep(tmp_path)
    other = tmp_path / "notes.txt"
    other.write_text("precious\n")
    with pytest.raises(StoreError):
        ResultStore.open(other, sweep, restart=True)
    assert other.read_text() == "precious\n"


def test_fingerprint_follows_the_rules_not_the_report(tmp_path: Path) -> None:
    _, a = _sweep(tmp_path)
    _, b = _sweep(tmp_path, text=SPEC + "metrics: [score]\n")
    _, c = _sweep(tmp_path, text=SPEC.replace("seed: 3", "seed: 5"))
    assert fingerprint(a) == fingerprint(b) != fingerprint(c)


@settings(max_examples=60, deadline=None)
@given(games=st.integers(1, 40), workers=st.integers(1, 8),
       done=st.sets(st.tuples(st.integers(0, 4), st.integers(0, 39)), max_size=60))
def test_missing_batches_cover_exactly_the_missing_games(
        tmp_path_factory: pytest.TempPathFactory, games: int, workers: int,
        done: set[tuple[int, int]]) -> None:
    sweep = _SWEEP_FOR_BATCHES
    sweep = Sweep(**{**{f: getattr(sweep, f) for f in sweep.__slots__}, "games": games})
    have: dict[int, dict[int, object]] = {}
    for p, g in done:
        if g < games:
            have.setdefault(p, {})[g] = object()
    batches = list(missing_batches(sweep, have, workers))  # type: ignore[arg-type]
    covered = [(b.point, i) for b in batches for i in range(b.start, b.stop)]
    wanted = [(p.index, i) for p in sweep.played_points() for i in range(games)
              if i not in have.get(p.index, {})]
    assert sorted(covered) == wanted


_SWEEP_FOR_BATCHES = load_sweep(Path(__file__).parents[2] / "examples/sweeps/fewer-crosses.yaml")


def test_report_sorted_by_target_with_holm_and_paired_test(tmp_path: Path) -> None:
    _, sweep = _sweep(tmp_path, games=12)
    store = ResultStore.open(tmp_path / "s.jsonl", sweep)
    try:
        rows = run_sweep(sweep, InlinePool(), store)
    finally:
        store.close()
    report = build_report(sweep, rows)
    points = report["points"]
    assert points[0]["label"] == "base" and points[0]["p"] is None
    ranked = sorted(points, key=lambda e: e["rank"])
    distances = [e["distance"] for e in ranked]
    assert distances == sorted(distances)
    raw = [e["p"] for e in points[1:]]
    for e in points[1:]:
        assert e["p_holm"] >= e["p"]
        assert e["p_holm"] <= min(1.0, len(raw) * e["p"]) + 1e-9
    text = format_text(report)
    assert text.index("base") > 0 and "Holm" in text
    assert _csv_rows(to_csv(report)) == len(points) + 1


def test_paired_test_detects_a_shift_and_ignores_equal_samples() -> None:
    base = [0.0, 1.0] * 50
    assert paired_p(base, base) == 1.0
    shifted = [1.0] * 100
    p = paired_p(base, shifted)
    assert p is not None and p < 1e-6


def test_broken_spec_runs_nothing_and_writes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = tmp_path / "bad.yaml"
    spec.write_text("sweep: bad\nbase: {variant: registre-3}\naxes:\n"
                    "  - option: mecha_bonnus\n    values: [1]\n")
    out = tmp_path / "r.json"
    code = main(["sweep", str(spec), "-w", "1", "-o", str(out), "--csv",
                 str(tmp_path / "r.csv")])
    assert code == 1
    assert f"{spec}:4:13: error:" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.yaml"]


@pytest.mark.parametrize("args,message", [
    (["--plot", "x.pdf"], ".png or .svg"),
    (["--csv", "/no/such/folder/x.csv"], "no such folder"),
    (["--store", "/no/such/folder/s.jsonl"], "no such folder"),
])
def test_usage_errors(tmp_path: Path, args: list[str], message: str,
                      capsys: pytest.CaptureFixture[str]) -> None:
    _sweep(tmp_path)
    assert _run(tmp_path, *args) == 2
    assert message in capsys.readouterr().err


def test_bad_bot_is_refused_with_its_position(tmp_path: Path) -> None:
    path, _ = _sweep(tmp_path)
    path.write_text(path.read_text() + "bots: random,robot\n")
    with pytest.raises(SpecError) as err:
        load_sweep(path, lambda s: None if s == "random" else "unknown bot")
    assert any(":12:7: error: bot `robot`" in p for p in err.value.problems)


def test_plot_heat_map_and_lines(tmp_path: Path) -> None:
    _sweep(tmp_path, games=4)
    png = tmp_path / "heat.png"
    assert _run(tmp_path, "-o", str(tmp_path / "r.json"), "--plot", str(png)) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    one = tmp_path / "one.yaml"
    one.write_text("sweep: one\nbase: {variant: standard, tileset: quick-3}\naxes:\n"
                   "  - option: flower_points\n    values: [1, 2]\ngames: 4\n")
    svg = tmp_path / "one.svg"
    assert main(["sweep", str(one), "-w", "1", "-q", "-o", str(tmp_path / "o.txt"),
                 "--plot", str(svg)]) == 0
    assert svg.read_text().lstrip().startswith("<?xml")


def test_interrupted_sweep_keeps_its_games_and_says_how_to_resume(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    import botanik_design.sim.sweep.executor as executor

    _sweep(tmp_path, games=6)
    real = executor.run_sweep

    def stop_after_one_batch(sweep: Sweep, pool: object, store: ResultStore,
                             progress: object = None) -> object:
        def step(games: int, points: int) -> None:
            raise KeyboardInterrupt

        return real(sweep, pool, store, step)  # type: ignore[arg-type]

    monkeypatch.setattr(executor, "run_sweep", stop_after_one_batch)
    out = tmp_path / "r.json"
    assert _run(tmp_path, "-o", str(out)) == 130
    err = capsys.readouterr().err
    assert "interrupted" in err and "run the same command again to resume" in err
    assert not out.exists()
    monkeypatch.setattr(executor, "run_sweep", real)
    assert _run(tmp_path, "-o", str(out)) == 0
    assert out.exists()


def test_a_sweep_that_cannot_be_read_is_an_io_error_by_type(tmp_path: Path) -> None:
    """Exit status 2 comes from the exception's type (SpecUnreadableError), 1 for an
    invalid sweep: the command never reads the problem text."""
    from botanik_design.spec.errors import SpecUnreadableError

    for path in (tmp_path, tmp_path / "missing.yaml"):
        with pytest.raises(SpecUnreadableError) as info:
            load_sweep(path)
        assert info.value.exit_code == 2
    bad = tmp_path / "bad.yaml"
    bad.write_text("sweep: x\n", encoding="utf-8")
    with pytest.raises(SpecError) as invalid:
        load_sweep(bad)
    assert not isinstance(invalid.value, SpecUnreadableError)
    assert invalid.value.exit_code == 1


def _csv_rows(text: str) -> int:
    """Lines of a CSV report that are not ``#`` comments (the caveats)."""
    return sum(not line.startswith("#") for line in text.splitlines())
