"""One rule turns a file name into a spec name (edit's new tile sets, the variant form)."""

from __future__ import annotations

from pathlib import Path

import pytest

from botanik_design.spec.refs import name_from_path


@pytest.mark.parametrize(("file", "name"), [
    ("My Set.yaml", "my-set"),
    ("registre-3.yaml", "registre-3"),
    ("__Odd__ name!!.yml", "odd-name"),
    ("ÄÖÜ.yaml", "tileset"),
    ("x" * 80 + ".yaml", "x" * 64),
])
def test_name_from_path(file: str, name: str) -> None:
    assert name_from_path(Path(file), "tileset") == name
