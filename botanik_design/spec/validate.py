"""Validation API: :func:`validate_text`, :func:`validate_path` and :class:`Diagnostic`.

Each file goes through the strict YAML reader (:mod:`.yamlread`), kind
detection and its JSON Schema (:mod:`.schema_check`), then the checks its game
declares for the kind (semantic checks and design lint, in
``botanik_design.games.<name>.spec``), driven by a :class:`~.session.Session`.
Nothing here raises on bad input; every problem becomes a :class:`Diagnostic`.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from botanik_design.spec.diagnostics import Diagnostic, sorted_diagnostics
from botanik_design.spec.session import Doc, Session

__all__ = [
    "Diagnostic",
    "Doc",
    "Session",
    "read_checked",
    "validate_path",
    "validate_text",
    "yaml_files",
]


def yaml_files(folder: Path) -> list[Path]:
    """``*.yaml`` and ``*.yml`` files under ``folder``, recursively, sorted.

    Hidden files and folders (``.pre-commit-config.yaml``, ``.github/``) are skipped.

    Raises ``OSError`` only if ``folder`` itself cannot be listed.
    """
    found: list[Path] = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        found += [Path(root) / f for f in files
                  if f.endswith((".yaml", ".yml")) and not f.startswith(".")]
    return sorted(found)


def validate_text(text: str, name: str, kind: str | None = None,
                  base: Path | None = None) -> list[Diagnostic]:
    """Validate one document given as text; ``name`` labels the diagnostics.

    ``kind``: ``"tileset"``, ``"variant"``, ``"record"``, ``"position"`` or
    ``None`` (detect).  ``base``: folder that relative ``tileset``/``extends``
    references resolve against (default: the working directory).  Returns
    the diagnostics sorted by position; never raises on bad input.
    """
    session = Session()
    doc = session.doc_from(text, name, f"text:{name}", base, kind)
    return session.check(doc)


def read_checked(source: Path | str, name: str | None = None, kind: str | None = None,
                 base: Path | None = None) -> tuple[list[Diagnostic], dict[str, Any] | None]:
    """Check one file (a :class:`~pathlib.Path`) or text (a ``str`` labelled ``name``) as
    :func:`validate_path` / :func:`validate_text` do, and return its diagnostics (sorted)
    with the document's data, ``None`` when unreadable.

    The data is what every check saw: whole-number floats the schema takes as integers
    (``[0, 0.0]``, ``first_player: 1.0``) are ints, so that the engines read the file
    exactly as the validator judged it.  Never raises on bad input.
    """
    if isinstance(source, Path):
        if source.is_dir():
            return validate_path(source), None
        session = Session()
        doc = session.read_source(source, name or str(source), kind)
    else:
        session = Session()
        doc = session.doc_from(source, name or "<text>", f"text:{name}", base, kind)
    return sorted_diagnostics(session.check(doc)), doc.data


def validate_path(path: Path) -> list[Diagnostic]:
    """Validate a file, or every ``*.yaml``/``*.yml`` file under a folder.

    A missing path gives one ``io-missing`` diagnostic; an unreadable file an
    ``io-unreadable`` one (the other files are still checked).
    """
    session = Session()
    if path.is_dir():
        try:
            files = yaml_files(path)
        except OSError as exc:
            return [Diagnostic(str(path), None, None, "error", "io-unreadable",
                               f"cannot list the folder: {exc.strerror}")]
    elif path.exists():
        files = [path]
    else:
        return [Diagnostic(str(path), None, None, "error", "io-missing",
                           "no such file or folder")]
    out: list[Diagnostic] = []
    for f in files:
        out += session.check(session.read_source(f, str(f)))
    return sorted_diagnostics(out)
