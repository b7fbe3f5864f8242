"""Clean schema verdicts remembered between runs, so a run on known files skips jsonschema.

Importing jsonschema and building its validators is most of a command's start-up
(``bench/startup.py``).  When :func:`~.schema_check.check_schema` finds no problem in a
document and changes nothing in it, :func:`remember` leaves an empty file named by the
digest of (:data:`VERSION`, the kind, the schema's text, the document's data as
canonical JSON) in the cache folder; :func:`known_clean` finds it the next time the same
document is checked against the same schema, and the check is skipped: its answer
would be the same (no diagnostics, no change).  Only clean verdicts are kept, so every
problem is always found and worded by the full check.

The folder is ``$BOTANIK_DESIGN_CACHE`` when set (``off``: remember nothing), else
``$XDG_CACHE_HOME/botanik-design/schema-ok`` (``~/.cache`` when that is unset).  A folder
that cannot be written is ignored; a marker is an empty file, never half-written.
"""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path
from typing import Any

from botanik_design.spec.digest import sha256

__all__ = ["VERSION", "folder", "key_of", "known_clean", "remember"]

#: Changes when the schema check may judge an unchanged document and schema differently.
VERSION = "1"


def folder() -> Path | None:
    """Where clean verdicts are kept, or ``None`` (``BOTANIK_DESIGN_CACHE=off``)."""
    own = os.environ.get("BOTANIK_DESIGN_CACHE")
    if own is not None:
        return None if own in ("", "off") else Path(own)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "botanik-design" / "schema-ok"


def _plain(value: Any) -> bool:
    """Whether ``value`` is JSON data that canonical JSON text tells apart exactly: maps
    with text keys, lists, text, ints, finite floats, booleans and ``None``."""
    if value is None or isinstance(value, str | bool | int):
        return True
    if isinstance(value, float):
        return value == value and value not in (float("inf"), float("-inf"))
    if isinstance(value, list):
        return all(_plain(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v) for k, v in value.items())
    return False


@cache
def _schema_text(kind: str, schema_json: str) -> str:
    return sha256(f"{VERSION}\0{kind}\0{schema_json}".encode()).hexdigest()


def key_of(kind: str, schema: dict[str, Any], data: Any) -> str | None:
    """The verdict's name for ``data`` checked against ``schema`` (of ``kind``), or
    ``None`` when ``data`` is not plain JSON data (never remembered)."""
    if not _plain(data):
        return None
    schema_part = _schema_text(kind, json.dumps(schema, sort_keys=True, allow_nan=False))
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"),
                      allow_nan=False)
    return sha256(f"{schema_part}\0{text}".encode()).hexdigest()


def known_clean(key: str | None) -> bool:
    """Whether a clean verdict named ``key`` is kept."""
    where = folder()
    return key is not None and where is not None and (where / key).is_file()


def remember(key: str | None) -> None:
    """Keep the clean verdict ``key`` (quietly nothing when the folder cannot be written)."""
    where = folder()
    if key is None or where is None:
        return
    try:
        where.mkdir(parents=True, exist_ok=True)
        (where / key).touch()
    except OSError:
        return
