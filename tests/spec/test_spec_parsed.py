"""Parsed spec files remembered between runs (``spec/parsed.py``) give exactly the
reader's answer: the same data, the same line and column of every node, the same
diagnostics, for any bytes; a corrupt, stale or foreign entry is never trusted, and
writers racing on one entry (or killed while writing) never leave a bad one."""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.spec import parsed
from botanik_design.spec.bundled import piecesets_root, spec_root, tilesets_root
from botanik_design.spec.yamlread import read_yaml, rejected_paths

ROOT = Path(__file__).resolve().parents[2]


def _answer(result: Any) -> tuple[Any, ...]:
    """Everything a reading says, types included (``1`` is not ``1.0`` nor ``True``)."""
    return (json.dumps(result.data, sort_keys=False), _typed(result.data),
            result.positions.values, result.positions.keys, result.diagnostics,
            result.usable)


def _typed(value: Any) -> Any:
    if isinstance(value, dict):
        return [(k, _typed(v)) for k, v in value.items()]
    if isinstance(value, list):
        return [_typed(v) for v in value]
    return (type(value).__name__, value)


@pytest.fixture()
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BOTANIK_DESIGN_CACHE", str(tmp_path))
    return tmp_path / "parsed"


def _entries(folder: Path) -> list[Path]:
    return sorted(folder.iterdir()) if folder.is_dir() else []


def _spec_files() -> list[Path]:
    found = [Path(str(p)) for root in (spec_root().joinpath("variants"), tilesets_root(),
                                       piecesets_root()) for p in root.iterdir()
             if p.name.endswith(".yaml")]
    found += sorted((ROOT / "examples").rglob("*.yaml"))
    return sorted(found)


@pytest.mark.parametrize("path", _spec_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_a_remembered_file_reads_as_the_reader_reads_it(path: Path, cache: Path) -> None:
    raw = path.read_bytes()
    want = _answer(read_yaml(raw, path.name))
    first = parsed.read(raw, path.name)
    second = parsed.read(raw, path.name)
    assert _answer(first) == want
    assert _answer(second) == want
    assert len(_entries(cache)) == (1 if not want[4] else 0)


_SCALAR = st.one_of(st.integers(-10**20, 10**20), st.floats(allow_nan=False),
                    st.booleans(), st.none(), st.text(max_size=8))
_DATA = st.recursive(_SCALAR, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)),
    max_leaves=12)


class _NoAliases(yaml.SafeDumper):
    def ignore_aliases(self, data: Any) -> bool:
        return True


@settings(max_examples=80, deadline=None)
@given(data=st.dictionaries(st.text(min_size=1, max_size=6), _DATA, min_size=1, max_size=4),
       flow=st.sampled_from([None, True, False]), extra=st.sampled_from(
           ["", "\n# note\n", "\nx: &a [1, 2]\ny: *a\n", "\nz: yes\n", "\nz: 1:30\n",
            "\nz: !!float 1e3\n", "\nz: 0o17\n", "\nz: 1_000\n", "\nw: [&b no, *b]\n",
            "\nk: 1\nk: 2\n", "\n\u2028: w\n", "\nt: !!binary aGk=\n", "\nbad: [\n"]))
def test_any_bytes_read_back_as_the_reader_reads_them(
        data: dict[str, Any], flow: bool | None, extra: str,
        tmp_path_factory: pytest.TempPathFactory) -> None:
    text = yaml.dump(data, Dumper=_NoAliases, default_flow_style=flow,
                     allow_unicode=True) + extra
    raw = text.encode("utf-8")
    folder = tmp_path_factory.mktemp("parsed")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BOTANIK_DESIGN_CACHE", str(folder))
        want = _answer(read_yaml(raw, "f.yaml"))
        assert _answer(parsed.read(raw, "f.yaml")) == want
        assert _answer(parsed.read(raw, "f.yaml")) == want
    if not want[4]:  # a clean reading holds no refused value (the session relies on it)
        assert rejected_paths(read_yaml(raw, "f.yaml").data) == set()
    kept = _entries(folder / "parsed")
    # kept exactly when the reading is clean, and no map or list is shared (an alias)
    assert bool(kept) == (want[5] and not want[4] and "&a" not in extra)


def _only_entry(cache: Path) -> Path:
    (entry,) = _entries(cache)
    return entry


def _flip(blob: bytes) -> bytes:
    at = blob.index(b'"data"') + 12
    return blob[:at] + bytes([blob[at] ^ 1]) + blob[at + 1:]


def _seal(body: bytes) -> bytes:
    """``body`` with its right digest in front."""
    return hashlib.sha256(body).hexdigest().encode() + b"\n" + body


def _resealed(blob: bytes, change: Any) -> bytes:
    """The entry with its body changed and its digest made right again: well-formed
    JSON whose content is wrong."""
    body = json.loads(blob.partition(b"\n")[2])
    change(body)
    return _seal(json.dumps(body).encode())


def _body(blob: bytes) -> bytes:
    return blob.partition(b"\n")[2]


_CORRUPTIONS: dict[str, Callable[[bytes], bytes]] = {
    "empty": lambda b: b"",
    "truncated": lambda b: b[: len(b) // 2],
    "a flipped bit": _flip,
    "no digest": lambda b: b.partition(b"\n")[2],
    "not UTF-8": lambda b: _seal(b"\xff" + _body(b)),
    "NaN for the size": lambda b: _seal(re.sub(rb'"size":[0-9]+', b'"size":NaN', _body(b))),
    "two JSON texts": lambda b: _seal(_body(b) + b"{}"),
    "another version": lambda b: _resealed(b, lambda d: d.update(version="0")),
    "another key": lambda b: _resealed(b, lambda d: d.update(key="0" * 64)),
    "another size": lambda b: _resealed(b, lambda d: d.update(size=d["size"] + 1)),
    "a list, not data": lambda b: _resealed(b, lambda d: d.update(data=[1])),
    "a bad position": lambda b: _resealed(b, lambda d: d["values"][0].__setitem__(1, 0)),
    "a bool in a path": lambda b: _resealed(b, lambda d: d["values"][-1].__setitem__(
        0, [True])),
    "a missing member": lambda b: _resealed(b, lambda d: d.pop("keys")),
    "an extra member": lambda b: _resealed(b, lambda d: d.update(more=1)),
}


@pytest.mark.parametrize("corrupt", list(_CORRUPTIONS), ids=list(_CORRUPTIONS))
def test_a_corrupt_entry_is_ignored_and_rewritten(corrupt: str, cache: Path) -> None:
    raw = spec_root().joinpath("variants/standard.yaml").read_bytes()
    want = _answer(read_yaml(raw, "standard"))
    parsed.read(raw, "standard")
    entry = _only_entry(cache)
    good = entry.read_bytes()
    entry.write_bytes(_CORRUPTIONS[corrupt](good))
    assert entry.read_bytes() != good
    assert _answer(parsed.read(raw, "standard")) == want  # read again, not trusted
    assert entry.read_bytes() == good  # and the entry written right again
    assert _answer(parsed.read(raw, "standard")) == want


def test_a_wrong_but_well_formed_entry_is_never_believed(
        cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An entry of other bytes under this key (a file renamed into place by hand, a
    digest collision) is refused by its key, so the reader runs."""
    one = spec_root().joinpath("variants/standard.yaml").read_bytes()
    other = tilesets_root().joinpath("quick-3.yaml").read_bytes()
    parsed.read(other, "quick-3")
    (cache / parsed.key_of(other)).rename(cache / parsed.key_of(one))
    assert _answer(parsed.read(one, "standard")) == _answer(read_yaml(one, "standard"))


def test_a_stale_entry_is_never_found(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Changed bytes, or a changed reader (its source, PyYAML, :data:`VERSION`), name
    another entry: the old one is never read."""
    raw = spec_root().joinpath("variants/standard.yaml").read_bytes()
    parsed.read(raw, "standard")
    old = _only_entry(cache)
    assert parsed.key_of(raw + b"\n") != old.name
    monkeypatch.setattr(parsed, "VERSION", "stale")
    parsed._reader_stamp.cache_clear()
    try:
        assert parsed.key_of(raw) != old.name
        calls: list[tuple[Any, ...]] = []

        def counting(*args: Any) -> Any:
            calls.append(args)
            return read_yaml(*args)

        monkeypatch.setattr("botanik_design.spec.yamlread.read_yaml", counting)
        parsed.read(raw, "standard")
        assert calls  # read by the reader, not from the old entry
    finally:
        parsed._reader_stamp.cache_clear()


def test_a_remembered_file_skips_the_reader(cache: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    raw = spec_root().joinpath("variants/standard.yaml").read_bytes()
    parsed.read(raw, "standard")

    def refuse(*args: Any) -> Any:
        raise AssertionError("the reader ran for a remembered file")

    monkeypatch.setattr("botanik_design.spec.yamlread.read_yaml", refuse)
    assert parsed.read(raw, "standard").data["variant"] == "standard"
    with pytest.raises(AssertionError, match="reader ran"):
        parsed.read(raw + b"# changed\n", "standard")
    with pytest.raises(AssertionError, match="reader ran"):
        parsed.read(raw.decode(), "standard")  # text is never remembered


def test_off_and_an_unwritable_folder_still_read(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    raw = spec_root().joinpath("variants/standard.yaml").read_bytes()
    want = _answer(read_yaml(raw, "standard"))
    monkeypatch.setenv("BOTANIK_DESIGN_CACHE", "off")
    assert parsed.folder() is None
    assert _answer(parsed.read(raw, "standard")) == want
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("BOTANIK_DESIGN_CACHE", str(blocker))
    assert _answer(parsed.read(raw, "standard")) == want
    assert _answer(parsed.read(raw, "standard")) == want


def _race(args: tuple[str, int]) -> str:
    folder, rounds = args
    os.environ["BOTANIK_DESIGN_CACHE"] = folder
    raw = spec_root().joinpath("variants/standard.yaml").read_bytes()
    seen = set()
    for _ in range(rounds):
        seen.add(json.dumps(_answer(parsed.read(raw, "standard"))[:2]))
        for entry in (Path(folder) / "parsed").glob("[0-9a-f]*"):
            entry.unlink(missing_ok=True)  # make the others write it again
    return "".join(sorted(seen))


def test_concurrent_writers_never_leave_a_bad_entry(tmp_path: Path) -> None:
    raw = spec_root().joinpath("variants/standard.yaml").read_bytes()
    want = json.dumps(_answer(read_yaml(raw, "standard"))[:2])
    with multiprocessing.get_context("spawn").Pool(4) as pool:
        answers = pool.map(_race, [(str(tmp_path), 25)] * 4)
    assert answers == [want] * 4
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BOTANIK_DESIGN_CACHE", str(tmp_path))
        parsed.read(raw, "standard")
        entry = tmp_path / "parsed" / parsed.key_of(raw)
        assert parsed._load(entry, entry.name, len(raw)) is not None
    # no temporary file is left behind by writers that all finished
    assert [p.name for p in (tmp_path / "parsed").iterdir()] == [entry.name]


def test_a_writer_killed_mid_write_leaves_nothing_trusted(cache: Path) -> None:
    """A killed writer leaves at most its temporary file (never the entry itself): it is
    never read as an entry, and the next write removes it."""
    raw = spec_root().joinpath("variants/standard.yaml").read_bytes()
    key = parsed.key_of(raw)
    cache.mkdir(parents=True)
    litter = cache / f".{key}.999999999-abcdefgh.bd.tmp"
    litter.write_bytes(b"half an ent")
    assert _answer(parsed.read(raw, "standard")) == _answer(read_yaml(raw, "standard"))
    assert not litter.exists()
    assert [p.name for p in cache.iterdir()] == [key]


def test_a_problem_is_never_remembered_and_always_named_at_its_place(cache: Path) -> None:
    raw = b"variant: x\noptions:\n  mecha_botanist: yes\n"
    for _ in range(2):
        result = parsed.read(raw, "v.yaml")
        assert [(d.line, d.column, d.rule) for d in result.diagnostics] == [
            (3, 19, "yaml-ambiguous-bool")]
    assert _entries(cache) == []



def test_entries_are_written_without_waiting_for_the_disk(
        cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A first run over many files pays no ``fsync`` per entry (an entry a power cut
    left short fails its digest); the files a user keeps still wait for the disk."""
    from botanik_design.spec.atomic import write_bytes_atomic

    synced: list[int] = []
    real = os.fsync

    def counting(fd: int) -> None:
        synced.append(fd)
        real(fd)

    monkeypatch.setattr(os, "fsync", counting)
    raw = spec_root().joinpath("variants/standard.yaml").read_bytes()
    parsed.read(raw, "standard")
    assert _only_entry(cache).name == parsed.key_of(raw) and synced == []
    write_bytes_atomic(tmp_path / "kept.txt", b"kept")
    assert len(synced) == 1


def test_the_folder_keeps_at_most_limit_entries_newest_first(
        cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past ``LIMIT`` entries, the oldest quarter goes; the newest are still found, and a
    forgotten file is read again, equal to the reader's answer."""
    monkeypatch.setattr(parsed, "LIMIT", 8)
    raws = [f"name: t{i}\nsize: {i}\n".encode() for i in range(9)]
    for i, raw in enumerate(raws):
        parsed.read(raw, f"f{i}.yaml")
        entry = cache / parsed.key_of(raw)
        os.utime(entry, ns=(i * 10**9, i * 10**9))  # written in this order
    left = {p.name for p in cache.iterdir()}
    assert len(left) == 9 - (9 - 8 * 3 // 4)
    assert parsed.key_of(raws[-1]) in left
    assert parsed.key_of(raws[0]) not in left
    assert parsed.read(raws[0], "f0.yaml").data == read_yaml(raws[0], "f0.yaml").data
