"""The documentation's rule reference and its pre-commit guide stay in step with the code."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import yaml

from botanik_design.spec.rule_ids import declared

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent / "fixtures"
CI_GUIDE = ROOT / "docs" / "guides" / "ci.md"
sys.path.insert(0, str(ROOT / "docs"))
from refgen import rules as rule_page  # noqa: E402


def _fixture_rules() -> set[str]:
    rules = set()
    for path in FIXTURES.glob("*.yaml"):
        match = re.match(rb"^# expect: (.*)$", path.read_bytes(), re.M)
        if match:
            rules |= {item.split()[0] for item in match.group(1).decode().split(";")}
    return rules


def test_every_fixture_rule_is_declared_and_shown_failing_with_what_validate_says() -> None:
    page = rule_page.reference()
    rules = _fixture_rules()
    assert len(rules) > 40
    assert {r for r in rules if not declared(r)} == set()
    for rule in rules:
        section = page.split(f"### {rule} {{#", 1)[1].split("\n### ", 1)[0]
        assert f"[{rule}]" in section, rule  # the diagnostic validate printed for the file


def test_failing_examples_come_with_a_passing_file_of_their_kind() -> None:
    """Every kind with a failing fixture has an ok- fixture, shown as the passing example."""
    page = rule_page.reference()
    pool = rule_page.fixtures()
    kinds = {f.kind for f in pool if f.rules and f.kind}
    for kind in kinds:
        good = rule_page.passing_example(kind, pool)
        if good is None:
            continue
        assert good.rules == () and f"### {good.name} " in page
    assert {"tile set", "variant", "sweep", "Hive piece set", "Hive variant"} <= {
        k for k in kinds if rule_page.passing_example(k, pool)}


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


def _guide_pre_commit() -> dict[str, object]:
    text = CI_GUIDE.read_text(encoding="utf-8")
    section = text.split("## pre-commit", 1)[1].split("\n## ", 1)[0]
    (block,) = re.findall(r"```yaml\n(.*?)```", section, re.S)
    config = yaml.safe_load(block)
    assert isinstance(config, dict)
    return config


def test_the_guide_pre_commit_example_works_without_a_tag() -> None:
    """A ``repo: local`` config whose hooks are the shipped ones, run the same way."""
    shipped = {h["id"]: h for h in yaml.safe_load(
        (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))}
    (repo,) = _guide_pre_commit()["repos"]  # type: ignore[misc]
    assert repo["repo"] == "local" and "rev" not in repo
    assert len(repo["hooks"]) >= 2
    for hook in repo["hooks"]:
        assert hook["id"] in shipped and hook["language"] == "system"
        assert hook["entry"].startswith(shipped[hook["id"]]["entry"])
        assert hook.get("pass_filenames", True) == shipped[hook["id"]].get("pass_filenames",
                                                                         True)
        assert re.search(hook["files"], "tilesets/mine.yaml")
    for doc in (ROOT / "README.md", CI_GUIDE):
        text = doc.read_text(encoding="utf-8")
        assert not re.search(r"rev:\s*v\d", text)  # no release tag exists to point at
