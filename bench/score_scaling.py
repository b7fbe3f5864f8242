"""``score`` and ``replay`` against the size of the file: linear, like ``validate``.

Writes positions of 3,000, 6,000, 12,000 and 24,000 tiles (a square of cells
around the Source, tiles of the published set in a repeating pattern of
colours, kinds and rotations, one machine) to a temporary folder and times
``botanik-design score`` and ``botanik-design validate`` on each (whole
process, best of N runs).  Prints each time, the ratio score / validate and
how the time grows from one size to the next (2.0 per doubling is linear).
The target (issue 15, item 6) is a ratio of at most 2 at 24,000 tiles.

Usage: ``python bench/score_scaling.py [--runs N] [--sizes 3000,6000,...]``.
"""

from __future__ import annotations

import argparse
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET = 2.0
COLOURS = ("red", "yellow", "blue", "green")
KINDS = ("straight", "corner", "tee", "cross", "straight-flower", "corner-flower",
         "tee-flower", "plant", "vegetable")


def position_text(tiles: int) -> str:
    """A one-machine position of ``tiles`` tiles around the Source (cells within 127)."""
    side = math.isqrt(tiles) + 2
    half = side // 2
    assert half <= 127, "more tiles than the schema's 255 x 255 board"
    lines = [f"position: scaling {tiles}", "variant: standard", "tileset: botanik",
             "machines:"]
    placed = 0
    first = True
    for y in range(-half, half + 1):
        for x in range(-half, half + 1):
            if (x, y) == (0, 0) or placed == tiles:
                continue
            i = (x * 7 + y * 13) % 1000
            tile = f"{COLOURS[(x // 3 + y // 2) % 4]}-{KINDS[i % len(KINDS)]}"
            prefix = "  - - " if first else "    - "
            first = False
            # a rotation on one tile in four: the reader's node limit (200,000) allows
            # 24,000 tiles only if most of them take the default rotation
            rot = f", rotation: {i // 4 % 4}" if i % 4 == 0 and i // 4 % 4 else ""
            lines.append(f"{prefix}{{tile: {tile}, cell: [{x}, {y}]{rot}}}")
            placed += 1
    assert placed == tiles
    return "\n".join(lines) + "\n"


def wall(args: list[str]) -> float:
    """Seconds one run of ``botanik-design *args`` takes (exit status 0 or 1 accepted)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "botanik_design", *args], cwd=ROOT, env=env,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(args)} failed ({done.returncode}): {done.stderr.decode()[-500:]}")
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per command (default 3)")
    parser.add_argument("--sizes", default="3000,6000,12000,24000",
                        help="tile counts, comma-separated")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    print(f"best of {args.runs} runs; target score / validate <= {TARGET:.1f} at the largest")
    print(f"  {'tiles':>6}  {'validate':>9}  {'score':>7}  {'ratio':>5}  {'growth':>6}")
    last: float | None = None
    ratio = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            path = Path(tmp) / f"scaling-{n}.yaml"
            path.write_text(position_text(n), encoding="utf-8")
            times = []
            for cmd in (["validate", str(path)], ["score", "--no-board", str(path)]):
                wall(cmd)
                times.append(min(wall(cmd) for _ in range(args.runs)))
            ratio = times[1] / times[0]
            growth = f"{times[1] / last:6.2f}" if last else "      "
            print(f"  {n:>6}  {times[0]:8.2f}s  {times[1]:6.2f}s  {ratio:5.2f}  {growth}")
            last = times[1]
    print(f"ratio at {sizes[-1]} tiles: {ratio:.2f} "
          f"({'within' if ratio <= TARGET else 'over'} the {TARGET:.1f} target)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
