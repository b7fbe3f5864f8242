"""Parsed spec files remembered between runs, so a run on unchanged files skips PyYAML.

Importing PyYAML and reading a file event by event (:mod:`.yamlread`) is a large part
of a short command's start-up.  When :func:`~.yamlread.read_yaml` reads a file's bytes
with no problem at all (no diagnostic, not even a warning), :func:`read` keeps its
answer, the data and the line and column of every node, in a file named by the digest
of (:data:`VERSION`, the reader's own source, PyYAML's version file, the bytes); the
next read of the same bytes gives that answer back without PyYAML.  A file with any
problem is never kept, so every problem is found and worded by the reader itself
(``file:line:col``), and a later check that finds a problem in a remembered document
has the same positions to name.

An entry is one file: the SHA-256 of its body, a line break, and the body (JSON).  It
is trusted only when the digest matches the body and the body is exactly what
:func:`_entry` writes for that key: a truncated, corrupt or foreign entry is ignored
(the file is read again and the entry rewritten).  Entries are written atomically
(:mod:`.atomic`: a temporary file renamed into place), so a process killed while
writing, or two processes writing the same entry, never leave a half-written one; they
are not flushed to the disk first (no ``fsync`` wait on a first run over many files):
an entry a power cut left short fails its digest and is read again.

The folder is ``parsed`` in the schema verdicts' folder (:func:`.verdicts.folder`;
``BOTANIK_DESIGN_CACHE=off`` keeps nothing), at most :data:`LIMIT` entries.  A folder
that cannot be written is ignored.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from botanik_design.spec import verdicts
from botanik_design.spec.digest import sha256
from botanik_design.spec.positions import Path as NodePath
from botanik_design.spec.positions import Pos, Positions
from botanik_design.spec.yamldata import ReadResult

__all__ = ["VERSION", "folder", "key_of", "read"]

#: Changes when the reader may read the same bytes differently (its source and PyYAML's
#: version are part of every key as well).
VERSION = "1"

#: Entries kept at most: writing one more than this removes the least recently written
#: quarter (an editor's every save is new content, so the folder would grow without end).
LIMIT = 512


def folder() -> Path | None:
    """Where parsed files are kept, or ``None`` (``BOTANIK_DESIGN_CACHE=off``)."""
    where = verdicts.folder()
    return None if where is None else where / "parsed"


@cache
def _reader_stamp() -> bytes:
    """The digest of what decides how bytes are read and entries written: :data:`VERSION`,
    the source of this module and of the reader, and PyYAML's ``__init__.py`` (which holds
    its version)."""
    here = Path(__file__).resolve().parent
    parts = [VERSION.encode()]
    found = find_spec("yaml")
    files = [here / name for name in ("parsed.py", "yamlread.py", "yamldata.py",
                                      "positions.py")]
    if found is not None and found.origin:
        files.append(Path(found.origin))
    for file in files:
        try:
            parts.append(file.read_bytes())
        except OSError:
            parts.append(b"?")
    return sha256(b"\0".join(parts)).digest()


def key_of(raw: bytes) -> str:
    """The name of the entry of a file whose bytes are ``raw``."""
    return sha256(_reader_stamp() + raw).hexdigest()


def _plain(value: Any, seen: set[int]) -> bool:
    """Whether ``value`` is JSON data that reads back equal and alike: maps with text keys,
    lists, text, ints, finite floats, booleans and ``None``, of exactly those types (no
    :class:`~.yamldata.Rejected` text), with no map or list reached twice (an alias)."""
    kind = type(value)
    if value is None or kind in (str, bool, int):
        return True
    if kind is float:
        return bool(value == value and value not in (float("inf"), float("-inf")))
    if kind is list or kind is dict:
        if id(value) in seen:
            return False
        seen.add(id(value))
        if kind is list:
            return all(_plain(v, seen) for v in value)
        return all(type(k) is str and _plain(v, seen) for k, v in value.items())
    return False


#: The types a node's path holds: mapping keys and sequence indices.
_STEP_TYPES = frozenset({str, int})


def _table(rows: Any) -> dict[NodePath, Pos] | None:
    """``[[path, line, column], ...]`` as a positions table; ``None`` when malformed."""
    if type(rows) is not list:
        return None
    out: dict[NodePath, Pos] = {}
    steps = _STEP_TYPES.__contains__
    for row in rows:
        if type(row) is not list or len(row) != 3:
            return None
        path, line, col = row
        if type(path) is not list or type(line) is not int or type(col) is not int \
                or line < 1 or col < 1 or not all(map(steps, map(type, path))):
            return None
        out[tuple(path)] = (line, col)
    return out if len(out) == len(rows) else None


def _rows(table: dict[NodePath, Pos]) -> list[list[Any]]:
    return [[list(path), line, col] for path, (line, col) in table.items()]


def _entry(key: str, size: int, result: ReadResult) -> bytes:
    """The bytes of the entry for ``result`` read from ``size`` bytes named ``key``."""
    body = json.dumps({"version": VERSION, "key": key, "size": size, "data": result.data,
                       "values": _rows(result.positions.values),
                       "keys": _rows(result.positions.keys)},
                      ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()
    return sha256(body).hexdigest().encode() + b"\n" + body


def _refuse_constant(name: str) -> Any:
    raise ValueError(name)  # NaN, Infinity: never written, so never trusted


def _load(path: Path, key: str, size: int) -> ReadResult | None:
    """The remembered reading in the entry at ``path``, or ``None`` when there is none or
    it is not exactly a well-formed entry for ``key`` (of a file of ``size`` bytes)."""
    try:
        blob = path.read_bytes()
    except OSError:
        return None
    digest, _, body = blob.partition(b"\n")
    if sha256(body).hexdigest().encode() != digest:
        return None
    try:
        entry = json.loads(body, parse_constant=_refuse_constant)
    except ValueError:  # also UnicodeDecodeError
        return None
    if type(entry) is not dict or set(entry) != {"version", "key", "size", "data", "values",
                                                  "keys"}:
        return None
    if entry["version"] != VERSION or entry["key"] != key or entry["size"] != size \
            or type(entry["data"]) is not dict:
        return None
    values, keys = _table(entry["values"]), _table(entry["keys"])
    if values is None or keys is None:
        return None
    return ReadResult(entry["data"], Positions(values, keys), [], usable=True)


def _keep(where: Path, key: str, size: int, result: ReadResult) -> None:
    """Write the entry of a clean reading (quietly nothing when it cannot be written)."""
    from botanik_design.spec.atomic import write_bytes_atomic

    try:
        blob = _entry(key, size, result)
    except (TypeError, ValueError):  # pragma: no cover - _plain admitted only JSON data
        return
    try:
        where.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(where / key, blob, durable=False)  # checked when read
    except OSError:
        return
    _prune(where)


def _prune(where: Path) -> None:
    """Keep at most :data:`LIMIT` entries: over it, remove the least recently written
    quarter (quietly: another process may be removing or writing the same ones; a
    reader that loses an entry reads the file again)."""
    import os

    try:
        with os.scandir(where) as found:
            entries = [e for e in found if len(e.name) == 64 and e.is_file()]
        if len(entries) <= LIMIT:
            return
        dated = []
        for e in entries:
            try:
                dated.append((e.stat().st_mtime_ns, e.path))
            except OSError:
                continue
    except OSError:
        return
    dated.sort()
    for _, path in dated[:len(dated) - LIMIT * 3 // 4]:
        try:
            os.unlink(path)
        except OSError:
            continue


def read(source: bytes | str, name: str) -> ReadResult:
    """:func:`~.yamlread.read_yaml` of ``source`` (``name`` names it in diagnostics), given
    back from the folder when these bytes were read before without a problem.

    Only bytes (a file's content) are remembered; text is always read.  Never raises for
    bad input (as :func:`~.yamlread.read_yaml`), nor for a folder that cannot be used.
    """
    where = folder() if isinstance(source, bytes) else None
    if where is None or not isinstance(source, bytes):
        from botanik_design.spec.yamlread import read_yaml

        return read_yaml(source, name)
    key = key_of(source)
    found = _load(where / key, key, len(source))
    if found is not None:
        return found
    from botanik_design.spec.yamlread import read_yaml

    result = read_yaml(source, name)
    if result.usable and not result.diagnostics and _plain(result.data, set()):
        _keep(where, key, len(source), result)
    return result
