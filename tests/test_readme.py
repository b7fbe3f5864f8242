"""The README: its quick-start commands and CI stay in step, it stays short, shows one
example per main job, and its links and pictures exist; user documents (README and docs/)
carry no commit hashes, issue numbers or paths outside the repository."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
USER_DOCS = [README, *sorted((ROOT / "docs").rglob("*.md"))]


def _quick_start() -> list[str]:
    text = README.read_text(encoding="utf-8")
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.+?)\n```", section)


def test_quick_start_has_two_commands() -> None:
    cmds = _quick_start()
    assert len(cmds) == 2, cmds
    assert cmds[0].startswith("pip install") and "botanik-design validate" in cmds[0]
    assert "pytest" in cmds[1]


def test_ci_runs_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert _quick_start()[1] in ci.splitlines()


def test_the_readme_reads_in_five_minutes() -> None:
    assert len(README.read_text(encoding="utf-8").splitlines()) < 250


@pytest.mark.parametrize("job", [
    "validate", "simulate", "compare", "sweep", "play", "edit", "sheet", "show", "rules",
    "replay", "score", "perft", "uhp"])
def test_the_readme_shows_each_main_job(job: str) -> None:
    blocks = "\n".join(re.findall(r"```sh\n(.*?)```", README.read_text(encoding="utf-8"),
                                  re.S))
    assert re.search(rf"^botanik-design {job}\b", blocks, re.M), job


def _links(path: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    found = re.findall(r"\]\(([^)\s]+)\)", text) + re.findall(r'<img src="([^"]+)"', text)
    return [t for t in found if "://" not in t]


@pytest.mark.parametrize("path", USER_DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_and_pictures_exist_inside_the_repository(path: Path) -> None:
    for target in _links(path):
        file = target.split("#", 1)[0]
        if not file:
            continue
        resolved = (path.parent / file).resolve()
        assert resolved.is_relative_to(ROOT), target
        assert resolved.exists(), f"{path.name}: {target}"


def test_the_readme_links_every_guide_and_its_pictures() -> None:
    links = set(_links(README))
    for page in sorted((ROOT / "docs" / "guides").glob("*.md")):
        assert f"docs/guides/{page.name}" in links, page.name
    assert {"docs/images/play.svg", "docs/images/sheet.png"} <= links


_HASH = re.compile(r"(?<![#\w-])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}\b")
_HISTORY = [
    (re.compile(r"\bissue\s+#?\d+", re.I), "an issue number"),
    (re.compile(r"(?<![\w/])#\d+\b"), "an issue number"),
    (_HASH, "a commit hash"),
    (re.compile(r"(?<![\w.])\.\./(?:\.\./)*(?:shared|wt|main)\b"), "a path outside the repository"),
    (re.compile(r"/work/|/home/|/root/"), "a path of one machine"),
    (re.compile(r"\bpip install botanik-design\b"), "an install from PyPI (no release exists)"),
]


@pytest.mark.parametrize("path", USER_DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_user_documents_carry_no_development_history(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    for pattern, what in _HISTORY:
        match = pattern.search(text)
        assert match is None, f"{path.name} has {what}: {match and match.group(0)!r}"


@pytest.mark.parametrize("text,bad", [
    ("against be68541 (the baseline)", True), ("see issue 15", True), ("fixed in #12", True),
    ("brief `../shared/hive-rules.md`", True), ("pip install botanik-design", True),
    ("colour #d1383d", False), ("seed 1234567", False), ("`pip install -e .`", False),
    ("[link](../reference/specs.md)", False), ("a deadbeef-cafe tile id", False),
])
def test_the_history_patterns(text: str, bad: bool) -> None:
    assert any(p.search(text) for p, _ in _HISTORY) is bad, text
