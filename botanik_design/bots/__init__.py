"""Bots that play Botanik through the engine's public API (layer 4).

``make_bot(spec, seed)`` builds ``random``, ``greedy`` or ``mcts`` bots from a
spec such as ``mcts:iterations=200``; every bot has ``name`` and
``step(state, legal=None) -> int``.  See :mod:`botanik_design.bots.base`.
"""

from botanik_design.bots.base import BaseBot, Bot
from botanik_design.bots.registry import BOT_NAMES, BotSpecError, make_bot, parse_bot_spec

__all__ = ["BOT_NAMES", "BaseBot", "Bot", "BotSpecError", "make_bot", "parse_bot_spec"]
