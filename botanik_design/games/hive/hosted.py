"""Hive's part of hosted games (its entry's ``records``, read by
:mod:`botanik_design.remote.records`): a Hive record is checked and replayed by
:func:`~botanik_design.games.hive.files.replay_record` and written by
:func:`~botanik_design.games.hive.files.hive_record_data`.  A Hive game takes its pieces
from its variant: no reference beside it (no ``MATERIAL``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from botanik_design.games.base import State


def load(path: Path, data: dict[str, Any]) -> tuple[State, dict[str, Any]]:
    """Check and replay the Hive record ``path`` (read as ``data``): ``(state, refs)``.
    Raises ``ValueError`` with the diagnostics."""
    from botanik_design.games.hive.files import replay_record
    from botanik_design.spec.session import Session

    session = Session()
    doc = session.read_source(path, str(path))
    problems = [d for d in session.check(doc) if d.level == "error"]
    if doc.kind != "hive-record" or problems:
        raise ValueError("\n".join(d.format() for d in problems) or f"{path}: not a record")
    state, problems = replay_record(session, doc)
    if problems:
        raise ValueError("\n".join(d.format() for d in problems))
    return state, {"variant": str(data["variant"]), "seed": 0}


def record_data(state: Any, name: str, refs: dict[str, Any]) -> dict[str, Any]:
    """The record (schema ``hive-record``) of the game so far, without play-test fields."""
    from botanik_design.games.hive.files import hive_record_data

    return hive_record_data(state, name, str(refs["variant"]))
