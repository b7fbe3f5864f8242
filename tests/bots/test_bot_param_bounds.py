"""Every numeric bot parameter has a declared range, and the registry refuses what lies
outside it (``nan`` and ``inf`` included) and a parameter given twice: ``keep=-1``
silently dropped the worst candidate, ``bias=nan`` was taken, ``iterations=10**20`` ran
for ever, ``epsilon=0.5:epsilon=0.1`` kept the last."""

from __future__ import annotations

import math

import pytest

from botanik_design.bots.registry import BOUNDS, CHOICES, PARAMS, BotSpecError, parse_bot_spec


def _numeric() -> list[tuple[str, str, type]]:
    return [(bot, key, typ) for bot, params in PARAMS.items()
            for key, (typ, _default, _help) in params.items() if typ in (int, float)]


def test_every_numeric_parameter_has_a_range_and_every_word_parameter_choices() -> None:
    for bot, key, _typ in _numeric():
        assert key in BOUNDS.get(bot, {}), f"{bot}:{key} has no declared range"
    for bot, params in PARAMS.items():
        for key, (typ, default, _help) in params.items():
            if typ is str:
                assert default in CHOICES[bot][key], f"{bot}:{key}"
            elif typ in (int, float):
                low, high = BOUNDS[bot][key]
                assert low <= default <= high, f"{bot}:{key} default outside its range"


def _text(value: float, typ: type) -> str:
    return str(int(value)) if typ is int else repr(float(value))


_EDGES = [(bot, key, typ) for bot, key, typ in _numeric()]


@pytest.mark.parametrize(("bot", "key", "typ"), _EDGES, ids=[f"{b}:{k}" for b, k, _ in _EDGES])
def test_the_bounds_are_taken_and_beyond_them_refused(bot: str, key: str, typ: type) -> None:
    low, high = BOUNDS[bot][key]
    for value in (low, high):
        name, params = parse_bot_spec(f"{bot}:{key}={_text(value, typ)}")
        assert name == bot and params[key] == value
    step = 1 if typ is int else max(1e-9, (high - low) * 1e-6)
    beyond = [low - step, high + step] + ([math.nan, math.inf, -math.inf] if typ is float else [])
    for value in beyond:
        with pytest.raises(BotSpecError, match=rf"{bot}: {key} must be from "):
            parse_bot_spec(f"{bot}:{key}={_text(value, typ)}")


@pytest.mark.parametrize("spec", ["greedy:epsilon=0.5:epsilon=0.1", "mcts:c=1:depth=2:c=1",
                                  "mcts:rollout=random:rollout=greedy"])
def test_a_parameter_given_twice_is_refused(spec: str) -> None:
    with pytest.raises(BotSpecError, match="given twice"):
        parse_bot_spec(spec)


def test_a_word_outside_its_choices_is_refused() -> None:
    with pytest.raises(BotSpecError, match="rollout must be random, greedy or none, got 'xx'"):
        parse_bot_spec("mcts:rollout=xx")
