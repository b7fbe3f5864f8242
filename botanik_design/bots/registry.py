"""Bot registry: build a bot from a spec string such as ``mcts:iterations=200:c=1.4``.

Spec grammar: ``NAME`` or ``NAME:KEY=VALUE[:KEY=VALUE...]``.  Each bot
declares its parameters and their types in :data:`PARAMS`; values are
converted to that type.  Unknown names, unknown keys and bad values raise
:class:`BotSpecError` (a ``ValueError``) with a message naming the problem.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from botanik_design.bots.base import Bot
from botanik_design.model.words import near_miss

#: Parameters each bot accepts: name -> (type, default, help).
PARAMS: dict[str, dict[str, tuple[type, Any, str]]] = {
    "random": {},
    "greedy": {
        "epsilon": (float, 0.0, "probability of a random move instead of the best one"),
    },
    "mcts": {
        "iterations": (int, 50, "search iterations per decision (ignored when time > 0)"),
        "time": (float, 0.0, "seconds per decision; > 0 replaces iterations (not reproducible)"),
        "c": (float, 0.7, "UCT exploration constant"),
        "depth": (int, 3, "rollout decisions before the heuristic evaluation (0: to the end)"),
        "rollout": (str, "greedy", "rollout policy: random, greedy, or none (evaluate at once)"),
        "determinize": (int, 1, "1: re-shuffle the hidden pile in each iteration"),
        "prior": (int, 1, "1: order and bias the search with the greedy heuristic"),
        "keep": (int, 6, "with prior: placements searched (the best by heuristic; 0 = all)"),
        "bias": (float, 1.0, "with prior: weight of the progressive-bias term"),
    },
}

#: Bot names in the order ``--help`` lists them.
BOT_NAMES: tuple[str, ...] = tuple(PARAMS)


class BotSpecError(ValueError):
    """A bot spec names an unknown bot or parameter, or has a bad value."""


def parse_bot_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split ``NAME:K=V:...`` into the bot name and typed parameters.

    Raises :class:`BotSpecError` on an unknown bot or key or an unconvertible value.
    """
    parts = spec.strip().split(":")
    name = parts[0].strip().lower()
    if name not in PARAMS:
        near = near_miss(name, BOT_NAMES)
        raise BotSpecError(f"unknown bot {name!r} (known: {', '.join(BOT_NAMES)})"
                           + (f"; {near}" if near else ""))
    declared = PARAMS[name]
    params: dict[str, Any] = {}
    for item in parts[1:]:
        if "=" not in item:
            raise BotSpecError(f"bot {spec!r}: expected KEY=VALUE, got {item!r}")
        key, value = (s.strip() for s in item.split("=", 1))
        if key not in declared:
            known = ", ".join(declared) or "none"
            near = near_miss(key, declared)
            raise BotSpecError(f"bot {name!r} has no parameter {key!r} (known: {known})"
                               + (f"; {near}" if near else ""))
        if key in params:
            raise BotSpecError(f"bot {spec!r}: {key} is given twice")
        typ = declared[key][0]
        try:
            params[key] = typ(value)
        except ValueError:
            raise BotSpecError(
                f"bot {name!r}: {key}={value!r} is not a valid {typ.__name__}"
            ) from None
    _check_ranges(name, params)
    return name, params


#: The values each numeric parameter may take, inclusive (``nan`` and ``inf`` are outside
#: every range): a negative ``keep`` silently dropped the worst candidates, a ``bias`` of
#: ``nan`` made every value ``nan``, ``iterations=10**20`` ran for ever.
BOUNDS: dict[str, dict[str, tuple[float, float]]] = {
    "greedy": {"epsilon": (0.0, 1.0)},
    "mcts": {
        "iterations": (1, 1_000_000),
        "time": (0.0, 3600.0),
        "c": (0.0, 100.0),
        "depth": (0, 1_000_000),
        "determinize": (0, 1),
        "prior": (0, 1),
        "keep": (0, 10_000),
        "bias": (0.0, 100.0),
    },
}
#: The words a text parameter may take.
CHOICES: dict[str, dict[str, tuple[str, ...]]] = {
    "mcts": {"rollout": ("random", "greedy", "none")},
}


def _span(bounds: tuple[float, float]) -> str:
    """``1 to 1,000,000``, ``0 to 3600``."""
    return " to ".join(f"{b:,}" if isinstance(b, int) else f"{b:g}" for b in bounds)


def _check_ranges(name: str, params: dict[str, Any]) -> None:
    for key, value in params.items():
        bounds = BOUNDS.get(name, {}).get(key)
        if bounds is not None and not bounds[0] <= value <= bounds[1]:
            raise BotSpecError(f"{name}: {key} must be from {_span(bounds)}, got {value!r}")
        choices = CHOICES.get(name, {}).get(key)
        if choices is not None and value not in choices:
            raise BotSpecError(f"{name}: {key} must be {', '.join(choices[:-1])} or "
                               f"{choices[-1]}, got {value!r}")


def make_bot(spec: str, seed: int, **overrides: Any) -> Bot:
    """Build the bot a spec names, seeded with ``seed``.

    ``overrides`` replace parameters given in the spec (same names and types).
    The bot's ``name`` is the spec as given (stripped).  Raises
    :class:`BotSpecError` for a bad spec.
    """
    return bot_maker(spec, **overrides)(seed)


def bot_maker(spec: str, **overrides: Any) -> Callable[[int], Bot]:
    """``seed -> bot`` for one spec, parsed once: ``bot_maker(spec)(seed)`` is
    ``make_bot(spec, seed)`` (a simulation builds two bots per game from the same two
    specs).  Raises :class:`BotSpecError` for a bad spec, at once."""
    name, params = parse_bot_spec(spec)
    for key in overrides:
        if key not in PARAMS[name]:
            raise BotSpecError(f"bot {name!r} has no parameter {key!r}")
    params.update(overrides)
    label = spec.strip()
    if name == "random":
        from botanik_design.bots.random_bot import RandomBot

        return partial(RandomBot, name=label)
    if name == "greedy":
        from botanik_design.bots.greedy import GreedyBot

        return partial(GreedyBot, name=label, **params)
    from botanik_design.bots.mcts import MCTSBot

    return partial(MCTSBot, name=label, **params)


def describe_bots() -> str:
    """One help line per bot and parameter (for ``--help`` texts)."""
    lines = []
    for name, params in PARAMS.items():
        if not params:
            lines.append(f"{name}")
        for key, (typ, default, text) in params.items():
            bounds = BOUNDS.get(name, {}).get(key)
            span = "" if bounds is None else f", {_span(bounds)}"
            lines.append(f"{name}:{key}={default!r} ({typ.__name__}{span}) {text}")
    return "\n".join(lines)
