"""The Hive screen's ``--vs`` opponents are the project's bots (``bots.make_bot``)."""

from __future__ import annotations

import pytest

from botanik_design.bots.greedy import GreedyBot
from botanik_design.bots.mcts import MCTSBot
from botanik_design.bots.random_bot import RandomBot
from botanik_design.tui.hive.session import HiveSession


@pytest.mark.parametrize(("spec", "kind"), [("random", RandomBot), ("greedy", GreedyBot),
                                            ("mcts:iterations=8", MCTSBot)])
def test_vs_builds_the_project_bot(spec: str, kind: type) -> None:
    session = HiveSession.new("hive-tournament", spec, seed=5)
    assert isinstance(session.bot, kind) and session.bot.name == spec
    state = session.state.clone()
    action = session.bot.step(state)
    assert action in session.state.legal_actions()


def test_human_has_no_bot() -> None:
    assert HiveSession.new("hive-tournament", "human", seed=0).bot is None
