"""Score-distribution plots (matplotlib, Agg backend; PNG or SVG by extension)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

#: File extensions :func:`plot_distributions` accepts.
FORMATS = (".png", ".svg")


def palette_colours(palette: Sequence[Any]) -> list[str]:
    """Line colours from a tile set's palette (``Colour`` entries or ``#rrggbb``
    strings), in palette order, with colours too pale to read on white (relative
    luminance above 0.8) moved to the end.  Empty palette: empty list."""
    displays = [str(getattr(c, "display", c)) for c in palette]

    def pale(colour: str) -> bool:
        r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
        return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.8

    return [c for c in displays if not pale(c)] + [c for c in displays if pale(c)]


def plot_distributions(
    series: Sequence[tuple[str, Sequence[float]]],
    path: str | Path,
    title: str = "Score distribution",
    xlabel: str = "score (points)",
    palette: Sequence[Any] = (),
) -> Path:
    """Write overlaid histograms (as step outlines) of each ``(label, values)`` series.

    ``palette``: the tile set's palette; series ``i`` is drawn in colour ``i``
    of :func:`palette_colours` (cycling), so plots share the tiles' colours
    (empty: matplotlib's default colours).

    Integer data use unit-wide bins centred on the values.  The format follows
    the extension (``.png`` or ``.svg``); the file is written to a temporary
    file in the same folder and renamed, so it is never left half-written.
    Raises ``ValueError`` for another extension and ``OSError`` when the
    folder is not writable.  Returns the path written.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    out = Path(path)
    ext = out.suffix.lower()
    if ext not in FORMATS:
        raise ValueError(f"{out}: plot format must be PNG or SVG (.png/.svg), not {ext!r}")
    values = [v for _, vs in series for v in vs]
    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=100)
    try:
        if values:
            lo, hi = min(values), max(values)
            if all(float(v).is_integer() for v in values):
                step = max(1, int((hi - lo + 1) // 60) + 1)
                bins = [float(b) for b in np.arange(lo - 0.5, hi + 1.5, step)]
            else:
                bins = [float(b) for b in np.linspace(lo, hi if hi > lo else lo + 1, 41)]
            colours = palette_colours(palette)
            for k, (label, vs) in enumerate(series):
                if vs:
                    mean = sum(vs) / len(vs)
                    ax.hist(
                        list(vs), bins=bins, histtype="step", linewidth=1.6,
                        label=f"{label} (n={len(vs)}, mean {mean:.1f})",
                        color=colours[k % len(colours)] if colours else None,
                    )
            ax.legend(fontsize="small")
        ax.set_title(title)
        ax.set_xlabel(xlabel)
        ax.set_ylabel("count")
        ax.grid(alpha=0.3)
        fig.tight_layout()
        fd, tmp = tempfile.mkstemp(prefix=".plot-", suffix=ext, dir=out.parent)
        os.close(fd)
        try:
            metadata = {"Date": None} if ext == ".svg" else {"Software": None}
            fig.savefig(tmp, format=ext[1:], metadata=metadata)
            mask = os.umask(0)
            os.umask(mask)
            os.chmod(tmp, 0o666 & ~mask)
            os.replace(tmp, out)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    finally:
        plt.close(fig)
    return out
