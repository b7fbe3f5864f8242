"""The documentation site: its generators cover every command and option, every key of
every schema and every rule id; the MkDocs configuration, the docs extra and CI agree.

The full ``mkdocs build --strict`` runs in CI (.ci/run); these tests run the generators
(docs/refgen, called by the hook docs/hooks.py) without MkDocs.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from botanik_design.cli import build_parser
from botanik_design.spec.rule_ids import RULES

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
sys.path.insert(0, str(DOCS))
import hooks  # noqa: E402
from refgen import commands, markdown, rules, schemas  # noqa: E402


def _section(page: str, heading: str) -> str:
    return page.split(heading, 1)[1].split("\n## ", 1)[0]


def _commands() -> Iterator[tuple[str, argparse.ArgumentParser]]:
    for action in build_parser()._actions:
        if isinstance(action, argparse._SubParsersAction):
            yield from action.choices.items()


COMMANDS = dict(_commands())


@pytest.fixture(scope="module")
def command_page() -> str:
    return commands.reference()


@pytest.mark.parametrize("name", COMMANDS)
def test_every_command_and_option_is_in_the_command_reference(command_page: str,
                                                              name: str) -> None:
    section = _section(command_page, f"## {name} {{#{name}}}")
    parser = COMMANDS[name]
    assert parser.format_usage().split()[2] == name  # usage: botanik-design NAME ...
    shown = 0
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction) or action.help == argparse.SUPPRESS:
            continue
        words = action.option_strings or [str(action.metavar or action.dest)]
        for word in words:
            assert re.search(rf"^\| (`|<code>)[^|`\n]*{re.escape(word)}\b", section, re.M), (
                name, word)
        shown += 1
    assert len(re.findall(r"^\| (`|<code>)", section, re.M)) == shown  # a row per argument


def test_the_command_index_lists_every_command_once(command_page: str) -> None:
    index = command_page.split("\n## ", 1)[0]
    assert re.findall(r"^\| \[`([a-z]+)`\]", index, re.M) == list(COMMANDS)


def test_a_suppressed_option_stays_out_and_help_fields_are_filled() -> None:
    parser = argparse.ArgumentParser(prog="p")
    parser.add_argument("--old", help=argparse.SUPPRESS)
    parser.add_argument("--size", type=int, default=45, help="tile size (default %(default)s)")
    parser.add_argument("names", nargs="+", metavar="NAME", help="one or more")
    rows = [commands.invocation(a) for a in commands.documented(parser)]
    assert rows == ["--size SIZE", "NAME [NAME ...]"]
    size = next(a for a in commands.documented(parser) if a.dest == "size")
    assert commands.help_text(size, "p") == "tile size (default 45)"


def _property_names(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for key, sub in node.get("properties", {}).items():
            yield key
            yield from _property_names(sub)
        for key, sub in node.items():
            if key != "properties":
                yield from _property_names(sub)
    elif isinstance(node, list):
        for item in node:
            yield from _property_names(item)


SCHEMAS = sorted((ROOT / "spec").glob("*.schema.json"))


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_every_key_of_every_schema_is_in_the_spec_reference(path: Path) -> None:
    schema = json.loads(path.read_text(encoding="utf-8"))
    kind = path.name.removesuffix(".schema.json")
    section = _section(schemas.reference(), f"{{#{kind}}}")
    names = set(_property_names(schema))
    assert names
    for name in names:
        assert re.search(rf"^\| `([^`]*\.)?{re.escape(name)}`", section, re.M), (kind, name)
    for row in schemas.rows(schema):
        for enum in row.node.get("enum", ()):
            assert f"`{json.dumps(enum, ensure_ascii=False)}`" in section, (row.path, enum)


def test_spec_rows_carry_types_defaults_and_limits() -> None:
    schema = json.loads((ROOT / "spec" / "tileset.schema.json").read_text(encoding="utf-8"))
    by_path = {r.path: r for r in schemas.rows(schema)}
    assert by_path["tiles[].copies"].required and not by_path["tiles[].label"].required
    assert schemas.type_of(by_path["tiles[].exits"].node) == "list of choice"
    assert schemas.allowed(by_path["palette[].symbol"].node) == "exactly 1 character"
    assert schemas.allowed(by_path["tiles[].flowers"].node) == "0 to 9"
    assert schemas.type_of({"type": ["integer", "null"]}) == "integer or null"


def test_every_rule_id_is_in_the_rule_reference() -> None:
    page = rules.reference()
    for rule in RULES:
        assert re.search(rf"^\| `{re.escape(rule)}` \|", page, re.M), rule


def test_the_hook_fills_every_marker_and_refuses_an_unknown_one() -> None:
    used = set()
    for page in DOCS.rglob("*.md"):
        text = page.read_text(encoding="utf-8")
        used |= set(hooks.MARKER.findall(text))
        assert not hooks.MARKER.search(hooks.expand(text)), page
    assert used == set(hooks.GENERATORS)
    with pytest.raises(KeyError):
        hooks.expand("<!-- generated: nonsense -->")


def _nav_files(node: Any) -> Iterator[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, list):
        for item in node:
            yield from _nav_files(item)
    elif isinstance(node, dict):
        for value in node.values():
            yield from _nav_files(value)


def test_mkdocs_configuration_ci_and_the_docs_extra_agree() -> None:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    assert config["theme"]["name"] == "material" and config["strict"] is True
    assert config["hooks"] == ["docs/hooks.py"]
    nav = set(_nav_files(config["nav"]))
    pages = {str(p.relative_to(DOCS)) for p in DOCS.rglob("*.md")}
    assert nav == pages
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    extra = pyproject.split("\ndocs = [", 1)[1].split("]", 1)[0]
    assert '"mkdocs>=' in extra and '"mkdocs-material>=' in extra
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    install = next(i for i, line in enumerate(ci) if ".[docs]" in line and "pip install" in line)
    build = next(i for i, line in enumerate(ci) if "mkdocs build --strict" in line)
    assert install <= build
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert f"{config['site_dir'].rstrip('/')}/" in ignored


def test_the_generators_import_neither_the_tui_nor_the_plotting_libraries() -> None:
    code = (f"import sys; sys.path.insert(0, {str(DOCS)!r}); import hooks\n"
            "for make in hooks.GENERATORS.values(): make()\n"
            "print(sorted(m for m in ('textual', 'matplotlib', 'distributed', 'scipy')"
            " if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    assert done.stdout.strip() == "[]"


def test_the_python_examples_run() -> None:
    page = (DOCS / "reference" / "python.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", page, re.S)
    assert len(blocks) >= 3
    namespace: dict[str, Any] = {}
    for block in blocks:
        exec(compile(block, "python.md", "exec"), namespace)  # noqa: S102
    assert namespace["state"].history()  # the bot's move was played


@pytest.mark.parametrize("game,schema", [("botanik", "variant"), ("hive", "hive-variant")])
def test_each_game_has_its_rules_page_with_every_option(game: str, schema: str) -> None:
    page = hooks.GENERATORS[game]()
    assert page.startswith(f"# {game.capitalize()} rules")
    options = json.loads((ROOT / "spec" / f"{schema}.schema.json").read_text(
        encoding="utf-8"))["properties"]["options"]["properties"]
    for option in options:
        assert f"`{option}" in page, (game, option)


@pytest.mark.parametrize("raw,shown", [
    ("files *.yaml", "files \\*.yaml"),
    ("message [rule]", "message \\[rule\\]"),
    ("tests/<variant>.txt", "tests/&lt;variant\\>.txt"),
    ("a `<key>` code span", "a `<key>` code span"),
    ("random|greedy", "random\\|greedy"),
    ("`a|b`", "<code>a&#124;b</code>"),
    ("Mann-\nWhitney U,\nHolm", "Mann-Whitney U, Holm"),
    ("snake_case", "snake\\_case"),
])
def test_help_text_becomes_markdown_that_shows_it_as_written(raw: str, shown: str) -> None:
    assert markdown.text(raw) == shown
