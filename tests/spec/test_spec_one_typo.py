"""One typo, one error: a required key spelt a little wrong (``palete`` for ``palette``)
is ONE diagnostic, at the unknown key, suggesting the right one, not a "missing
required key" plus an "unknown key"; and no message carries a schema description (a
description may only be a hint, naming the key it describes)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from botanik_design.cli import main

ROOT = Path(__file__).resolve().parents[2]
SWEEP = ROOT / "examples" / "sweeps" / "registre-3-bonus.yaml"

#: (file, path to the mapping, required key): top-level keys of each kind, and nested ones.
CASES = [
    ("tilesets/botanik.yaml", (), "palette"),
    ("tilesets/botanik.yaml", (), "tiles"),
    ("tilesets/botanik.yaml", ("palette", 0), "symbol"),
    ("tilesets/botanik.yaml", ("palette", 0), "display"),
    ("tilesets/botanik.yaml", ("tiles", 0), "copies"),
    ("tilesets/botanik.yaml", ("tiles", 0), "exits"),
    ("piecesets/hive-base.yaml", (), "bugs"),
    ("examples/records/standard-seed-7.yaml", (), "actions"),
    ("examples/records/standard-seed-7.yaml", (), "variant"),
    ("examples/positions/groups-and-flowers.yaml", (), "machines"),
    ("examples/sweeps/registre-3-bonus.yaml", (), "axes"),
    ("examples/sweeps/registre-3-bonus.yaml", (), "base"),
]


def _typo(key: str) -> str:
    return key[:2] + key[3:]  # one letter dropped: `palete`, `copes`


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


def _diagnostics(capsys: pytest.CaptureFixture[str], file: Path) -> list[dict[str, Any]]:
    main(["validate", "--format", "json", str(file)])
    report = json.loads(capsys.readouterr().out)
    return list(report["diagnostics"])


@pytest.mark.parametrize(("name", "where", "key"), CASES,
                         ids=[f"{Path(c[0]).stem}:{'/'.join(map(str, c[1]))}/{c[2]}"
                              for c in CASES])
def test_a_mistyped_required_key_is_one_diagnostic(name: str, where: tuple[Any, ...],
                                                   key: str, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    source = ROOT / name
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    assert not [d for d in _diagnostics(capsys, source) if d["level"] == "error"]
    mapping = _at(data, where)
    typo = _typo(key)
    assert typo not in mapping
    renamed = {(typo if k == key else k): v for k, v in mapping.items()}
    mapping.clear()
    mapping.update(renamed)
    broken = tmp_path / source.name
    broken.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True),
                      encoding="utf-8")
    found = [d for d in _diagnostics(capsys, broken)
             if key in d["message"] or typo in d["message"]]
    assert len(found) == 1, found
    assert found[0]["json_path"] == "".join(f"/{p}" for p in where)  # the mapping
    assert found[0]["rule"] == "schema-required"
    assert found[0]["message"] == f"unknown key `{typo}`: the required key `{key}` is missing"
    assert found[0]["hint"] == f"did you mean `{key}`?"
    line = next(i for i, text in enumerate(broken.read_text(encoding="utf-8").splitlines(), 1)
                if f"{typo}:" in text)
    assert found[0]["line"] == line  # shown where the typo is


def _descriptions(node: Any) -> set[str]:
    out: set[str] = set()
    if isinstance(node, dict):
        if isinstance(node.get("description"), str):
            out.add(node["description"])
        for value in node.values():
            out |= _descriptions(value)
    elif isinstance(node, list):
        for value in node:
            out |= _descriptions(value)
    return out


BROKEN = [
    "tileset: t\npalette: [red]\ntiles: []\n",
    "tileset: t\npalette: [{name: red, symbol: r, display: '#ff0000'}]\n"
    "tiles:\n  - {id: a, type: straight, kind: pipe, colour: red, exits: [N, S], copies: -1}\n",
    "variant: v\nextends: standard\noptions: {registry_columns: 0, arrival_tiles: -3}\n",
    "sweep: s\nbase: {variant: standard}\naxes: []\ngames: 0\n",
]


@pytest.mark.parametrize("text", BROKEN)
def test_no_message_carries_a_schema_description(text: str, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    descriptions = set()
    for schema in (ROOT / "spec").glob("*.schema.json"):
        descriptions |= _descriptions(json.loads(schema.read_text(encoding="utf-8")))
    file = tmp_path / "x.yaml"
    file.write_text(text, encoding="utf-8")
    found = _diagnostics(capsys, file)
    assert found
    for d in found:
        assert not any(desc[:30] in d["message"] for desc in descriptions if len(desc) > 30), d
        if d["hint"] and any(d["hint"].endswith(desc) for desc in descriptions):
            assert d["hint"].startswith("`"), d  # names the key it describes
