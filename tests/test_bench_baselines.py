"""The benches' named baselines (``bench/baselines.toml``) stand for real commits of the
old layout, and ``bench/checkout.py`` resolves them, so the figures' commands work on a
clone that did not bring git tags along."""

from __future__ import annotations

import importlib.util
import re
import subprocess
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _checkout() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_checkout", ROOT / "bench" / "checkout.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _git(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True,
                          check=False)


def test_every_named_baseline_is_a_full_hash_with_a_description() -> None:
    named = _checkout().named_baselines()
    assert "pre-plugins" in named  # the figures pages quote it
    for name, table in named.items():
        assert re.fullmatch(r"[0-9a-f]{40}", table["commit"]), name
        assert table["about"].strip(), name


def test_a_name_resolves_to_its_commit_and_anything_else_to_itself() -> None:
    checkout = _checkout()
    commit = checkout.named_baselines()["pre-plugins"]["commit"]
    assert checkout.commit_of("pre-plugins") == commit
    assert checkout.commit_of("v9.9-no-such-name") == "v9.9-no-such-name"


def test_the_named_commits_are_in_the_history_and_hold_an_older_layout() -> None:
    inside = _git("rev-parse", "--is-inside-work-tree")
    if inside.returncode != 0:
        pytest.fail("the test suite runs from a git checkout (.ci/run clones the repository)")
    shallow = _git("rev-parse", "--is-shallow-repository").stdout.strip() == "true"
    for name, table in _checkout().named_baselines().items():
        commit = table["commit"]
        found = _git("cat-file", "-e", f"{commit}^{{commit}}").returncode == 0
        if shallow and not found:
            continue  # a shallow clone lacks it; checkout.py says so (next test)
        assert found, f"{name}: {commit} is not a commit of this repository"
        assert _git("merge-base", "--is-ancestor", commit, "HEAD").returncode == 0, name
        tree = _git("ls-tree", "--name-only", commit, "botanik_design/").stdout.split()
        assert "botanik_design/bots" in tree, name


def test_an_unknown_baseline_stops_with_a_message_naming_it(tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as stop:
        _checkout().add_worktree("no-such-baseline-name", tmp_path / "tree")
    assert "--baseline no-such-baseline-name: neither a folder nor a commit" in str(stop.value)
    assert not (tmp_path / "tree").exists()
