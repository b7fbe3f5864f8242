"""A run's temporary files (multiprocessing's ``pymp-*``, Dask's scratch space) live in a
folder of the run, removed when it ends; a killed run's folder is removed by the next
run, and nothing else is ever touched."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from botanik_design.cli import main
from botanik_design.sim.runfolder import PREFIX, remove_stale_run_folders, run_folder


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_the_run_folder_holds_the_temporary_files_and_goes(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    with run_folder() as folder:
        assert tempfile.gettempdir() == str(folder) and os.environ["TMPDIR"] == str(folder)
        (folder / "pymp-abc").mkdir()
        (folder / "dask-scratch-space").mkdir()
    assert not folder.exists() and tempfile.gettempdir() == str(tmp_path)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("name", "removed"), [
    (f"{PREFIX}{{dead}}-abcd_123", True),
    (f"{PREFIX}{{me}}-abcd_123", False),         # this process's own
    (f"{PREFIX}{{dead}}-abc", False),             # not our naming
    ("pymp-x1y2z3", False), ("dask-scratch-space", False), ("other-tool-123", False),
])
def test_only_a_dead_runs_folder_is_removed(tmp_path: Path, name: str, removed: bool) -> None:
    path = tmp_path / name.format(dead=_dead_pid(), me=os.getpid())
    path.mkdir()
    (path / "inside").write_text("x")
    remove_stale_run_folders(tmp_path)
    assert path.exists() is not removed


def test_simulate_with_workers_leaves_nothing(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    assert main(["simulate", "--tileset", "quick-3", "-n", "4", "--workers", "2",
                 "--quiet"]) == 0
    assert list(tmp_path.iterdir()) == []


def test_a_one_worker_simulate_makes_no_run_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games played in this process start no worker to write temporary files: the run
    skips the folder (and its scan of the temporary folder for stale ones)."""
    import botanik_design.sim.runfolder as runfolder

    def refuse() -> None:
        raise AssertionError("a one-worker run made a run folder")

    monkeypatch.setattr(runfolder, "run_folder", refuse)
    assert main(["simulate", "--tileset", "quick-3", "-n", "2", "--workers", "1",
                 "--quiet"]) == 0
    with pytest.raises(AssertionError, match="one-worker"):  # the check can fail
        main(["simulate", "--tileset", "quick-3", "-n", "2", "--workers", "2", "--quiet"])
