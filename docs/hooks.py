"""MkDocs hook: fills the reference pages from the code at build time.

A page holds a marker line ``<!-- generated: NAME -->``; the hook replaces it
with the Markdown of generator ``NAME`` (``commands``, ``specs``, ``rules``,
``botanik``, ``hive``, from :mod:`refgen`), so the command, spec-file and
rule-id references and the rules of each game are rebuilt from the argparse
parser, the JSON Schemas, the rule registry and the rules-page writer on every
``mkdocs build`` and cannot drift from them.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from refgen import commands, games, rules, schemas  # noqa: E402

GENERATORS: dict[str, Callable[[], str]] = {
    "commands": commands.reference,
    "specs": schemas.reference,
    "rules": rules.reference,
    "botanik": games.botanik,
    "hive": games.hive,
}
MARKER = re.compile(r"^<!-- generated: ([a-z]+) -->$", re.M)


def expand(markdown: str) -> str:
    """``markdown`` with every marker replaced; an unknown name raises ``KeyError``."""
    return MARKER.sub(lambda m: GENERATORS[m.group(1)]().rstrip(), markdown)


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    """MkDocs event: the page's Markdown before it is rendered."""
    return expand(markdown)
