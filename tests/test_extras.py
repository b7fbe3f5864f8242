"""The optional parts of the install: every command path that needs an extra says which
one to install (exit 2, no traceback, no file written) when it is missing, and the core
commands run without any of them.

Each case runs in a fresh interpreter whose imports of the blocked modules fail as they
would where the extra is not installed (a finder at the front of ``sys.meta_path``).
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
import importlib.abc, json, sys
BLOCKED = set(json.loads(sys.argv[1]))
class Missing(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None
sys.meta_path.insert(0, Missing())
from botanik_design.cli import main
sys.exit(main(json.loads(sys.argv[2])))
"""

PICTURES = ["matplotlib"]
DASK = ["distributed", "dask"]
#: Every module of every extra, and scipy (the tests' own): what the core install lacks.
NOT_CORE = ["matplotlib", "numpy", "PIL", "distributed", "dask", "bokeh", "scipy"]

POSITION = str(ROOT / "examples/positions/groups-and-flowers.yaml")
RECORD = str(ROOT / "examples/records/standard-seed-7.yaml")
HIVE_POSITION = str(ROOT / "examples/hive/queen-in-danger.yaml")
HIVE_RECORD = str(ROOT / "examples/hive/short-win.yaml")
NOWHERE = "tcp://127.0.0.1:9"

SWEEP = """\
sweep: tiny
base: {variant: registre-3, tileset: quick-3}
axes:
  - option: mecha_bonus
    values: [0, 4]
games: 2
seed: 1
bots: random,random
"""

#: (id, blocked modules, extra, argv; ``OUT`` is the output file the case must not write).
NEEDS = [
    ("sheet", PICTURES, "pictures", ["sheet", "botanik", "-o", "OUT.pdf"]),
    ("sheet-hive", PICTURES, "pictures", ["sheet", "hive", "-o", "OUT.pdf"]),
    ("show-image", PICTURES, "pictures", ["show", "botanik", "--image", "OUT.svg"]),
    ("show-hive-image", PICTURES, "pictures", ["show", "hive", "--image", "OUT.svg"]),
    ("score-image", PICTURES, "pictures", ["score", POSITION, "--image", "OUT.png"]),
    ("score-hive-image", PICTURES, "pictures", ["score", HIVE_POSITION, "--image", "OUT.png"]),
    ("replay-image", PICTURES, "pictures", ["replay", RECORD, "--image", "OUT.png"]),
    ("replay-image-folder", PICTURES, "pictures", ["replay", RECORD, "--image", "OUT"]),
    ("replay-hive-image", PICTURES, "pictures", ["replay", HIVE_RECORD, "--image", "OUT.png"]),
    ("simulate-plot", PICTURES, "pictures",
     ["simulate", "--games", "2", "-q", "--plot", "OUT.png"]),
    ("compare-plot", PICTURES, "pictures",
     ["compare", "standard", "registre-3", "--games", "2", "-q", "--plot", "OUT.png"]),
    ("sweep-plot", PICTURES, "pictures", ["sweep", "s.yaml", "-q", "--plot", "OUT.png"]),
    ("simulate-scheduler", DASK, "dask", ["simulate", "--games", "2", "--scheduler", NOWHERE]),
    ("compare-scheduler", DASK, "dask",
     ["compare", "standard", "registre-3", "--games", "2", "--scheduler", NOWHERE]),
    ("sweep-scheduler", DASK, "dask", ["sweep", "s.yaml", "-q", "--scheduler", NOWHERE]),
]


def _run(tmp_path: Path, blocked: list[str], argv: list[str]) -> subprocess.CompletedProcess[str]:
    (tmp_path / "s.yaml").write_text(SWEEP, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    args = [str(tmp_path / a) if a.startswith("OUT") else a for a in argv]
    return subprocess.run([sys.executable, "-c", PROBE, json.dumps(blocked), json.dumps(args)],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize(("blocked", "extra", "argv"), [c[1:] for c in NEEDS],
                         ids=[c[0] for c in NEEDS])
def test_a_missing_extra_names_what_to_install(tmp_path: Path, blocked: list[str], extra: str,
                                              argv: list[str]) -> None:
    done = _run(tmp_path, blocked, argv)
    assert done.returncode == 2, done.stderr
    assert f'pip install "botanik-design[{extra}]"' in done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    assert done.stderr.count("\n") == 1, done.stderr  # one line, naming the command
    assert done.stderr.startswith(f"{argv[0]}: error: ")
    written = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("OUT"))
    assert written in ([], ["OUT"]), written  # a picture folder may exist, empty
    assert not any((tmp_path / "OUT").iterdir()) if (tmp_path / "OUT").exists() else True


CORE = [
    ["validate", POSITION, RECORD, HIVE_POSITION],
    ["list"],
    ["rules", "standard"],
    ["show", "botanik"],
    ["show", "hive"],
    ["score", POSITION],
    ["score", HIVE_POSITION],
    ["replay", RECORD],
    ["simulate", "--games", "4", "-q"],
    ["compare", "standard", "registre-3", "--games", "2", "-q"],
    ["sweep", "s.yaml", "-q", "-w", "2", "-o", "OUT.txt"],  # local processes without Dask
]


@pytest.mark.parametrize("argv", CORE, ids=[" ".join(a[:2]) for a in CORE])
def test_the_core_install_runs_the_main_commands(tmp_path: Path, argv: list[str]) -> None:
    done = _run(tmp_path, NOT_CORE, argv)
    assert done.returncode == 0, done.stderr
    assert "pip install" not in done.stderr


def test_the_probe_blocks_an_import(tmp_path: Path) -> None:
    """The check can fail: with matplotlib blocked, importing it does fail."""
    done = subprocess.run([sys.executable, "-c", PROBE.replace(
        "from botanik_design.cli import main\nsys.exit(main(json.loads(sys.argv[2])))",
        "import matplotlib"), json.dumps(PICTURES), "[]"], capture_output=True, text=True)
    assert done.returncode == 1 and "ModuleNotFoundError" in done.stderr


def test_an_unrelated_missing_module_is_not_blamed_on_an_extra() -> None:
    from botanik_design.extras import missing_extra

    assert missing_extra(ModuleNotFoundError("x", name="no_such_thing")) is None
    assert missing_extra(ValueError("x")) is None
    found = missing_extra(ModuleNotFoundError("x", name="matplotlib.pyplot"), "--plot")
    assert found is not None and found.extra == "pictures"
    assert str(found) == ("--plot needs the optional 'pictures' part of botanik-design "
                          '(matplotlib is not installed): pip install "botanik-design[pictures]"')
