"""Errors that name a spec path say which path was tried, and from which folder a relative
one was read (issue 14 item 6)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from botanik_design.games.botanik.spec.load import load_tileset, load_variant
from botanik_design.spec.errors import SpecError
from botanik_design.spec.refs import no_file, tried
from botanik_design.spec.validate import validate_path


def test_tried_resolves_relative_paths_from_the_folder_and_says_so(tmp_path: Path) -> None:
    sub = tmp_path / "sub"
    assert tried("../sets/x.yaml", sub) == (
        f"tried {tmp_path / 'sets' / 'x.yaml'}: a relative path is read from this file's folder")
    assert tried("x.yaml", sub, say_folder=True).endswith(f"read from {sub}")
    assert tried("x.yaml", None) == (f"tried {Path.cwd() / 'x.yaml'}: a relative path is read "
                                     "from the working directory")
    assert tried(str(tmp_path / "a.yaml"), sub) == f"tried {tmp_path / 'a.yaml'}"
    assert no_file("tileset", "t.yaml", "tile set", sub).startswith(
        "`tileset: t.yaml` names no tile set file (tried ")


@pytest.mark.parametrize(("key", "text", "what"), [
    ("extends", "variant: v\nextends: ../parents/p.yaml\n", "variant"),
    ("tileset", "variant: v\nextends: standard\ntileset: ../sets/mine.yaml\n", "tile set"),
])
def test_a_variant_names_the_path_it_tried(tmp_path: Path, key: str, text: str,
                                           what: str) -> None:
    sub = tmp_path / "sub"
    sub.mkdir()
    (sub / "v.yaml").write_text(text, encoding="utf-8")
    [d] = [d for d in validate_path(sub / "v.yaml") if d.level == "error"]
    target = os.path.normpath(sub / text.split(f"{key}: ")[1].split("\n")[0])
    assert f"names no {what} file (tried {target}: a relative path is read from this file's " \
        "folder)" in d.message


def test_a_record_names_the_paths_it_tried(tmp_path: Path) -> None:
    rec = tmp_path / "games" / "r.yaml"
    rec.parent.mkdir()
    rec.write_text("record: r\ntileset: ../sets/none.yaml\nvariant: ../v/none.yaml\nseed: 1\n"
                   "actions: []\n", encoding="utf-8")
    messages = " ".join(d.message for d in validate_path(rec))
    assert f"tried {tmp_path / 'sets' / 'none.yaml'}" in messages
    assert f"tried {tmp_path / 'v' / 'none.yaml'}" in messages


def test_loading_by_a_missing_path_says_where_it_looked(tmp_path: Path) -> None:
    with pytest.raises(SpecError) as exc:
        load_variant("nope.yaml", tmp_path)
    assert f"tried {tmp_path / 'nope.yaml'}: a relative path is read from {tmp_path}" \
        in str(exc.value)
    with pytest.raises(SpecError) as exc:
        load_tileset("sets/x.yaml")
    assert "no tile set named 'sets/x.yaml'" in str(exc.value)
    assert "read from the working directory" in str(exc.value)
