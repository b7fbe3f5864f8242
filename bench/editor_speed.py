"""Tile-set editor speed with 500 tile definitions (the schema's maximum): ms per key.

Usage: ``python bench/editor_speed.py [--keys 30]``

* Document: one keystroke in a field of a tile in the middle of the list
  (``TilesetDocument.set_field`` of its label, one character more each time), and
  one ``+`` on its copies.  Baseline in the same run: serialising the whole
  document once (``_dump``), which is what every key cost before the document
  was updated in place (issue 15 item 4).
* App (80x24 and 120x40): the time from a key to its frame (the first screen
  update Textual composes after it; later ones show the background validation's
  answer) for typing into the label field, ``+`` on the table, and ``down`` (the
  next tile), validation in the background as in use.
* Issue 15's target: under 50 ms per key; the last line says whether it is met.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import tempfile
import time
from pathlib import Path

from frames import record_frames  # bench/frames.py: the script's folder is on sys.path
from textual.widgets import DataTable, Input

from botanik_design.tui.botanik.editor.app import EditorApp
from botanik_design.tui.botanik.editor.document import TilesetDocument

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 0.050


def big_tileset(n: int = 500) -> str:
    """``botanik.yaml`` with its tile lines repeated (new ids) to ``n`` tile definitions,
    comments and all."""
    text = (ROOT / "tilesets" / "botanik.yaml").read_text(encoding="utf-8")
    head, body = text.split("tiles:\n", 1)
    lines = [ln for ln in body.splitlines() if ln.strip()]
    tiles = [ln for ln in lines if ln.lstrip().startswith("- {id:")]
    out = [head + "tiles:"]
    k = 0
    while k < n:
        for line in lines:
            if k >= n:
                break
            if line.lstrip().startswith("- {id:"):
                out.append(re.sub(r"id: ([\w-]+)", rf"id: \1-{k}", line))
                k += 1
            else:
                out.append(line)
    assert len(tiles) > 0
    return "\n".join(out) + "\n"


def document_times(text: str, keys: int) -> tuple[float, float, float]:
    """Seconds per label key, per ``+``, and per whole-document dump (the baseline)."""
    doc = TilesetDocument(Path("big.yaml"), text)
    middle = len(doc) // 2
    start = time.perf_counter()
    for i in range(keys):
        doc.set_field(middle, "label", "x" * (i + 1))
    per_key = (time.perf_counter() - start) / keys
    start = time.perf_counter()
    for _ in range(keys):
        doc.add_copies(middle, 1)
    per_plus = (time.perf_counter() - start) / keys
    start = time.perf_counter()
    for _ in range(max(3, keys // 5)):
        doc._dump(doc.data)
    per_dump = (time.perf_counter() - start) / max(3, keys // 5)
    return per_key, per_plus, per_dump


async def frame_times(path: Path, keys: int,
                      size: tuple[int, int] = (120, 40)) -> dict[str, float]:
    """Mean seconds from a key to its frame, per kind of key, in the editor app."""
    app = EditorApp(TilesetDocument.open(path, name=path.name))
    out: dict[str, float] = {}
    async with app.run_test(size=size) as pilot:
        await pilot.pause(0.5)
        frames = record_frames(app)

        async def press(key: str) -> float | None:
            start = time.perf_counter()
            await app._press_keys([key])
            await pilot.pause()
            after = [f for f in frames if f > start]
            # the key's own frame; later ones show the background validation's answer
            return after[0] - start if after else None

        async def mean(pressed: list[str]) -> float:
            took = [t for k in pressed if (t := await press(k)) is not None]
            return sum(took) / max(1, len(took))

        table = app._main.query_one("#tiles", DataTable)
        table.move_cursor(row=len(app.doc) // 2)
        await pilot.pause()
        out["down (next tile)"] = await mean(["down"] * keys)
        out["+ (one copy more)"] = await mean(["plus"] * keys)
        field = app._main.query_one("#f-label", Input)
        field.focus()
        await pilot.pause()
        out["a character in the label field"] = await mean(["x"] * keys)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=30)
    args = parser.parse_args()
    text = big_tileset()
    per_key, per_plus, per_dump = document_times(text, args.keys)
    print(f"document with {TilesetDocument(Path('x.yaml'), text).__len__()} tile definitions, "
          f"{len(text.splitlines())} lines:")
    print(f"  whole-document dump (the old cost of every key): {per_dump * 1000:.1f} ms")
    print(f"  a key in a field: {per_key * 1000:.2f} ms (ratio to a dump "
          f"{per_key / per_dump:.3f})")
    print(f"  + on copies: {per_plus * 1000:.2f} ms (ratio {per_plus / per_dump:.3f})")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.yaml"
        path.write_text(text, encoding="utf-8")
        worst = 0.0
        for size in ((80, 24), (120, 40)):
            frames = asyncio.run(frame_times(path, args.keys, size))
            print(f"editor app, {size[0]}x{size[1]}, key to frame:")
            for what, seconds in frames.items():
                print(f"  {what}: {seconds * 1000:.1f} ms")
            worst = max(worst, *frames.values())
    print(f"slowest key {worst * 1000:.1f} ms (< {LIMIT * 1000:.0f} ms: "
          f"{'yes' if worst < LIMIT else 'NO'})")


if __name__ == "__main__":
    main()
