"""Rules pages written from a variant's effective options (Botanik and Hive), as Markdown.

:func:`rules_page` takes a typed :class:`~botanik_design.games.botanik.model.variant.Variant` or
:class:`~botanik_design.games.hive.model.HiveVariant` (never YAML text) and returns the page
``botanik-design rules`` prints and the play TUI shows (``r``, or ``?`` then tab).
"""

from __future__ import annotations

from typing import Any

from botanik_design.games.botanik.model.tileset import TileSet
from botanik_design.games.botanik.model.variant import Variant
from botanik_design.games.botanik.rulespage import applies, rules_markdown
from botanik_design.games.hive.model import HiveVariant
from botanik_design.games.hive.rulespage import hive_applies, hive_rules_markdown


def rules_page(variant: Variant | HiveVariant, tileset: TileSet | None = None, *,
               options: bool = True, overrides: dict[str, Any] | None = None) -> str:
    """The rules page of either game's variant (``tileset`` is for Botanik only)."""
    if isinstance(variant, HiveVariant):
        return hive_rules_markdown(variant, options=options, overrides=overrides)
    return rules_markdown(variant, tileset, options=options, overrides=overrides)


__all__ = ["applies", "hive_applies", "hive_rules_markdown", "rules_markdown", "rules_page"]
