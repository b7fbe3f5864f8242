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

from botanik_design.games.hive.model import HiveVariant, PieceSet
from botanik_design.games.hive.spec.semantic import pieceset_from_data
from botanik_design.games.hive.spec.variants import hive_variant_info
from botanik_design.spec.errors import SpecError
from botanik_design.spec.load import check_doc, checked_ref
from botanik_design.spec.refs import kind_name


def _not_hive() -> dict[str, str]:
    """How messages name a file of the default game's kind ``variant`` where a Hive variant
    was expected: a file without ``game: hive`` is read as one, most often a Hive variant
    that forgot the key."""
    return {"variant": f"{kind_name('variant')} (it has no `game: hive`)"}


def load_pieceset(ref: str, relative_to: Path | None = None) -> PieceSet:
    """Load and validate a Hive piece set by bundled name (``hive-base``, ``hive-full``) or
    path.  Raises :class:`SpecError` when the file is missing, unreadable or has any error
    ``botanik-design validate`` would report."""
    _, doc = checked_ref(ref, "pieceset", relative_to, "piece set")
    return pieceset_from_data(doc.data)


def hive_variant_from_doc(session: Any, doc: Any) -> HiveVariant:
    """The :class:`HiveVariant` of a Hive variant document ``session`` has read (for a
    loader that dispatches on ``game:``).  Raises :class:`SpecError` when the document is
    not a Hive variant or has any error ``validate`` would report."""
    check_doc(session, doc, "hive-variant", "Hive variant", _not_hive())
    return _variant_of(session, doc)


def _variant_of(session: Any, doc: Any) -> HiveVariant:
    variant = hive_variant_info(session, doc).variant
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
    session, doc = checked_ref(ref, "hive-variant", relative_to, "Hive variant", _not_hive())
    return _variant_of(session, doc)


def hive_effective_options(ref: str, relative_to: Path | None = None) -> dict[str, Any]:
    """The Hive variant's effective options (defaults, overridden root-first along
    ``extends``) by option name; ``expansions`` is a list.  Raises :class:`SpecError`
    when the variant (or an ancestor, or its piece set) is invalid."""
    session, doc = checked_ref(ref, "hive-variant", relative_to, "Hive variant", _not_hive())
    return dict(hive_variant_info(session, doc).options)


def hive_variant_from_text(text: str, name: str, folder: Path) -> HiveVariant:
    """The :class:`HiveVariant` of a Hive variant file's ``text`` that is not on disk (yet),
    its references resolved from ``folder``; ``name`` names it in messages.  Runs exactly
    the checks of ``validate``: raises :class:`SpecError` on any error."""
    from botanik_design.spec.session import Session

    session = Session()
    doc = session.doc_from(text, name, f"text:{name}", folder)
    return hive_variant_from_doc(session, doc)
