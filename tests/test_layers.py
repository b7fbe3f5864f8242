"""Layering: lower layers never import higher ones; only the TUI imports textual."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parents[1] / "botanik_design"

#: Layer rank of each top-level sub-package; a module may import only ranks <= its own.
RANK = {
    "model": 0, "spec": 1, "games": 2, "engine": 2, "bots": 3, "sim": 3, "draw": 3,
    "cli": 4, "tui": 4,
}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def _modules() -> list[Path]:
    return sorted(p for p in PKG.rglob("*.py") if "__pycache__" not in p.parts)


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PKG)))
def test_no_upward_import(path: Path) -> None:
    rel = path.relative_to(PKG).parts
    own = rel[0] if len(rel) > 1 else None
    if own not in RANK:
        return
    for name in _imports(path):
        parts = name.split(".")
        if parts[0] == "textual":
            assert own == "tui", f"{path} imports textual (only botanik_design.tui may)"
        if parts[0] == "botanik_design" and len(parts) > 1 and parts[1] in RANK:
            assert RANK[parts[1]] <= RANK[own] or parts[1] == own, (
                f"{path.relative_to(PKG)} ({own}) imports {name} (a higher layer)"
            )


def test_engine_and_validator_never_load_textual() -> None:
    code = (
        "import sys, importlib\n"
        "for m in ('botanik_design.model', 'botanik_design.spec', 'botanik_design.engine',"
        " 'botanik_design.cli'):\n"
        "    try:\n"
        "        importlib.import_module(m)\n"
        "    except ModuleNotFoundError as e:\n"
        "        if e.name != m: raise\n"
        "bad = sorted(k for k in sys.modules if k == 'textual' or k.startswith('textual.'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_cli_parser_loads_neither_networkx_nor_textual() -> None:
    code = (
        "import sys\n"
        "from botanik_design.cli import build_parser\n"
        "build_parser()\n"
        "print(sorted(k for k in sys.modules\n"
        "             if k.split('.')[0] in ('networkx', 'textual', 'matplotlib')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
