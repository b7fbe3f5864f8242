"""One declarative entry per game (OpenSpiel's ``GameType`` + ``register_game``).

A game is a package ``botanik_design.games.<name>`` whose ``__init__`` defines
``ENTRY``, a :class:`GameEntry`: plain data naming the game's parts by
``"module:attribute"`` strings, imported only when a command needs that part.
The shared layers (the validator's dispatch by kind, the CLI, the play set-up
form, ``sim/``) read entries through :mod:`botanik_design.games.registry` and
never import a game package themselves.

This module imports nothing of the project: an entry costs nothing to read.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class SpecKind:
    """One kind of spec file a game reads.

    ``kind``: the schema's name (``spec/<kind>.schema.json``) and the kind the
    validator reports (``"tileset"``, ``"hive-variant"``); ``noun``: how messages
    name it (``"tile set"``, ``"Hive variant"``); ``bundled``: the folder of
    bundled files of this kind (``"tilesets"``, ``"variants"``, ``"piecesets"``;
    ``None``: none are bundled); ``usage``: how ``list`` says to use a bundled
    one; ``check``: ``"module:function"`` called as ``function(session, doc) ->
    list[Diagnostic]`` for every check beyond YAML and the schema (it also runs
    the checks that still apply to the schema-valid parts of a document with
    schema errors); ``self_contained``: its check reads no other file (the
    validator may reuse the result across runs while the file is unchanged).

    A game shipped outside this package brings its own files: ``schema``, the path
    of its JSON Schema (default: the bundled ``spec/<kind>.schema.json``), and
    ``bundled`` may be the path of a folder of its own bundled files.
    """

    kind: str
    noun: str
    bundled: str | None = None
    usage: str = ""
    check: str | None = None
    self_contained: bool = False
    schema: str | None = None


@dataclass(frozen=True)
class GameEntry:
    """Everything the framework needs to know about one game, as data.

    Each ``"module:attribute"`` target is imported lazily:

    * ``factory``: ``function(**params) -> Game`` (``load_game(name, **params)``).
    * ``variant_loader``: ``function(session, doc, **params) -> Game`` for a read
      variant document whose ``game:`` names this game (``simulate``, ``compare``,
      ``replay``, ``sweep`` through :func:`~botanik_design.games.loading.load_from_variant`).
    * ``variant_kind``: the spec kind of its variants (``"variant"``,
      ``"hive-variant"``); ``kinds``: every spec kind it reads.
    * ``rules_page``: ``function(ref, other_ref, options) -> str``, the Markdown
      rules page of a variant reference (``rules``; ``other_ref`` is the
      ``--tileset`` given, or ``None``); raises ``SpecError`` / ``ValueError``.
    * ``commands``: CLI sub-command modules of this game only (each with
      ``register(subparsers)`` and ``run(args) -> int``), e.g. Hive's ``perft``.
    * ``cli``: a module of hooks for the shared commands (``show``, ``sheet``,
      ``replay``, ``score``; :mod:`botanik_design.cli.games`), each returning an exit
      status, or ``None`` for an input that is not this game's.
    * ``parts``: the words a report uses for the game's parts, e.g.
      ``{"material": "tile set"}``.

    The shared commands' words for the game (help texts, defaults, names; the CLI
    never names a game itself, :mod:`botanik_design.cli.words`):

    * ``about``: what one designs for the game, for the top-level ``--help``
      (``"Botanik tile sets and variants"``).
    * ``drawn``: the spec kind ``show`` and ``sheet`` draw (``"tileset"``); ``None``: none.
    * ``defaults``: spec kind -> the bundled file a command uses when none is named
      (``{"tileset": "botanik"}``: ``import --palette``, the tile set of a variant
      that names none).
    * ``cli_help``: ``"command.dest"`` -> the game's part of that argument's help, joined
      after the default game's (``"replay.record"``: ``"a Hive GameString file (.txt)"``).
    * ``cli_names``: ``"command.dest"`` -> names that argument takes beyond the bundled
      files (``"show.tileset": ("hive",)``), for completion and near-miss lists.
    """

    name: str
    title: str
    factory: str
    variant_loader: str
    variant_kind: str
    kinds: tuple[SpecKind, ...] = ()
    rules_page: str | None = None
    commands: tuple[str, ...] = ()
    cli: str | None = None
    parts: dict[str, str] = field(default_factory=dict)
    # ---- the shared commands' words for this game (the CLI's block; see above) ----
    about: str = ""
    drawn: str | None = None
    defaults: dict[str, str] = field(default_factory=dict)
    cli_help: dict[str, str] = field(default_factory=dict)
    cli_names: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # ---- end of the CLI's block ----

    def kind(self, kind: str) -> SpecKind | None:
        """The :class:`SpecKind` named ``kind``, if this game reads it."""
        return next((k for k in self.kinds if k.kind == kind), None)
