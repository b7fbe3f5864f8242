"""Load Hive piece sets and Hive variants by bundled name or path into typed model objects.

A reference is a bundled name (``hive-base``, ``hive-tournament``) or a path to
a YAML file (absolute, or relative to ``relative_to`` / the working directory;
a file wins over a bundled name).  Loading runs exactly the checks of
``botanik-design validate``: any error raises :class:`SpecError` whose
``problems`` are the formatted diagnostics (warnings do not stop loading).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from botanik_design.model.hive import HiveVariant, PieceSet
from botanik_design.spec.diagnostics import errors
from botanik_design.spec.errors import SpecError, SpecNotFoundError
from botanik_design.spec.hive_semantic import pieceset_from_data
from botanik_design.spec.refs import bundled, find_ref, tried

_WHAT = {"pieceset": "piece set", "hive-variant": "Hive variant"}


def _checked(ref: str, kind: str, relative_to: Path | None) -> tuple[Any, Any]:
    """Read and fully check ``ref``; returns ``(session, doc)`` or raises :class:`SpecError`."""
    from botanik_design.spec.session import Session

    what = _WHAT[kind]
    found = find_ref(ref, kind, relative_to)
    if found is None:
        names = sorted(bundled(kind))
        raise SpecNotFoundError(f"no {what} named {ref!r}: not a file "
                                f"({tried(ref, relative_to, say_folder=True)}), and not a "
                                f"bundled {what} ({', '.join(names)})")
    name, file = found
    session = Session()
    doc = session.read_source(file, name)
    if doc.kind is not None and doc.kind != kind:
        other = "a Botanik variant" if doc.kind == "variant" else f"a {doc.kind}"
        raise SpecError(f"{name}: is {other}, not a {what}")
    problems = errors(session.check(doc))
    if problems:
        raise SpecError(f"{name}: not a valid {what}", [d.format() for d in problems])
    return session, doc


def load_pieceset(ref: str, relative_to: Path | None = None) -> PieceSet:
    """Load and validate a Hive piece set by bundled name (``hive-base``, ``hive-full``) or
    path.  Raises :class:`SpecError` when the file is missing, unreadable or has any error
    ``botanik-design validate`` would report."""
    _, doc = _checked(ref, "pieceset", relative_to)
    return pieceset_from_data(doc.data)


def hive_variant_from_doc(session: Any, doc: Any) -> HiveVariant:
    """The :class:`HiveVariant` of a Hive variant document ``session`` has read (for a
    loader that dispatches on ``game:``).  Raises :class:`SpecError` when the document is
    not a Hive variant or has any error ``validate`` would report."""
    if doc.kind != "hive-variant":
        raise SpecError(f"{doc.name}: is {doc.kind or 'not a spec'}, not a Hive variant")
    problems = errors(session.check(doc))
    if problems:
        raise SpecError(f"{doc.name}: not a valid Hive variant", [d.format() for d in problems])
    variant = session.hive_variant_info(doc).variant
    if variant is None:
        raise SpecError(f"{doc.name}: its options do not fit the model of a Hive variant")
    assert isinstance(variant, HiveVariant)
    return variant


def load_hive_variant(ref: str, relative_to: Path | None = None) -> HiveVariant:
    """Load a Hive variant by bundled name (``hive-tournament``...) or path, resolving
    ``extends``.

    The piece set is inherited from the nearest ancestor that names one (made
    absolute when it is a path) and loaded into ``pieces``; without one, ``pieces``
    is the base set plus the listed expansion bugs.  Raises :class:`SpecError` on a
    missing file, invalid content, an invalid parent or piece set, or a cyclic chain.
    """
    session, doc = _checked(ref, "hive-variant", relative_to)
    variant = session.hive_variant_info(doc).variant
    if variant is None:
        raise SpecError(f"{doc.name}: its options do not fit the model of a Hive variant")
    assert isinstance(variant, HiveVariant)
    return variant


def hive_effective_options(ref: str, relative_to: Path | None = None) -> dict[str, Any]:
    """The Hive variant's effective options (defaults, overridden root-first along
    ``extends``) by option name; ``expansions`` is a list.  Raises :class:`SpecError`
    when the variant (or an ancestor, or its piece set) is invalid."""
    session, doc = _checked(ref, "hive-variant", relative_to)
    return dict(session.hive_variant_info(doc).options)


def hive_variant_from_text(text: str, name: str, folder: Path) -> HiveVariant:
    """The :class:`HiveVariant` of a Hive variant file's ``text`` that is not on disk (yet),
    its references resolved from ``folder``; ``name`` names it in messages.  Runs exactly
    the checks of ``validate``: raises :class:`SpecError` on any error."""
    from botanik_design.spec.session import Session

    session = Session()
    doc = session.doc_from(text, name, f"text:{name}", folder)
    return hive_variant_from_doc(session, doc)
