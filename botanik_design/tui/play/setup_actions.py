"""The variant form's actions: save the adjusted variant, play it (either game)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from textual.message import Message
from textual.widgets import Input, Select

from botanik_design.model.words import plural
from botanik_design.tui.botanik.controller import load_rules
from botanik_design.tui.play.setup_fields import hive_session, save_variant, variant_yaml


class StartGame(Message):
    """Play a Botanik game with ``rules``, ``seed`` and ``opponent`` (the app opens it)."""

    def __init__(self, rules: Any, seed: int, opponent: str) -> None:
        super().__init__()
        self.rules, self.seed, self.opponent = rules, seed, opponent


class StartHiveGame(Message):
    """Play the Hive game of ``session`` (a ``HiveSession``; the app opens it)."""

    def __init__(self, session: Any) -> None:
        super().__init__()
        self.session = session


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
    def _play_hive(self, changed: dict[str, Any], seed: int, opponent: str) -> None: ...
    def query_one(self, selector: str, expect_type: Any) -> Any: ...
    def post_message(self, message: Message) -> bool: ...


class SetupActionsMixin:
    """Saving and playing, for :class:`~.setup.SetupScreen` (its ``Start`` and
    ``StartHive`` are :class:`StartGame` and :class:`StartHiveGame`)."""

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
        from botanik_design.spec.errors import SpecError

        changed, problems = self.changed()
        seed = self._seed(problems)
        if problems:
            self._problems(problems, error=True)
            return
        raw = self.query_one("#opponent", Select).value
        opponent = raw if isinstance(raw, str) else "greedy"
        if self.game == "hive":
            self._play_hive(changed, seed, opponent)
            return
        try:
            rules = load_rules(self._tileset(), self.base, changed)
        except (SpecError, TypeError, ValueError) as exc:
            extra = list(exc.problems) if isinstance(exc, SpecError) else []
            self._problems([str(exc), *extra], error=True)
            return
        self.post_message(StartGame(rules, seed, opponent))

    def _play_hive(self: _Form, changed: dict[str, Any], seed: int, opponent: str) -> None:
        from botanik_design.spec.errors import SpecError

        pieceset = self._tileset()
        saved = None
        if self._saved is not None and self._saved[1] == self._form_key(changed):
            saved = self._saved[0]
        if (changed or pieceset) and saved is None and self.record_path is not None:
            self._problems(["the record names its variant file: save these options first "
                            "(type a name in the save box, ctrl+s), then play"], error=True)
            return
        try:
            session = hive_session(self.base, changed, pieceset, opponent, seed, saved)
        except SpecError as exc:
            self._problems([str(exc).splitlines()[0], *exc.problems], error=True)
            return
        except ValueError as exc:
            self._problems([str(exc)], error=True)
            return
        self.post_message(StartHiveGame(session))

