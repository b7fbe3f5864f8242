"""YAML 1.1 trap values (``no``, ``012``, ``1:30``...) in every scalar field of every spec kind.

Each trap is flagged where it is written, once, and no schema or semantic
check reports anything else about the placeholder the reader keeps in its
place (issue 8, item 1: ``copies: no`` crashed the semantic check of tile sets).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from botanik_design.cli import main
from botanik_design.spec.diagnostics import Diagnostic
from botanik_design.spec.positions import pointer
from botanik_design.spec.validate import Session

ROOT = Path(__file__).resolve().parents[2]
#: One valid document of each kind (their fields cover every schema's scalars).
SPECS = {
    "tileset": ROOT / "tilesets" / "quick-3.yaml",
    "variant": ROOT / "spec" / "variants" / "registre-3.yaml",
    "record": ROOT / "examples" / "records" / "mecha-swap.yaml",
    "position": ROOT / "examples" / "positions" / "wildcard-mecha.yaml",
    "sweep": ROOT / "examples" / "sweeps" / "registre-3-bonus.yaml",
    "pieceset": ROOT / "piecesets" / "hive-full.yaml",
    "hive-variant": ROOT / "spec" / "variants" / "hive-tournament.yaml",
    "hive-record": ROOT / "examples" / "hive" / "short-win.yaml",
    "hive-position": ROOT / "examples" / "hive" / "queen-in-danger.yaml",
}
#: Trap value -> the rule that must flag it.
TRAPS = {
    "no": "yaml-ambiguous-bool", "yes": "yaml-ambiguous-bool", "On": "yaml-ambiguous-bool",
    "OFF": "yaml-ambiguous-bool",
    "012": "yaml-ambiguous-number", "0b11": "yaml-ambiguous-number",
    "1:30": "yaml-ambiguous-number", "1_000": "yaml-ambiguous-number",
    "1:30.5": "yaml-ambiguous-number", "0o17": "yaml-ambiguous-number",
    "1e3": "yaml-ambiguous-number",
    "!!int ": "yaml-bad-number", "!!float ": "yaml-bad-number", "!!int x": "yaml-bad-number",
    "!!binary aGk=": "yaml-tag", "!!null x": "yaml-tag", "!!bool maybe": "yaml-tag",
}


def _fields(text: str) -> list[tuple[tuple[str | int, ...], int, int]]:
    """``(path, start, end)`` of the first scalar of each field (indices shown as ``0``)."""
    root = yaml.compose(text)
    seen: dict[str, tuple[tuple[str | int, ...], int, int]] = {}
    todo: list[tuple[tuple[str | int, ...], yaml.Node]] = [((), root)]
    while todo:
        path, node = todo.pop(0)
        if isinstance(node, yaml.ScalarNode) and node.style not in ("|", ">"):
            field = re.sub(r"/\d+", "/#", pointer(path))
            seen.setdefault(field, (path, node.start_mark.index, node.end_mark.index))
        elif isinstance(node, yaml.MappingNode):
            todo += [((*path, k.value), v) for k, v in node.value]
        elif isinstance(node, yaml.SequenceNode):
            todo += [((*path, i), v) for i, v in enumerate(node.value)]
    return list(seen.values())


CASES = [(kind, path, start, end) for kind, file in SPECS.items()
         for path, start, end in _fields(file.read_text(encoding="utf-8"))]


def _check(session: Session, text: str, key: str, folder: Path) -> list[Diagnostic]:
    return session.check(session.doc_from(text, "t.yaml", key, folder))


def test_the_table_covers_every_kind_and_many_fields() -> None:
    from botanik_design.games.registry import entries
    from botanik_design.spec.schema_check import known_kinds

    kinds = {kind for kind, *_ in CASES}
    # kinds of games that bring their own schema (the conformance suite's toy game) aside
    own = {k.kind for e in entries() for k in e.kinds if k.schema}
    assert kinds == set(SPECS) == set(known_kinds()) - own
    assert len(CASES) >= 40
    fields = {re.sub(r"/\d+", "/#", pointer(path)) for _, path, *_ in CASES}
    assert {"/tiles/#/copies", "/tiles/#/flowers", "/options/registry_columns", "/seed",
            "/first_player", "/machines/#/#/cell/#", "/deal/#", "/actions/#"} <= fields


@pytest.mark.parametrize("kind", sorted(SPECS))
def test_every_trap_in_every_field_is_flagged_once_and_nothing_checks_it(kind: str) -> None:
    file = SPECS[kind]
    text = file.read_text(encoding="utf-8")
    session = Session()  # shared: the bundled tile sets and variants are read once
    for n, (k, path, start, end) in enumerate(c for c in CASES if c[0] == kind):
        line = text.count("\n", 0, start) + 1
        column = start - (text.rfind("\n", 0, start) + 1) + 1
        for trap, rule in TRAPS.items():
            changed = text[:start] + trap + text[end:]
            found = _check(session, changed, f"{k}-{n}-{trap}", file.parent)
            at = [d for d in found if (d.line, d.column) == (line, column)]
            where = f"{pointer(path)} = {trap}"
            assert [d.rule for d in at] == [rule], (where, [d.format() for d in found])
            here = [d for d in found if d.json_path == pointer(path) and d.rule != rule]
            assert here == [], (where, [d.format() for d in here])


@pytest.mark.parametrize(("text", "line"), [
    # through an alias: flagged at the anchor, and the alias is not checked either
    ("tileset: t\npalette: [{name: red, symbol: R, display: '#aa0000'}]\ntiles:\n"
     "  - {id: s, type: source, kind: source, exits: [N], copies: &c no}\n"
     "  - {id: a, colour: red, type: straight, kind: pipe, exits: [N, S], copies: *c}\n", 4),
    # in a merged mapping
    ("tileset: t\npalette: [{name: red, symbol: R, display: '#aa0000'}]\nbase: &b {copies: no}\n"
     "tiles:\n  - {<<: *b, id: s, type: source, kind: source, exits: [N]}\n", 3),
    # in a list
    ("tileset: t\npalette: [{name: red, symbol: R, display: '#aa0000'}]\n"
     "tiles:\n  - {id: s, type: source, kind: source, exits: [N, no], copies: 2}\n", 4),
])
def test_traps_behind_aliases_merges_and_keys(text: str, line: int) -> None:
    found = _check(Session(), text, "k", ROOT)
    assert any(d.rule == "yaml-ambiguous-bool" and d.line == line for d in found), found
    assert not any(d.rule.startswith("sem-") for d in found), found


def test_a_trap_key_is_flagged() -> None:
    found = _check(Session(), "variant: v\nno: 1\n", "k", ROOT)
    assert [(d.rule, d.line) for d in found if d.rule.startswith("yaml-")] == [
        ("yaml-ambiguous-bool", 2)]


@pytest.mark.parametrize("trap", ["no", "!!int ", "012"])
def test_one_bad_file_does_not_hide_the_others(trap: str, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """The reported case: ``copies: no`` in one tile set of a run (``--format json``)."""
    text = SPECS["tileset"].read_text(encoding="utf-8")
    bad = tmp_path / "a-bad.yaml"
    bad.write_text(text.replace("copies: 2, label: Source", f"copies: {trap}, label: Source"),
                   encoding="utf-8")
    (tmp_path / "b-bad.yaml").write_text("tileset: x\ncolour: [\n", encoding="utf-8")
    assert main(["validate", "--format", "json", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert f'"rule": "{TRAPS[trap]}"' in out and '"rule": "yaml-syntax"' in out
