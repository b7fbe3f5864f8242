"""The registered games' words in the shared commands: help texts, defaults and names.

The shared commands never name a game; what they say about one comes from its entry
(:class:`~botanik_design.games.entry.GameEntry`: ``title``, ``about``, ``drawn``,
``defaults``, ``cli_help``, ``cli_names``), so a game registered by its entry alone
shows up in ``--help``, completion and messages.  Reads entries only (no game package
is imported): cheap enough for ``register``.
"""

from __future__ import annotations

from botanik_design.games.entry import GameEntry, SpecKind


def _entries() -> tuple[GameEntry, ...]:
    """Every registered entry, the default game first."""
    from botanik_design.games.registry import entries

    return entries()


def listed(words: list[str], conjunction: str = "and") -> str:
    """``"a, b and c"`` (``""`` for none)."""
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} {conjunction} {words[-1]}"


def titles(conjunction: str = "or", kind: str | None = None) -> str:
    """The titles of the games that play variants (``"Botanik or Hive"``); with ``kind``,
    of the games that read that spec kind."""
    return listed([e.title for e in _entries()
                   if (e.kind(kind) is not None if kind else bool(e.variant_loader))],
                  conjunction)


def about() -> str:
    """What one designs with the tool: every game's ``about``, e.g. ``"Botanik tile sets
    and variants, Hive piece sets and variants"`` (``"board games"`` when none says)."""
    return ", ".join(e.about for e in _entries() if e.about) or "board games"


def default_ref(kind: str) -> str | None:
    """The bundled file of ``kind`` a command uses when none is named: the first game's
    (the default game first) whose entry has one in ``defaults``."""
    return next((e.defaults[kind] for e in _entries() if kind in e.defaults), None)


def help_of(key: str, head: str = "", sep: str = "; or ") -> str:
    """An argument's help: ``head``, then each game's part (its ``cli_help[key]``, the
    default game's first), joined by ``sep``."""
    parts = [head] if head else []
    parts += [e.cli_help[key] for e in _entries() if key in e.cli_help]
    return sep.join(parts)


def extra_names(key: str) -> list[str]:
    """The names an argument takes beyond the bundled files (every game's
    ``cli_names[key]``)."""
    return [n for e in _entries() for n in e.cli_names.get(key, ())]


def drawn_kinds() -> list[tuple[GameEntry, SpecKind]]:
    """Every game's kind that ``show`` and ``sheet`` draw, with its game."""
    found = []
    for e in _entries():
        kind = e.kind(e.drawn) if e.drawn else None
        if kind is not None:
            found.append((e, kind))
    return found


def bare_noun(entry: GameEntry, kind: SpecKind) -> str:
    """A kind's noun without its game's title in front (``"piece set"`` for ``"Hive piece
    set"``)."""
    return kind.noun.removeprefix(f"{entry.title} ")


def drawn_names() -> list[str]:
    """Every name ``show`` and ``sheet`` take: each drawn kind's bundled files, then the
    games' other names (``cli_names["show.tileset"]``)."""
    from botanik_design.spec.refs import bundled

    names = [n for _, kind in drawn_kinds() for n in bundled(kind.kind)]
    return [*names, *extra_names("show.tileset")]


def drawn_noun() -> str:
    """What ``show`` and ``sheet`` take, in words: ``"tile set or piece set"``."""
    return listed([bare_noun(e, k) for e, k in drawn_kinds()], "or") or "spec file"
