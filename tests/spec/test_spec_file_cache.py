"""Each spec file is read and parsed once per process (issue 15, item 5).

``spec.session.FILES`` keeps every document read from a file, keyed by its
resolved path and valid while its modification time and size are unchanged
(and, for a file written in the last seconds, its bytes).
"""

from __future__ import annotations

import collections
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from botanik_design.games.botanik.spec import semantic
from botanik_design.games.botanik.spec.load import load_tileset, load_variant
from botanik_design.games.loading import load_from_variant
from botanik_design.spec import session as session_mod
from botanik_design.spec.errors import SpecError
from botanik_design.spec.refs import bundled
from botanik_design.spec.yamlread import read_yaml

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> Iterator[collections.Counter[str]]:
    """Counts YAML parses by file name, starting from an empty process cache."""
    seen: collections.Counter[str] = collections.Counter()
    real = read_yaml

    def counting(source: Any, name: str) -> Any:
        seen[name] += 1
        return real(source, name)

    saved = dict(session_mod.FILES.docs), dict(session_mod.FILES.checked)
    session_mod.FILES.clear()
    monkeypatch.setattr("botanik_design.spec.session.read_yaml", counting)
    yield seen
    session_mod.FILES.clear()
    session_mod.FILES.docs.update(saved[0])
    session_mod.FILES.checked.update(saved[1])


def test_loading_a_variant_twice_parses_each_file_once(
        parses: collections.Counter[str]) -> None:
    load_from_variant("registre-3")
    load_variant("registre-3")
    load_tileset("botanik")
    load_from_variant("registre-3")
    assert parses == {"registre-3": 1, "standard": 1, "botanik": 1}


def test_a_tile_sets_check_runs_once(parses: collections.Counter[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    calls: collections.Counter[str] = collections.Counter()
    real = semantic.check_tileset

    def counting(data: Any, positions: Any, name: str, *rest: Any) -> Any:
        calls[name] += 1
        return real(data, positions, name, *rest)

    monkeypatch.setattr(semantic, "check_tileset", counting)
    load_from_variant("registre-3")
    load_from_variant("standard")
    load_tileset("botanik")
    assert calls == {"botanik": 1}


def test_a_rewritten_file_is_read_again(tmp_path: Path,
                                        parses: collections.Counter[str]) -> None:
    path = tmp_path / "set.yaml"
    text = bundled("tileset")["quick-3"].read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    assert load_tileset(str(path)).name == "quick-3"
    assert load_tileset(str(path)).name == "quick-3"
    assert parses[str(path)] == 1
    # same size, same second: only the bytes tell the files apart
    stat = path.stat()
    path.write_text(text.replace("tileset: quick-3", "tileset: quick-9"), encoding="utf-8")
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert load_tileset(str(path)).name == "quick-9"
    assert parses[str(path)] == 2
    path.write_text(text.replace("tileset: quick-3", "tileset: 'quick 3'"), encoding="utf-8")
    with pytest.raises(SpecError):
        load_tileset(str(path))
    assert parses[str(path)] == 3


def test_an_old_unchanged_file_is_trusted_by_its_stamp(
        tmp_path: Path, parses: collections.Counter[str]) -> None:
    path = tmp_path / "set.yaml"
    path.write_text(bundled("tileset")["quick-3"].read_text(encoding="utf-8"), encoding="utf-8")
    os.utime(path, (1_000_000_000, 1_000_000_000))  # written long ago
    load_tileset(str(path))
    entry = next(v for k, v in session_mod.FILES.docs.items() if k[1] == str(path))
    assert entry[3] is None  # no bytes kept: the stamp alone is trusted
    load_tileset(str(path))
    assert parses[str(path)] == 1
