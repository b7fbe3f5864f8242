"""The results store of a sweep: finished games, appended as they arrive.

One file per sweep, in JSON Lines:

* line 1, the header: ``{"format": FORMAT, "fingerprint": ..., "sweep": name,
  "points": P, "games": G}``; the fingerprint hashes everything that decides
  the games (game, rules of every point, bots, seed, games per point);
* then one line per finished batch: ``{"point": k, "rows": [row, ...]}``.

Each batch line is written with one ``write`` and flushed to disk
(``os.fsync``) before the next batch is recorded, so a crash or ``kill -9``
loses at most the batches still being played, and at worst leaves a
truncated last line, which :meth:`ResultStore.open` drops.  Rows are keyed by
``(point, game index)``: a batch recorded twice (a retried batch whose first
run also finished) is counted once.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from botanik_design.model.sweep import Sweep
from botanik_design.sim.rows import GameRow

FORMAT = "botanik-design/sweep-store/1"


class StoreError(Exception):
    """The store cannot be used: another sweep's file, a changed spec, unreadable."""


def _plain(value: Any) -> Any:
    """JSON-ready form of model values (dataclasses, enums, tuples)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)
                if f.name != "path"}
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, str):
        return str(value)
    return value


def fingerprint(sweep: Sweep) -> str:
    """SHA-256 (hex) of what decides the games: game, every point's rules and
    coordinates, bots, seed and games per point.  Report-only fields (title,
    metrics, target) do not count."""
    doc = {
        "game": sweep.game,
        "bots": list(sweep.bots),
        "seed": sweep.seed,
        "games": sweep.games,
        "points": [{"index": p.index, "coords": _plain(p.coords), "params": _plain(p.params)}
                   for p in sweep.all_points()],
    }
    text = json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=True,
                      allow_nan=False)
    return hashlib.sha256(text.encode()).hexdigest()


def row_to_json(row: GameRow) -> dict[str, Any]:
    """A row as a JSON object (pairs as lists)."""
    return {f.name: _plain(getattr(row, f.name)) for f in dataclasses.fields(row)}


def row_from_json(data: dict[str, Any]) -> GameRow:
    """Inverse of :func:`row_to_json`; raises ``TypeError``/``KeyError`` on other data."""
    return GameRow(**{k: _tuples(v) for k, v in data.items()})


def _tuples(value: Any) -> Any:
    """JSON lists back to the tuples rows hold (at any depth)."""
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


class ResultStore:
    """An open store: the games already done, and :meth:`append` for new ones."""

    def __init__(self, path: Path, fp: str, done: dict[int, dict[int, GameRow]]) -> None:
        self.path = path
        self.fingerprint = fp
        self.done = done
        self._file = open(path, "ab")  # noqa: SIM115 - kept open for the whole sweep

    @classmethod
    def open(cls, path: Path, sweep: Sweep, restart: bool = False) -> ResultStore:
        """Open (or create) the store of ``sweep`` at ``path``.

        An existing store of the same sweep is resumed; one with another
        fingerprint raises :class:`StoreError` unless ``restart`` (then it is
        replaced).  A truncated last line (a crash while writing) is dropped.
        Raises ``OSError`` when the file cannot be read or written.
        """
        fp = fingerprint(sweep)
        header = {"format": FORMAT, "fingerprint": fp, "sweep": sweep.name,
                  "points": len(sweep.points), "games": sweep.games}
        done: dict[int, dict[int, GameRow]] = {}
        if path.exists():
            good_end, old_header = _read(path, done)
            if old_header is None or old_header.get("format") != FORMAT:
                if path.stat().st_size > 0:  # never overwrite a file that is not a store
                    raise StoreError(f"{path}: exists and is not a sweep results store")
            elif restart:
                done = {}
            elif old_header.get("fingerprint") != fp:
                raise StoreError(
                    f"{path}: holds games of a different sweep (the spec changed since "
                    f"it was written: rules, bots, seed or games per point); rerun with "
                    f"--restart to discard them, or give another --store")
            else:
                with open(path, "r+b") as f:  # drop a torn last line
                    f.truncate(good_end)
                return cls(path, fp, done)
        tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
        try:
            with open(tmp, "wb") as f:
                f.write(_line(header))
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        finally:
            tmp.unlink(missing_ok=True)
        return cls(path, fp, {})

    def count(self) -> int:
        """Games already recorded (each ``(point, game)`` once)."""
        return sum(len(g) for g in self.done.values())

    def append(self, point: int, rows: Sequence[GameRow]) -> None:
        """Record a finished batch of ``point`` and flush it to disk."""
        fresh = [r for r in rows if r.game not in self.done.get(point, {})]
        if not fresh:
            return
        self._file.write(_line({"point": point, "rows": [row_to_json(r) for r in fresh]}))
        self._file.flush()
        os.fsync(self._file.fileno())
        bucket = self.done.setdefault(point, {})
        for r in fresh:
            bucket[r.game] = r

    def close(self) -> None:
        """Close the file (idempotent)."""
        if not self._file.closed:
            self._file.close()


def _line(obj: dict[str, Any]) -> bytes:
    text = json.dumps(obj, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return (text + "\n").encode()


def _read(path: Path, done: dict[int, dict[int, GameRow]]) -> tuple[int, dict[str, Any] | None]:
    """Fill ``done`` from the store; return ``(bytes of whole good lines, header)``.

    Reading stops at the first line that is not complete, valid JSON (only a
    crash can leave one, as the last line).
    """
    header: dict[str, Any] | None = None
    good = 0
    with open(path, "rb") as f:
        for raw in f:
            if not raw.endswith(b"\n"):
                break
            try:
                obj = json.loads(raw)
            except ValueError:
                break
            if not isinstance(obj, dict):
                break
            if header is None:
                if "format" not in obj:
                    return 0, None
                header = obj
            else:
                try:
                    point = int(obj["point"])
                    rows = [row_from_json(r) for r in obj["rows"]]
                except (KeyError, TypeError, ValueError):
                    break
                bucket = done.setdefault(point, {})
                for r in rows:
                    bucket.setdefault(r.game, r)
            good += len(raw)
    return good, header
