"""Semantic checks of sweep files, and their expansion into points.

A sweep (``spec/sweep.schema.json``) names a base variant and the axes to vary.
:func:`check_sweep` reports, with positions, everything that would stop the sweep
before a game is played: an unknown base, an unknown option, a value the option's
schema refuses, an axis with no values, too many points, and points whose rules cannot
be played.  :func:`botanik_design.spec.load.load_sweep` returns the typed
:class:`~botanik_design.model.sweep.Sweep` of a valid file or raises
:class:`~botanik_design.spec.errors.SpecError` with those messages.

Both run the same expansion (:func:`_expand`), so what ``validate`` accepts is exactly
what ``sweep`` plays.  The game is the base variant's; what is the game's own (its
base, the axes it accepts beyond ``option``, each point's rules, its metrics) comes
from its entry's ``sweep`` (:class:`~botanik_design.games.entry.SweepDecl`), whose
``hooks`` are a :class:`SweepHooks`.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from botanik_design.games.entry import GameEntry
from botanik_design.games.registry import DEFAULT_GAME, entries, entry, resolve
from botanik_design.model.botpair import split_bot_pair
from botanik_design.model.sweep import (
    NO_INTERVAL,
    OUTCOME_METRICS,
    SAMPLE_SALT,
    Axis,
    Sweep,
    SweepPoint,
    show_value,
)
from botanik_design.model.words import near_miss, plural
from botanik_design.spec.diagnostics import Diagnostic, Level, errors
from botanik_design.spec.positions import Path as JPath
from botanik_design.spec.positions import pointer
from botanik_design.spec.refs import all_variants, no_file

if TYPE_CHECKING:
    from botanik_design.spec.session import Doc, Session

#: Most points a sweep may have (grid, or random sample), the base aside.
MAX_POINTS = 10_000
#: Most values one axis may have.
MAX_AXIS_VALUES = 1_000
#: Fewest games per point in a search's first round, unless ``search.first`` says.
SEARCH_MIN_FIRST = 10
#: Unplayable points reported one by one before a summary line.
MAX_POINT_REPORTS = 5


class SweepReport(Protocol):
    """Where a game's sweep hooks report (the sweep check's collector)."""

    def add(self, path: JPath, rule: str, message: str, hint: str = "",
            level: str = "error") -> None: ...


#: ``values_of(raw, at)``: an axis's values and where each is written (``None``: reported).
ValuesOf = Callable[[dict[str, Any], JPath], "tuple[list[Any], list[JPath]] | None"]


@dataclass(frozen=True)
class SweepBase:
    """A game's resolved base: ``names`` (what the report names: ``{"variant": ...}`` plus
    the material, e.g. ``"tileset"``), the base variant's effective ``options``, the
    base's ``load_game`` keyword arguments ``params``, and ``context``, whatever the game's
    hooks need again (its typed variant, tile set...)."""

    names: dict[str, str]
    options: dict[str, Any]
    params: dict[str, Any]
    context: Any = None


@dataclass(frozen=True)
class SweepHooks:
    """A game's part of sweeps (named by its entry's ``sweep.hooks``).

    * ``base(session, doc, vdoc, out) -> SweepBase | None``: the sweep document ``doc``'s
      base, ``vdoc`` its base variant's document (``None``: reported on ``out``).
    * ``axis(raw, i, base, out, values_of) -> Axis | None``: the axis ``raw`` (``axes[i]``),
      ``values_of(raw, at)`` the shared reading of ``values`` / ``range``.
    * ``keys(axis, base) -> [(what, name)]``: what an axis other than an ``option`` one
      changes (two axes changing the same thing are refused).
    * ``point(base, options, chosen) -> (params, problem)``: a point's ``load_game``
      keyword arguments with effective ``options`` and the axis values ``chosen``
      (``problem``, ``""`` for none: why it cannot be played).
    * ``causes``: options that can make a point unplayable (a bad point is reported at
      the first such axis); ``axis_keys``: the keys an axis of this game may have
      (``option``, ``tiles``...), so an axis of another game's kind is named as such.
    """

    base: Callable[..., SweepBase | None]
    axis: Callable[..., Axis | None]
    point: Callable[..., tuple[dict[str, Any], str]]
    keys: Callable[..., list[tuple[str, str]]] = lambda axis, base: []
    causes: frozenset[str] = frozenset()
    axis_keys: tuple[str, ...] = ("option",)


def value_text(value: Any) -> str:
    """An axis value in a message: a string quoted (cut at 40), else as YAML writes it."""
    if isinstance(value, str):
        return f"`{value[:40]}`"
    return show_value(value)


class _Out:
    def __init__(self, doc: Doc) -> None:
        self.doc = doc
        self.items: list[Diagnostic] = []

    def add(self, path: JPath, rule: str, message: str, hint: str = "",
            level: str = "error") -> None:
        line, col = self.doc.positions.value(path)
        lvl: Level = "warning" if level == "warning" else "error"
        self.items.append(Diagnostic(self.doc.name, line, col, lvl,
                                     rule, message, pointer(path), hint))

    @property
    def failed(self) -> bool:
        return bool(errors(self.items))


def check_sweep(session: Session, doc: Doc,
                check_bot: Callable[[str], str | None] | None = None) -> list[Diagnostic]:
    """Semantic diagnostics of a schema-valid sweep document (schema errors aside).

    ``check_bot(spec)`` returns a problem with a bot spec (``None``: fine); the
    validator passes none (bots are a higher layer), ``sweep`` does.
    """
    out = _Out(doc)
    _expand(session, doc, out, check_bot)
    return out.items


# --------------------------------------------------------------------------- base


def _base_doc(session: Session, doc: Doc, out: _Out) -> Doc | None:
    """The base variant's document, of any game (``None`` when missing; reported)."""
    assert doc.data is not None
    ref = doc.data["base"]["variant"]
    vdoc = session.resolve(ref, "variant", doc.folder)
    if vdoc is None:
        names = sorted(all_variants())
        out.add(("base", "variant"), "sweep-unknown-variant",
                no_file("variant", ref, "variant", doc.folder),
                near_miss(ref, names) or "bundled variants: " + ", ".join(names))
    return vdoc


def _game(doc: Doc, vdoc: Doc, out: _Out) -> tuple[GameEntry, SweepHooks] | None:
    """The sweep's game (its entry and sweep hooks): the base variant's, which an
    explicit ``game:`` must match (``None``: reported)."""
    assert doc.data is not None
    game = next((e for e in entries() if e.variant_kind and e.variant_kind == vdoc.kind),
                None) or entry(DEFAULT_GAME)
    said = doc.data.get("game")
    if said is not None and said != game.name:
        out.add(("game",), "sweep-game-mismatch",
                f"the sweep says `game: {said}` but its base variant `{vdoc.name}` is a "
                f"{game.title} variant",
                f"`game: {game.name}`, or leave `game` out")
        return None
    if game.sweep is None:
        out.add(("base", "variant"), "sweep-variant-invalid",
                f"`{vdoc.name}` is a {game.title} variant, and {game.title} has no sweep axes")
        return None
    hooks = resolve(game.sweep.hooks)
    assert isinstance(hooks, SweepHooks), f"{game.sweep.hooks} is not a SweepHooks"
    return game, hooks


# --------------------------------------------------------------------------- axes


def _values(raw: dict[str, Any], at: JPath, out: _Out) -> tuple[list[Any], list[JPath]] | None:
    """The axis values and where each is written (``None``: reported)."""
    if ("values" in raw) == ("range" in raw):
        out.add(at, "sweep-axis", "an axis needs either `values` or `range` (not both)",
                "e.g. `values: [0, 1, 2]` or `range: {from: 0, to: 4}`")
        return None
    if "values" in raw:
        vals = list(raw["values"])
        return vals, [(*at, "values", k) for k in range(len(vals))]
    rng = raw["range"]
    lo, hi, step = rng["from"], rng["to"], rng.get("step", 1)
    if lo > hi:
        out.add((*at, "range"), "sweep-empty-axis",
                f"empty range: `from: {lo}` is after `to: {hi}`, so the grid has no point",
                "swap them, or list the values with `values:`")
        return None
    count = (hi - lo) // step + 1
    if count > MAX_AXIS_VALUES:
        out.add((*at, "range"), "sweep-too-many-points",
                f"the range has {plural(count, 'value')}; an axis may have at most "
                f"{MAX_AXIS_VALUES}",
                "use a larger `step`")
        return None
    vals = list(range(lo, hi + 1, step))
    where: list[JPath] = [(*at, "range", "from")] + [(*at, "range")] * (len(vals) - 1)
    if len(vals) > 1 and vals[-1] == hi:
        where[-1] = (*at, "range", "to")
    return vals, where


def _foreign_key(raw: dict[str, Any], at: JPath, game: GameEntry, hooks: SweepHooks,
                 out: _Out) -> bool:
    """Report an axis of a kind only other games' sweeps have (e.g. ``tiles`` in a
    sweep of a game without tiles); ``True`` when reported."""
    for e in entries():
        if e.sweep is None or e.name == game.name:
            continue
        other = resolve(e.sweep.hooks)
        for key in other.axis_keys:
            if key in raw and key not in hooks.axis_keys:
                own = ", ".join(f"`{k}`" for k in hooks.axis_keys)
                out.add((*at, key), "sweep-axis",
                        f"a `{key}` axis applies to {e.title} sweeps (a base variant of "
                        f"{e.title}), not to {game.title} ones", f"{game.title} axes: {own}")
                return True
    return False


def _overlap(axes: list[tuple[int, Axis]], hooks: SweepHooks, based: SweepBase,
             out: _Out) -> bool:
    """Report two axes changing the same option or the same thing (``hooks.keys``)."""
    seen: dict[tuple[str, str], int] = {}
    labels: dict[str, int] = {}
    ok = True
    for i, axis in axes:
        keys = [("option", axis.option)] if axis.option is not None \
            else hooks.keys(axis, based)
        for key in keys:
            if key in seen:
                what = f"option `{key[1]}`" if key[0] == "option" else \
                    f"the {key[0]} of `{key[1]}`"
                out.add(("axes", i), "sweep-duplicate-axis",
                        f"axes {seen[key] + 1} and {i + 1} both change {what}",
                        "merge them into one axis")
                ok = False
                break
            seen[key] = i
        else:
            if axis.label in labels:
                out.add(("axes", i), "sweep-duplicate-axis",
                        f"axes {labels[axis.label] + 1} and {i + 1} have the same label "
                        f"`{axis.label}`", "give one of them a `label:`")
                ok = False
        labels.setdefault(axis.label, i)
    return ok


# --------------------------------------------------------------------------- points


def _combos(sizes: list[int], sample: str, count: int, seed: int) -> list[tuple[int, ...]]:
    """Index tuples of the points: the whole grid in order, or a seeded sample of it
    (sorted in grid order)."""
    if sample == "grid":
        return list(itertools.product(*(range(n) for n in sizes)))
    total = 1
    for n in sizes:
        total *= n
    picked = sorted(random.Random(f"{SAMPLE_SALT}:{seed}").sample(range(total), count))
    out = []
    for flat in picked:
        idx = []
        for n in reversed(sizes):
            flat, r = divmod(flat, n)
            idx.append(r)
        out.append(tuple(reversed(idx)))
    return out


def _expand(session: Session, doc: Doc, out: _Out,
            check_bot: Callable[[str], str | None] | None) -> Sweep | None:
    data = doc.data
    if data is None or not doc.schema_valid:
        return None
    bots = _bots(data, out, check_bot)
    vdoc = _base_doc(session, doc, out)
    found = None if vdoc is None else _game(doc, vdoc, out)
    if vdoc is None or found is None:
        return None
    game, hooks = found
    based = hooks.base(session, doc, vdoc, out)
    if based is None:
        return None
    axes: list[tuple[int, Axis]] = []

    def values_of(raw: dict[str, Any], at: JPath) -> tuple[list[Any], list[JPath]] | None:
        return _values(raw, at, out)

    for i, raw in enumerate(data["axes"]):
        if _foreign_key(raw, ("axes", i), game, hooks, out):
            continue
        axis = hooks.axis(raw, i, based, out, values_of)
        if axis is not None:
            axes.append((i, axis))
    base = SweepPoint(0, (), dict(based.params))
    metrics = _metrics(data, game, out)
    if out.failed or not _overlap(axes, hooks, based, out):
        return None
    grid = _grid(data, [len(a.values) for _, a in axes], out)
    if grid is None:
        return None
    sample, count, seed = grid
    first = _first(data, sample, out)
    points: list[SweepPoint] = []
    bad = 0
    for idx in _combos([len(a.values) for _, a in axes], sample, count, seed):
        chosen = [(a, a.values[k]) for (_, a), k in zip(axes, idx, strict=True)]
        options = dict(based.options)
        options.update({a.option: v for a, v in chosen if a.option is not None})
        coords = tuple((a.label, v) for a, v in chosen)
        params, why = hooks.point(based, options, chosen)
        if why:
            bad += 1
            if bad <= MAX_POINT_REPORTS:
                i = next((i for (i, a), _ in zip(axes, idx, strict=True)
                          if a.option is None or a.option in hooks.causes), axes[0][0])
                k = idx[[j for j, _ in axes].index(i)]
                path = _value_path(data["axes"][i], i, k)
                label = ", ".join(f"{lab}={v}" for lab, v in coords)
                out.add(path, "sweep-bad-point", f"point {label} cannot be played: {why}")
            continue
        same = params == base.params
        points.append(SweepPoint(len(points) + 1, coords, params, same_as_base=same))
    if bad > MAX_POINT_REPORTS:
        out.add(("axes",), "sweep-bad-point",
                f"{plural(bad - MAX_POINT_REPORTS, 'more point')} cannot be played (not listed)")
    if out.failed or bots is None or metrics is None or first is None:
        return None
    target = data.get("target", {"metric": "advantage_p1", "value": 0.5})
    return Sweep(
        name=str(data["sweep"]), title=str(data.get("title", "")),
        game=game.name, base_names=dict(based.names),
        axes=tuple(a for _, a in axes), base=base, points=tuple(points), bots=bots,
        games=int(data.get("games", 1000)), seed=seed, sample=sample, metrics=metrics,
        target=(str(target["metric"]), float(target["value"])), first=first,
        finalists=int(data.get("search", {}).get("finalists", 1)),
    )


def sweep_metric_keys(game: GameEntry) -> tuple[str, ...]:
    """The metrics ``game``'s sweep rows carry: the shared outcome metrics, then its own."""
    own = () if game.sweep is None else tuple(m.key for m in game.sweep.metrics)
    return (*OUTCOME_METRICS, *own)


def _metrics(data: dict[str, Any], game: GameEntry, out: _Out) -> tuple[str, ...] | None:
    """The metrics to report; ``None`` when one is not measured in ``game`` (reported)."""
    known = sweep_metric_keys(game)
    default = game.sweep.default_metrics if game.sweep is not None else ()
    metrics = tuple(data.get("metrics", default or known))
    ok = True
    wanted: list[tuple[JPath, Any]] = [(("metrics", k), m)
                                       for k, m in enumerate(data.get("metrics", ()))]
    if "target" in data:
        wanted.append((("target", "metric"), data["target"]["metric"]))
    for path, m in wanted:
        if m not in known:
            out.add(path, "sweep-metric-game",
                    f"metric `{m}` is not measured in {game.title}",
                    near_miss(m, list(known)) or "metrics: " + ", ".join(known))
            ok = False
    return metrics if ok else None


def _grid(data: dict[str, Any], sizes: list[int], out: _Out) -> tuple[str, int, int] | None:
    """``(sample, number of points, seed)`` of the grid (``None``: reported)."""
    total = 1
    for n in sizes:
        total *= n
    sample = data.get("sample", "grid")
    count = total
    if sample == "random":
        if "points" not in data:
            out.add(("sample",), "sweep-sample", "`sample: random` needs `points: N`, the "
                    "number of combinations to draw")
            return None
        count = data["points"]
        if count > total:
            out.add(("points",), "sweep-sample",
                    f"{plural(count, 'random point')} asked of a grid of {total}",
                    f"at most {total}, or `sample: grid`")
            return None
    elif "points" in data:
        out.add(("points",), "sweep-points-unused",
                f"`points` has no effect with `sample: {sample}` (every combination is "
                f"{'played' if sample == 'grid' else 'in the race'})",
                level="warning")
    if count > MAX_POINTS:
        out.add(("axes",), "sweep-too-many-points",
                f"the grid has {plural(total, 'point')}; a sweep may play at most {MAX_POINTS}",
                "fewer values, or `sample: random` with `points: N`")
        return None
    return sample, count, int(data.get("seed", 0))


def _first(data: dict[str, Any], sample: str, out: _Out) -> int | None:
    """Games per point in a search's first round (0 without a search; ``None``: reported).

    Default: a 32nd of ``games``, at least :data:`SEARCH_MIN_FIRST`; always even,
    so that both bots move first as often.
    """
    games = int(data.get("games", 1000))
    if sample != "search":
        if "search" in data:
            out.add(("search",), "sweep-search-unused",
                    f"`search` has no effect with `sample: {sample}`",
                    "`sample: search` runs the race", level="warning")
        return 0
    target = data.get("target", {}).get("metric", "advantage_p1")
    if target in NO_INTERVAL:
        at: JPath = ("target", "metric") if "target" in data else ("sample",)
        out.add(at, "sweep-search", f"a search needs a target metric with an interval; "
                f"`{target}` has none", f"aim at {NO_INTERVAL[target]}")
        return None
    given = data.get("search", {}).get("first")
    first = min(games, max(SEARCH_MIN_FIRST, games // 32)) if given is None else int(given)
    if first > games:
        out.add(("search", "first"), "sweep-search",
                f"the first round ({plural(first, 'game')} per point) is more than `games` "
                f"({games}), the most a point may get", f"at most {games}")
        return None
    return min(games, first + first % 2)


def _value_path(raw: dict[str, Any], i: int, k: int) -> JPath:
    if "values" in raw:
        return ("axes", i, "values", k)
    return ("axes", i, "range")


def _bots(data: dict[str, Any], out: _Out,
          check_bot: Callable[[str], str | None] | None) -> tuple[str, str] | None:
    text = str(data.get("bots", "random,random"))
    try:
        parts = split_bot_pair(text)
    except ValueError as exc:
        out.add(("bots",), "sweep-bad-bots", f"`bots` {exc}")
        return None
    if check_bot is not None:
        for spec in dict.fromkeys(parts):
            why = check_bot(spec)
            if why:
                out.add(("bots",), "sweep-bad-bots", f"bot `{spec[:80]}`: {why}")
                return None
    return parts[0], parts[1]


#: Public names :func:`botanik_design.spec.load.load_sweep` builds on.
SweepOut = _Out
expand = _expand
