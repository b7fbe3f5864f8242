"""Pages in millimetres and their files (PDF, SVG, PNG), written atomically.

:func:`new_page` makes a matplotlib figure the size of the paper whose single
axes fills it with data units of 1 mm (origin lower left, y up), so whatever is
drawn at a size in mm has that size on paper, in every format.

:func:`write_pages` writes one or more pages: a PDF holds them all; an SVG or
PNG holds one page, so several pages go to ``NAME-1.svg``, ``NAME-2.svg``...
Every file is written in full beside its target, then all are renamed
together (:class:`~botanik_design.spec.atomic.OutputSet`): on any error no
file is changed and no temporary file is left (nor after a kill: the next
write into the folder removes it).
Files carry no timestamps (the same input gives the same bytes).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import matplotlib
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from botanik_design.draw.paths import check_target, page_paths
from botanik_design.spec.atomic import OutputSet

DEFAULT_DPI = 150


def new_page(width: float, height: float) -> tuple[Figure, Axes]:
    """A figure of ``width`` x ``height`` mm and its axes in mm (no frame, no ticks)."""
    fig = Figure(figsize=(width / 25.4, height / 25.4))
    ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(0, width)
    ax.set_ylim(0, height)
    ax.set_axis_off()
    return fig, ax


_RC: dict[str, Any] = {"svg.hashsalt": "botanik-design", "pdf.fonttype": 3, "svg.fonttype": "path"}


def write_pages(figures: Sequence[Figure] | Iterable[Figure], path: Path, *,
                dpi: int = DEFAULT_DPI, title: str = "", count: int | None = None) -> list[Path]:
    """Write ``figures`` to ``path`` (format by extension); returns the files written.

    ``figures`` may be a lazy iterable (each page is drawn, written and dropped
    in turn) when ``count`` gives the number of pages.

    Raises :class:`~botanik_design.draw.paths.OutputError` (an ``OSError``) for a
    bad name or folder and ``OSError`` (naming the file) when writing fails; no
    file is then left behind or changed.
    """
    from matplotlib.backends.backend_pdf import PdfPages

    fmt = check_target(path)
    if count is None:
        figures = list(figures)
        count = len(figures)
    targets = page_paths(path, count)
    with matplotlib.rc_context(_RC), OutputSet() as out:  # type: ignore[arg-type]
        if fmt == "pdf":
            info = {"Creator": "botanik-design", "Title": title, "CreationDate": None}
            with out.open_binary(path) as handle, PdfPages(handle, metadata=info) as pdf:
                for fig in figures:
                    pdf.savefig(fig)
        else:
            for fig, target in zip(figures, targets, strict=True):
                meta: dict[str, str | None] = (
                    {"Date": None} if fmt == "svg" else {"Software": None}
                )
                if title and fmt == "svg":
                    meta["Title"] = title
                with out.open_binary(target) as handle:
                    fig.savefig(handle, format=fmt, dpi=dpi, metadata=meta)
    return targets
