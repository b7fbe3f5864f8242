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

from botanik_design.games.base import Metric
from botanik_design.model.sweep import Sweep
from botanik_design.sim.rows import GameRow
from botanik_design.sim.sweep.store_rows import RowError, RowRules, batch_from_json, rules_for
from botanik_design.spec.userfiles import NOT_REGULAR, check_regular

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


class ResultStore:
    """An open store: the games already done, and :meth:`append` for new ones."""

    def __init__(self, path: Path, fp: str, done: dict[int, dict[int, GameRow]]) -> None:
        self.path = path
        self.fingerprint = fp
        self.done = done
        self._file = open(path, "ab")  # noqa: SIM115 - kept open for the whole sweep

    @classmethod
    def open(cls, path: Path, sweep: Sweep, restart: bool = False,
             metrics: Sequence[Metric] | None = None) -> ResultStore:
        """Open (or create) the store of ``sweep`` at ``path``.

        An existing store of the same sweep is resumed, every line checked as it is
        read (:mod:`.store_rows`; ``metrics``: the game's, loaded from the sweep when
        not given).  One with another fingerprint, or with a line this sweep cannot
        have written, raises :class:`StoreError` naming the line, unless ``restart``
        (then it is replaced).  A torn last line (a crash while writing) is dropped.
        A file that is not a store is never replaced.  Raises ``OSError`` when the
        file cannot be read or written.
        """
        fp = fingerprint(sweep)
        header = {"format": FORMAT, "fingerprint": fp, "sweep": sweep.name,
                  "points": len(sweep.points), "games": sweep.games}
        try:
            exists = bool(check_regular(path))
        except FileNotFoundError:
            exists = False
        except OSError as exc:
            if exc.strerror != NOT_REGULAR:
                raise
            # reading /dev/zero filled the memory; a FIFO waited for a writer for ever
            raise StoreError(f"{path}: {NOT_REGULAR}; give a file name for the store") from exc
        if exists:
            old_header = _header(path)
            if old_header is None:
                if path.stat().st_size > 0:  # never overwrite a file that is not a store
                    raise StoreError(f"{path}: exists and is not a sweep results store")
            elif not restart:
                if old_header.get("fingerprint") != fp:
                    raise StoreError(
                        f"{path}: holds games of a different sweep (the spec changed since "
                        f"it was written: rules, bots, seed or games per point); rerun with "
                        f"--restart to discard them, or give another --store")
                rules = rules_for(sweep, _game_metrics(sweep) if metrics is None else metrics)
                done: dict[int, dict[int, GameRow]] = {}
                good_end = _read(path, done, rules)
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


def _game_metrics(sweep: Sweep) -> tuple[Metric, ...]:
    """The metrics of the sweep's game (every point's game reports the same ones)."""
    from botanik_design.games.registry import load_game

    return tuple(load_game(sweep.game, **sweep.base.params).metrics())


#: The most of a file read for a store's header line (a header is about 200 bytes).
_HEADER_BYTES = 64 * 1024


def _header(path: Path) -> dict[str, Any] | None:
    """The store's header (its first line), or ``None`` when the file is no store."""
    with open(path, "rb") as f:
        first = f.readline(_HEADER_BYTES)  # a store's header is one short line
    try:
        obj = json.loads(first)
    except ValueError:
        return None
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        return None
    return obj


def _read(path: Path, done: dict[int, dict[int, GameRow]], rules: RowRules) -> int:
    """Fill ``done`` from the store's batch lines; return the bytes of its whole lines.

    Only the last line may be torn (no line end, or not JSON: a crash while
    writing it); it is left out.  Any other line that is not JSON, and any line
    whose batch is not one this sweep can have played, raises
    :class:`StoreError` naming the line.
    """
    with open(path, "rb") as f:
        lines = f.readlines()
    good = len(lines[0])
    for number, raw in enumerate(lines[1:], start=2):
        last = number == len(lines)
        if not raw.endswith(b"\n"):
            break  # only the last line can lack its end
        try:
            obj = json.loads(raw)
        except ValueError:
            if last:
                break
            raise StoreError(_damaged(path, number, "not a JSON line")) from None
        try:
            point, rows = batch_from_json(obj, rules)
        except RowError as exc:
            raise StoreError(_damaged(path, number, str(exc))) from None
        bucket = done.setdefault(point, {})
        for r in rows:
            bucket.setdefault(r.game, r)
        good += len(raw)
    return good


def _damaged(path: Path, line: int, why: str) -> str:
    return (f"{path}:{line}: {why}: the store is damaged; rerun with --restart to discard "
            "it and play again, or give another --store")
