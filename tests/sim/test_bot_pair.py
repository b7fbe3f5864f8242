"""``--bots`` (simulate, compare) and a sweep file's ``bots:`` take exactly two bot specs,
``A,B``: one name alone (``greedy``), three, or an empty one is refused with the same
message naming the expected form, never read as something else."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from botanik_design.cli import main
from botanik_design.model.botpair import split_bot_pair

BAD = ["greedy", "random", "greedy,", ",greedy", "greedy,random,mcts", " , ", ""]

SWEEP = """\
sweep: pair
base: {variant: registre-3, tileset: quick-3}
axes:
  - option: mecha_bonus
    values: [0, 4]
games: 2
seed: 1
bots: "BOTS"
"""


def _argv(command: str, bots: str, tmp_path: Path) -> list[str]:
    if command == "sweep":
        spec = tmp_path / "s.yaml"
        spec.write_text(SWEEP.replace("BOTS", bots), encoding="utf-8")
        return ["sweep", str(spec), "-q", "-w", "1", "-o", str(tmp_path / "out.txt")]
    if command == "validate":
        spec = tmp_path / "s.yaml"
        spec.write_text(SWEEP.replace("BOTS", bots), encoding="utf-8")
        return ["validate", str(spec)]
    items = ["standard", "registre-3"] if command == "compare" else []
    return [command, *items, "--games", "2", "-q", "--bots", bots]


@pytest.mark.parametrize("bots", BAD)
@pytest.mark.parametrize("command", ["simulate", "compare", "sweep", "validate"])
def test_anything_but_two_bots_is_refused(command: str, bots: str, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    code = main(_argv(command, bots, tmp_path))
    out, err = capsys.readouterr()
    err = out + err
    assert code == (2 if command in ("simulate", "compare") else 1), err
    if bots or command in ("simulate", "compare"):  # a file's empty string: its schema says
        assert "two bot specs separated by a comma, A,B" in err
    else:
        assert "[schema-min-length]" in err
    assert "Traceback" not in err
    assert not (tmp_path / "out.txt").exists()
    if bots == "greedy":
        assert "write greedy,greedy" in err


@pytest.mark.parametrize("command", ["simulate", "compare", "sweep"])
def test_one_bot_in_both_seats_is_written_twice(command: str, tmp_path: Path) -> None:
    assert main(_argv(command, "random,random", tmp_path)) == 0


@given(st.lists(st.text(st.characters(blacklist_characters=","), max_size=6), max_size=4))
def test_split_takes_exactly_two_non_blank_names(names: list[str]) -> None:
    text = ",".join(names)
    if len(names) == 2 and all(n.strip() for n in names):
        assert split_bot_pair(text) == (names[0].strip(), names[1].strip())
    else:
        with pytest.raises(ValueError, match="two bot specs"):
            split_bot_pair(text)
