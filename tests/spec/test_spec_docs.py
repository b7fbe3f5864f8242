"""The README's rule table and the pre-commit hook stay in step with the code."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent / "fixtures"


def _fixture_rules() -> set[str]:
    rules = set()
    for path in FIXTURES.glob("*.yaml"):
        match = re.match(rb"^# expect: (.*)$", path.read_bytes(), re.M)
        if match:
            rules |= {item.split()[0] for item in match.group(1).decode().split(";")}
    return rules


def _section() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return text.split("## Validating specs", 1)[1].split("\n## ", 1)[0]


def test_every_fixture_rule_is_documented() -> None:
    documented = set(re.findall(r"^\| `([a-z0-9-]+)` \|", _section(), re.M))
    rules = _fixture_rules()
    assert len(rules) > 40
    undocumented = {r for r in rules - documented if not r.startswith("schema-")}
    assert undocumented == set()
    assert all(f"`{r}`" in _section() for r in rules)


def test_pre_commit_hooks_run_the_console_script() -> None:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    script = re.search(r'^botanik-design = "botanik_design.cli:main"$',
                       (ROOT / "pyproject.toml").read_text(encoding="utf-8"), re.M)
    assert script
    assert {h["id"] for h in hooks} == {"botanik-design-validate",
                                       "botanik-design-validate-strict",
                                       "botanik-design-validate-all"}
    for hook in hooks:
        assert hook["entry"].startswith("botanik-design validate")
        assert hook["language"] == "python" and re.search(hook["files"], "a/b.yml")
        # the hooks that get the changed files also check the specs that refer to them
        assert ("--with-dependents" in hook["entry"]) is (hook.get("pass_filenames", True))


def _readme_pre_commit() -> dict[str, object]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("### In pre-commit", 1)[1].split("\n### ", 1)[0]
    (block,) = re.findall(r"```yaml\n(.*?)```", section, re.S)
    config = yaml.safe_load(block)
    assert isinstance(config, dict)
    return config


def test_the_readme_pre_commit_example_works_without_a_tag() -> None:
    """A ``repo: local`` config whose hooks are the shipped ones, run the same way."""
    shipped = {h["id"]: h for h in yaml.safe_load(
        (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))}
    (repo,) = _readme_pre_commit()["repos"]  # type: ignore[misc]
    assert repo["repo"] == "local" and "rev" not in repo
    assert len(repo["hooks"]) >= 2
    for hook in repo["hooks"]:
        assert hook["id"] in shipped and hook["language"] == "system"
        assert hook["entry"].startswith(shipped[hook["id"]]["entry"])
        assert hook.get("pass_filenames", True) == shipped[hook["id"]].get("pass_filenames",
                                                                         True)
        assert re.search(hook["files"], "tilesets/mine.yaml")
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert not re.search(r"rev:\s*v\d", text)  # no release tag exists to point at
