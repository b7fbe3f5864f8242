"""Counted nouns: one helper for every "1 point / 2 points" in the package (issue 8, item 20).

``1 pts``, ``stopped after 1 actions`` and ``1 option(s) changed`` were the
cases reported; the source scan below keeps the whole kind out of the package.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from botanik_design.model.words import noun, plural

PKG = Path(__file__).resolve().parents[1] / "botanik_design"


@pytest.mark.parametrize(("n", "singular", "many", "expected"), [
    (0, "point", None, "0 points"),
    (1, "point", None, "1 point"),
    (2, "point", None, "2 points"),
    (0, "pt", None, "0 pts"),
    (1, "pt", None, "1 pt"),
    (2, "pt", None, "2 pts"),
    (1, "action", None, "1 action"),
    (21, "action", None, "21 actions"),
    (1, "match", "matches", "1 match"),
    (2, "match", "matches", "2 matches"),
    (0, "match", "matches", "0 matches"),
    (-1, "point", None, "-1 points"),
    (1.5, "point", None, "1.5 points"),
])
def test_plural(n: float, singular: str, many: str | None, expected: str) -> None:
    assert plural(n, singular, many) == expected
    assert noun(n, singular, many) == expected.split(" ", 1)[1]


# ------------------------------------------------------------- the reported places


def test_score_line_stopped_message_and_saved_variant_title(tmp_path: Path) -> None:
    from botanik_design.tui.botanik.controller import Controller, load_rules
    from botanik_design.tui.play.setup import variant_yaml

    for n in (0, 1, 2):
        changed = dict(list({"rotation": "fixed", "closure": "none"}.items())[:n])
        title = variant_yaml(tmp_path / "v.yaml", "standard", changed).split("title: ")[1]
        assert title.startswith(f"standard with {plural(n, 'option')} changed")
        assert "(s)" not in title
    ctl = Controller(load_rules("quick-3", "standard"), seed=1, opponent="random")
    assert re.match(r"^0 pts: ", ctl.score_line(0))


@pytest.mark.parametrize("actions", [0, 1, 2])
def test_replay_counts_actions(tmp_path: Path, actions: int,
                               capsys: pytest.CaptureFixture[str]) -> None:
    from botanik_design.cli import main
    from botanik_design.games.botanik.engine.game import new_game
    from botanik_design.games.botanik.engine.record import record_data, write_record
    from botanik_design.games.botanik.spec.load import load_tileset, load_variant

    state = new_game(load_tileset("quick-3"), load_variant("standard"), 1)
    for _ in range(actions):
        state.apply_action(state.legal_actions()[0])
    write_record(tmp_path / "r.yaml", record_data(state, "r", "quick-3", "standard"))
    main(["replay", "--no-board", str(tmp_path / "r.yaml")])
    assert f"after {plural(actions, 'action')}\n" in capsys.readouterr().out


# ------------------------------------------------------------- the whole kind

#: Nouns the package counts: after a number they must go through plural()/noun().
COUNTED = {
    "actions", "cells", "characters", "colours", "columns", "decisions", "destinations",
    "errors", "files", "flowers", "games", "items", "moves", "notes", "options", "placements",
    "points", "problems", "pts", "rounds", "runs", "stacks", "tiles", "warnings",
    "workers", "Sources",
    # Hive and spec-size nouns (the scan missed "1 pieces per player", session 9)
    "bytes", "pieces", "plies", "Queens", "values",
}
_AFTER = re.compile(r"^\)?\s+`?([A-Za-z-]+)(.?)")
#: a counted noun after one qualifying word: ``{n} machine tiles``, ``{n} random games``
_AFTER_TWO = re.compile(r"^\)?\s+([a-z-]+)\s+([A-Za-z-]+)(.?)")


#: words between a value and a counted noun that do not make the value a count of it
#: (``{a} of tiles``, ``{name} has tiles``)
_NOT_QUALIFIERS = {"of", "has", "have", "with", "and", "or", "to", "in", "on", "for", "from",
                   "all", "no", "is", "are", "the", "a", "an", "per", "mm"}


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def _is_constant_name(expr: ast.expr) -> bool:
    """``MAX_NODES``, ``mod.MAX_BYTES``: a fixed bound, never 1."""
    name = expr.attr if isinstance(expr, ast.Attribute) else getattr(expr, "id", "")
    return bool(name) and name.isupper()


def _findings(path: Path, root: Path = PKG) -> list[str]:
    """Counted nouns in ``path`` not made by the helper (``{n!r}``: a name, not a count)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    out = []
    for node in ast.walk(tree):
        where = f"{path.relative_to(root)}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in docs and "(s)" in node.value:
            out.append(f"{where}: '(s)' in {node.value!r}")
        if isinstance(node, ast.IfExp):
            branches = {getattr(b, "value", None) for b in (node.body, node.orelse)}
            if branches in ({"s", ""}, {"es", ""}):
                out.append(f"{where}: inline plural {ast.unparse(node)}")
        if isinstance(node, ast.JoinedStr):
            parts = node.values
            for value, after in zip(parts, parts[1:], strict=False):
                if not isinstance(value, ast.FormattedValue) or not isinstance(after, ast.Constant):
                    continue
                if value.conversion != -1 or _is_constant_name(value.value) \
                        or isinstance(value.value, ast.IfExp):  # a chosen word, not a count
                    continue
                text = str(after.value)
                m = _AFTER.match(text)
                if m and m.group(1) in COUNTED and m.group(2) != "/":
                    out.append(f"{where}: '{{{ast.unparse(value.value)}}} {m.group(1)}'")
                m = _AFTER_TWO.match(text)
                if m and m.group(1) not in _NOT_QUALIFIERS and m.group(2) in COUNTED \
                        and m.group(3) != "/":
                    out.append(f"{where}: '{{{ast.unparse(value.value)}}} {m.group(1)} "
                               f"{m.group(2)}'")
    return out


def test_every_counted_noun_goes_through_the_helper() -> None:
    found = [f for p in sorted(PKG.rglob("*.py")) if p.name != "words.py" for f in _findings(p)]
    assert found == []


@pytest.mark.parametrize(("source", "caught"), [
    ('x = f"{n} pts: "', True),
    ('x = f"stopped after {len(h)} actions"', True),
    ('x = f"{base} with {len(c)} option(s) changed"', True),
    ("x = f\"{e} error{'s' if e != 1 else ''}\"", True),
    ('x = f"{n} " "tiles"', True),
    ('x = f"{n} machine tiles; at most"', True),
    ('x = f"{n} pile tiles discarded"', True),
    ('x = f"{a} of {played} random games"', True),
    ('x = f"{n} of tiles"', False),
    ('x = f"{name} has tiles"', False),
    ('x = f"{size:g} mm tiles"', False),
    ("x = f\"{'play' if k else 'plays'} random moves\"", False),
    ('x = f"{plural(n, \'tile\')} left"', False),
    ('x = f"more than {MAX_NODES} nodes, {LIMIT} games"', False),
    ('x = f"{rate:,.0f} games/s"', False),
    ('x = f"{who} picks a tile"', False),
    ('x = f"more {name!r} tiles than the set has"', False),
    ('"""Docstring: 3 tile(s)."""', False),
])
def test_the_scan_catches_the_kind(tmp_path: Path, source: str, caught: bool) -> None:
    path = tmp_path / "probe.py"
    path.write_text(source + "\n", encoding="utf-8")
    assert bool(_findings(path, tmp_path)) is caught
