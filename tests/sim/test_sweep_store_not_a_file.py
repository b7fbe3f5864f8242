"""A ``--store`` that is no regular file is refused before it is read, exit 2: a link to
``/dev/zero`` was read as the store's first line until the machine ran out of memory
(23 GB, killed), a FIFO waited for a writer for ever, a folder gave Python's
``[Errno 21] Is a directory``; a big file without a line end is read only as far as a
header can reach."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from botanik_design.cli import main
from botanik_design.sim.sweep import store as store_module

SWEEP = """\
sweep: s
base: {variant: standard, tileset: quick-3}
axes:
  - {option: mecha_bonus, values: [0]}
bots: random,random
games: 1
"""


def _folder(path: Path) -> None:
    path.mkdir()


def _zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def _fifo(path: Path) -> None:
    os.mkfifo(path)


@pytest.mark.parametrize("make", [_folder, _zero, _fifo], ids=["folder", "dev-zero", "fifo"])
def test_a_store_that_is_no_regular_file_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        make: Callable[[Path], None]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "s.yaml").write_text(SWEEP, encoding="utf-8")
    make(tmp_path / "x.store")
    code = main(["sweep", "-q", "s.yaml", "-o", "out.json", "--store", "x.store"])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "x.store: not a regular file (a folder, device or pipe)" in err, err
    assert "Errno" not in err and "Traceback" not in err
    assert not (tmp_path / "out.json").exists()


def test_a_long_file_without_a_line_end_is_read_only_as_far_as_a_header(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "s.yaml").write_text(SWEEP, encoding="utf-8")
    (tmp_path / "x.store").write_bytes(b"{" * 200_000)
    read: list[int] = []
    real_open = open

    class Counting:
        def __init__(self, f: object) -> None:
            self.f = f

        def __enter__(self) -> Counting:
            return self

        def __exit__(self, *exc: object) -> None:
            self.f.close()  # type: ignore[attr-defined]

        def readline(self, size: int = -1) -> bytes:
            line: bytes = self.f.readline(size)  # type: ignore[attr-defined]
            read.append(len(line))
            return line

    def counting_open(file: object, mode: str = "r", *a: object, **k: object) -> object:
        f = real_open(file, mode, *a, **k)  # type: ignore[call-overload]
        return Counting(f) if str(file).endswith("x.store") and mode == "rb" else f

    monkeypatch.setattr(store_module, "open", counting_open, raising=False)
    code = main(["sweep", "-q", "s.yaml", "-o", "out.json", "--store", "x.store"])
    err = capsys.readouterr().err
    assert code == 2 and "exists and is not a sweep results store" in err, err
    assert read and max(read) <= 64 * 1024
    assert (tmp_path / "x.store").read_bytes() == b"{" * 200_000  # never replaced
