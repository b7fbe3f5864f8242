"""Bot parameters and output paths are checked before any game is played."""

from __future__ import annotations

from pathlib import Path

import pytest

from botanik_design.bots.registry import BotSpecError, make_bot
from botanik_design.cli import main


@pytest.mark.parametrize("spec", ["mcts:time=inf", "mcts:time=nan", "mcts:time=-1",
                                  "mcts:c=-1", "mcts:c=nan"])
def test_mcts_refuses_endless_or_meaningless_parameters(spec: str) -> None:
    with pytest.raises(BotSpecError):
        make_bot(spec, 0)


def test_output_that_is_a_folder_is_refused_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rc = main(["simulate", "--games", "1", "--quiet", "--output", str(tmp_path)])
    assert rc == 2
    assert "is a folder" in capsys.readouterr().err


def test_compare_reports_broken_yaml_as_validate_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("variant:\n  foo: [\n", encoding="utf-8")
    assert main(["compare", "standard", str(bad), "--games", "2", "--quiet"]) == 1
    err = capsys.readouterr().err
    assert f"{bad}:2:9: error:" in err and "[yaml-syntax]" in err  # the end of the last line
