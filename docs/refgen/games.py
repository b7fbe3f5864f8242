"""The rules of each game, as ``botanik-design rules`` writes them for its reference variant."""

from __future__ import annotations

#: Generator name -> the bundled variant whose rules page it writes.
VARIANTS = {"botanik": "standard", "hive": "hive-tournament"}


def rules_page(game: str) -> str:
    """The rules page of ``game``'s reference variant (Markdown, options table included)."""
    from botanik_design.cli.rules_cmd import page_for

    variant = VARIANTS[game]
    note = (f"\n\nThis page is the output of `botanik-design rules {variant}`: "
            "`botanik-design rules VARIANT` writes it for any variant, bundled or yours, "
            "with that variant's options and numbers.\n")
    return page_for(variant, None).rstrip() + note


def botanik() -> str:
    """The rules of Botanik under ``standard``."""
    return rules_page("botanik")


def hive() -> str:
    """The rules of Hive under ``hive-tournament``."""
    return rules_page("hive")
