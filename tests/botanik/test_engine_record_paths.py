"""Records name their tile set and variant so that they can be moved (issue 8, item 17).

A record written by ``play --record`` (the play controller) or by
:func:`write_record` names bundled files by their bundled name and other files
by a path relative to the record, so a folder of records and specs copied
elsewhere (the original deleted) still replays.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.games.botanik.engine.record import (
    load_record,
    play_record,
    record_data,
    write_record,
)
from botanik_design.spec.bundled import bundled_tilesets, bundled_variants
from botanik_design.spec.refs import find_ref, portable_ref
from botanik_design.tui.botanik.controller import Controller, load_rules

QUICK3 = Path(str(bundled_tilesets()["quick-3"]))
NO_LOOPS = Path(str(bundled_variants()["no-loops"]))

#: Where a spec file sits, relative to the folder ``root/games`` that holds the record.
PLACES = {
    "bundled name": None,
    "path to the bundled file": "BUNDLED",
    "beside the record": "games/SPEC.yaml",
    "in a sub-folder": "games/specs/SPEC.yaml",
    "in a sibling folder": "specs/SPEC.yaml",
    "two levels up": "../shared/SPEC.yaml",
}


def _place(root: Path, where: str | None, kind: str) -> tuple[str, str]:
    """Put a spec of ``kind`` at ``where``; ``(reference to pass, expected written ref)``."""
    bundled_path, name = (QUICK3, "quick-3") if kind == "tileset" else (NO_LOOPS, "no-loops")
    if where is None:
        return name, name
    if where == "BUNDLED":
        return str(bundled_path), name
    path = (root / where.replace("SPEC", f"my-{kind}")).resolve()
    path.parent.mkdir(parents=True, exist_ok=True)
    text = bundled_path.read_text(encoding="utf-8")
    if kind == "variant":
        text = text.replace("variant: no-loops", "variant: my-variant")
    path.write_text(text, encoding="utf-8")
    return str(path), os.path.relpath(path, root / "games").replace(os.sep, "/")


def _move(src: Path, dst: Path) -> None:
    """Copy ``src``'s tree (and its sibling ``shared``) to ``dst``; delete the originals."""
    shutil.copytree(src, dst / "root")
    if (src.parent / "shared").exists():
        shutil.copytree(src.parent / "shared", dst / "shared")
        shutil.rmtree(src.parent / "shared")
    shutil.rmtree(src)


@pytest.mark.parametrize("variant_at", list(PLACES))
@pytest.mark.parametrize("tileset_at", list(PLACES))
def test_a_played_record_replays_after_the_folder_is_moved(
        tmp_path: Path, tileset_at: str, variant_at: str) -> None:
    root = tmp_path / "a" / "root"
    (root / "games").mkdir(parents=True)
    (tmp_path / ".git").mkdir()  # the repository the files live in (references stay inside)
    ts_ref, ts_written = _place(root, PLACES[tileset_at], "tileset")
    var_ref, var_written = _place(root, PLACES[variant_at], "variant")
    rules = load_rules(ts_ref, var_ref)
    ctl = Controller(rules, seed=3, opponent="random")
    for _ in range(12):  # a few decisions of both players
        ctl.state.apply_action(ctl.state.legal_actions()[0])
    record = root / "games" / "game.yaml"
    ctl.save(record)

    written = yaml.safe_load(record.read_text(encoding="utf-8"))
    assert (written["tileset"], written["variant"]) == (ts_written, var_written)
    assert not any(os.path.isabs(written[k]) for k in ("tileset", "variant"))

    _move(root, tmp_path / "b")
    moved = load_record(tmp_path / "b" / "root" / "games" / "game.yaml")
    state, _ = play_record(moved)
    assert state.history() == ctl.state.history()


def test_write_record_makes_working_directory_paths_relative(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sets").mkdir()
    shutil.copy(QUICK3, tmp_path / "sets" / "q.yaml")
    rules = load_rules("sets/q.yaml", "standard")
    ctl = Controller(rules, seed=1, opponent="random")
    data = record_data(ctl.state, "r", "sets/q.yaml", "standard")
    (tmp_path / "out").mkdir()
    write_record(tmp_path / "out" / "r.yaml", data)
    written = yaml.safe_load((tmp_path / "out" / "r.yaml").read_text(encoding="utf-8"))
    assert written["tileset"] == "../sets/q.yaml"
    assert written["variant"] == "standard"
    assert data["tileset"] == "sets/q.yaml"  # the caller's mapping is not changed
    load_record(tmp_path / "out" / "r.yaml")


segment = st.sampled_from(["a", "b", "c d", "é"])


@settings(max_examples=60, deadline=None)
@given(file_dirs=st.lists(segment, max_size=3), record_dirs=st.lists(segment, max_size=3))
def test_portable_ref_resolves_to_the_same_file_from_the_record_folder(
        file_dirs: list[str], record_dirs: list[str]) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        spec = root.joinpath(*file_dirs, "spec.yaml")
        spec.parent.mkdir(parents=True, exist_ok=True)
        spec.write_text("x: 1\n")
        folder = root.joinpath(*record_dirs)
        folder.mkdir(parents=True, exist_ok=True)
        ref = portable_ref(str(spec), "tileset", folder)
        assert not os.path.isabs(ref)
        found = find_ref(ref, "tileset", folder)
        assert found is not None and Path(found[1]).resolve() == spec.resolve()


@pytest.mark.parametrize("kind", ["tileset", "variant"])
def test_portable_ref_keeps_names_and_missing_paths(tmp_path: Path, kind: str) -> None:
    names = bundled_tilesets() if kind == "tileset" else bundled_variants()
    for name, source in names.items():
        assert portable_ref(name, kind, tmp_path) == name
        assert portable_ref(str(source), kind, tmp_path) == name
    assert portable_ref("no/such/file.yaml", kind, tmp_path) == "no/such/file.yaml"


def test_a_saved_variant_names_bundled_files_by_name(tmp_path: Path) -> None:
    """The play set-up screen's variant writer: the same rule as records."""
    from botanik_design.tui.play.setup import variant_yaml

    target = tmp_path / "mine.yaml"
    data = yaml.safe_load(variant_yaml(target, str(NO_LOOPS), {"rotation": "fixed"},
                                       str(QUICK3)))
    assert (data["extends"], data["tileset"]) == ("no-loops", "quick-3")
    (tmp_path / "sets").mkdir()
    shutil.copy(QUICK3, tmp_path / "sets" / "q.yaml")
    data = yaml.safe_load(variant_yaml(target, "standard", {}, str(tmp_path / "sets" / "q.yaml")))
    assert (data["extends"], data["tileset"]) == ("standard", "sets/q.yaml")
