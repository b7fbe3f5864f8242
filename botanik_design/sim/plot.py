"""Score-distribution plots (matplotlib, Agg backend; PNG or SVG by extension)."""

from __future__ import annotations

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


def render_distributions(
    series: Sequence[tuple[str, Sequence[float]]],
    fmt: str,
    title: str = "Score distribution",
    xlabel: str = "score (points)",
    palette: Sequence[Any] = (),
) -> bytes:
    """The image (``fmt`` ``"png"`` or ``"svg"``) of overlaid histograms (as step
    outlines) of each ``(label, values)`` series.

    ``palette``: the tile set's palette; series ``i`` is drawn in colour ``i``
    of :func:`palette_colours` (cycling), so plots share the tiles' colours
    (empty: matplotlib's default colours).  Integer data use unit-wide bins
    centred on the values.  The image carries no date or software stamp, so
    equal data give equal bytes.  Raises ``ValueError`` for another format.
    """
    import io

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    if "." + fmt not in FORMATS:
        raise ValueError(f"plot format must be PNG or SVG (.png/.svg), not {fmt!r}")
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
        out = io.BytesIO()
        metadata = {"Date": None} if fmt == "svg" else {"Software": None}
        fig.savefig(out, format=fmt, metadata=metadata)
        return out.getvalue()
    finally:
        plt.close(fig)


def plot_format(path: str | Path) -> str:
    """``"png"`` or ``"svg"`` from ``path``'s extension; ``ValueError`` for another."""
    ext = Path(path).suffix.lower()
    if ext not in FORMATS:
        raise ValueError(f"{path}: plot format must be PNG or SVG (.png/.svg), not {ext!r}")
    return ext[1:]


def plot_distributions(
    series: Sequence[tuple[str, Sequence[float]]],
    path: str | Path,
    title: str = "Score distribution",
    xlabel: str = "score (points)",
    palette: Sequence[Any] = (),
) -> Path:
    """Write :func:`render_distributions` to ``path`` (format by extension), atomically
    (:func:`~botanik_design.spec.atomic.write_bytes_atomic`: never half-written, no
    temporary file left behind).  Raises ``ValueError`` for another extension and
    ``OSError`` (naming ``path``) when it cannot be written.  Returns the path.
    """
    from botanik_design.spec.atomic import write_bytes_atomic

    fmt = plot_format(path)
    write_bytes_atomic(path, render_distributions(series, fmt, title, xlabel, palette))
    return Path(path)
