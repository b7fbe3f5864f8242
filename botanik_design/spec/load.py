"""Read and check any spec by reference: the loaders of every game build on this.

A *reference* is either a bundled name (of a variant, a tile set...) or a path to
a YAML file (absolute, or relative to ``relative_to`` / the working directory).
Loading runs exactly the checks of ``botanik-design validate``: any error
raises :class:`SpecError` whose ``problems`` are the formatted diagnostics
(warnings do not stop loading).  Each game's typed loaders live in its package
(``games/<name>/spec/load.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from botanik_design.model.sweep import Sweep

__all__ = ["check_doc", "checked_ref", "invalid", "load_sweep", "read_ref", "resolve_ref",
           "wrong_kind"]

from botanik_design.spec.diagnostics import errors
from botanik_design.spec.errors import SpecError, SpecUnreadableError
from botanik_design.spec.refs import all_variants, bundled, find_ref, kind_name, kind_noun


def wrong_kind(doc: Any, what: str, others: Mapping[str, str] | None = None) -> SpecError:
    """The error for ``doc`` (of another kind than wanted): ``file: is a <game> variant,
    not a tile set`` (the kinds' nouns) with one ``spec-wrong-kind`` problem at the
    document's kind key (else 1:1).  ``what`` names the wanted kind without its article;
    ``others``: kind -> how the message names it, default :func:`~.refs.kind_name`."""
    from botanik_design.spec.diagnostics import diagnostic

    phrase = f"is {(others or {}).get(doc.kind, kind_name(doc.kind))}, not a {what}"
    key = _kind_key(doc.kind)
    line, col = (None, None)
    if isinstance(doc.data, dict) and key in doc.data and doc.positions is not None:
        line, col = doc.positions.key((key,))
    problem = diagnostic(doc.name, "spec-wrong-kind", f"this {phrase}", line=line or 1,
                         column=col or 1)
    return SpecError(f"{doc.name}: {phrase}", diagnostics=[problem])


def _kind_key(kind: str | None) -> str:
    """The top-level key naming a document of ``kind``: a game's own kind is
    ``<game>-<key>`` (``variant`` of a game's ``<game>-variant``), any other its key."""
    from botanik_design.games.registry import spec_kind

    if not kind:
        return ""
    declared = spec_kind(kind)
    return kind.removeprefix(f"{declared[0].name}-") if declared is not None else kind


def resolve_ref(
    ref: str, kind: str, relative_to: Path | None = None, what: str | None = None
) -> tuple[str, Traversable | Path]:
    """Find the file a reference names.

    ``kind`` is the document kind whose bundled names are looked up (``tileset``,
    ``variant``, ``pieceset``...); ``what`` its name in messages
    (default ``kind``).  A file (relative to ``relative_to``, default the working
    directory) wins over a bundled name.  Returns ``(display_name, file)``; raises
    :class:`SpecNotFoundError` (a :class:`SpecError`) when nothing matches.
    """
    found = find_ref(ref, kind, relative_to, from_file=relative_to is not None)
    if found is None:
        from botanik_design.spec.refs import unknown_name

        # a plain variant reference loads any game's variant: list them all
        names = all_variants() if kind == "variant" else bundled(kind)
        raise unknown_name(ref, what or ("tile set" if kind == "tileset" else kind),
                           names, relative_to, from_file=relative_to is not None)
    return found


def read_ref(ref: str, kind: str, relative_to: Path | None = None,
             what: str | None = None) -> tuple[Any, Any]:
    """Read ``ref`` once with the validator's reader (no check yet).

    ``kind`` says where bundled names are looked up (``what``: see :func:`resolve_ref`).
    Returns ``(session, doc)`` (a :class:`~botanik_design.spec.session.Session` and its
    ``Doc``); raises :class:`SpecError` when the reference names nothing.
    """
    from botanik_design.spec.session import Session

    name, file = resolve_ref(ref, kind, relative_to, what)
    session = Session()
    return session, session.read_source(file, name)


def check_doc(session: Any, doc: Any, kind: str, what: str | None = None,
              others: Mapping[str, str] | None = None) -> None:
    """Fully check a document read by :func:`read_ref`; raises :class:`SpecError` when it
    is of another kind (``others``: kind -> how the message names it, default
    :func:`~.refs.kind_name`; see :func:`wrong_kind`) or has any error ``validate`` would
    report (:class:`SpecUnreadableError`, exit status 2, when the file cannot be read).
    ``what``: the expected kind's name in messages (default
    :func:`~.refs.kind_noun`)."""
    what = what or kind_noun(kind)
    if doc.kind is not None and doc.kind != kind:
        raise wrong_kind(doc, what, others)
    problems = errors(session.check(doc))
    if problems:
        raise invalid(doc, f"{doc.name}: not a valid {what}", problems)


def invalid(doc: Any, message: str, problems: list[Any]) -> SpecError:
    """The error for a document with ``problems``: :class:`SpecUnreadableError` (exit
    status 2, as ``validate``) when the file itself could not be read (a permission, a
    device), else :class:`SpecError` (exit status 1)."""
    kind = SpecUnreadableError if doc.io_error else SpecError
    return kind(message, diagnostics=problems)


def checked_ref(ref: str, kind: str, relative_to: Path | None = None, what: str | None = None,
                others: Mapping[str, str] | None = None) -> tuple[Any, Any]:
    """:func:`read_ref` then :func:`check_doc`: ``(session, doc)`` of a reference with no
    error, or :class:`SpecError`."""
    session, doc = read_ref(ref, kind, relative_to, what)
    check_doc(session, doc, kind, what, others)
    return session, doc


def load_sweep(path: Path, check_bot: Callable[[str], str | None] | None = None) -> Sweep:
    """Read, check and expand the sweep file ``path``.

    Raises :class:`SpecError` (``problems``: ``file:line:col: error: ...``
    lines) on any error ``botanik-design validate`` would report, plus bot
    problems found by ``check_bot``; ``OSError`` never (an unreadable file is
    a :class:`SpecUnreadableError`, exit status 2).
    """
    from botanik_design.spec.session import Session
    from botanik_design.spec.sweep import SweepOut, expand

    session = Session()
    doc = session.read_source(path, str(path))
    if doc.kind is not None and doc.kind != "sweep":
        raise wrong_kind(doc, "sweep")
    problems = errors(session.check(doc))
    if problems:
        raise invalid(doc, f"{path}: not a valid sweep", problems)
    out = SweepOut(doc)
    sweep = expand(session, doc, out, check_bot)
    if sweep is None or out.failed:
        raise SpecError(f"{path}: not a valid sweep", diagnostics=errors(out.items))
    return sweep
