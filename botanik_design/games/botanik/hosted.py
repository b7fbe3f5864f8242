"""Botanik's part of hosted games (its entry's ``records``, read by
:mod:`botanik_design.remote.records`): a record is read and replayed by
:mod:`~botanik_design.games.botanik.engine.record` and written by its
:func:`~botanik_design.games.botanik.engine.record.record_data` (as ``play --record``
does); a game may be hosted on another tile set than its variant's (``MATERIAL``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from botanik_design.games.base import State

#: The reference key a hosted game takes beside its variant (``host --tileset``).
MATERIAL = "tileset"


def load(path: Path, data: dict[str, Any]) -> tuple[State, dict[str, Any]]:
    """Replay the record ``path`` (read as ``data``): ``(state, refs)``, the refs as the
    file writes them (``variant``, ``seed``, ``tileset`` and ``options`` when given).
    Raises ``ValueError`` naming the file and the problem."""
    from botanik_design.games.botanik.engine.errors import RecordError
    from botanik_design.games.botanik.engine.record import load_record, replay

    try:
        record = load_record(path)
        state = record.new_game()
        for _ in replay(record, state):
            pass
    except RecordError as exc:
        raise ValueError(str(exc)) from None
    refs: dict[str, Any] = {"variant": str(data["variant"]), "seed": record.seed}
    if data.get("tileset"):
        refs["tileset"] = str(data["tileset"])
    if data.get("options"):
        refs["options"] = dict(data["options"])
    return state, refs


def record_data(state: Any, name: str, refs: dict[str, Any]) -> dict[str, Any]:
    """The record (schema ``record``) of the game so far, without play-test fields."""
    from botanik_design.games.botanik.engine.record import record_data as data_of

    data = data_of(state, name, str(refs.get("tileset", "")), str(refs["variant"]))
    if "tileset" not in refs:
        del data["tileset"]
    if refs.get("options"):
        data = {**{k: v for k, v in data.items() if k != "actions"},
                "options": dict(refs["options"]), "actions": data["actions"]}
    return data
