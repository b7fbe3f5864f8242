"""A path written in a file stays inside the project, and a referenced file's content is
never quoted.

A spec could name ``/etc/passwd``, ``../../../../etc/hosts`` or ``/proc/self/environ`` as
its tile set and get part of it echoed in the error (a CI log of a pull request would
print secrets). By default every reference written in a file (``tileset:``, ``extends:``,
``pieceset:``, ``variant:`` of records, positions and sweeps) must resolve, symlinks
followed, inside the project (the nearest folder above it holding ``.git`` or
``pyproject.toml``, or ``--root``); ``--allow-outside`` lifts that, never for ``/proc``,
``/sys`` or ``/dev``. A message about a referenced file gives its error's position and
rule, never its text.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from botanik_design.cli import main

SECRET = "S3CR3T-TOKEN-abcdef0123456789"


@pytest.fixture
def world(tmp_path: Path) -> Path:
    """``tmp/project`` (a repository) and, outside it, ``tmp/secret.yaml``."""
    project = tmp_path / "project"
    (project / "sets").mkdir(parents=True)
    (project / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    (tmp_path / "secret.yaml").write_text(f"tileset: t\ntiles: {SECRET}\n")
    (project / "sets" / "escape.yaml").symlink_to(tmp_path / "secret.yaml")
    (project / "sets" / "proc.yaml").symlink_to("/proc/self/environ")
    (project / "sets" / "broken.yaml").write_text(f"tileset: t\ntiles: {SECRET}\n")
    (project / "sets" / "mine.yaml").write_text(
        (Path(__file__).resolve().parents[2] / "tilesets" / "quick-3.yaml").read_text())
    return project


SPECS = {
    "tileset": "variant: v\ntileset: {ref}\n",
    "extends": "variant: v\nextends: {ref}\n",
    "pieceset": "variant: v\ngame: hive\npieceset: {ref}\n",
    "record-variant": "record: r\nvariant: {ref}\nseed: 1\nactions: []\n",
    "hive-position": "position: p\ngame: hive\nvariant: {ref}\nto_move: white\nturn: 1\n"
                     "stacks: []\n",
    "sweep-variant": "sweep: s\nbase: {{variant: {ref}}}\naxes:\n  - option: mecha_bonus\n"
                     "    values: [0, 1]\nbots: greedy,greedy\ngames: 2\n",
    "sweep-tileset": "sweep: s\nbase: {{variant: standard, tileset: {ref}}}\naxes:\n"
                     "  - option: mecha_bonus\n    values: [0, 1]\nbots: greedy,greedy\n"
                     "games: 2\n",
}
OUTSIDE = ["/etc/passwd", "../../../../../../../../etc/hosts", "../secret.yaml",
           "sets/escape.yaml", "{tmp}/secret.yaml"]
NEVER = ["/proc/self/environ", "/proc/self/status", "sets/proc.yaml"]


def _validate(project: Path, text: str, ref: str, *options: str,
              capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    spec = project / "spec.yaml"
    spec.write_text(text.format(ref=ref.format(tmp=project.parent)))
    code = main(["validate", *options, str(spec)])
    out = capsys.readouterr()
    return code, out.out + out.err


@pytest.mark.parametrize("kind", SPECS)
@pytest.mark.parametrize("ref", OUTSIDE + NEVER)
def test_a_reference_out_of_the_project_is_refused(world: Path, kind: str, ref: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _validate(world, SPECS[kind], ref, capsys=capsys)
    assert code == 1
    assert "is not read:" in out, out
    assert "never read" in out if ref in NEVER else "outside the project" in out
    assert SECRET not in out and "root:" not in out


@pytest.mark.parametrize("kind", SPECS)
@pytest.mark.parametrize("ref", NEVER)
def test_system_files_stay_refused_with_allow_outside(world: Path, kind: str, ref: str,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    code, out = _validate(world, SPECS[kind], ref, "--allow-outside", capsys=capsys)
    assert code == 1 and "never read" in out


@pytest.mark.parametrize("options", [["--allow-outside"], ["--root", "{tmp}"]])
@pytest.mark.parametrize("ref", ["../secret.yaml", "sets/escape.yaml", "{tmp}/secret.yaml"])
def test_an_explicit_option_lets_a_reference_out_but_no_content_is_quoted(
        world: Path, ref: str, options: list[str],
        capsys: pytest.CaptureFixture[str]) -> None:
    options = [o.format(tmp=world.parent) for o in options]
    code, out = _validate(world, SPECS["tileset"], ref, *options, capsys=capsys)
    assert code == 1 and "is not a valid tile set" in out, out
    assert re.search(r"(secret|escape)\.yaml:1:1 \[schema-required\]", out)  # where, not what
    assert SECRET not in out


@pytest.mark.parametrize("ref", ["sets/mine.yaml", "{project}/sets/mine.yaml",
                                 "./sets/../sets/mine.yaml"])
def test_a_reference_inside_the_project_is_read(world: Path, ref: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _validate(world, SPECS["tileset"], ref.replace("{project}", str(world)),
                          capsys=capsys)
    assert code == 0, out


def test_a_broken_file_inside_the_project_is_not_quoted(world: Path,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    code, out = _validate(world, SPECS["tileset"], "sets/broken.yaml", capsys=capsys)
    assert code == 1 and "broken.yaml:1:1 [schema-required]" in out and SECRET not in out
    # named on the command line, the file's own diagnostics show its content
    assert main(["validate", str(world / "sets" / "broken.yaml")]) == 1
    assert SECRET[:20] in capsys.readouterr().out


def test_the_command_line_may_name_any_file(world: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(world.parent / "secret.yaml")]) == 1
    assert "secret.yaml:2:" in capsys.readouterr().out
