"""The built wheel carries the schemas, variants and tile sets and works from any directory."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_ships_bundled_specs_and_validates_from_elsewhere(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
         "-q", "-w", str(dist), str(ROOT)],
        check=True, capture_output=True, text=True,
    )
    (wheel,) = dist.glob("botanik_design-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for expected in (
        "botanik_design/_spec/tileset.schema.json",
        "botanik_design/_spec/variant.schema.json",
        "botanik_design/_spec/variants/standard.yaml",
        "botanik_design/_spec/variants/registre-3.yaml",
        "botanik_design/_spec/variants/no-loops.yaml",
        "botanik_design/_tilesets/botanik.yaml",
        "botanik_design/_tilesets/quick-3.yaml",
        "botanik_design/_spec/pieceset.schema.json",
        "botanik_design/_spec/hive-variant.schema.json",
        "botanik_design/_spec/variants/hive-tournament.yaml",
        "botanik_design/_spec/variants/hive-box.yaml",
        "botanik_design/_spec/variants/hive-mlp.yaml",
        "botanik_design/_piecesets/hive-base.yaml",
        "botanik_design/_piecesets/hive-full.yaml",
    ):
        assert expected in names, expected
    site = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(site),
         str(wheel)],
        check=True, capture_output=True, text=True,
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(site), "NO_COLOR": "1"}
    out = subprocess.run(
        [sys.executable, "-c",
         "import botanik_design, sys; print(botanik_design.__file__);"
         "from botanik_design.cli import main; sys.exit(main(['validate']))"],
        cwd=elsewhere, env=env, capture_output=True, text=True,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.splitlines()[0].startswith(str(site)), out.stdout
    hive = subprocess.run(
        [sys.executable, "-c",
         "from botanik_design.games.hive.spec.load import load_hive_variant;"
         "v = load_hive_variant('hive-mlp'); print(v.piece_set().name, len(v.expansions))"],
        cwd=elsewhere, env=env, capture_output=True, text=True,
    )
    assert hive.returncode == 0, hive.stdout + hive.stderr
    assert hive.stdout.split() == ["hive-full", "3"]
