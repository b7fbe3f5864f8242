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

    ``table``: ``"module:attribute"`` of the kind's spreadsheet form, a
    :class:`~botanik_design.spec.tabular.TableFormat` (``import`` / ``export``; ``None``:
    it has none).
    """

    kind: str
    noun: str
    bundled: str | None = None
    usage: str = ""
    check: str | None = None
    self_contained: bool = False
    schema: str | None = None
    # --- spreadsheets (spec layer) -------------------------------------------------
    table: str | None = None


# ------------------------------------------------------------------ sweeps (spec layer)


@dataclass(frozen=True)
class SweepMetric:
    """One metric a game's sweep reports beyond the outcome metrics every game shares.

    ``key``: its name in a sweep file's ``metrics:`` (and the CSV column); ``label``:
    the report's words; ``kind``: how its interval is computed (``"proportion"``: Wilson;
    ``"mean-result"``: a mean in [0, 1], Wilson too; ``"mean"``: Student t; ``"ludii"``: a
    point value without interval); ``short``: its column title in the text table;
    ``end_reason``: the game's end-reason word (``GameRow.end_reason``) whose rate the
    metric is (``""``: a per-game number of ``Game.final_metrics``).
    """

    key: str
    label: str
    kind: str = "mean"
    short: str = ""
    end_reason: str = ""


@dataclass(frozen=True)
class SweepDecl:
    """How ``sweep`` varies a game's rules.

    ``hooks``: ``"module:attribute"`` of its :class:`~botanik_design.spec.sweep.SweepHooks`
    (the base, the axes it accepts and each point's rules); ``metrics``: the game's own
    metrics, in report order, after the shared outcome metrics; ``default_metrics``: those
    reported when a sweep names none; ``material``: the key of the base's names that
    holds its material (``"tileset"``), named in reports by ``GameEntry.parts["material"]``.
    """

    hooks: str
    metrics: tuple[SweepMetric, ...] = ()
    default_metrics: tuple[str, ...] = ()
    material: str = ""


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

    The spec layer's fields:

    * ``sweep``: how ``sweep`` varies the game's rules (:class:`SweepDecl`; ``None``: it
      cannot be swept).
    * ``rule_ids``: ``"module:attribute"`` of the game's own diagnostic rule ids (a tuple
      of :class:`~botanik_design.spec.rule_ids.Rule`), declared after the shared ones.
    * ``records``: a module with the game's record format for hosted games
      (:mod:`botanik_design.remote.records`): ``load(path, data) -> (state, refs)``,
      ``record_data(state, name, refs) -> dict`` and, optionally, ``MATERIAL``, the
      reference key it takes beside its variant (``"tileset"``).

    The terminal screens (read by :mod:`botanik_design.tui` only, which imports them
    when ``play`` or ``edit`` opens one; ``None``: the game has none):

    * ``tui_play``: the game's play launcher, a
      :class:`botanik_design.tui.plugins.PlayLauncher` (its play screen, its place in
      the variant form).
    * ``tui_editor``: the game's editor, a
      :class:`botanik_design.tui.plugins.EditorLauncher` (``edit``).

    Remote play (``host`` / ``join``; all optional):

    * ``public_rules``: ``function(game) -> dict``, the JSON-able rules a joining
      client needs to rebuild the game (sent once, in the ``welcome``).
    * ``state_from_observation``: ``function(rules, observation) -> State``, a local
      view state built from those rules and one seat's observation only (never
      the host's state): the play screen computes its previews and reasons on it.
    * ``join_screen``: ``function(seat) -> Screen``, the game's play screen for one
      seat of a hosted game (a ``botanik_design.tui.remote.seat.RemoteSeat``);
      without it ``join`` shows the generic screen.

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
    # --- the spec layer's fields (sweeps, rule ids, hosted records) ---------------------
    sweep: SweepDecl | None = None
    rule_ids: str | None = None
    records: str | None = None

    # -- terminal screens (botanik_design.tui reads them; see the class docstring) --
    tui_play: str | None = None
    tui_editor: str | None = None
    # -- end of the terminal screens' fields --

    # -- remote play (join): the client's view state and play screen -----------------
    public_rules: str | None = None
    state_from_observation: str | None = None
    join_screen: str | None = None
    # -- end of remote play ------------------------------------------------------------

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
