"""Resolve a tile set or variant reference (bundled name or path) without raising."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeAlias

from botanik_design.games.registry import entries, spec_kind
from botanik_design.spec.bundled import FOLDERS, bundled_files, bundled_variants, schema
from botanik_design.spec.errors import SpecNotFoundError

if TYPE_CHECKING:  # importlib.resources: only where a file is read from a wheel
    from importlib.resources.abc import Traversable

#: Where a spec is read from: a bundled resource or a path.
Source: TypeAlias = "Traversable | Path"

#: The kinds of spec every game shares, as messages name them.
SHARED_KIND_NAMES = {"sweep": "sweep"}


def kind_names() -> dict[str, str]:
    """Each kind of spec document as messages name it ("is a Hive piece set, not a Hive
    variant"): users meet the words of each game's entry, not the schema names."""
    names = dict(SHARED_KIND_NAMES)
    for e in entries():
        names.update((k.kind, k.noun) for k in e.kinds)
    return names


def kind_noun(kind: str | None) -> str:
    """``"Hive piece set"`` for ``"pieceset"``: a document kind as messages name it."""
    return kind_names().get(kind or "", str(kind))


def variant_kinds() -> frozenset[str]:
    """The variant kind of every game (``variant``, ``hive-variant``)."""
    return frozenset(e.variant_kind for e in entries() if e.variant_kind)


def kind_name(kind: str | None) -> str:
    """:func:`kind_noun` with its article: ``"a Hive piece set"``."""
    return f"a {kind_noun(kind)}"


def bundled(kind: str) -> dict[str, Traversable]:
    """Bundled files of ``kind`` by name (its game's entry says where they are: a kind
    ``tileset`` finds the tile sets; a game's variant kind that game's variants only);
    empty for kinds with none bundled."""
    declared = spec_kind(kind)
    if declared is None or declared[1].bundled is None:
        return {}
    return bundled_files(declared[1].bundled, declared[0].name)


def all_variants() -> dict[str, Traversable]:
    """Every game's bundled variants by name: ``spec/variants/`` and the folders of the
    games that bring their own."""
    files = dict(bundled_variants(None))
    for e in entries():
        own = e.kind(e.variant_kind) if e.variant_kind else None
        if own is not None and own.bundled is not None and own.bundled not in FOLDERS:
            files.update(bundled_files(own.bundled, e.name))
    return files


@dataclass
class RefPolicy:
    """Where a reference written in a file may lead (set once per command by the CLI).

    ``root``: a folder such references may also lead into, beside each file's own
    project (:func:`project_root`); ``allow_outside``: any path is allowed (``/proc``,
    ``/sys`` and ``/dev`` never are). A path given on the command line is the user's own
    choice and is not confined.
    """

    root: Path | None = None
    allow_outside: bool = False


POLICY = RefPolicy()
#: Folders no reference from a file ever reads (process, kernel and device files).
NEVER_READ = ("/proc", "/sys", "/dev")
_PROJECT_MARKERS = (".git", "pyproject.toml")


def set_ref_policy(root: Path | None = None, allow_outside: bool = False) -> None:
    """Set :data:`POLICY` (the CLI's ``--root`` and ``--allow-outside``)."""
    POLICY.root, POLICY.allow_outside = root, allow_outside


def project_root(folder: Path) -> Path:
    """The project holding ``folder``: the nearest folder at or above ``folder`` with
    ``.git`` or ``pyproject.toml``, else the working directory when ``folder`` is under it
    (and it is not the file system's root), else ``folder``."""
    real = Path(os.path.realpath(folder))
    for above in (real, *real.parents):
        if any(os.path.lexists(above / m) for m in _PROJECT_MARKERS):
            return above
    cwd = Path(os.path.realpath(Path.cwd()))
    if cwd != Path(cwd.anchor) and _inside(str(real), str(cwd)):
        return cwd  # no repository: the working directory the file is under
    return real


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def outside_reason(candidate: Path, folder: Path) -> str | None:
    """Why a file a reference in a file of ``folder`` names may not be read (``None``: it
    may): a system file (``/proc``, ``/sys``, ``/dev``, symlinks followed), or a file
    outside :func:`project_root` unless :data:`POLICY` allows outside paths."""
    real = os.path.realpath(candidate)
    if any(_inside(real, never) for never in NEVER_READ):
        return f"is a system file ({', '.join(NEVER_READ)} are never read)"
    if POLICY.allow_outside:
        return None
    root = project_root(folder)
    roots = [root] + ([Path(os.path.realpath(POLICY.root))] if POLICY.root else [])
    if not any(_inside(real, str(r)) for r in roots):
        return (f"is outside the project {str(root)[:200]} (a reference in a file stays "
                "inside its project; --root FOLDER or --allow-outside widens it)")
    return None


def _candidate(ref: str, base: Path) -> Path | None:
    try:
        candidate = Path(ref) if Path(ref).is_absolute() else base / ref
        return candidate if candidate.is_file() else None
    except (OSError, ValueError):  # embedded NUL, name too long, ...
        return None


def find_ref(ref: str, kind: str, folder: Path | None, *,
             from_file: bool = False) -> tuple[str, Source] | None:
    """``(display name, file)`` for ``ref``, or ``None`` when nothing matches.

    A path (absolute, or relative to ``folder``, default the working directory)
    that names an existing file wins; otherwise a bundled name of ``kind``.
    ``from_file``: ``ref`` is written in a file of ``folder`` (not typed on the command
    line), so a path it names must pass :func:`outside_reason`.
    """
    base = folder if folder is not None else Path.cwd()
    candidate = _candidate(ref, base)
    if candidate is not None and not (from_file and outside_reason(candidate, base)):
        return os.path.normpath(candidate), candidate
    # a variant reference finds the bundled variants of every game, so that naming one of
    # the wrong game is reported as such rather than as a missing file
    files = all_variants() if kind in variant_kinds() else bundled(kind)
    if ref in files:
        return ref, files[ref]
    return None


def source_key(source: Source, name: str) -> str:
    """A stable identity for a file: its resolved path, else ``bundled:<name>``."""
    if isinstance(source, Path):
        try:
            return str(source.resolve())
        except (OSError, RuntimeError):
            return str(source)
    return f"bundled:{name}:{source.name}"


def source_folder(source: Source) -> Path | None:
    """The folder relative references in ``source`` resolve against (``None`` inside a zip)."""
    if isinstance(source, Path):
        return source.parent
    return None


def portable_ref(ref: str, kind: str, folder: Path) -> str:
    """``ref`` as a file saved in ``folder`` should name it, so the file can be moved.

    ``ref`` is a bundled name or a path (absolute, or relative to the working
    directory).  A path to a bundled file becomes its bundled name; a path to
    another existing file becomes a path relative to ``folder`` (``/`` as the
    separator; absolute only when no relative path exists, e.g. another
    Windows drive); anything else is returned unchanged.  The result resolves
    through :func:`find_ref` with ``folder`` to the same file.
    """
    try:
        path = Path(ref)
        if not path.is_file():
            return ref
        target = path.resolve()
        for name, source in bundled(kind).items():
            if isinstance(source, Path) and source.resolve() == target:
                return name
        try:
            return Path(os.path.relpath(target, Path(folder).resolve())).as_posix()
        except ValueError:  # no relative path between them
            return str(target)
    except (OSError, ValueError):
        return ref


def tried(ref: object, folder: Path | None, *, say_folder: bool = False,
          from_file: bool = True) -> str:
    """Where a reference was looked for as a file, for an error message:
    ``tried /abs/sets/mine.yaml: a relative path is read from this file's folder``.

    ``folder``: the folder of the file that holds the reference (``None``: the working
    directory, and the note says so); ``say_folder``: name that folder rather than
    "this file's folder" (for messages that do not name the file).
    """
    text = str(ref)
    base = folder if folder is not None else Path.cwd()
    candidate = _candidate(text, base) if from_file else None
    reason = outside_reason(candidate, base) if candidate is not None else None
    if candidate is not None and reason is not None:
        return f"{str(os.path.abspath(candidate))[:200]} {reason}"
    try:
        relative = not Path(text).is_absolute()
        path = os.path.abspath(base / text) if relative else text
    except (OSError, ValueError):
        return "tried no file: not a usable path"
    if not relative:
        return f"tried {path[:200]}"
    if folder is None:
        where = "the working directory"
    else:
        where = os.path.abspath(folder) if say_folder else "this file's folder"
    return f"tried {path[:200]}: a relative path is read from {where}"


def unknown_name(ref: str, what: str, names: Iterable[str],
                 folder: Path | None = None, *, from_file: bool = False) -> SpecNotFoundError:
    """The error for a command-line name that is neither a file nor a bundled spec (exit 2):
    ``no variant named 'standrad': not a file (tried ...), and not a bundled variant
    (no-loops, registre-3, standard); did you mean `standard`?``.

    ``what``: the kinds it may name (``variant``, ``variant or tile set``); ``names``: the
    bundled names it may be; the suggestion is
    :func:`~botanik_design.model.words.near_miss` of its stem (``standrad.yaml`` ->
    ``standrad``).  Every command resolves its name arguments through this."""
    from botanik_design.model.words import near_miss

    known = sorted(set(names))
    stem = ref.removesuffix(".yaml").removesuffix(".yml").rsplit("/", 1)[-1]
    near = near_miss(stem, known)
    return SpecNotFoundError(
        f"no {what} named {ref!r}: not a file "
        f"({tried(ref, folder, say_folder=True, from_file=from_file)}), "
        f"and not a bundled {what} ({', '.join(known)})" + (f"; {near}" if near else ""))


def no_file(key: str, ref: object, what: str, folder: Path | None) -> str:
    """The message for a reference that names nothing: ``` `tileset: x.yaml` names no tile
    set file (tried /abs/x.yaml: ...) and no bundled tile set```."""
    base = folder if folder is not None else Path.cwd()
    candidate = _candidate(str(ref), base)
    reason = outside_reason(candidate, base) if candidate is not None else None
    if candidate is not None and reason is not None:
        return (f"`{key}: {str(ref)[:80]}` is not read: "
                f"{str(os.path.abspath(candidate))[:200]} {reason}")
    return (f"`{key}: {str(ref)[:80]}` names no {what} file ({tried(ref, folder)}) "
            f"and no bundled {what}")


def is_spec_name(text: str) -> bool:
    """Whether ``text`` is a valid spec name, by the tile-set schema's own rule for
    ``tileset:`` (its ``pattern`` and ``maxLength``; the other kinds' names share it)."""
    rule = schema("tileset")["properties"]["tileset"]
    whole = str(rule["pattern"]).removeprefix("^").removesuffix("$")  # no "name\n"
    return len(text) <= int(rule["maxLength"]) and re.fullmatch(whole, text) is not None


def name_from_path(path: Path, fallback: str) -> str:
    """A valid spec name (``tileset:``, ``variant:``, ``pieceset:``: lower-case letters,
    digits and hyphens, at most 64 characters) from a file name: ``My Set.yaml`` ->
    ``my-set``; ``fallback`` when nothing is left."""
    stem = re.sub(r"[^a-z0-9-]+", "-", path.stem.lower()).strip("-")
    return stem[:64] or fallback

