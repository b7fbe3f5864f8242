"""``validate`` command line: empty folders, --show-effective, symlink loops."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent / "fixtures"


def cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "botanik_design", "validate", *args],
                          cwd=cwd, capture_output=True, text=True, env=env, timeout=120)


def test_a_folder_without_yaml_files_exits_2(tmp_path: Path) -> None:
    (tmp_path / "empty.yaml").mkdir()
    result = cli(str(tmp_path / "empty.yaml"))
    assert result.returncode == 2
    assert result.stdout == f"{tmp_path / 'empty.yaml'}: error: the folder holds no *.yaml or " \
        "*.yml file [io-no-files]\n1 error, 0 warnings in 0 files\n"


def test_show_effective_always_names_the_tile_set(tmp_path: Path) -> None:
    (tmp_path / "bare.yaml").write_text("variant: bare\n", encoding="utf-8")
    result = cli("--show-effective", str(tmp_path / "bare.yaml"))
    assert "\ntileset: null  # none: " in result.stdout


def test_show_effective_accepts_a_bundled_name(tmp_path: Path) -> None:
    result = cli("--show-effective", "registre-3", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "variant: registre-3\ntileset: botanik  # from standard\n" in result.stdout


def test_symlink_loops_read_the_same_direct_or_in_a_folder(tmp_path: Path) -> None:
    (tmp_path / "l1.yaml").symlink_to("l2.yaml")
    (tmp_path / "l2.yaml").symlink_to("l1.yaml")
    direct = cli(str(tmp_path / "l1.yaml"))
    folder = cli(str(tmp_path))
    line = [x for x in folder.stdout.splitlines() if x.startswith(str(tmp_path / "l1.yaml"))]
    assert direct.returncode == folder.returncode == 2
    assert line == direct.stdout.splitlines()[:-1]  # the last line: the summary
    assert direct.stdout.splitlines()[0].endswith("[io-unreadable]")
