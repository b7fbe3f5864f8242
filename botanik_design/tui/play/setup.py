"""The variant form: choose a bundled or local variant of any game with a play screen,
adjust its options, save or play.

The form is built from the variant schema of the chosen variant's game
(:mod:`.setup_fields`); choosing a variant of another game rebuilds the option
rows.  "Save as" writes a variant YAML that ``extends`` the base variant and lists
only the changed options, atomically, then runs the project's validator on the
file and shows what it reports.  Play asks the game's launcher for the game and
posts :class:`SetupScreen.Start` (the app shows it).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from botanik_design.tui.play.setup_actions import SetupActionsMixin, StartGame
from botanik_design.tui.play.setup_fields import (
    OptionField,
    effective_options,
    extends_ref,
    game_of,
    launcher_of,
    material_word,
    option_fields,
    save_variant,
    variant_name,
    variant_yaml,
)
from botanik_design.tui.plugins import OPPONENTS, PlayLauncher, playable

__all__ = ["VARIANT_DEFAULT_TILESET", "OptionField", "SetupScreen", "extends_ref",
           "option_fields", "save_variant", "variant_name", "variant_yaml"]

#: The style sheet beside this module (absolute: subclasses elsewhere find it too).
_STYLES = Path(__file__).with_name("setup.tcss")

VARIANT_DEFAULT_TILESET = "(variant's)"


class FlagBox(Checkbox):
    """A checkbox whose mark is a blank when off: Textual's draws ``X`` either way and
    tells them apart by colour only."""

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # noqa: N802 - Textual's name
        return "X" if self.value else " "


def option_row(f: OptionField, value: Any,
               index: dict[str, tuple[Label, Widget]] | None = None) -> Widget:
    """The form's row of option ``f`` showing ``value`` (label, widget, error note).

    ``index``: gets ``f.name -> (label, value widget)``, so the form reaches its rows
    without a query over the whole screen (a query per row per change made the form
    take seconds to open).
    """
    widgets: list[Widget] = [Label(f.name, id=f"l-{f.name}")]
    if f.kind in ("choice", "bool"):
        shown = f.show(value)
        widgets.append(Select([(c, c) for c in f.choices], allow_blank=False, compact=True,
                              value=shown if shown in f.choices else f.choices[0],
                              id=f"o-{f.name}"))
    elif f.kind == "set":
        on_ = set(value or [])
        widgets.append(Horizontal(*(FlagBox(c, c in on_, compact=True, id=f"o-{f.name}-{c}")
                                    for c in f.choices), id=f"o-{f.name}", classes="set"))
    else:
        bounds = f"{f.minimum if f.minimum is not None else ''}–" \
            f"{f.maximum if f.maximum is not None else ''}"
        hint = bounds + (", empty = no limit" if f.nullable else "")
        widgets.append(Input(f.show(value), compact=True, id=f"o-{f.name}", placeholder=hint))
        widgets.append(Label("", id=f"e-{f.name}", classes="field-error"))
    if index is not None:
        label = widgets[0]
        assert isinstance(label, Label)
        index[f.name] = (label, widgets[1])
    return Vertical(Horizontal(*widgets, classes="row"), Static(f.description, classes="desc"),
                    classes="option")


class SetupScreen(SetupActionsMixin, Screen[None]):
    """Choose the variant, its tile or piece set, opponent and seed; adjust options; save
    or play."""

    CSS_PATH = _STYLES
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+g", "play", "Play"),
        Binding("ctrl+s", "save", "Save as"),
        Binding("escape", "leave", "Back/quit"),
    ]

    Start: ClassVar[type[StartGame]] = StartGame

    class Leave(Message):
        """Leave the form: back to the game when there is one, else quit."""

        def __init__(self, form: SetupScreen) -> None:
            super().__init__()
            self.form = form

    def __init__(self, variant_ref: str = "standard", tileset_ref: str | None = None,
                 opponent: str = "greedy", seed: int | None = None, *,
                 record_path: Path | None = None) -> None:
        super().__init__()
        from botanik_design.spec.refs import bundled

        self.game = game_of(variant_ref)
        self.fields = option_fields(self.game)
        games = playable()
        #: The bundled variants of every game with a play screen, and each game's sets.
        self.variants = [v for e, _ in games for v in bundled(e.variant_kind)]
        self.parts = {e.name: list(bundled(p.material_kind)) for e, p in games}
        self.base = variant_ref
        self.base_options: dict[str, Any] = {}
        self.start_tileset = tileset_ref
        self.opponent = opponent if opponent in OPPONENTS or ":" in opponent else "greedy"
        self.seed = seed
        self.record_path = record_path
        #: The file last saved, and the text written there (a Hive game names it).
        self._saved: tuple[Path, str] | None = None
        #: The option rows shown: name -> (label, value widget); see :func:`option_row`.
        self._rows: dict[str, tuple[Label, Widget]] = {}
        #: A repaint of the changed marks is queued (one per batch of changes).
        self._mark_queued = False

    # ------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Static(self._title(), id="title")
        bundled_base = self.base if self.base in self.variants else self.variants[0]
        self._select_initial = bundled_base
        with VerticalScroll(id="form", can_focus=False):
            with Horizontal(classes="row"):
                yield Label("base variant (bundled)")
                yield Select([(v, v) for v in self.variants], value=bundled_base,
                             allow_blank=False, compact=True, id="base")
            with Horizontal(classes="row"):
                yield Label("…or a variant file")
                yield Input("" if self.base in self.variants else self.base,
                            placeholder="path/to/variant.yaml (enter loads it)",
                            compact=True, id="base-file")
            with Horizontal(classes="row"):
                yield Label(material_word(self.game), id="tileset-label")
                choices = [(VARIANT_DEFAULT_TILESET, VARIANT_DEFAULT_TILESET)]
                choices += [(t, t) for t in self.parts[self.game]]
                ts = self.start_tileset if self.start_tileset in self.parts[self.game] else \
                    VARIANT_DEFAULT_TILESET
                yield Select(choices, value=ts, allow_blank=False, compact=True, id="tileset")
            with Horizontal(classes="row"):
                yield Label("opponent")
                opp = [(o, o) for o in OPPONENTS]
                if self.opponent not in OPPONENTS:
                    opp.append((self.opponent, self.opponent))
                yield Select(opp, value=self.opponent, allow_blank=False, compact=True,
                             id="opponent")
            with Horizontal(classes="row"):
                yield Label("seed (empty: random)")
                yield Input("" if self.seed is None else str(self.seed), type="integer",
                            compact=True, id="seed", placeholder="(random)")
                yield Label("", id="e-seed", classes="field-error")
            yield Static("Rule options (changed ones in yellow)", classes="head")
            yield Vertical(*(option_row(f, None, self._rows) for f in self.fields),
                           id="options")
        with Horizontal(id="bar"):
            yield Label("save as")
            yield Input(placeholder="(empty) e.g. my-variant.yaml",
                        compact=True, id="save-path")
            yield Button("Save as", compact=True, id="save")
            yield Button("Play", compact=True, variant="primary", id="play")
        yield Static(id="problems")

    def _title(self) -> Text:
        """The title line, ending with the keys: esc goes back to a game when one is open
        (the form was opened from its board), else quits."""
        leave = "esc back to the game" if getattr(self.app, "board", None) is not None \
            else "esc quit"
        return Text(f"New game · ctrl+g play · ctrl+s save as · {leave} · "
                    "choose a variant and adjust its options", style="bold")

    async def on_mount(self) -> None:
        await self._load_base(self.base)
        self.query_one("#play", Button).focus()

    # ------------------------------------------------------------ base variant

    async def _set_game(self, game: str) -> None:
        """Show the tile or piece sets and the option rows of ``game``."""
        self.game = game
        self.fields = option_fields(game)
        self.query_one("#tileset-label", Label).update(material_word(game))
        choices = [(VARIANT_DEFAULT_TILESET, VARIANT_DEFAULT_TILESET)]
        self.query_one("#tileset", Select).set_options(
            choices + [(t, t) for t in self.parts[game]])
        self.query_one("#tileset", Select).value = VARIANT_DEFAULT_TILESET
        box = self.query_one("#options", Vertical)
        await box.remove_children()
        self._rows = {}
        await box.mount_all([option_row(f, None, self._rows) for f in self.fields])

    async def _load_base(self, ref: str) -> None:
        from botanik_design.spec.errors import SpecError

        game = game_of(ref)
        try:
            options = effective_options(ref, game)
        except SpecError as exc:
            self._problems([str(exc)], error=True)  # str(exc) lists the problems
            return
        if game != self.game or not self._rows:
            await self._set_game(game)
        self.base = ref
        self.base_options = options
        for f in self.fields:
            self._show_value(f, options.get(f.name))
        self._mark_changed()
        self._problems([f"base variant: {ref} ({game})"])

    def _show_value(self, f: OptionField, value: Any) -> None:
        widget = self._rows[f.name][1]
        if isinstance(widget, Select):
            widget.value = f.show(value)
        elif isinstance(widget, Input):
            widget.value = f.show(value)
        else:
            for box in widget.query(Checkbox):
                box.value = str(box.label) in (value or [])

    @on(Select.Changed, "#base")
    async def _base_changed(self, event: Select.Changed) -> None:
        file_box = self.query_one("#base-file", Input)
        if file_box.value.strip() and event.value == self._select_initial:
            return  # the select's first value while a file is the base
        if isinstance(event.value, str) and event.value != self.base:
            file_box.value = ""
            await self._load_base(event.value)

    @on(Input.Submitted, "#base-file")
    async def _base_file(self, event: Input.Submitted) -> None:
        if event.value.strip():
            await self._load_base(event.value.strip())

    @on(Select.Changed)
    @on(Input.Changed)
    @on(Checkbox.Changed)
    def _edited(self) -> None:
        if not self._mark_queued:  # setting every row's value posts one event per row
            self._mark_queued = True
            self.call_later(self._mark_changed)

    @on(Input.Blurred)
    def _left_field(self, event: Input.Blurred) -> None:
        """Check a number as the user leaves its field; the error shows beside it."""
        self.check_field(event.input)

    def check_field(self, widget: Input) -> str:
        """Check one option (or the seed) input; shows and returns the problem ("": fine)."""
        wid = widget.id or ""
        problem = ""
        if wid == "seed":
            text = widget.value.strip()
            if text:
                try:
                    if int(text) < 0:
                        problem = "seed: a whole number >= 0"
                except ValueError:
                    problem = f"seed: {text!r} is not a whole number"
        elif wid.startswith("o-"):
            field = next((f for f in self.fields if f.name == wid[2:]), None)
            if field is None or field.kind != "int":
                return ""
            _, problem = field.parse(widget.value)
        else:
            return ""
        widget.set_class(bool(problem), "-invalid")
        note = self.query(f"#e-{wid.removeprefix('o-')}")
        if note:
            short = problem.split(": ", 1)[-1]
            note.first(Label).update(f"✗ {short}" if problem else "")
        return problem

    def _mark_changed(self) -> None:
        self._mark_queued = False
        values, _ = self.values()
        for f in self.fields:
            if f.name in self._rows:
                changed = f.name in values and not f.same(values[f.name],
                                                          self.base_options.get(f.name))
                self._rows[f.name][0].set_class(changed, "changed")

    # ------------------------------------------------------------ values

    def _text_of(self, f: OptionField) -> str | None:
        row = self._rows.get(f.name)
        if row is None or not row[1].is_attached:
            return None  # the rows are being rebuilt
        widget = row[1]
        if isinstance(widget, Select):
            raw = widget.value
            return raw if isinstance(raw, str) else ""
        if isinstance(widget, Input):
            return widget.value
        return ",".join(str(b.label) for b in widget.query(Checkbox) if b.value)

    def values(self) -> tuple[dict[str, Any], list[str]]:
        """The options as the form shows them, and the problems found."""
        out: dict[str, Any] = {}
        problems: list[str] = []
        for f in self.fields:
            text = self._text_of(f)
            if text is None:
                continue
            value, problem = f.parse(text)
            if problem:
                problems.append(problem)
            else:
                out[f.name] = value
        return out, problems

    def changed(self) -> tuple[dict[str, Any], list[str]]:
        """Options that differ from the base variant, and the form's problems."""
        values, problems = self.values()
        by_name = {f.name: f for f in self.fields}
        return {k: v for k, v in values.items()
                if not by_name[k].same(v, self.base_options.get(k))}, problems

    def _launcher(self) -> PlayLauncher:
        """The play launcher of the form's game."""
        return launcher_of(self.game)

    def _tileset(self) -> str | None:
        value = self.query_one("#tileset", Select).value
        return value if isinstance(value, str) and value != VARIANT_DEFAULT_TILESET else None

    def _problems(self, lines: list[str], error: bool = False, warn: bool = False) -> None:
        box = self.query_one("#problems", Static)
        box.update(Text("\n".join(lines)))
        box.set_class(error, "error")
        box.set_class(warn and not error, "warn")

    # ------------------------------------------------------------ actions

    def action_save(self) -> None:
        self.save(self.query_one("#save-path", Input).value.strip())

    @on(Input.Submitted, "#save-path")
    def _save_submitted(self) -> None:
        self.action_save()

    @on(Button.Pressed, "#save")
    def _save_pressed(self) -> None:
        self.action_save()

    @on(Button.Pressed, "#play")
    def _play_pressed(self) -> None:
        self.action_play()

    def action_leave(self) -> None:
        self.post_message(self.Leave(self))
