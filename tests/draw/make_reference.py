"""Regenerate tests/draw/reference/small-sheet.png (after a deliberate change to the art).

Usage: ``PYTHONPATH=. python tests/draw/make_reference.py``; look at the picture before
committing it.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

from test_draw_sheet import REFERENCE, render_reference  # noqa: E402

if __name__ == "__main__":
    REFERENCE.parent.mkdir(exist_ok=True)
    render_reference(REFERENCE, HERE / "data" / "small.yaml")
    print(f"wrote {REFERENCE}")
