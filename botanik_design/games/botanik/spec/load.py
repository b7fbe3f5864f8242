"""Load Botanik's tile sets and variants by bundled name or path into typed model objects.

Each loader reads and checks the file as ``botanik-design validate`` does (the shared
:func:`botanik_design.spec.load.checked_ref`) and raises ``SpecError`` on any error.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from botanik_design.games.botanik.model.tileset import TileSet
from botanik_design.games.botanik.model.variant import Variant
from botanik_design.games.botanik.spec.build import tileset_from_data
from botanik_design.games.botanik.spec.variants import variant_info
from botanik_design.spec.errors import SpecError
from botanik_design.spec.load import checked_ref

__all__ = ["effective_options", "load_tileset", "load_tileset_for", "load_variant",
           "tileset_from_data", "variant_of"]


def load_tileset(ref: str, relative_to: Path | None = None) -> TileSet:
    """Load and validate a tile set by bundled name or path.

    Raises :class:`SpecError` when the file is missing, unreadable or has any
    error ``botanik-design validate`` would report.
    """
    _, doc = checked_ref(ref, "tileset", relative_to)
    return tileset_from_data(doc.data, None if doc.key.startswith("bundled:") else doc.key)


def load_tileset_for(ref: str, variant: Variant, relative_to: Path | None = None) -> TileSet:
    """Load a tile set to be played under ``variant`` in place of the variant's own
    (``--tileset``): the checks of :func:`load_tileset`, then the two that ``validate``
    makes on a variant's own tile set, reported at the tile set's ``tiles:`` list:
    enough machine tiles for the setup (``sem-too-few-tiles``,
    :func:`~botanik_design.games.botanik.model.variant.setup_need`) and a way to score a point
    (``sem-no-scoring``).

    Raises :class:`SpecError` (exit status 1) when either fails, or as :func:`load_tileset`.
    """
    from botanik_design.games.botanik.spec import semantic
    from botanik_design.spec.diagnostics import Collector

    _, doc = checked_ref(ref, "tileset", relative_to)
    tileset = tileset_from_data(doc.data, None if doc.key.startswith("bundled:") else doc.key)
    options = variant.options()
    out = Collector(doc.name, doc.positions)
    out.items += semantic.check_setup(tileset, options, ("tiles",), doc.positions, doc.name)
    why = semantic.no_score_reason(tileset, options)
    if why:
        out.add(("tiles",), "sem-no-scoring",
                f"no rule of variant `{variant.name}` can award a point with this tile set: "
                f"{why}")
    if out.items:
        raise SpecError(f"{doc.name}: cannot be played under variant `{variant.name}`",
                        diagnostics=out.items)
    return tileset


def effective_options(ref: str, relative_to: Path | None = None) -> dict[str, Any]:
    """The variant's effective options: defaults, overridden root-first along ``extends``.

    Raises :class:`SpecError` when the variant (or an ancestor) is invalid.
    """
    session, doc = checked_ref(ref, "variant", relative_to)
    return dict(variant_info(session, doc).options)


def load_variant(ref: str, relative_to: Path | None = None) -> Variant:
    """Load a variant by bundled name or path, resolving ``extends``.

    The default tile set (``tileset``) is inherited from the nearest ancestor
    that names one, and made absolute when it is a path.  Raises
    :class:`SpecError` on a missing file, invalid content, an invalid parent or
    tile set, or a cyclic chain.
    """
    session, doc = checked_ref(ref, "variant", relative_to)
    return variant_of(session, doc)


def variant_of(session: Any, doc: Any) -> Variant:
    """The :class:`Variant` of a checked variant document (see :func:`check_doc`)."""
    variant = variant_info(session, doc).variant
    if variant is None:
        raise SpecError(f"{doc.name}: its options do not fit the model of a variant")
    assert isinstance(variant, Variant)
    return variant
