"""Records and positions: semantic checks in the spec layer, replay in ``validate``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from botanik_design.spec.validate import validate_path

ROOT = Path(__file__).resolve().parents[2]
RECORD = ROOT / "examples" / "records" / "standard-seed-7.yaml"


def cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "botanik_design", "validate", *args],
                          cwd=cwd, capture_output=True, text=True, env=env, timeout=120)


def _record_with(tmp_path: Path, index: int, action: str) -> tuple[Path, int]:
    """A copy of the example record whose action ``index`` is replaced; and its line."""
    lines = RECORD.read_text(encoding="utf-8").splitlines()
    start = lines.index("actions:")
    items = [i for i in range(start + 1, len(lines)) if lines[i].startswith("- ")]
    line = items[index]
    lines[line] = f"- {action}"
    path = tmp_path / "rec.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, line + 1


def test_examples_are_valid() -> None:
    result = cli("--strict", "examples/")
    assert result.returncode == 0, result.stdout + result.stderr


def test_illegal_action_reported_at_its_line(tmp_path: Path) -> None:
    path, line = _record_with(tmp_path, 20, "pick arrival#1 red-cross -> own slot 9")
    result = cli("--format", "json", str(path))
    assert result.returncode == 1
    found = [(d["rule"], d["line"], d["column"]) for d in json.loads(result.stdout)["diagnostics"]]
    assert found == [("record-illegal-action", line, 3)]
    assert "action 21" in json.loads(result.stdout)["diagnostics"][0]["message"]


def test_integer_action_illegal(tmp_path: Path) -> None:
    path, line = _record_with(tmp_path, 3, "99999")
    result = cli(str(path))
    assert result.returncode == 1
    assert f"rec.yaml:{line}:3: error: action 4 " in result.stdout
    assert "[record-illegal-action]" in result.stdout


def test_actions_after_the_end(tmp_path: Path) -> None:
    lines = RECORD.read_text(encoding="utf-8").splitlines()
    last = lines.index("expect:")
    lines.insert(last, "- 0")
    path = tmp_path / "rec.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = cli(str(path))
    last += 1
    assert f"rec.yaml:{last}:3: error: " in result.stdout
    assert "already over" in result.stdout and result.returncode == 1


def test_record_not_replayed_by_the_spec_layer(tmp_path: Path) -> None:
    """The spec layer never imports the engine: the API leaves action legality to the CLI."""
    path, _ = _record_with(tmp_path, 20, "garbage")
    assert validate_path(path) == []
    code = ("import sys; from pathlib import Path; from botanik_design.spec.validate import "
            f"validate_path; validate_path(Path({str(path)!r})); "
            "assert 'botanik_design.games.botanik.engine' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, timeout=60)


def test_tileset_and_variant_only_do_not_import_the_engine() -> None:
    code = ("import sys; from botanik_design.cli import main; "
            "rc = main(['validate', 'tilesets/botanik.yaml', 'spec/variants/standard.yaml']); "
            "assert rc == 0, rc; "
            "assert not {'networkx', 'textual', 'botanik_design.games.botanik.engine'}"
            " & set(sys.modules)")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, timeout=60)
