"""``botanik-design report``: what a play-test evening's records say, beside bot simulations.

Every record (Botanik or Hive, played by people or bots) is replayed and turned
into the same :class:`~botanik_design.sim.rows.GameRow` a simulation produces,
so the numbers are computed by the simulation report's own functions
(:func:`~botanik_design.sim.report.metric_values`,
:func:`~botanik_design.sim.stats.describe`).  Per variant, ``games`` bot games
of that variant (:func:`~botanik_design.sim.runner.run_games`) give the
comparison column.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from botanik_design.games.base import Game
from botanik_design.model.words import plural
from botanik_design.remote.records import Hosted, RecordLoadError, load_hosted, rules_game
from botanik_design.sim.report import game_metrics, metric_values
from botanik_design.sim.rows import GameRow
from botanik_design.spec.userfiles import NOT_REGULAR, read_text


@dataclass
class PlayedGame:
    """One record: its file, names, row (``None`` while unfinished), times and notes."""

    path: Path
    hosted: Hosted
    players: list[str]
    row: GameRow | None
    length: int
    seconds: list[tuple[int, float]]  # (seat, seconds) per move
    notes: list[dict[str, Any]] = field(default_factory=list)

    @property
    def variant_key(self) -> str:
        g: Any = self.hosted.game
        names = g.spec_names() if hasattr(g, "spec_names") else {}
        label = names.get("variant") or str(self.hosted.refs.get("variant"))
        tileset = names.get("tileset")
        return f"{self.hosted.game.info.name}: {label}" + (f" / {tileset}" if tileset else "")


def record_files(paths: list[Path]) -> list[Path]:
    """The record files among ``paths`` (folders: every ``*.yaml``/``*.yml`` in them whose
    top level has ``record:``), sorted; ``FileNotFoundError`` for a missing path."""
    out: list[Path] = []
    for path in paths:
        if path.is_dir():
            for f in sorted([*path.rglob("*.yaml"), *path.rglob("*.yml")]):
                if _is_record(f):
                    out.append(f)
        elif path.is_file():
            out.append(path)
        elif path.exists():
            raise FileNotFoundError(f"{path}: {NOT_REGULAR}")
        else:
            raise FileNotFoundError(f"{path}: no such file or folder")
    return out


def _is_record(path: Path) -> bool:
    try:
        data = yaml.safe_load(read_text(path))
    except (OSError, yaml.YAMLError, UnicodeDecodeError):
        return False
    return isinstance(data, dict) and "record" in data


def read_game(path: Path) -> PlayedGame:
    """Replay one record; :class:`RecordLoadError` when it does not load."""
    hosted = load_hosted(path)
    game, state = hosted.game, hosted.state
    pt = hosted.playtest
    players = [p or f"P{i}" for i, p in enumerate(pt.players)]
    replay = game.new_initial_state(int(hosted.refs.get("seed", 0)))
    texts, seats = [], []
    for action in state.history():
        seats.append(replay.current_player())
        texts.append(replay.action_to_string(action))
        replay.apply_action(action)
    notes = []
    for n in pt.notes:
        move = int(n["move"])
        notes.append({**n, "after": texts[move - 1] if 0 < move <= len(texts) else ""})
    row = None
    if state.is_terminal():
        final = game.final_metrics(state)
        row = GameRow(game=0, seed=int(hosted.refs.get("seed", 0)),
                      bots=(players[0], players[1]), first_bot=0, winner=int(final["winner"]),
                      decisions=len(texts), branching=0.0,
                      values=tuple((m.key, final[m.key]) for m in game.metrics()),
                      end_reason=str(final.get("end_reason", "")))
    seconds = list(zip(seats, pt.move_seconds, strict=False))
    return PlayedGame(path, hosted, players, row, len(texts), seconds, notes)


def simulate_rows(game: Game, games: int, bots: tuple[str, str], seed: int) -> list[GameRow]:
    """``games`` bot games of ``game`` (in this process)."""
    from botanik_design.sim.runner import Job, run_games
    from botanik_design.sim.workers import make_pool

    pool = make_pool(1)
    try:
        return run_games(Job(game, bots, seed), games, pool)
    finally:
        pool.shutdown()


def _mean(values: list[float]) -> float | None:
    return round(statistics.fmean(values), 2) if values else None


def summarize(played: list[PlayedGame], sims: dict[str, list[GameRow]]) -> dict[str, Any]:
    """The JSON-ready report (games in the order given)."""
    seat_wins = {"0": 0, "1": 0, "draw": 0, "unfinished": 0}
    by_name: dict[str, dict[str, int]] = {}
    games = []
    for g in played:
        for name in g.players:
            by_name.setdefault(name, {"games": 0, "wins": 0})["games"] += 1
        if g.row is None:
            seat_wins["unfinished"] += 1
        elif g.row.winner < 0:
            seat_wins["draw"] += 1
        else:
            seat_wins[str(g.row.winner)] += 1
            by_name[g.players[g.row.winner]]["wins"] += 1
        games.append({
            "file": str(g.path), "variant": g.variant_key, "players": g.players,
            "finished": g.row is not None, "length": g.length,
            "winner": None if g.row is None else g.row.winner,
            "end_reason": None if g.row is None else g.row.end_reason,
            "metrics": {} if g.row is None else {k: v for k, v in g.row.values},
            "seconds_per_move": {"mean": _mean([s for _, s in g.seconds]),
                                 "by_seat": [_mean([s for p, s in g.seconds if p == seat])
                                             for seat in (0, 1)]},
            "notes": g.notes,
        })
    return {"schema": "botanik-design/report/1", "games": games, "wins_by_seat": seat_wins,
            "wins_by_player": by_name, "comparison": _comparison(played, sims)}


def _comparison(played: list[PlayedGame], sims: dict[str, list[GameRow]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in dict.fromkeys(g.variant_key for g in played):
        rows = [g.row for g in played if g.variant_key == key and g.row is not None]
        game = next(g.hosted.game for g in played if g.variant_key == key)
        bot_rows = sims.get(key, [])
        entries = {}
        labels = {m.key: f"{m.label} (per player)" for m in game.metrics()
                  if m.key == "score" or m.part_of == "score"}
        labels.update({k: v for k, v in game_metrics(game.metrics()).items()
                       if k != "branching"})
        for metric, label in labels.items():
            entries[metric] = {"label": label,
                               "played": _mean(metric_values(rows, metric)) if rows else None,
                               "bots": _mean(metric_values(bot_rows, metric))
                               if bot_rows else None}
        out[key] = {"played_games": len(rows), "bot_games": len(bot_rows), "metrics": entries}
    return out


def format_text(report: dict[str, Any]) -> str:
    """The report in words."""
    lines = [plural(len(report["games"]), "game")]
    w = report["wins_by_seat"]
    lines.append(f"wins by seat: P0 {w['0']}, P1 {w['1']}, draws {w['draw']}, "
                 f"unfinished {w['unfinished']}")
    lines.append("wins by player: " + ", ".join(
        f"{n} {v['wins']}/{v['games']}" for n, v in report["wins_by_player"].items()))
    for g in report["games"]:
        lines.append("")
        result = "unfinished" if not g["finished"] else (
            "draw" if g["winner"] < 0 else f"{_seat(g['players'], g['winner'])} won")
        lines.append(f"{g['file']} ({g['variant']}): {' vs '.join(g['players'])}: {result}"
                     + (f" ({g['end_reason']})" if g["end_reason"] else "")
                     + f", {plural(g['length'], 'move')}")
        score = g["metrics"].get("score")
        if score is not None:
            parts = [f"{k} {v}" for k, v in g["metrics"].items() if k != "score"]
            lines.append(f"  score {score[0]} - {score[1]}; " + "; ".join(parts))
        elif g["metrics"]:
            lines.append("  " + "; ".join(f"{k} {v}" for k, v in g["metrics"].items()))
        spm = g["seconds_per_move"]
        if spm["mean"] is not None:
            lines.append(f"  seconds per move: {spm['mean']} (P0 {spm['by_seat'][0]}, "
                         f"P1 {spm['by_seat'][1]})")
        for n in g["notes"]:
            after = f" after {n['after']}" if n["after"] else " before the first move"
            lines.append(f"  note at move {n['move']}{after} ({n.get('by', '')}): {n['text']}")
    for key, comp in report["comparison"].items():
        lines.append("")
        played = plural(comp["played_games"], "finished played game")
        bots = plural(comp["bot_games"], "bot game")
        lines.append(f"{key}: {played} vs {bots} (means)")
        for entry in comp["metrics"].values():
            lines.append(f"  {entry['label']:<44} played {_num(entry['played']):>8}   "
                         f"bots {_num(entry['bots']):>8}")
    return "\n".join(lines) + "\n"


def _seat(players: list[str], seat: int) -> str:
    name = players[seat]
    return name if name == f"P{seat}" else f"P{seat} {name}"


def _num(x: float | None) -> str:
    return "-" if x is None else f"{x:g}"


def build(paths: list[Path], games: int, bots: tuple[str, str], seed: int) -> dict[str, Any]:
    """Read the records and simulate each variant; raises ``FileNotFoundError`` and
    :class:`RecordLoadError`."""
    played = [read_game(f) for f in record_files(paths)]
    if not played:
        raise RecordLoadError("no record files among the given paths")
    sims: dict[str, list[GameRow]] = {}
    if games > 0:
        for g in played:
            if g.variant_key not in sims:
                sims[g.variant_key] = simulate_rows(rules_game(g.hosted), games, bots, seed)
    return summarize(played, sims)
