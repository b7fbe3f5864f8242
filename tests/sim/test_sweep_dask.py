"""The Dask backend on a real ``distributed.LocalCluster`` (2 worker processes).

The same sweep gives the same rows and the same report in-process and on the
cluster; a worker that dies in the middle of a batch has the batch re-run
elsewhere, counted once; ``simulate --scheduler`` matches ``--workers 1``.
One small cluster serves the whole module (CI time).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from botanik_design.cli import main
from botanik_design.sim.dask_pool import WORKER_MODULES, DaskPool, DaskUnavailableError
from botanik_design.sim.runner import Job, play_batch
from botanik_design.sim.sweep.executor import run_sweep
from botanik_design.sim.sweep.report import build_report, to_json
from botanik_design.sim.sweep.store import ResultStore
from botanik_design.sim.workers import InlinePool
from botanik_design.spec.load import load_sweep

#: One worker runs this module (pytest -n: ``--dist loadgroup``), so one cluster serves it.
pytestmark = pytest.mark.xdist_group("dask-cluster")

SPEC = """\
sweep: dask-check
base: {variant: registre-3, tileset: quick-3}
axes:
  - option: mecha_bonus
    values: [0, 4]
  - option: min_group_size
    values: [2, 3]
games: 24
seed: 11
"""


#: The game module the embedded cluster's workers import while they start.
GAME_MODULE = "botanik_design.games.botanik.engine.game"


@pytest.fixture(scope="module")
def embedded() -> Iterator[DaskPool]:
    """The embedded cluster ``sweep`` starts (``dask_pool``), 2 workers."""
    from botanik_design.sim.dask_pool import dask_pool

    pool = dask_pool(None, 2, preload=(GAME_MODULE,))
    try:
        pool.client.wait_for_workers(2)
        yield pool
    finally:
        pool.shutdown()


@pytest.fixture(scope="module")
def cluster(embedded: DaskPool) -> Any:
    return embedded.cluster


@pytest.fixture()
def pool(cluster: Any) -> Iterator[DaskPool]:
    from distributed import Client

    client = Client(cluster, set_as_default=False)
    try:
        yield DaskPool(client)
    finally:
        client.close()


def _sweep_rows(tmp_path: Path, pool: Any, name: str) -> tuple[Any, dict[int, Any], Path]:
    spec = tmp_path / "s.yaml"
    spec.write_text(SPEC)
    sweep = load_sweep(spec)
    store_path = tmp_path / f"{name}.jsonl"
    store = ResultStore.open(store_path, sweep)
    try:
        return sweep, run_sweep(sweep, pool, store), store_path
    finally:
        store.close()


def test_cluster_gives_the_in_process_result(tmp_path: Path, pool: DaskPool) -> None:
    sweep, local, _ = _sweep_rows(tmp_path, InlinePool(), "local")
    _, remote, _ = _sweep_rows(tmp_path, pool, "remote")
    assert remote == local
    assert to_json(build_report(sweep, remote)) == to_json(build_report(sweep, local))


def _modules_loaded() -> bool:
    import sys

    return all(m in sys.modules for m in (*WORKER_MODULES, GAME_MODULE))


def test_embedded_workers_start_with_the_game_loaded(embedded: DaskPool) -> None:
    """Every worker imported botanik-design and the game before its first batch (Dask's
    worker preload, from the fork server where there is one), so no batch pays for it."""
    import multiprocessing

    loaded = embedded.client.run(_modules_loaded)
    assert list(loaded.values()) == [True, True]
    if "forkserver" in multiprocessing.get_all_start_methods():
        parents = set(embedded.client.run(os.getppid).values())
        assert len(parents) == 1 and os.getpid() not in parents  # forked by the fork server


def test_a_list_result_comes_back_whole(pool: DaskPool) -> None:
    fut = pool.submit(list, range(1000))
    assert list(pool.as_completed([fut]))[0].result() == list(range(1000))


def dying_batch(marker: str, job: Job, start: int, stop: int) -> list[Any]:
    """The first call kills its worker process in the middle of the batch."""
    rows = play_batch(job, start, (start + stop) // 2)
    if not os.path.exists(marker):
        Path(marker).touch()
        os._exit(1)
    return rows + play_batch(job, (start + stop) // 2, stop)


class _KillOnce:
    """A pool that sends its first batch to :func:`dying_batch`."""

    def __init__(self, inner: DaskPool, marker: Path) -> None:
        self.inner = inner
        self.marker = str(marker)
        self.first = True
        self.workers = inner.workers

    def submit(self, fn: Callable[..., Any], *args: Any, **names: str) -> Any:
        if self.first:
            self.first = False
            return self.inner.submit(dying_batch, self.marker, *args, **names)
        return self.inner.submit(fn, *args, **names)

    def as_completed(self, futures: Any) -> Any:
        return self.inner.as_completed(futures)

    def shutdown(self) -> None:
        self.inner.shutdown()


def test_a_worker_killed_mid_batch_is_rerun_and_counted_once(tmp_path: Path,
                                                              pool: DaskPool) -> None:
    marker = tmp_path / "killed"
    _, local, _ = _sweep_rows(tmp_path, InlinePool(), "local")
    _, remote, store_path = _sweep_rows(tmp_path, _KillOnce(pool, marker), "remote")
    assert marker.exists()  # a worker did die
    assert remote == local
    lines = store_path.read_bytes().splitlines()[1:]
    keys = [(json.loads(x)["point"], r["game"]) for x in lines for r in json.loads(x)["rows"]]
    assert len(keys) == len(set(keys)) == 5 * 24


def test_simulate_and_compare_accept_a_scheduler(tmp_path: Path, cluster: Any) -> None:
    common = ["--games", "30", "--seed", "2", "--variant", "registre-3", "--tileset",
              "quick-3", "-q", "--format", "json"]
    for cmd, items in (("simulate", []), ("compare", ["standard", "registre-3"])):
        local, remote = tmp_path / f"{cmd}-l.json", tmp_path / f"{cmd}-r.json"
        assert main([cmd, *items, *common, "-o", str(local)]) == 0
        assert main([cmd, *items, *common, "-o", str(remote), "--scheduler",
                     cluster.scheduler_address]) == 0
        assert remote.read_bytes() == local.read_bytes()


def test_sweep_command_on_the_scheduler_matches_in_process(tmp_path: Path,
                                                           cluster: Any) -> None:
    spec = tmp_path / "s.yaml"
    spec.write_text(SPEC.replace("games: 40", "games: 10"))
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    assert main(["sweep", str(spec), "-w", "1", "-q", "--format", "json", "-o", str(one)]) == 0
    assert main(["sweep", str(spec), "--scheduler", cluster.scheduler_address, "-q",
                 "--format", "json", "-o", str(two)]) == 0
    assert one.read_bytes() == two.read_bytes()


def test_a_cluster_failure_is_a_clear_error(tmp_path: Path, pool: DaskPool) -> None:
    """A batch that fails on the cluster for another reason than a game is no traceback."""
    fut = pool.submit(_failing)
    with pytest.raises(DaskUnavailableError, match="the Dask cluster failed"):
        list(pool.as_completed([fut]))[0].result()


def _failing() -> Any:
    raise OSError("no botanik-design on this worker")


SWEEP_FILE = Path(__file__).resolve().parents[2] / "examples" / "sweeps" / "fewer-crosses.yaml"


def test_dask_is_not_imported_without_a_cluster(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from botanik_design.cli import main\n"
        f"assert main(['validate', {str(SWEEP_FILE)!r}]) == 0\n"
        "assert main(['simulate', '--games', '2', '-q', '--workers', '1']) == 0\n"
        "assert main(['sweep', 's.yaml', '-w', '1', '-q', '-o', 'r.txt']) == 0\n"
        "print(sorted(k for k in sys.modules if k.split('.')[0] in ('dask', 'distributed')))\n"
    )
    root = Path(__file__).resolve().parents[2]
    (tmp_path / "s.yaml").write_text(SPEC.replace("games: 24", "games: 2"))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(root)})
    assert out.stdout.strip().splitlines()[-1] == "[]"


def test_an_unreachable_scheduler_is_a_clear_error() -> None:
    from botanik_design.sim.dask_pool import dask_pool

    with pytest.raises(DaskUnavailableError, match="cannot reach the Dask scheduler"):
        dask_pool("tcp://127.0.0.1:9", timeout=1.0)


def _prefixes(dask_scheduler: Any) -> list[str]:
    return sorted(dask_scheduler.task_prefixes)


def test_the_dashboard_names_each_task_after_its_point(tmp_path: Path, pool: DaskPool) -> None:
    """The scheduler's task prefixes (what the dashboard's task stream, progress bars and
    task groups show) are the sweep points, the base and every axis value by name."""
    sweep, _, _ = _sweep_rows(tmp_path, pool, "named")
    prefixes = pool.client.run_on_scheduler(_prefixes)
    from botanik_design.sim.sweep.executor import point_task_name

    want = {point_task_name(sweep, p).replace("-", "\u2011") for p in sweep.all_points()}
    assert want <= set(prefixes)
    assert "dask\u2011check #0 base" in prefixes
    assert any("mecha_bonus=4, min_group_size=3" in p for p in prefixes)
    assert "play_batch" not in prefixes and "_boxed" not in prefixes


def test_simulate_tasks_carry_the_variant_and_bots(pool: DaskPool) -> None:
    """``simulate`` and ``compare`` name their tasks ``VARIANT: A vs B``."""
    from botanik_design.cli.simulate_cmd import _play_on, load_for_simulation

    game = load_for_simulation("registre-3", "quick-3")
    _play_on(pool, Job(game, ("greedy", "random"), 1), 6, True, "registre-3")
    prefixes = pool.client.run_on_scheduler(_prefixes)
    assert "registre\u20113: greedy vs random" in prefixes


@pytest.mark.parametrize("name", [
    "standard: greedy vs random", "registre-3: greedy vs mcts:iterations=50",
    "sw #3 bonus=-1, min_group_size=3", "sw #0 base", "a-b-c-d", "12-34",
])
def test_a_task_key_keeps_the_whole_name_as_its_prefix(name: str) -> None:
    """Dask's ``key_split`` (the dashboard's label) of every key is the whole name, and
    every key is unique."""
    from distributed.utils import key_split

    from botanik_design.sim.dask_pool import task_key

    keys = {task_key(name, "games 0..199") for _ in range(3)}
    assert len(keys) == 3
    for key in keys:
        assert key_split(key) == name.replace("-", "\u2011")


def test_the_embedded_cluster_serves_its_dashboard(embedded: DaskPool) -> None:
    """With the dask extra (bokeh), the embedded cluster's dashboard answers at the address
    ``sweep`` prints."""
    import urllib.request

    link = embedded.dashboard
    assert link.startswith("http://") and link.endswith("/status"), link
    with urllib.request.urlopen(link, timeout=60) as page:  # noqa: S310 - a local address
        assert page.status == 200
        assert b"Dask" in page.read()
