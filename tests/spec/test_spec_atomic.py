"""Atomic writes: outputs all or none, the file named on failure, no temporary file left
behind, even by a process killed in the middle of a write (issue 8, items 15 and 16)."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from botanik_design.spec import atomic
from botanik_design.spec.atomic import (
    OutputSet,
    remove_stale_temporaries,
    write_atomic,
)

ROOT = Path(__file__).resolve().parents[2]


def _litter(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


# ------------------------------------------------------------ failures injected


@contextmanager
def failing(monkeypatch: pytest.MonkeyPatch, *, fsync_at: int | None = None,
            replace_at: int | None = None, code: int = errno.ENOSPC) -> Iterator[None]:
    """The ``fsync_at``-th fsync (a full disk shows there at the latest) or the
    ``replace_at``-th rename raises ``OSError(code)``; 0-based."""
    calls = {"fsync": 0, "replace": 0}
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        calls["fsync"] += 1
        if calls["fsync"] - 1 == fsync_at:
            raise OSError(code, os.strerror(code))
        real_fsync(fd)

    def replace(src: Any, dst: Any) -> None:
        calls["replace"] += 1
        if calls["replace"] - 1 == replace_at:
            raise OSError(code, os.strerror(code))
        real_replace(src, dst)

    monkeypatch.setattr(atomic.os, "fsync", fsync)
    monkeypatch.setattr(atomic.os, "replace", replace)
    try:
        yield
    finally:
        monkeypatch.undo()


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    existing=st.lists(st.booleans(), min_size=1, max_size=4),
    failure=st.one_of(
        st.none(),
        st.tuples(st.just("fsync"), st.integers(0, 3)),
        st.tuples(st.just("replace"), st.integers(0, 3)),
    ),
)
def test_output_set_writes_all_or_none(tmp_path_factory: pytest.TempPathFactory,
                                       monkeypatch: pytest.MonkeyPatch,
                                       existing: list[bool],
                                       failure: tuple[str, int] | None) -> None:
    folder = tmp_path_factory.mktemp("out")
    paths = [folder / f"f{k}.txt" for k in range(len(existing))]
    for path, there in zip(paths, existing, strict=True):
        if there:
            path.write_text(f"old {path.name}\n")
    before = {p: (p.read_text() if p.exists() else None) for p in paths}
    kind, at = failure if failure is not None else ("none", -1)
    raised: OSError | None = None
    with failing(monkeypatch, fsync_at=at if kind == "fsync" else None,
                 replace_at=at if kind == "replace" else None):
        try:
            with OutputSet() as out:
                for path in paths:
                    out.add_text(path, f"new {path.name}\n")
        except OSError as exc:
            raised = exc
    after = {p: (p.read_text() if p.exists() else None) for p in paths}
    new = {p: f"new {p.name}\n" for p in paths}
    if raised is None:
        assert after == new
    else:
        assert after == before, "a failed set must leave every file as it was"
        assert raised.errno == errno.ENOSPC
        assert Path(raised.filename) in paths, "the error names the file asked for"
    assert _litter(folder) == []


@pytest.mark.parametrize("failing_name", ["out.json", "g.csv", "p.png"])
@pytest.mark.parametrize("command", ["simulate", "compare"])
def test_cli_full_disk_names_the_file_and_writes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str], failing_name: str, command: str) -> None:
    from botanik_design.cli import main

    (tmp_path / "out.json").write_text("old report\n")
    real_fsync = os.fsync
    target = tmp_path / failing_name

    def fsync(fd: int) -> None:  # the disk fills up while this one file is written
        name = Path(os.readlink(f"/proc/self/fd/{fd}")).name if sys.platform == "linux" else ""
        if name.startswith(f".{target.name}."):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_fsync(fd)

    monkeypatch.setattr(atomic.os, "fsync", fsync)
    items = ["standard", "no-loops"] if command == "compare" else []
    code = main([command, *items, "--games", "4", "--quiet", "--tileset", "quick-3",
                 "-o", str(tmp_path / "out.json"), "--csv", str(tmp_path / "g.csv"),
                 "--plot", str(tmp_path / "p.png")])
    err = capsys.readouterr().err
    assert code == 2
    assert f"cannot write {target}: No space left on device" in err
    assert "no output file was written" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json"]
    assert (tmp_path / "out.json").read_text() == "old report\n"


def test_report_on_stdout_only_when_the_files_are_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from botanik_design.cli import main

    def fsync(fd: int) -> None:
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(atomic.os, "fsync", fsync)
    code = main(["simulate", "--games", "2", "--quiet", "--tileset", "quick-3",
                 "--csv", str(tmp_path / "g.csv")])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert f"cannot write {tmp_path / 'g.csv'}: Input/output error" in err


# ------------------------------------------------------------ killed writers

KILLED_WRITER = """
import os, signal, sys
from botanik_design.spec.atomic import OutputSet
out = OutputSet()
with out.open_binary(sys.argv[1]) as handle:
    handle.write(b"half")
    handle.flush()
    os.kill(os.getpid(), signal.SIGKILL)
"""

LIVE_WRITER = """
import sys, time
from botanik_design.spec.atomic import OutputSet
out = OutputSet()
with out.open_binary(sys.argv[1]) as handle:
    handle.write(b"half")
    handle.flush()
    print("writing", flush=True)
    time.sleep(120)
"""


def _python(code: str, *args: str, **kw: Any) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-c", code, *args], env=env, text=True,
                            stdout=subprocess.PIPE, **kw)


def _killed_write(target: Path) -> list[str]:
    proc = _python(KILLED_WRITER, str(target))
    proc.communicate(timeout=120)
    assert proc.returncode == -signal.SIGKILL
    return _litter(target.parent)


def _summary() -> dict[str, Any]:
    from botanik_design.sim.report import RunInfo, summarize

    return summarize([], RunInfo("v", "t", 0, 0, ("random", "random")))


def _write_set(paths: list[Path]) -> None:
    with OutputSet() as out:
        for path in paths:
            out.add_text(path, "x\n")


NEXT_RUN: dict[str, Callable[[Path], None]] = {
    "same file written again": lambda t: write_atomic(t, "again\n"),
    "another file in the folder": lambda t: write_atomic(t.parent / "other.yaml", "x\n"),
    "a set of outputs": lambda t: _write_set([t, t.parent / "second.csv"]),
    "a plot": lambda t: __import__("botanik_design.sim.plot").sim.plot.plot_outcomes(
        [("a", _summary())], t.parent / "p.svg"),
    "an explicit clean-up": lambda t: remove_stale_temporaries(t.parent),
}


@pytest.mark.parametrize("next_run", list(NEXT_RUN), ids=list(NEXT_RUN))
@pytest.mark.parametrize("name", ["NAME.yaml", "p.png", "out.json", "a b.csv"])
def test_litter_of_a_killed_write_is_removed_at_the_next_run(
        tmp_path: Path, name: str, next_run: str) -> None:
    target = tmp_path / name
    target.write_text("original\n")
    litter = _killed_write(target)
    assert len(litter) == 1 and litter[0].startswith(f".{name}.")  # what the issue saw
    assert target.read_text() == "original\n"  # the original is intact
    NEXT_RUN[next_run](target)
    assert _litter(tmp_path) == []


def test_a_write_in_progress_is_never_taken_for_litter(tmp_path: Path) -> None:
    target = tmp_path / "busy.json"
    proc = _python(LIVE_WRITER, str(target))
    try:
        assert proc.stdout is not None and proc.stdout.readline() == "writing\n"
        busy = _litter(tmp_path)
        assert len(busy) == 1
        assert remove_stale_temporaries(tmp_path) == []
        write_atomic(tmp_path / "other.json", "{}\n")
        assert _litter(tmp_path) == busy
    finally:
        proc.kill()
        proc.wait()


def test_a_locked_temporary_of_a_foreign_pid_is_kept(tmp_path: Path) -> None:
    """A writer on another machine (its pid means nothing here) holds a lock: kept."""
    import fcntl

    dead = _dead_pid()
    temp = tmp_path / f".shared.json.{dead}-abcd1234.bd.tmp"
    temp.write_text("half")
    with open(temp) as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        assert remove_stale_temporaries(tmp_path) == []
    assert remove_stale_temporaries(tmp_path) == [temp]


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


@pytest.mark.parametrize(("name", "old", "removed"), [
    # this module's naming: removed when the writer is gone, whatever the age
    (".x.yaml.{dead}-abcd_123.bd.tmp", False, True),
    (".x.yaml.{dead}-abcd_123.bd.tmp", True, True),
    (".x.yaml.{me}-abcd_123.bd.tmp", True, False),  # our own write in progress
    # names of earlier versions, or of other tools: never touched, however old
    (".NAME.yaml.k2j_x9ab.tmp", True, False),
    (".NAME.json.k2j_x9ab.tmp", True, False),
    (".plot-k2j_x9ab.png", True, False),
    (".plot-k2j_x9ab.svg", True, False),
    (".bashrc", True, False),
    (".NAME.yaml.swp", True, False),
    (".notes.doc.k2j_x9ab.tmp", True, False),
    ("NAME.yaml.k2j_x9ab.tmp", True, False),
    (".x.yaml.{dead}-abcd_123.tmp", True, False),
    (".x.yaml.{dead}-abcd_12.bd.tmp", True, False),
    ("x.yaml.{dead}-abcd_123.bd.tmp", True, False),
    (".plot-short.png", True, False),
])
def test_which_files_count_as_litter(tmp_path: Path, name: str, old: bool,
                                     removed: bool) -> None:
    path = tmp_path / name.format(dead=_dead_pid(), me=os.getpid())
    path.write_text("x")
    if old:
        stamp = time.time() - 10 * 24 * 3600
        os.utime(path, (stamp, stamp))
    remove_stale_temporaries(tmp_path)
    assert path.exists() is not removed


def test_another_users_temporary_is_never_removed(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    temp = tmp_path / f".x.yaml.{_dead_pid()}-abcd_123.bd.tmp"
    temp.write_text("theirs")
    monkeypatch.setattr(atomic.os, "getuid", lambda: os.stat(temp).st_uid + 1)
    assert remove_stale_temporaries(tmp_path) == [] and temp.exists()
    monkeypatch.undo()
    assert remove_stale_temporaries(tmp_path) == [temp]


def test_a_symlink_named_like_a_temporary_is_never_followed(tmp_path: Path) -> None:
    victim = tmp_path / "keep.txt"
    victim.write_text("precious")
    link = tmp_path / f".x.yaml.{_dead_pid()}-abcd_123.bd.tmp"
    link.symlink_to(victim)
    assert remove_stale_temporaries(tmp_path) == []
    assert link.is_symlink() and victim.read_text() == "precious"


@settings(max_examples=150, deadline=None)
@given(names=st.lists(st.text(st.characters(categories=["L", "N"], include_characters="._-"),
                              min_size=1, max_size=30).map(lambda n: "." + n),
                      max_size=6, unique=True))
def test_only_this_tools_dead_writers_files_go(names: list[str]) -> None:
    """Any dotfiles at all, plus one litter file: only the litter file is removed."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        made = []
        for name in names:
            with suppress(OSError):
                (Path(folder) / name).write_text("x")
                made.append(name)
        litter = Path(folder) / f".out.csv.{DEAD_PID}-abcd_123.bd.tmp"
        litter.write_text("half")
        removed = remove_stale_temporaries(folder)
        assert removed == [litter]
        assert all((Path(folder) / n).exists() for n in made if n != litter.name)


DEAD_PID = _dead_pid()


def test_permissions_kept_and_symlink_followed(tmp_path: Path) -> None:
    target = tmp_path / "t.yaml"
    target.write_text("old\n")
    target.chmod(0o640)
    link = tmp_path / "link.yaml"
    link.symlink_to(target)
    write_atomic(link, "new\n")
    assert link.is_symlink() and target.read_text() == "new\n"
    assert (target.stat().st_mode & 0o777) == 0o640
    assert _litter(tmp_path) == []


def test_golden_files_are_rewritten_all_or_none(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from botanik_design.cli import main
    from botanik_design.games.botanik.engine.golden import golden_files

    names = sorted(golden_files())
    for name in names:
        (tmp_path / name).write_text("old\n")
    with failing(monkeypatch, fsync_at=len(names) - 1):  # the disk fills at the last one
        assert main(["golden", "--dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "No space left on device; no golden file was changed" in err
    assert all((tmp_path / n).read_text() == "old\n" for n in names)
    assert _litter(tmp_path) == []
    assert main(["golden", "--dir", str(tmp_path)]) == 0
    assert all((tmp_path / n).read_text() != "old\n" for n in names)


@pytest.mark.parametrize(("name", "failing"), [
    ("tiles.svg", "tiles-2.svg"),  # one file per page: the second page fails
    ("tiles.pdf", "tiles.pdf"),
])
def test_sheet_pages_are_written_all_or_none(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str], name: str, failing: str) -> None:
    from botanik_design.cli import main

    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        if Path(os.readlink(f"/proc/self/fd/{fd}")).name.startswith(f".{failing}."):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_fsync(fd)

    monkeypatch.setattr(atomic.os, "fsync", fsync)
    assert main(["sheet", "botanik", "-o", str(tmp_path / name)]) == 2
    err = capsys.readouterr().err
    assert f"cannot write {tmp_path / failing}: No space left on device" in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("failing_name", ["out.json", "g.csv", "p.png"])
def test_sweep_outputs_are_written_all_or_none(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str], failing_name: str) -> None:
    from botanik_design.cli import main

    spec = tmp_path / "spec" / "one.yaml"
    spec.parent.mkdir()
    spec.write_text("sweep: one\nbase: {variant: standard, tileset: quick-3}\naxes:\n"
                    "  - option: flower_points\n    values: [1, 2]\ngames: 2\n")
    out = tmp_path / "out"
    out.mkdir()
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        if Path(os.readlink(f"/proc/self/fd/{fd}")).name.startswith(f".{failing_name}."):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_fsync(fd)

    monkeypatch.setattr(atomic.os, "fsync", fsync)
    code = main(["sweep", str(spec), "-w", "1", "-q", "--store", str(tmp_path / "s.sqlite"),
                 "-o", str(out / "out.json"), "--csv", str(out / "g.csv"),
                 "--plot", str(out / "p.png")])
    err = capsys.readouterr().err
    assert code == 2
    assert f"cannot write {out / failing_name}: No space left on device" in err
    assert list(out.iterdir()) == []


def test_a_fifo_target_is_refused_not_replaced(tmp_path: Path) -> None:
    """Writing to a FIFO (or /dev/null) must never rename a plain file over it (as root that
    replaced the machine's /dev/null with a regular file): it is refused, left as it was."""
    import stat as stat_mod

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(OSError, match="not a regular file"):
        atomic.write_atomic(fifo, "through the pipe\n")
    assert stat_mod.S_ISFIFO(os.stat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]  # no temporary left


def _pipe_link() -> tuple[str, int, int]:
    read, write = os.pipe()
    return f"/proc/self/fd/{write}", read, write


@pytest.mark.parametrize("how", ["pipe", "fifo-link", "device-link"])
def test_a_link_to_a_pipe_or_device_is_refused_as_such(tmp_path: Path, how: str) -> None:
    """``-o /dev/stdout`` into a pipe: the link's realpath is ``/proc/PID/fd/pipe:[N]``,
    a name that stats as nothing, so it was taken for a new file and the write failed
    with "No such file or directory"; it is the same refusal as /dev/null's."""
    fds: tuple[int, ...] = ()
    if how == "pipe":
        name, *fd_pair = _pipe_link()
        fds = tuple(fd_pair)
    elif how == "fifo-link":
        os.mkfifo(tmp_path / "fifo")
        (tmp_path / "link").symlink_to(tmp_path / "fifo")
        name = str(tmp_path / "link")
    else:
        (tmp_path / "link").symlink_to("/dev/null")
        name = str(tmp_path / "link")
    try:
        with pytest.raises(OSError, match="not a regular file") as caught:
            atomic.write_atomic(name, "x\n")
        assert caught.value.filename == name
    finally:
        for fd in fds:
            os.close(fd)
