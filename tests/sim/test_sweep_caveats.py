"""Sweeps say when their bots cannot judge balance, in every report, as `simulate` does;
the bundled example sweeps and the README's use bots that can."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from botanik_design.cli import main
from botanik_design.sim.report import mostly_random
from botanik_design.sim.sweep.output import format_text, to_csv
from botanik_design.sim.sweep.plot import sweep_title as plot_title
from botanik_design.spec.load import load_sweep

ROOT = Path(__file__).parents[2]

SPEC = """\
sweep: weak
base: {variant: standard, tileset: quick-3}
axes:
  - option: flower_points
    values: [1, 2]
bots: BOTS
games: 6
"""


@pytest.mark.parametrize(("bots", "codes"), [
    ("random,random", ["random-bot", "low-score"]),
    ("greedy,random", ["random-bot"]),
    ("greedy:epsilon=0.6,greedy", ["random-bot"]),
    ("greedy,greedy", []),
])
def test_every_sweep_report_carries_the_caveats(tmp_path: Path, bots: str,
                                                codes: list[str]) -> None:
    spec = tmp_path / "weak.yaml"
    spec.write_text(SPEC.replace("BOTS", bots))
    out = tmp_path / "r.json"
    assert main(["sweep", str(spec), "-q", "--format", "json", "-o", str(out),
                 "--plot", str(tmp_path / "r.svg")]) == 0
    report = json.loads(out.read_text())
    got = [c["code"] for c in report["caveats"]]
    assert got[:len(codes)] == codes and set(got) <= {*codes, "low-score", "many-draws"}
    text, table, title = format_text(report), to_csv(report), plot_title(report)
    header = [line for line in table.splitlines() if line.startswith("#")]
    assert f"bots A = {bots.split(',')[0]}" in text and bots.split(",")[0] in title
    if codes:
        assert "Too weak to judge balance:" in text
        assert header and all("too weak to judge balance" in h for h in header)
        assert "caveats: " in title and "random" in title
        assert all(c in " ".join(e["caveats"]) for e in report["points"] for c in codes)
    else:
        assert "Too weak" not in text and not header and "random" not in title
    assert "caveats" in table.splitlines()[len(header)].split(",")


def test_bundled_example_sweeps_use_bots_that_can_judge() -> None:
    files = sorted((ROOT / "examples/sweeps").glob("*.yaml"))
    assert len(files) >= 3
    for path in files:
        sweep = load_sweep(path)
        assert not any(mostly_random(b) for b in sweep.bots), path.name


def test_the_guide_sweep_example_uses_bots_that_can_judge() -> None:
    guide = (ROOT / "docs/guides/sweep.md").read_text()
    block = guide.split("```yaml\nsweep: registre-3-bonus", 1)[1].split("```", 1)[0]
    [bots] = re.findall(r"^bots: (\S+)", block, re.M)
    assert not any(mostly_random(b) for b in bots.split(","))
