"""The variant form's actions: save the adjusted variant, play it (either game)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from textual.message import Message
from textual.widgets import Input, Select

from botanik_design.model.words import plural
from botanik_design.tui.play.setup_fields import save_variant, variant_yaml
from botanik_design.tui.plugins import FormChoice, FormProblem, Opening, PlayLauncher


class StartGame(Message):
    """Play the form's game: ``opening`` shows it (the app calls it); ``opponent`` as
    chosen in the form."""

    def __init__(self, opening: Opening, opponent: str) -> None:
        super().__init__()
        self.opening, self.opponent = opening, opponent


class _Form(Protocol):
    """What the actions need of :class:`~.setup.SetupScreen`."""

    base: str
    game: str
    record_path: Path | None
    _saved: tuple[Path, str] | None

    def changed(self) -> tuple[dict[str, Any], list[str]]: ...
    def check_field(self, widget: Input) -> str: ...
    def _tileset(self) -> str | None: ...
    def _problems(self, lines: list[str], error: bool = False, warn: bool = False) -> None: ...
    def _form_key(self, changed: dict[str, Any]) -> str: ...
    def _seed(self, problems: list[str]) -> int: ...
    def _launcher(self) -> PlayLauncher: ...
    def query_one(self, selector: str, expect_type: Any) -> Any: ...
    def post_message(self, message: Message) -> bool: ...


class SetupActionsMixin:
    """Saving and playing, for :class:`~.setup.SetupScreen` (its ``Start`` is
    :class:`StartGame`)."""

    #: The file last saved, and what the form held then (a Hive game may name it).
    _saved: tuple[Path, str] | None = None

    def save(self: _Form, where: str) -> bool:
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
        text = variant_yaml(target, self.base, changed, self._tileset(), self.game)
        try:
            found, warnings = save_variant(target, text)
        except OSError as exc:
            self._problems([f"cannot write {target}: {exc.strerror or exc}"], error=True)
            return False
        if found:
            self._problems([f"saved {target}, but validate reports:", *found, *warnings],
                           error=True)
            return False
        self._saved = (target.resolve(), self._form_key(changed))
        if warnings:
            n_opts, n_warn = plural(len(changed), 'option'), plural(len(warnings), 'warning')
            self._problems([f"saved {target} ({n_opts} changed); `botanik-design "
                            f"validate` accepts it with {n_warn}:", *warnings], warn=True)
        else:
            self._problems([f"saved {target} ({plural(len(changed), 'option')} changed); "
                            "`botanik-design validate` accepts it"])
        return True

    def _form_key(self: _Form, changed: dict[str, Any]) -> str:
        """What a saved file must match to stand for the form: base, set and options."""
        return repr((self.base, self._tileset(), sorted(changed.items())))

    def _seed(self: _Form, problems: list[str]) -> int:
        seed_box = self.query_one("#seed", Input)
        if seed_box.value.strip():
            seed_problem = self.check_field(seed_box)
            if seed_problem:
                problems.append(seed_problem)
            else:
                return int(seed_box.value.strip())
        import random

        return random.SystemRandom().randrange(1_000_000)

    def action_play(self: _Form) -> None:
        """Play the form: the chosen game's launcher builds the game (or says why not)."""
        changed, problems = self.changed()
        seed = self._seed(problems)
        if problems:
            self._problems(problems, error=True)
            return
        raw = self.query_one("#opponent", Select).value
        opponent = raw if isinstance(raw, str) else "greedy"
        saved = None
        if self._saved is not None and self._saved[1] == self._form_key(changed):
            saved = self._saved[0]
        choice = FormChoice(self.base, changed, self._tileset(), opponent, seed, saved,
                            self.record_path)
        try:
            opening = self._launcher().opening(choice)
        except FormProblem as exc:
            self._problems(exc.lines, error=True)
            return
        self.post_message(StartGame(opening, opponent))
