"""The shared commands' words come from the game entries (``cli/words.py``), and the games'
``show``/``sheet`` hooks write and report pictures through one helper
(``cli.games.write_pictures``)."""

from __future__ import annotations

import errno
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest

from botanik_design.cli import main, words
from botanik_design.cli.games import write_pictures
from botanik_design.games.entry import GameEntry, SpecKind
from botanik_design.games.registry import register_entry, unregister


@pytest.fixture
def third(tmp_path: Path) -> Iterator[GameEntry]:
    """A third game registered by its entry alone, with one bundled kind it draws."""
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "deck-a.yaml").write_text("deck: a\n", encoding="utf-8")
    entry = GameEntry(
        name="cardz", title="Cardz", factory="nowhere:load", variant_loader="nowhere:load",
        variant_kind="cardz-variant",
        kinds=(SpecKind("deck", "Cardz deck", bundled=str(folder)),),
        about="Cardz decks", drawn="deck", defaults={"tileset": "never-used"},
        cli_help={"show.tileset": "a Cardz deck", "replay.record": "a Cardz log (.log)"},
        cli_names={"show.tileset": ("standard-52",)})
    register_entry(entry)
    yield entry
    unregister("cardz")


def test_a_third_game_brings_its_words(third: GameEntry) -> None:
    # other tests may have registered games too (the conformance suite's toy game)
    about = words.about().split(", ")
    assert about[:1] == ["Botanik tile sets and variants"] and "Cardz decks" in about
    titles = words.titles()
    assert titles.startswith("Botanik, ") and "Cardz" in titles.replace(" or ", ", ").split(
        ", ")
    assert words.titles("and", kind="deck") == "Cardz"
    record = words.help_of("replay.record", "game record file (YAML)", ", or ").split(", or ")
    assert record[0] == "game record file (YAML)" and "a Cardz log (.log)" in record
    assert words.drawn_noun().startswith("tile set, ") and "deck" in words.drawn_noun()
    names = words.drawn_names()
    assert {"deck-a", "standard-52", "hive"} <= set(names)
    assert words.default_ref("tileset") != "never-used"  # the default game's comes first


def test_the_third_games_words_reach_help(third: GameEntry,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "--help"]) == 0
    assert "a Cardz deck" in " ".join(capsys.readouterr().out.split())
    assert main(["show", "no-such-thing"]) == 2
    err = capsys.readouterr().err
    assert f"no {words.drawn_noun()} named" in err and "deck-a" in err


@pytest.mark.parametrize(("listed", "want"), [
    ([], ""), (["a"], "a"), (["a", "b"], "a or b"), (["a", "b", "c"], "a, b or c")])
def test_listed(listed: list[str], want: str) -> None:
    assert words.listed(listed, "or") == want


def _raises(exc: OSError) -> Callable[[], tuple[Sequence[Path], str]]:
    def write() -> tuple[Sequence[Path], str]:
        raise exc

    return write


OUT = Path("pics/F.pdf")

WRITES: list[tuple[str, Callable[[], tuple[Sequence[Path], str]], int, str, str]] = [
    ("one file", lambda: ([OUT], ""), 0, "wrote pics/F.pdf\n", ""),
    ("summary first", lambda: ([Path("a.svg"), Path("b.svg")], "x: 2 pages"), 0,
     "x: 2 pages\nwrote a.svg, b.svg\n", ""),
    ("many files", lambda: ([Path(f"p-{k}.png") for k in range(1, 7)], ""), 0,
     "wrote p-1.png ... p-6.png (6 files)\n", ""),
    ("disk full", _raises(OSError(errno.ENOSPC, "No space left on device", "pics/F-2.pdf")),
     2, "", "show: error: cannot write pics/F-2.pdf: No space left on device; no file was "
     "written\n"),
    ("no file name", _raises(OSError("zlib broke")), 2, "",
     "show: error: cannot write pics/F.pdf: zlib broke; no file was written\n"),
]


@pytest.mark.parametrize(("write", "code", "out", "err"), [pytest.param(*w[1:], id=w[0])
                                                           for w in WRITES])
def test_write_pictures_reports_what_it_wrote(
        write: Callable[[], tuple[Sequence[Path], str]], code: int, out: str, err: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    assert write_pictures("show", OUT, write) == code
    assert capsys.readouterr() == (out, err)
