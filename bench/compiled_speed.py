"""What a mypyc-compiled engine would gain: pure Python against compiled, side by side.

Usage: ``python bench/compiled_speed.py [--rounds 3] [--mcts-games 20] [--random-games 2000]
[--hive-games 300] [--only a,b,c,d] [--keep]``

* Builds, in a temporary folder, two compiled copies of this checkout with mypyc
  (``mypyc.build.mypycify``, ``build_ext --inplace``): the Botanik engine
  (``games/botanik/engine`` but its events, errors and spec-file modules, which subclass
  classes of uncompiled modules; ``games/botanik/model``, ``games/basestate.py``,
  ``bots/mcts.py``, ``bots/greedy.py``, ``model/draws.py``) and the Hive engine's move
  and state modules (with ``games/basestate.py``).  Prints each build's wall and CPU time.
* Before building, the copies get the only changes mypyc needs (:data:`PATCHES`; the
  checkout itself is never changed): no ``__slots__`` / ``slots=True`` (mypyc classes
  have fixed attributes already), one line of bases for ``GameState`` (mypyc has no
  multiple inheritance), and an ``__init__`` callable without arguments for the classes
  copied through ``Cls.__new__(Cls)`` (a compiled ``__new__`` runs ``__init__``).
* Workloads, each as whole processes (``PYTHONPATH`` = the checkout, then the compiled
  copy), alternated ``--rounds`` times so both see the same machine load; the median CPU
  seconds (user + system, start-up included) of each, their ratio, and whether both
  printed the same bytes:
  (a) ``simulate --bots mcts,greedy``, (b) ``simulate --bots random,random`` and
  ``greedy,greedy``, (d) random Hive games (Base+MLP, a uniformly random legal action
  per ply, at most 300 plies) through the public ``State`` API, and ``simulate`` of
  ``hive-tournament``; (c) ``bench/mcts_speed.py`` with the compiled copy as ``--new``
  (MCTS iterations per CPU second, and whether the choices stayed the same).

Without a C compiler or mypyc (``pip install mypy``) it says so and exits 0.
Not a test: the figures depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import os
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
PKG = "botanik_design"
ENGINE = f"{PKG}/games/botanik/engine"
HIVE = f"{PKG}/games/hive/engine"

#: Modules compiled for the Botanik workloads (a glob, or a path) and those left out.
BOTANIK_MODULES = [f"{ENGINE}/*.py", f"{PKG}/games/botanik/model/*.py",
                   f"{PKG}/games/basestate.py", f"{PKG}/bots/mcts.py", f"{PKG}/bots/greedy.py",
                   f"{PKG}/model/draws.py"]
#: ``events``: dataclasses subclassing the uncompiled ``games.base.Event``; ``specfiles``
#: subclasses ``str``; ``errors``, ``record``: exceptions of the uncompiled spec layer.
BOTANIK_LEFT_OUT = {"__init__.py", "events.py", "errors.py", "specfiles.py", "record.py"}
HIVE_MODULES = [f"{HIVE}/{m}.py" for m in ("board", "coords", "fastgen", "hivegraph",
                                           "movegen", "pieces", "state", "game", "setup",
                                           "blocked")] + [f"{PKG}/games/basestate.py"]

#: ``(file, old text, new text)``: the changes mypyc needs besides dropping slots.
PATCHES = [
    (f"{ENGINE}/views.py", "class StateViews(StateData):", "class StateViews(ActionText):"),
    (f"{ENGINE}/views.py", "from botanik_design.games.botanik.engine.fields import",
     "from botanik_design.games.botanik.engine.actiontext import ActionText\n"
     "from botanik_design.games.botanik.engine.fields import"),
    (f"{ENGINE}/turns.py", "class Turns(StateData):", "class Turns(StateViews):"),
    (f"{ENGINE}/turns.py", "from botanik_design.games.botanik.engine.fields import",
     "from botanik_design.games.botanik.engine.views import StateViews\n"
     "from botanik_design.games.botanik.engine.fields import"),
    (f"{ENGINE}/state.py", "class GameState(Turns, StateViews, ActionText):",
     "class GameState(Turns):"),
    (f"{ENGINE}/state.py",
     "def __init__(self, game: BotanikGame, seed: int = 0) -> None:\n"
     "        super().__init__()\n",
     "def __init__(self, game: BotanikGame | None = None, seed: int = 0) -> None:\n"
     "        super().__init__()\n        if game is None:\n            return\n"),
    (f"{ENGINE}/registry.py", "def __init__(self, columns: int) -> None:",
     "def __init__(self, columns: int = 0) -> None:"),
    (f"{ENGINE}/analysis.py",
     "def __init__(self, cells: dict[tuple[int, int], Cell], variant: Variant) -> None:\n",
     "def __init__(self, cells: dict[tuple[int, int], Cell] | None = None,\n"
     "                 variant: Variant | None = None) -> None:\n"
     "        if cells is None or variant is None:\n            return\n"),
    (f"{HIVE}/board.py", "def __init__(self, table: PieceTable) -> None:\n",
     "def __init__(self, table: PieceTable | None = None) -> None:\n"
     "        if table is None:\n            return\n"),
    (f"{HIVE}/state.py",
     "def __init__(self, game: HiveGame, board: Board, setup: HiveSetup | None = None) -> None:\n"
     "        super().__init__()\n",
     "def __init__(self, game: HiveGame | None = None, board: Board | None = None,\n"
     "                 setup: HiveSetup | None = None) -> None:\n        super().__init__()\n"
     "        if game is None or board is None:\n            return\n"),
]

BUILD = """
import sys
from setuptools import setup
from mypyc.build import mypycify
setup(name="compiled-speed", packages=[], py_modules=[], ext_modules=mypycify(sys.argv[1:]),
      script_args=["build_ext", "--inplace"])
"""

HIVE_GAMES = """
import random, sys
from botanik_design.games.hive.engine.game import load_hive
game = load_hive("Base+MLP")
plies = 0
for seed in range(int(sys.argv[1])):
    s = game.new_initial_state()
    rng = random.Random(seed)
    while not s.is_terminal() and len(s.history()) < 300:
        legal = s.legal_actions()
        s.apply_action(legal[rng.randrange(len(legal))])
    plies += len(s.history())
print(plies, s.history())
"""


def missing_tools() -> str | None:
    """Why nothing can be compiled here, or ``None``."""
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypyc is not installed (pip install mypy)"
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(os.environ.get("CC", cc).split()[0]) is None:
        return f"no C compiler ({cc} not found)"
    return None


def drop_slots(path: Path) -> None:
    """``path`` without ``__slots__`` assignments in classes and ``slots=True``."""
    text = path.read_text()
    drop: set[int] = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.ClassDef):
            for st in node.body:
                target = (st.targets[0] if isinstance(st, ast.Assign) else
                          st.target if isinstance(st, ast.AnnAssign) else None)
                if isinstance(target, ast.Name) and target.id == "__slots__":
                    drop.update(range(st.lineno - 1, st.end_lineno or st.lineno))
    lines = text.splitlines(keepends=True)
    out = "".join(line for i, line in enumerate(lines) if i not in drop)
    for old, new in ((", slots=True", ""), ("slots=True, ", ""), ("(slots=True)", "")):
        out = out.replace(old, new)
    path.write_text(out)


def prepare(tree: Path, patterns: list[str], left_out: set[str]) -> list[str]:
    """Copy the checkout to ``tree``, change it for mypyc; the modules to compile."""
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "build")
    for part in (PKG, "spec", "tilesets", "piecesets"):
        shutil.copytree(HERE / part, tree / part, ignore=ignore)
    shutil.copy(HERE / "pyproject.toml", tree / "pyproject.toml")
    modules = sorted({str(p.relative_to(tree)) for pat in patterns for p in tree.glob(pat)
                      if p.name not in left_out})
    for module in modules:
        drop_slots(tree / module)
    for file, old, new in PATCHES:
        path = tree / file
        if file not in modules:
            continue
        text = path.read_text()
        if old not in text:
            sys.exit(f"{file} no longer holds {old.splitlines()[0]!r}: update PATCHES in "
                     f"{Path(__file__).name}")
        path.write_text(text.replace(old, new, 1))
    return modules


def build(tree: Path, modules: list[str], name: str) -> None:
    """Compile ``modules`` in place in ``tree``; prints the build's wall and CPU time."""
    import time

    start = time.monotonic()
    with open(tree / "build.log", "w") as log:
        proc = subprocess.Popen([sys.executable, "-c", BUILD, *modules], cwd=tree,
                                stdout=log, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        tail = (tree / "build.log").read_text().splitlines()[-20:]
        sys.exit(f"the {name} build failed:\n" + "\n".join(tail))
    cpu = usage.ru_utime + usage.ru_stime
    print(f"{name} build: {len(modules)} modules, {time.monotonic() - start:.0f} s wall, "
          f"{cpu:.0f} s CPU", flush=True)


def run(command: list[str], path: Path, pycache: str) -> tuple[float, str]:
    """CPU seconds of ``command`` with ``PYTHONPATH=path``, and a digest of its stdout."""
    env = dict(os.environ, PYTHONPATH=str(path), PYTHONHASHSEED="0", PYTHONPYCACHEPREFIX=pycache)
    proc = subprocess.Popen(command, cwd=tempfile.gettempdir(), env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert proc.stdout is not None
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(command)} failed with PYTHONPATH={path}")
    return usage.ru_utime + usage.ru_stime, hashlib.sha256(out).hexdigest()


def compare(label: str, command: list[str], compiled: Path, rounds: int, pycache: str) -> None:
    """Alternate the pure and compiled runs of ``command``; print medians and the ratio."""
    run(command, HERE, pycache)
    run(command, compiled, pycache)  # first runs write the bytecode
    times: dict[str, list[float]] = {"pure": [], "compiled": []}
    digests: set[str] = set()
    for _ in range(rounds):
        for side, path in (("pure", HERE), ("compiled", compiled)):
            cpu, digest = run(command, path, pycache)
            times[side].append(cpu)
            digests.add(digest)
    pure, comp = statistics.median(times["pure"]), statistics.median(times["compiled"])
    print(f"{label}: pure {pure:.2f} s, compiled {comp:.2f} s CPU (median of {rounds}), "
          f"ratio {pure / comp:.2f}, output {'identical' if len(digests) == 1 else 'DIFFERS'}; "
          f"load {os.getloadavg()[0]:.1f}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=3, help="pure/compiled alternations")
    ap.add_argument("--mcts-games", type=int, default=20)
    ap.add_argument("--random-games", type=int, default=2000)
    ap.add_argument("--hive-games", type=int, default=300)
    ap.add_argument("--only", default="a,b,c,d", help="workloads to run (a, b, c, d)")
    ap.add_argument("--keep", action="store_true", help="keep the compiled copies (prints where)")
    a = ap.parse_args()
    why = missing_tools()
    if why:
        print(f"compiled_speed: nothing measured: {why}")
        return
    only = set(a.only.split(","))
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} before the run")
    work = Path(tempfile.mkdtemp(prefix="compiled-speed-"))
    pycache = str(work / "pycache")
    try:
        botanik, hive = work / "botanik", work / "hive"
        if only & {"a", "b", "c"}:
            build(botanik, prepare(botanik, BOTANIK_MODULES, BOTANIK_LEFT_OUT), "Botanik")
        if "d" in only:
            build(hive, prepare(hive, HIVE_MODULES, set()), "Hive")
        sim = [sys.executable, "-m", PKG, "simulate", "--workers", "1", "--format", "json", "-q"]
        if "a" in only:
            compare(f"(a) simulate --bots mcts,greedy --games {a.mcts_games}",
                    [*sim, "--bots", "mcts,greedy", "--games", str(a.mcts_games)],
                    botanik, a.rounds, pycache)
        if "b" in only:
            compare(f"(b) simulate --bots random,random --games {a.random_games}",
                    [*sim, "--bots", "random,random", "--games", str(a.random_games)],
                    botanik, a.rounds, pycache)
            compare("(b) simulate --bots greedy,greedy --games 200",
                    [*sim, "--bots", "greedy,greedy", "--games", "200"], botanik, a.rounds,
                    pycache)
        if "c" in only:
            done = subprocess.run([sys.executable, str(HERE / "bench" / "mcts_speed.py"),
                                   "--baseline", str(HERE), "--new", str(botanik), "--games",
                                   "3", "--rounds", str(a.rounds)],
                                  capture_output=True, text=True, check=False)
            lines = [ln for ln in done.stdout.splitlines() if not ln.startswith("round")]
            print("(c) mcts_speed.py, baseline = pure, new = compiled:\n  "
                  + "\n  ".join(lines or done.stderr.splitlines()[-5:]), flush=True)
        if "d" in only:
            compare(f"(d) {a.hive_games} random Hive games (Base+MLP, <= 300 plies)",
                    [sys.executable, "-c", HIVE_GAMES, str(a.hive_games)], hive, a.rounds,
                    pycache)
            compare("(d) simulate --variant hive-tournament --bots random,random --games 100",
                    [*sim, "--variant", "hive-tournament", "--bots", "random,random",
                     "--games", "100"], hive, a.rounds, pycache)
    finally:
        if a.keep:
            print(f"compiled copies kept in {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
