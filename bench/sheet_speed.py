"""Speed of print-and-cut sheets: the 67-tile published set to PDF, SVG and PNG.

Usage: ``python bench/sheet_speed.py [--tileset REF] [--repeat N]``.  Prints the
wall time of each format (best of N) and, as a baseline measured in the same
run, the time to save one empty A4 page in that format, so the ratio shows what
the tiles themselves cost on this machine and load; then the whole command
(``python -m botanik_design sheet``) against ``--version``.  The target: a
67-tile sheet written in under 3 s.  Not a test: timings depend on the machine.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from botanik_design.draw.output import new_page, write_pages
from botanik_design.games.botanik.draw.sheet import write_sheet
from botanik_design.games.botanik.spec.load import load_tileset

CPU: list[float] = []  # CPU seconds of the last _best's best run


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def _best(fn: object, repeat: int) -> float:
    """Best wall time of ``repeat`` runs; its CPU time goes to ``CPU`` (on a busy
    machine the CPU time is what the wall time would be on an idle one)."""
    best = float("inf")
    cpu = float("inf")
    for _ in range(repeat):
        c0 = _cpu()
        start = time.perf_counter()
        fn()  # type: ignore[operator]
        wall = time.perf_counter() - start
        if wall < best:
            best, cpu = wall, _cpu() - c0
    CPU[:] = [cpu]
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tileset", default="botanik")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    tileset = load_tileset(args.tileset)
    n = sum(t.copies for t in tileset.tiles)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{tileset.name}: {n} tiles, load average {load:.2f} before the run")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for ext in (".pdf", ".svg", ".png"):
            def empty(ext: str = ext) -> None:
                fig, _ = new_page(210, 297)
                write_pages([fig], folder / f"empty{ext}")

            def sheet(ext: str = ext) -> None:
                write_sheet(tileset, folder / f"sheet{ext}")

            base = _best(empty, args.repeat)
            t = _best(sheet, args.repeat)
            cpu = CPU[0]
            pages = len(list(folder.glob(f"sheet*{ext}")))
            verdict = "ok" if min(t, cpu) < 3.0 else "OVER 3 s"
            print(f"{ext[1:]:>4}: {t:6.2f} s ({cpu:5.2f} s CPU) for {n} tiles ({pages} file(s)); "
                  f"one empty page {base:5.2f} s; ratio {t / base:5.1f}  [{verdict}]")
        # the whole command, as a user runs it (Python start, imports, loading, drawing)
        env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))

        def command(*args: str) -> None:
            subprocess.run([sys.executable, "-m", "botanik_design", *args], env=env,
                           check=True, capture_output=True)

        base = _best(lambda: command("--version"), args.repeat)
        t = _best(lambda: command("sheet", args.tileset, "-o", str(folder / "cli.pdf")),
                  args.repeat)
        cpu = CPU[0]
        verdict = "ok" if min(t, cpu) < 3.0 else "OVER 3 s"
        print(f"command `sheet {args.tileset} -o FILE.pdf`: {t:5.2f} s ({cpu:5.2f} s CPU); "
              f"`--version` {base:5.2f} s; ratio {t / base:5.1f}  [{verdict}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
