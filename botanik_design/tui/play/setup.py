"""The variant form: choose a bundled or local variant, adjust its options, save or play.

The form is built from ``spec/variant.schema.json``: an ``enum`` option is a
select, an integer an input checked against ``minimum``/``maximum``, a
nullable integer an input where an empty value means ``null``; each option
shows its schema description.  "Save as" writes a variant YAML that
``extends`` the base variant and lists only the changed options, atomically,
then runs the project's validator on the file and shows what it reports.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import yaml
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, Static

from botanik_design.model.words import plural
from botanik_design.tui.play.controller import OPPONENTS, Rules, load_rules

#: The style sheet beside this module (absolute: subclasses elsewhere find it too).
_STYLES = Path(__file__).with_name("setup.tcss")

VARIANT_DEFAULT_TILESET = "(variant's)"


@dataclass(frozen=True)
class OptionField:
    """One option of the variant schema, as the form shows it."""

    name: str
    description: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False

    def parse(self, text: str) -> tuple[Any, str]:
        """``(value, problem)`` of an input's text (problem empty when fine)."""
        if self.choices:
            return text, "" if text in self.choices else f"{self.name}: choose one of the list"
        text = text.strip()
        if text == "" or text.lower() in ("null", "none"):
            if self.nullable:
                return None, ""
            return None, f"{self.name}: a whole number is needed"
        try:
            value = int(text)
        except ValueError:
            return None, f"{self.name}: {text!r} is not a whole number"
        if self.minimum is not None and value < self.minimum:
            return None, f"{self.name}: at least {self.minimum}"
        if self.maximum is not None and value > self.maximum:
            return None, f"{self.name}: at most {self.maximum}"
        return value, ""

    def show(self, value: Any) -> str:
        """The text an input shows for ``value``."""
        return "" if value is None else str(value)


def option_fields() -> list[OptionField]:
    """The form's fields, in schema order."""
    from botanik_design.spec.bundled import schema

    props = schema("variant")["properties"]["options"]["properties"]
    out: list[OptionField] = []
    for name, spec in props.items():
        types = spec.get("type")
        nullable = isinstance(types, list) and "null" in types
        out.append(OptionField(
            name=name, description=str(spec.get("description", "")),
            choices=tuple(spec.get("enum", ())), minimum=spec.get("minimum"),
            maximum=spec.get("maximum"), nullable=nullable,
        ))
    return out


def variant_name(path: Path) -> str:
    """A valid ``variant:`` name from a file name (``My Rules.yaml`` -> ``my-rules``)."""
    stem = re.sub(r"[^a-z0-9-]+", "-", path.stem.lower()).strip("-")
    return stem[:64] or "my-variant"


def extends_ref(base: str, target: Path) -> str:
    """``base`` as the saved file's ``extends:``: a bundled name, or a path relative to it."""
    from botanik_design.spec.refs import portable_ref

    return portable_ref(base, "variant", target.resolve().parent)


def variant_yaml(target: Path, base: str, changed: dict[str, Any],
                 tileset: str | None = None) -> str:
    """The text of a variant file extending ``base`` with the ``changed`` options."""
    data: dict[str, Any] = {
        "variant": variant_name(target),
        "title": f"{base} with {plural(len(changed), 'option')} changed",
        "extends": extends_ref(base, target),
    }
    if tileset:
        from botanik_design.spec.refs import portable_ref

        data["tileset"] = portable_ref(tileset, "tileset", target.resolve().parent)
    if changed:
        data["options"] = changed
    head = f"# Saved by botanik-design play: the variant {base} with adjusted options.\n"
    return head + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)


def save_variant(target: Path, text: str) -> tuple[list[str], list[str]]:
    """Write ``text`` atomically and validate the file; returns (errors, warnings) formatted.

    Raises ``OSError`` when the file cannot be written.
    """
    from botanik_design.spec.atomic import write_atomic
    from botanik_design.spec.validate import validate_path

    write_atomic(target, text)
    found = validate_path(target)
    return ([d.format() for d in found if d.level == "error"],
            [d.format() for d in found if d.level != "error"])


class SetupScreen(Screen[None]):
    """Choose the variant, tile set, opponent and seed; adjust options; save or play."""

    CSS_PATH = _STYLES
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+g", "play", "Play"),
        Binding("ctrl+s", "save", "Save as"),
        Binding("escape", "leave", "Back/quit"),
    ]

    class Start(Message):
        """Play a game with ``rules``, ``seed`` and ``opponent`` (the app opens it)."""

        def __init__(self, rules: Rules, seed: int, opponent: str) -> None:
            super().__init__()
            self.rules, self.seed, self.opponent = rules, seed, opponent

    class Leave(Message):
        """Leave the form: back to the game when there is one, else quit."""

        def __init__(self, form: SetupScreen) -> None:
            super().__init__()
            self.form = form

    def __init__(self, variant_ref: str = "standard", tileset_ref: str | None = None,
                 opponent: str = "greedy", seed: int | None = None) -> None:
        super().__init__()
        from botanik_design.spec.bundled import bundled_tilesets, bundled_variants

        self.fields = option_fields()
        self.variants = list(bundled_variants())
        self.tilesets = list(bundled_tilesets())
        self.base = variant_ref
        self.base_options: dict[str, Any] = {}
        self.start_tileset = tileset_ref
        self.opponent = opponent if opponent in OPPONENTS or ":" in opponent else "greedy"
        self.seed = seed

    # ------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Static(Text("New game: choose a variant and adjust its options · "
                          "ctrl+g play · ctrl+s save as · esc back", style="bold"), id="title")
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
                yield Label("tile set")
                choices = [(VARIANT_DEFAULT_TILESET, VARIANT_DEFAULT_TILESET)]
                choices += [(t, t) for t in self.tilesets]
                ts = self.start_tileset if self.start_tileset in self.tilesets else \
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
            for f in self.fields:
                with Horizontal(classes="row"):
                    yield Label(f.name, id=f"l-{f.name}")
                    if f.choices:
                        yield Select([(c, c) for c in f.choices], allow_blank=False,
                                     compact=True, id=f"o-{f.name}")
                    else:
                        bounds = f"{f.minimum if f.minimum is not None else ''}–" \
                            f"{f.maximum if f.maximum is not None else ''}"
                        hint = bounds + (", empty = no limit" if f.nullable else "")
                        yield Input(compact=True, id=f"o-{f.name}", placeholder=hint)
                        yield Label("", id=f"e-{f.name}", classes="field-error")
                yield Static(f.description, classes="desc")
        with Horizontal(id="bar"):
            yield Label("save as")
            yield Input(placeholder="(empty) e.g. my-variant.yaml",
                        compact=True, id="save-path")
            yield Button("Save as", compact=True, id="save")
            yield Button("Play", compact=True, variant="primary", id="play")
        yield Static(id="problems")

    def on_mount(self) -> None:
        self._load_base(self.base)
        self.query_one("#play", Button).focus()

    # ------------------------------------------------------------ base variant

    def _load_base(self, ref: str) -> None:
        from botanik_design.spec.errors import SpecError
        from botanik_design.spec.load import effective_options

        try:
            options = effective_options(ref)
        except SpecError as exc:
            self._problems([str(exc), *exc.problems], error=True)
            return
        self.base = ref
        self.base_options = options
        for f in self.fields:
            value = options.get(f.name)
            widget = self.query_one(f"#o-{f.name}")
            if isinstance(widget, Select):
                widget.value = value
            elif isinstance(widget, Input):
                widget.value = f.show(value)
        self._mark_changed()
        self._problems([f"base variant: {ref}"])

    @on(Select.Changed, "#base")
    def _base_changed(self, event: Select.Changed) -> None:
        file_box = self.query_one("#base-file", Input)
        if file_box.value.strip() and event.value == self._select_initial:
            return  # the select's first value while a file is the base
        if isinstance(event.value, str) and event.value != self.base:
            file_box.value = ""
            self._load_base(event.value)

    @on(Input.Submitted, "#base-file")
    def _base_file(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self._load_base(event.value.strip())

    @on(Select.Changed)
    @on(Input.Changed)
    def _edited(self) -> None:
        self._mark_changed()

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
            if field is None or field.choices:
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
        values, _ = self.values()
        for f in self.fields:
            changed = f.name in values and values[f.name] != self.base_options.get(f.name)
            self.query_one(f"#l-{f.name}", Label).set_class(changed, "changed")

    # ------------------------------------------------------------ values

    def values(self) -> tuple[dict[str, Any], list[str]]:
        """The options as the form shows them, and the problems found."""
        out: dict[str, Any] = {}
        problems: list[str] = []
        for f in self.fields:
            widget = self.query_one(f"#o-{f.name}")
            if isinstance(widget, Select):
                raw = widget.value
                text = raw if isinstance(raw, str) else ""
            else:
                assert isinstance(widget, Input)
                text = widget.value
            value, problem = f.parse(text)
            if problem:
                problems.append(problem)
            else:
                out[f.name] = value
        return out, problems

    def changed(self) -> tuple[dict[str, Any], list[str]]:
        """Options that differ from the base variant, and the form's problems."""
        values, problems = self.values()
        return {k: v for k, v in values.items() if v != self.base_options.get(k)}, problems

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

    def save(self, where: str) -> bool:
        """Save the adjusted variant to ``where``; shows and returns whether it is valid."""
        if not where:
            self._problems(["type a file name in the save box first (e.g. my-variant.yaml)"],
                           error=True)
            self.query_one("#save-path", Input).focus()
            return False
        changed, problems = self.changed()
        if problems:
            self._problems(problems, error=True)
            return False
        target = Path(where)
        if target.suffix not in (".yaml", ".yml"):
            target = target.with_suffix(".yaml")
        text = variant_yaml(target, self.base, changed, self._tileset())
        try:
            found, warnings = save_variant(target, text)
        except OSError as exc:
            self._problems([f"cannot write {target}: {exc.strerror or exc}"], error=True)
            return False
        if found:
            self._problems([f"saved {target}, but validate reports:", *found, *warnings],
                           error=True)
            return False
        if warnings:
            n_opts, n_warn = plural(len(changed), 'option'), plural(len(warnings), 'warning')
            self._problems([f"saved {target} ({n_opts} changed); `botanik-design "
                            f"validate` accepts it with {n_warn}:", *warnings], warn=True)
        else:
            self._problems([f"saved {target} ({plural(len(changed), 'option')} changed); "
                            "`botanik-design validate` accepts it"])
        return True

    @on(Input.Submitted, "#save-path")
    def _save_submitted(self) -> None:
        self.action_save()

    @on(Button.Pressed, "#save")
    def _save_pressed(self) -> None:
        self.action_save()

    @on(Button.Pressed, "#play")
    def _play_pressed(self) -> None:
        self.action_play()

    def action_play(self) -> None:
        from botanik_design.spec.errors import SpecError

        changed, problems = self.changed()
        seed_text = self.query_one("#seed", Input).value.strip()
        seed: int | None = None
        if seed_text:
            seed_problem = self.check_field(self.query_one("#seed", Input))
            if seed_problem:
                problems.append(seed_problem)
            else:
                seed = int(seed_text)
        if problems:
            self._problems(problems, error=True)
            return
        if seed is None:
            import random

            seed = random.SystemRandom().randrange(1_000_000)
        try:
            rules = load_rules(self._tileset(), self.base, changed)
        except (SpecError, TypeError, ValueError) as exc:
            extra = list(exc.problems) if isinstance(exc, SpecError) else []
            self._problems([str(exc), *extra], error=True)
            return
        opponent = self.query_one("#opponent", Select).value
        self.post_message(self.Start(rules, seed,
                                     opponent if isinstance(opponent, str) else "greedy"))

    def action_leave(self) -> None:
        self.post_message(self.Leave(self))
