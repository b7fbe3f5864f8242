"""Output file names and checks made before drawing (pure Python, no matplotlib).

A PDF holds every page; an SVG or PNG holds one page, so several pages of
``NAME.svg`` are written to ``NAME-1.svg``, ``NAME-2.svg``...
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from botanik_design.model.words import noun

#: File formats by extension.
FORMATS: dict[str, str] = {".pdf": "pdf", ".svg": "svg", ".png": "png"}


class OutputError(OSError):
    """An output path that cannot be written (unknown format, folder, missing folder...)."""


def format_of(path: Path, allowed: Sequence[str] = (".pdf", ".svg", ".png")) -> str:
    """The format named by ``path``'s extension; :class:`OutputError` for another one."""
    ext = path.suffix.lower()
    if ext not in allowed:
        raise OutputError(f"{path}: the file name must end in {' or '.join(allowed)}")
    return FORMATS[ext]


def check_target(path: Path, allowed: Sequence[str] = (".pdf", ".svg", ".png")) -> str:
    """Refuse, before any drawing, a path that is a folder, has an unknown extension,
    or lies in a missing or unwritable folder (:class:`OutputError` with a clear
    message).  Returns the format."""
    if path.is_dir():
        raise OutputError(f"{path}: is a folder; give a file name")
    fmt = format_of(path, allowed)
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise OutputError(f"{path}: no such folder {str(folder)!r}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputError(f"{path}: the folder {str(folder)!r} is not writable")
    return fmt


def page_paths(path: Path, pages: int) -> list[Path]:
    """The files written for ``pages`` pages of ``path`` (the PDF itself, or the one
    image, or ``NAME-1.ext`` ... ``NAME-N.ext``)."""
    if FORMATS.get(path.suffix.lower()) == "pdf" or pages == 1:
        return [path]
    return [path.with_name(f"{path.stem}-{k}{path.suffix}") for k in range(1, pages + 1)]


def files_text(files: Sequence[Path]) -> str:
    """The files written, for a summary line: all of them, or the first and the last and
    how many when there are more than four."""
    if len(files) > 4:
        return f"{files[0]} ... {files[-1]} ({len(files)} {noun(len(files), 'file')})"
    return ", ".join(str(f) for f in files)
