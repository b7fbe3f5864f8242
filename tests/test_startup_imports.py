"""Short commands start without the heavy libraries they do not use (issue 15).

Each command runs in a fresh interpreter; the test reads ``sys.modules`` after
it, so a module-level ``import scipy`` (0.7 s) or ``import matplotlib`` that
creeps back into their path fails here.  Speed itself is measured by
``bench/startup.py``, not by a test.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

PROBE = """
import contextlib, io, json, sys
from botanik_design.cli import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    rc = main(json.loads(sys.argv[1]))
print(json.dumps([rc, sorted(m.split('.')[0] for m in sys.modules)]))
"""

POSITION = "examples/positions/groups-and-flowers.yaml"
RECORD = "examples/records/standard-seed-7.yaml"

CASES = [
    (["validate", POSITION], {"scipy", "matplotlib", "networkx", "numpy", "textual"}),
    (["simulate", "--games", "1", "--quiet"], {"scipy", "matplotlib", "networkx", "textual"}),
    (["compare", "standard", "registre-3", "--games", "1", "--quiet"],
     {"scipy", "matplotlib", "textual"}),
    (["score", POSITION], {"scipy", "matplotlib", "textual"}),
    (["replay", RECORD], {"scipy", "matplotlib", "textual"}),
]


@pytest.mark.parametrize(("argv", "banned"), CASES, ids=[c[0][0] for c in CASES])
def test_command_leaves_heavy_modules_unimported(argv: list[str], banned: set[str]) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", PROBE, json.dumps(argv)], cwd=ROOT, env=env,
                          capture_output=True, text=True, check=True)
    rc, modules = json.loads(done.stdout.strip().splitlines()[-1])
    assert rc == 0, done.stderr
    assert not banned & set(modules), f"{argv[0]} imported {sorted(banned & set(modules))}"


def test_the_probe_sees_an_import(tmp_path: Path) -> None:
    """The check can fail: ``simulate --plot`` does load matplotlib."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    argv = ["simulate", "--games", "1", "--quiet", "--plot", str(tmp_path / "scores.png")]
    done = subprocess.run([sys.executable, "-c", PROBE, json.dumps(argv)], cwd=ROOT,
                          env=env, capture_output=True, text=True, check=True)
    rc, modules = json.loads(done.stdout.strip().splitlines()[-1])
    assert rc == 0, done.stderr
    assert "matplotlib" in modules


def test_a_one_worker_simulate_of_checked_files_starts_without_jsonschema(
        tmp_path: Path) -> None:
    """The second run on the same bundled files finds their clean schema verdicts
    (``spec/verdicts.py``) and their parsed documents (``spec/parsed.py``), and leaves
    jsonschema and PyYAML unimported; one worker needs no process pool
    (``concurrent.futures``, ``multiprocessing``)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "BOTANIK_DESIGN_CACHE": str(tmp_path)}
    argv = json.dumps(["simulate", "--games", "1", "--quiet", "--workers", "1"])
    seen = []
    for _ in range(2):
        done = subprocess.run([sys.executable, "-c", PROBE, argv], cwd=ROOT, env=env,
                              capture_output=True, text=True, check=True)
        rc, modules = json.loads(done.stdout.strip().splitlines()[-1])
        assert rc == 0, done.stderr
        seen.append(set(modules))
    assert {"jsonschema", "yaml"} <= seen[0]  # the first run reads and checks the files
    assert not {"jsonschema", "yaml", "concurrent", "multiprocessing"} & seen[1]


def test_a_one_worker_simulate_starts_without_openssl_resources_or_statistics(
        tmp_path: Path) -> None:
    """The caches' names and the seeds hash with CPython's own SHA-256 (``spec/digest.py``:
    ``hashlib`` loads OpenSSL's ``_hashlib``), and a checkout finds its bundled folders
    without ``importlib.resources`` (which brings ``tempfile``'s imports and more); the
    reports' normal quantile needs no ``statistics`` (``fractions``, ``decimal``)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "BOTANIK_DESIGN_CACHE": str(tmp_path)}
    probe = PROBE.replace("sorted(m.split('.')[0] for m in sys.modules)", "sorted(sys.modules)")
    argv = json.dumps(["simulate", "--games", "1", "--quiet", "--workers", "1",
                       "--bots", "random,random"])
    for _ in range(2):  # the second run reads the parsed files' cache
        done = subprocess.run([sys.executable, "-c", probe, argv], cwd=ROOT, env=env,
                              capture_output=True, text=True, check=True)
    rc, modules = json.loads(done.stdout.strip().splitlines()[-1])
    assert rc == 0, done.stderr
    assert "botanik_design.sim.seeding" in modules  # the probe sees the run's modules
    assert not {"hashlib", "_hashlib", "importlib.resources", "statistics"} & set(modules)


#: a command line as the shell gives it (``main()`` reads ``sys.argv``): the modules only
#: a TAB completion or a misspelt name needs stay unimported
SHELL_PROBE = """
import contextlib, io, json, sys
sys.argv = ["botanik-design", *json.loads(sys.argv[1])]
from botanik_design.cli import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    rc = main()
print(json.dumps([rc, sorted(sys.modules)]))
"""

OFF_THE_PATH = {"botanik_design.cli.completion_cmd", "argcomplete", "difflib"}


@pytest.mark.parametrize("completing", [False, True], ids=["command", "tab-completion"])
def test_simulate_from_the_shell_skips_completion_and_near_misses(
        tmp_path: Path, completing: bool) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("_ARGCOMPLETE", None)
    if completing:  # a TAB still gets its answer (the guard leaves completion working)
        env.update(_ARGCOMPLETE="1", COMP_LINE="botanik-design simulate --bo",
                   COMP_POINT="28", _ARGCOMPLETE_STDOUT_FILENAME=str(tmp_path / "out"))
    argv = ["simulate", "--bots", "random,random", "--games", "1", "--quiet",
            "--output", str(tmp_path / "report.txt")]
    done = subprocess.run([sys.executable, "-c", SHELL_PROBE, json.dumps(argv)], cwd=ROOT,
                          env=env, capture_output=True, text=True)
    if completing:
        assert done.returncode == 0, done.stderr  # argcomplete answers, then exits
        assert "--bots" in (tmp_path / "out").read_text()
        return
    rc, modules = json.loads(done.stdout.strip().splitlines()[-1])
    assert rc == 0, done.stderr
    assert not OFF_THE_PATH & set(modules), sorted(OFF_THE_PATH & set(modules))


#: what ``simulate --bots random,random`` (text report, no ``--csv``) never uses: the
#: greedy/search heuristic and the CSV writer (a greedy bot and ``--csv`` load them)...
GREEDY_OR_CSV = {
    "botanik_design.games.botanik.engine.search_values",
    "botanik_design.games.botanik.engine.heuristic",
    "botanik_design.games.botanik.engine.move_values",
    "csv",
}
#: ... and, on files read before without a problem, PyYAML and the reader, and the table
#: of rule ids (only a diagnostic needs it)
RANDOM_SIMULATE_SKIPS = GREEDY_OR_CSV | {
    "yaml",
    "botanik_design.spec.yamlread",
    "botanik_design.spec.rule_ids",
}

FULL_PROBE = """
import contextlib, io, json, sys
from botanik_design.cli import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    rc = main(json.loads(sys.argv[1]))
print(json.dumps([rc, sorted(sys.modules)]))
"""


def test_a_random_simulate_on_known_files_skips_what_it_does_not_use(tmp_path: Path) -> None:
    """The modules a command does not use stay unimported (lazy imports): after a first
    run has remembered the bundled files, a random-bot ``simulate`` loads none of
    :data:`RANDOM_SIMULATE_SKIPS`; asking for ``--csv`` and a greedy bot does load
    them (the probe can fail)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "BOTANIK_DESIGN_CACHE": str(tmp_path)}
    out = str(tmp_path / "report.txt")
    runs = {}
    for label, extra in (("first", []), ("random", []),
                         ("greedy", ["--bots", "greedy,random", "--csv",
                                     str(tmp_path / "rows.csv")])):
        argv = ["simulate", "--games", "1", "--quiet", "--workers", "1", "--bots",
                "random,random", "--output", out, *extra]
        done = subprocess.run([sys.executable, "-c", FULL_PROBE, json.dumps(argv)], cwd=ROOT,
                              env=env, capture_output=True, text=True, check=True)
        rc, modules = json.loads(done.stdout.strip().splitlines()[-1])
        assert rc == 0, done.stderr
        runs[label] = set(modules)
    assert not RANDOM_SIMULATE_SKIPS & runs["random"], sorted(RANDOM_SIMULATE_SKIPS
                                                              & runs["random"])
    assert {"yaml", "botanik_design.spec.yamlread"} <= runs["first"]
    assert GREEDY_OR_CSV <= runs["greedy"]
