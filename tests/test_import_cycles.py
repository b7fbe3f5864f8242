"""No import loops in the package (module level or inside functions), and the
import-linter contracts of ``pyproject.toml`` (layers, textual only in the TUI) hold."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import grimp
import networkx as nx

ROOT = Path(__file__).resolve().parents[1]

#: Loops whose removal is under way elsewhere (none now).  Nothing else may loop.
KNOWN_LOOPS: list[list[str]] = []


def _module_graph() -> nx.DiGraph:
    graph = grimp.build_graph("botanik_design", exclude_type_checking_imports=True,
                              cache_dir=None)
    g = nx.DiGraph()
    for m in graph.modules:
        g.add_node(m)
        for dep in graph.find_modules_directly_imported_by(m):
            if dep != m and not m.startswith(dep + "."):  # a module importing its package
                g.add_edge(m, dep)
    return g


def test_no_import_cycles_between_modules() -> None:
    g = _module_graph()
    loops = [sorted(c) for c in nx.strongly_connected_components(g) if len(c) > 1]
    assert [c for c in loops if c not in KNOWN_LOOPS] == [], f"import loops: {loops}"


def test_the_cycle_check_finds_a_loop() -> None:
    g = _module_graph()
    # a made-up import:
    g.add_edge("botanik_design.games.botanik.model.sides",
               "botanik_design.games.botanik.engine.state")
    loops = [c for c in nx.strongly_connected_components(g) if len(c) > 1]
    assert any("botanik_design.games.botanik.model.sides" in c for c in loops)


def test_import_linter_contracts_hold() -> None:
    exe = Path(sys.executable).with_name("lint-imports")
    out = subprocess.run([str(exe), "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    assert "0 broken" in out.stdout
