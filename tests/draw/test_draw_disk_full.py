"""A full disk while any picture or plot is written: one clean error, exit 2, no file.

matplotlib's PDF backend meets the disk's ``ENOSPC`` and then, closing its compressed
stream, raises ``zlib.error``, which hid the first error (a traceback). Every image
writer (sheet, show, score and replay ``--image``, the plots), in every format, must say
``cannot write F: No space left on device`` instead, wherever the disk fills up.
"""

from __future__ import annotations

import errno
import os
import zlib
from pathlib import Path
from typing import Any

import pytest

from botanik_design.cli import main
from botanik_design.spec import atomic

ROOT = Path(__file__).resolve().parents[2]
SWEEP = ("sweep: s\nbase: {variant: standard, tileset: quick-3}\naxes:\n  - option: mecha_bonus\n"
         "    values: [0, 1]\nbots: random,random\ngames: 2\n")


class _FillingFile:
    """A file object whose writes fail with ENOSPC once ``room`` bytes are written."""

    def __init__(self, real: Any, room: int) -> None:
        self._real, self._room = real, room

    def write(self, data: Any) -> int:
        size = len(memoryview(data).cast("B"))
        if size > self._room:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        self._room -= size
        return int(self._real.write(data))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)

    def __enter__(self) -> _FillingFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self._real.close()


def _commands(tmp_path: Path, out: Path) -> dict[str, list[str]]:
    sweep = tmp_path / "s.yaml"
    sweep.write_text(SWEEP)
    return {
        "sheet": ["sheet", "quick-3", "-o", str(out)],
        "sheet-hive": ["sheet", "hive-base", "-o", str(out)],
        "show": ["show", "quick-3", "--image", str(out)],
        "score": ["score", str(ROOT / "examples/positions/tie-break.yaml"), "--image", str(out)],
        "score-hive": ["score", str(ROOT / "examples/hive/queen-in-danger.yaml"),
                       "--image", str(out)],
        "replay": ["replay", str(ROOT / "examples/records/mecha-swap.yaml"), "--image",
                   str(out)],
        "simulate": ["simulate", "--tileset", "quick-3", "-n", "2", "--quiet", "--plot",
                     str(out)],
        "sweep": ["sweep", str(sweep), "--quiet", "--store", str(tmp_path / "s.jsonl"),
                  "--plot", str(out)],
    }


CASES = [(c, f) for c in ("sheet", "sheet-hive", "show", "score", "score-hive", "replay")
         for f in ("pdf", "svg", "png")] + \
    [(c, f) for c in ("simulate", "sweep") for f in ("svg", "png")]


@pytest.mark.parametrize("room", [0, 3000])
@pytest.mark.parametrize(("command", "fmt"), CASES)
def test_the_disk_fills_up_while_a_picture_is_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        command: str, fmt: str, room: int) -> None:
    out = tmp_path / "pictures" / f"F.{fmt}"
    out.parent.mkdir()
    args = _commands(tmp_path, out)[command]
    real_fdopen = os.fdopen

    def fdopen(fd: int, *a: Any, **k: Any) -> Any:
        return _FillingFile(real_fdopen(fd, *a, **k), room)

    monkeypatch.setattr(atomic.os, "fdopen", fdopen)
    code = main(args)
    err = capsys.readouterr().err
    assert code == 2, err
    assert "cannot write" in err and "No space left on device" in err
    assert "Traceback" not in err and "zlib" not in err
    assert list(out.parent.iterdir()) == []


_COMPRESSOBJ = zlib.compressobj


class _BrokenCompressor:
    def __init__(self) -> None:
        self._real = _COMPRESSOBJ()

    def compress(self, data: bytes) -> bytes:
        return self._real.compress(data)

    def flush(self, *a: Any) -> bytes:
        raise zlib.error("Error -2 while flushing: inconsistent stream state")


@pytest.mark.parametrize("command", ["sheet", "sheet-hive", "show", "score", "replay"])
def test_a_failing_pdf_compressor_is_a_write_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        command: str) -> None:
    out = tmp_path / "pictures" / "F.pdf"
    out.parent.mkdir()
    monkeypatch.setattr(zlib, "compressobj", lambda *a, **k: _BrokenCompressor())
    code = main(_commands(tmp_path, out)[command])
    err = capsys.readouterr().err
    assert code == 2, err
    assert f"cannot write {out}" in err and "Traceback" not in err
    assert list(out.parent.iterdir()) == []


def test_write_failure_finds_the_disk_error_behind_another() -> None:
    disk = OSError(errno.ENOSPC, "No space left on device")
    try:
        try:
            raise disk
        except OSError:
            raise zlib.error("inconsistent stream state")  # noqa: B904
    except zlib.error as hiding:
        assert atomic.write_failure(hiding) is disk
    assert atomic.write_failure(ValueError("a bug")) is None
    assert isinstance(atomic.write_failure(zlib.error("x")), OSError)


@pytest.mark.parametrize("link", [False, True])
def test_a_device_or_pipe_is_never_replaced(tmp_path: Path, link: bool,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """Renaming a finished file over a pipe or a device (``-o /dev/null`` as root) would
    replace the pipe or the device itself: refused, the target untouched."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    path = pipe
    if link:
        path = tmp_path / "link.json"
        path.symlink_to(pipe)
    before = os.stat(pipe)
    with pytest.raises(OSError) as caught:
        atomic.write_atomic(path, "text\n")
    assert caught.value.filename == str(path) and caught.value.errno == errno.EINVAL
    code = main(["simulate", "--tileset", "quick-3", "-n", "2", "--quiet", "-o", str(path)])
    assert code == 2 and "not a regular file" in capsys.readouterr().err
    after = os.stat(pipe)
    assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted({"pipe", path.name})
