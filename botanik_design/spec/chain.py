"""What Botanik and Hive variants share: the ``extends`` chain, effective options with
their origins, and the specs a file names by reference (a tile set, a piece set, a parent).

:mod:`.variants` (Botanik) and :mod:`.hive_variants` (Hive) resolve a variant with
these; :mod:`.games` and :mod:`.hive_games` word their reference problems with
:func:`ref_hint` and :func:`summary`.  Every diagnostic is built by
:class:`~botanik_design.spec.diagnostics.Collector` (the rule's declared level).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from botanik_design.model.words import near_miss, plural
from botanik_design.spec.diagnostics import Collector, Diagnostic, errors
from botanik_design.spec.positions import Path as JPath
from botanik_design.spec.refs import bundled, kind_name, no_file, tried

if TYPE_CHECKING:
    from botanik_design.spec.session import Doc, Session

#: Longest ``extends`` chain followed.
MAX_EXTENDS = 32


def diag(doc: Doc, path: JPath, rule: str, message: str, hint: str = "") -> Diagnostic:
    """The diagnostic of ``rule`` at the value of ``path`` in ``doc``."""
    return Collector(doc.name, doc.positions).at(path, rule, message, hint)


def summary(problems: list[Diagnostic]) -> str:
    """``2 errors, first: f.yaml:3:1: error: ...`` (``no errors`` when there is none)."""
    errs = errors(problems)
    return f"{plural(len(errs), 'error')}, first: {errs[0].format()}" if errs else "no errors"


def ref_hint(ref: object, kind: str, what: str) -> str:
    """A near-miss among the bundled specs of ``kind`` (``standard.yaml`` -> ``standard``),
    else their list (``bundled <what>: a, b``)."""
    names = sorted(bundled(kind))
    stem = str(ref).removesuffix(".yaml").removesuffix(".yml").rsplit("/", 1)[-1]
    return near_miss(stem, names) or f"bundled {what}: " + ", ".join(names)


def origin(doc: Doc) -> str:
    """Where an option or a reference came from: ``standard`` for a bundled variant,
    ``<variant> (<file>)`` otherwise."""
    assert doc.data is not None
    name = str(doc.data["variant"])
    return name if doc.name == name else f"{name} ({doc.name})"


def absolute_ref(ref: str | None, folder: Path | None) -> str | None:
    """``ref`` as an absolute path when it names a file relative to ``folder`` (default:
    the working directory), else as is (a bundled name)."""
    if ref is None:
        return None
    base = folder if folder is not None else Path.cwd()
    try:
        candidate = Path(ref) if Path(ref).is_absolute() else base / ref
        if candidate.is_file():
            return str(candidate.resolve())
    except (OSError, ValueError):
        pass
    return ref


@dataclass
class ChainInfo:
    """A variant with ``extends`` resolved (the part Botanik and Hive variants share).

    ``chain``: the variant and its ancestors, child first.  ``options``: the
    effective options, ``origins[option]`` where each came from (``"default"``
    or ``"<variant> (<file>)"``).  ``diagnostics``: what resolving found.
    ``chain_ok``: every ancestor exists and is valid (the options are then the true
    effective options).  ``complete``: no error at all.
    """

    doc: Doc
    chain: list[Doc] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    origins: dict[str, str] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    complete: bool = False
    chain_ok: bool = False


@dataclass(frozen=True, slots=True)
class Named:
    """A kind of spec a variant names by reference: its document ``kind``, the key that
    names it, how messages call it (``what``, ``many``) and the rule ids of a reference
    to nothing and to an invalid file."""

    kind: str
    key: str
    what: str
    many: str
    unknown_rule: str
    invalid_rule: str


TILESET = Named("tileset", "tileset", "tile set", "tile sets",
                "sem-unknown-tileset", "sem-tileset-invalid")
PIECESET = Named("pieceset", "pieceset", "piece set", "piece sets",
                 "sem-unknown-pieceset", "sem-pieceset-invalid")


def unknown_message(key: str, ref: object, what: str, folder: Path | None) -> str:
    """``"`tileset: x` names no tile set file (tried /abs/x: ...) and no bundled tile set"``:
    :func:`~botanik_design.spec.refs.no_file`, ``folder`` the naming file's folder."""
    return no_file(key, ref, what, folder)


def named_doc(session: Session, doc: Doc, named: Named, out: list[Diagnostic],
              path: JPath | None = None) -> Doc | None:
    """The valid spec ``doc`` names at ``path`` (default: ``named.key``); else ``None``,
    with the reason (``named.unknown_rule`` or ``named.invalid_rule``) in ``out``."""
    assert doc.data is not None
    at: JPath = path if path is not None else (named.key,)
    ref: Any = doc.data
    for p in at:
        ref = ref[p]
    found = session.resolve(ref, named.kind, doc.folder)
    if found is None:
        out.append(diag(doc, at, named.unknown_rule, unknown_message(named.key, ref, named.what,
                                                                doc.folder),
                        ref_hint(ref, named.kind, named.many)))
        return None
    if found.kind != named.kind or errors(session.check(found)):
        other = f"is {kind_name(found.kind)}, not a {named.what}"
        what = f"is not a valid {named.what}: {summary(session.check(found))}" \
            if found.kind in (named.kind, None) else other
        out.append(diag(doc, at, named.invalid_rule, f"{named.what} `{found.name}` {what}"))
        return None
    return found


def missing_refs(session: Session, doc: Doc, invalid: set[str], parent_kind: str,
                 parents: str, named: Named) -> list[Diagnostic]:
    """For a variant with schema errors: do its own ``extends`` (a ``parent_kind``) and
    ``named.key`` (where schema-valid, i.e. not in the ``invalid`` JSON pointers) name
    something that exists?  ``parents``: the hint's word for bundled parents."""
    assert doc.data is not None
    out: list[Diagnostic] = []
    ref = doc.data.get("extends")
    if isinstance(ref, str) and "/extends" not in invalid \
            and session.resolve(ref, parent_kind, doc.folder) is None:
        out.append(diag(doc, ("extends",), "sem-unknown-parent",
                        unknown_message("extends", ref, "variant", doc.folder),
                        ref_hint(ref, parent_kind, parents)))
    ref = doc.data.get(named.key)
    if isinstance(ref, str) and f"/{named.key}" not in invalid \
            and session.resolve(ref, named.kind, doc.folder) is None:
        out.append(diag(doc, (named.key,), named.unknown_rule,
                        unknown_message(named.key, ref, named.what, doc.folder),
                        ref_hint(ref, named.kind, named.many)))
    return out


def _parent_problem(parent: Doc, kind: str, what: str, others: Mapping[str, str]) -> str:
    if parent.kind is not None and parent.kind in others:
        return others[parent.kind]
    if parent.kind not in (kind, None):
        return f"is {kind_name(parent.kind)}, not a {what}"
    return f"is not a valid {what}: {summary(parent.diagnostics)}"


def extends_chain(session: Session, doc: Doc, kind: str, what: str, parents: str,
                  out: list[Diagnostic], others: Mapping[str, str] | None = None
                  ) -> tuple[list[Doc], bool]:
    """The ``extends`` chain of the variant ``doc`` (child first) and whether it broke.

    ``kind``: the document kind every ancestor must be (``variant``, ``hive-variant``),
    ``what`` its name in messages, ``parents`` the hint's word for the bundled ones;
    ``others``: kind -> the message for a parent of that other kind.  Problems go to
    ``out``: ``sem-unknown-parent``, ``sem-parent-invalid`` (an ancestor missing or
    invalid, a parent with errors), ``sem-extends-cycle`` (a loop, or more than
    :data:`MAX_EXTENDS` variants).
    """
    chain = [doc]
    cur = doc
    while cur.data is not None and "extends" in cur.data:
        ref = cur.data["extends"]
        parent = session.resolve(ref, kind, cur.folder)
        if parent is None:
            if cur is doc:
                out.append(diag(doc, ("extends",), "sem-unknown-parent",
                                unknown_message("extends", ref, "variant", cur.folder),
                                ref_hint(ref, kind, parents)))
            else:
                out.append(diag(doc, ("extends",), "sem-parent-invalid",
                                f"ancestor `{cur.name}` extends `{ref}`, which does not exist "
                                f"({tried(ref, cur.folder)})"))
            return chain, True
        if any(parent.key == c.key for c in chain):
            loop = " -> ".join([c.name for c in chain] + [parent.name])
            out.append(diag(doc, ("extends",), "sem-extends-cycle",
                            f"`extends` forms a cycle: {loop}"))
            return chain, True
        if parent.kind != kind or not parent.schema_valid:
            problem = _parent_problem(parent, kind, what, others or {})
            out.append(diag(doc, ("extends",), "sem-parent-invalid",
                            f"parent `{parent.name}` {problem}"))
            return chain, True
        chain.append(parent)
        cur = parent
        if len(chain) > MAX_EXTENDS:
            out.append(diag(doc, ("extends",), "sem-extends-cycle",
                            f"`extends` chain longer than {MAX_EXTENDS} variants"))
            return chain, True
    if len(chain) > 1:
        problems = errors(session.check(chain[1]))
        if problems:
            out.append(diag(doc, ("extends",), "sem-parent-invalid",
                            f"parent `{chain[1].name}` has {summary(problems)}"))
            return chain, True
    return chain, False


def effective_options(chain: list[Doc], defaults: Mapping[str, Any]
                      ) -> tuple[dict[str, Any], dict[str, str]]:
    """``(options, origins)`` of a chain (child first): the defaults overlaid root first
    by each variant's own ``options``; ``origins[option]`` is ``"default"`` or
    :func:`origin` of the variant that set it last.  Whole-number floats become ints
    (the schema takes them as integers)."""
    options = dict(defaults)
    origins = dict.fromkeys(options, "default")
    for d in reversed(chain):
        assert d.data is not None
        for k, v in (d.data.get("options") or {}).items():
            options[k] = int(v) if isinstance(v, float) and v.is_integer() else v
            origins[k] = origin(d)
    return options, origins
