"""Every command that reads a file the user named refuses one that is no regular file
before opening it, exit 2, with the same words: a link to ``/dev/zero`` was read until
the memory ran out (``import -o``, ``edit``, ``report`` over a folder: MemoryError, or the
OOM killer) and a FIFO waited for a writer for ever.  The commands here are run on FIFOs
(a regression hangs: an alarm fails the test instead), folders and links to ``/dev/null``
(a device that reads as empty, so a regression cannot fill the memory); the reader
itself is checked on ``/dev/zero`` without reading it."""

from __future__ import annotations

import errno
import os
import signal
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType

import pytest

from botanik_design.cli import main
from botanik_design.spec import userfiles

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _alarm() -> Iterator[None]:
    def stop(signum: int, frame: FrameType | None) -> None:
        raise TimeoutError("the command waited on a FIFO")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(30)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _folder(path: Path) -> None:
    path.mkdir()


def _device(path: Path) -> None:
    path.symlink_to("/dev/null")


MAKERS = {"fifo": _fifo, "folder": _folder, "device": _device}

# (command line with BAD for the odd file, whether a folder is reported in its own words)
COMMANDS = [
    (["import", "t.csv", "-o", "BAD.yaml"], True),
    (["import", "BAD.csv"], True),
    (["edit", "BAD.yaml"], False),  # a folder: "is a folder, not a set file"
    (["report", "BAD.yaml"], False),  # a folder of records is read as one
    (["replay", "BAD.yaml"], False),
    (["score", "BAD.yaml"], False),
    (["validate", "BAD.yaml"], False),
    (["validate", "BAD.txt"], False),
]


@pytest.mark.parametrize("kind", sorted(MAKERS))
@pytest.mark.parametrize(("args", "folder_too"), COMMANDS, ids=[" ".join(c[0]) for c in COMMANDS])
def test_no_regular_file_is_refused_before_it_is_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        args: list[str], folder_too: bool, kind: str) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["export", "quick-3", "-o", "t.csv"]) == 0
    bad = next(a for a in args if a.startswith("BAD"))
    MAKERS[kind](tmp_path / bad)
    capsys.readouterr()
    code = main(args)
    out = capsys.readouterr()
    err = out.out + out.err
    assert "Traceback" not in err and "MemoryError" not in err
    if kind == "folder" and not folder_too:
        assert code in (1, 2), err  # each command's own words for a folder
        return
    assert code == 2, err
    assert "not a regular file" in err, err


@pytest.mark.parametrize(("make", "expected"), [
    (lambda p: p.symlink_to("/dev/zero"), errno.EINVAL),
    (lambda p: os.mkfifo(p), errno.EINVAL),
    (lambda p: p.mkdir(), errno.EINVAL),
    (lambda p: p.write_bytes(b"x" * 11), errno.EFBIG),
    (lambda p: None, errno.ENOENT),
], ids=["dev-zero", "fifo", "folder", "too-large", "missing"])
def test_the_reader_refuses_without_reading(tmp_path: Path, make: Callable[[Path], None],
                                            expected: int) -> None:
    path = tmp_path / "f"
    make(path)
    with pytest.raises(OSError) as caught:
        userfiles.read_bytes(path, limit=10)
    assert caught.value.errno == expected
    assert caught.value.filename == str(path)


@pytest.mark.parametrize(("data", "newline", "text"), [
    (b"a\r\nb\rc\n", None, "a\nb\nc\n"), (b"a\r\nb\rc\n", "", "a\r\nb\rc\n"),
    (b"x" * 10, None, "x" * 10)])
def test_the_reader_reads_a_regular_file(tmp_path: Path, data: bytes, newline: str | None,
                                         text: str) -> None:
    path = tmp_path / "f"
    path.write_bytes(data)
    assert userfiles.read_text(path, limit=10, newline=newline) == text
