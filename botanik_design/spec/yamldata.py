"""What reading a YAML spec file gives back, without PyYAML.

:func:`~.yamlread.read_yaml` (which needs PyYAML) returns a :class:`ReadResult`;
:mod:`.parsed` gives the same record back for a file it has remembered, so the
modules that only look at a result (:mod:`.session`) need not import the reader.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from botanik_design.spec.diagnostics import Diagnostic
from botanik_design.spec.positions import Path, Positions

__all__ = ["MAX_BYTES", "ReadResult", "Rejected", "rejected_paths"]

#: Largest file accepted, in bytes.
MAX_BYTES = 4 * 1024 * 1024


class Rejected(str):
    """A scalar the reader refused (its diagnostic is recorded): kept as its text."""


def rejected_paths(data: Any) -> set[Path]:
    """Paths of every :class:`Rejected` value in ``data`` (aliases and merges included)."""
    found: set[Path] = set()
    todo: list[tuple[Path, Any]] = [((), data)]
    while todo:
        path, value = todo.pop()
        if isinstance(value, Rejected):
            found.add(path)
        elif isinstance(value, dict):
            todo += [((*path, k), v) for k, v in value.items()]
        elif isinstance(value, list):
            todo += [((*path, i), v) for i, v in enumerate(value)]
    return found


@dataclass
class ReadResult:
    """What :func:`~.yamlread.read_yaml` found.

    ``data`` is the document (``None`` when unusable); ``usable`` says whether
    it is a mapping later checks may look at (it may still carry errors, e.g. a
    duplicate key); ``diagnostics`` lists the YAML-level problems.
    """

    data: Any
    positions: Positions
    diagnostics: list[Diagnostic] = field(default_factory=list)
    usable: bool = False
