"""The TUI package: styles ship in the wheel, no class is a monolith, no engine text parsed."""

from __future__ import annotations

import ast
import tomllib
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TUI = ROOT / "botanik_design" / "tui"


def test_every_style_sheet_ships_in_the_wheel() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    package_data = data["tool"]["setuptools"]["package-data"]
    sheets = sorted(TUI.rglob("*.tcss"))
    assert sheets
    for sheet in sheets:
        package = ".".join(sheet.parent.relative_to(ROOT).parts)
        assert any(fnmatch(sheet.name, pattern) for pattern in package_data.get(package, [])), sheet


def _bases(node: ast.ClassDef) -> str:
    return " ".join(ast.unparse(b) for b in node.bases)


def test_screens_and_apps_take_their_styles_from_tcss_files() -> None:
    """Styles of screens and apps live in ``.tcss`` files beside them; a reusable widget
    keeps its own defaults (``DEFAULT_CSS``), as Textual intends."""
    for path in TUI.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and ("Screen" in _bases(node)
                                                   or "App" in _bases(node)):
                for stmt in node.body:
                    if isinstance(stmt, ast.Assign) and any(
                        isinstance(t, ast.Name) and t.id in ("CSS", "DEFAULT_CSS")
                        for t in stmt.targets
                    ):
                        raise AssertionError(f"{path.name}: {node.name} has inline CSS")
