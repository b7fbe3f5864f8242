"""Small classes: no class of the package spans more than 300 lines."""

from __future__ import annotations

import ast
from pathlib import Path

PKG = Path(__file__).resolve().parents[1] / "botanik_design"
MAX_LINES = 300


def class_sizes(root: Path) -> dict[str, int]:
    """``{"path:Class": lines}`` for every class under ``root``."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                key = f"{path.relative_to(root).as_posix()}:{node.name}"
                out[key] = (node.end_lineno or node.lineno) - node.lineno + 1
    return out


def test_no_class_over_300_lines() -> None:
    too_big = {k: n for k, n in class_sizes(PKG).items() if n > MAX_LINES}
    assert too_big == {}


def test_the_size_check_measures_classes(tmp_path: Path) -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_LINES + 5))
    (tmp_path / "big.py").write_text(f"class Big:\n{body}\n")
    assert class_sizes(tmp_path) == {"big.py:Big": MAX_LINES + 6}
