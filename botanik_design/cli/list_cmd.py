"""``botanik-design list``: every game's bundled specs (tile sets, variants, piece sets...).

Each with its title, and for a variant what it extends and which tile set or piece
set it names; the kinds and their folders come from each game's entry.  Exit code 0
(2 when a bundled file cannot be read, which means a broken install).
"""

from __future__ import annotations

import argparse
import sys
from importlib.resources.abc import Traversable
from typing import Any


def register(subparsers: Any) -> None:
    """Add the ``list`` sub-command."""
    from botanik_design.cli.words import listed
    from botanik_design.games.registry import entries

    kinds = listed([k.noun for e in entries() for k in e.kinds if k.bundled])
    subparsers.add_parser(
        "list", help="the bundled tile sets, variants and piece sets, with their titles",
        description=f"Name every bundled {kinds} with its title. Give these names to "
        "--tileset, --variant, `rules`, `validate`... (a path to your own file works "
        "wherever a name does).",
    )


def _read(file: Traversable) -> dict[str, Any]:
    import yaml

    data = yaml.safe_load(file.read_text(encoding="utf-8"))
    return data if isinstance(data, dict) else {}


def _section(head: str, files: dict[str, Traversable], note: str) -> list[str]:
    rows: list[tuple[str, str]] = []
    for name, file in sorted(files.items()):
        data = _read(file)
        extra = [f"extends {data['extends']}"] if "extends" in data else []
        for key in ("tileset", "pieceset"):
            if isinstance(data.get(key), str) and "variant" in data:
                extra.append(f"{key.replace('set', ' set')} {data[key]}")
        title = str(data.get("title", ""))
        if extra:
            title += f" ({', '.join(extra)})"
        rows.append((name, title))
    width = max((len(n) for n, _ in rows), default=0)
    return [f"{head} ({note}):", *[f"  {n.ljust(width)}  {t}".rstrip() for n, t in rows], ""]


def _head(title: str, noun: str) -> str:
    """``"Botanik tile sets"``: a kind's plural noun, with its game's title in front."""
    return f"{noun}s" if noun.startswith(title) else f"{title} {noun}s"


def run(args: argparse.Namespace) -> int:
    """Print the lists; 0, or 2 when a bundled file cannot be read."""
    from botanik_design.games.registry import entries
    from botanik_design.spec.refs import bundled

    try:
        lines = [line for entry in entries() for kind in entry.kinds if kind.bundled
                 for line in _section(_head(entry.title, kind.noun), bundled(kind.kind),
                                      kind.usage)]
    except (OSError, ValueError) as exc:
        print(f"list: error: cannot read the bundled files: {exc}", file=sys.stderr)
        return 2
    print("\n".join(lines).rstrip())
    return 0
