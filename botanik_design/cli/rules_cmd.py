"""``botanik-design rules VARIANT``: the rules of a variant (Botanik or Hive) as Markdown.

The page is written from the variant's effective options by
:mod:`botanik_design.model.rulespage`.  Exit codes: 0 printed (or written);
1 the variant or its tile set is invalid; 2 usage or I/O (nothing by that name,
an unwritable ``-o`` file).
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from botanik_design.cli.runs import named, path_arg

if TYPE_CHECKING:
    from botanik_design.spec.errors import SpecError


def register(subparsers: Any) -> None:
    """Add the ``rules`` sub-command."""
    from botanik_design.cli.words import help_of, titles

    what = help_of("rules.description", sep="; ")
    p = subparsers.add_parser(
        "rules", help=f"the rules of a variant ({titles()}), written from its options",
        description="Print the rules of a variant as Markdown, written from its effective "
        f"options (extends resolved){': ' + what if what else ''}. Each rule names the "
        "option that sets it.",
    )
    examples = help_of("rules.variant", sep=", ")
    p.add_argument("variant", metavar="VARIANT", type=named,
                   help=f"bundled variant name ({examples + '...; ' if examples else ''}"
                   "`botanik-design list` names them) or a variant file")
    p.add_argument("--tileset", metavar="NAME|FILE", type=named,
                   help=help_of("rules.tileset", sep="; ") or "a tile set to play the "
                   "variant with")
    p.add_argument("-o", "--output", metavar="FILE", type=path_arg,
                   help="write the page to FILE instead of printing it")
    p.add_argument("--no-options", action="store_true",
                   help="leave out the closing table of every option")


def _fail(exc: SpecError) -> int:
    """Print ``exc`` and return its exit status (2: it names nothing, 1: invalid)."""
    print(f"rules: error: {exc}", file=sys.stderr)
    return exc.exit_code


def _game_of(ref: str) -> str:
    """The game whose variant ``ref`` names (a bundled variant, or a file whose kind is a
    game's variant kind); the default game for a file of any other kind, whose own loader
    then says what the file is.  Raises ``SpecError`` when it names nothing."""
    from botanik_design.games.registry import DEFAULT_GAME, spec_kind
    from botanik_design.spec.refs import find_ref
    from botanik_design.spec.session import Session

    found = find_ref(ref, "variant", None)
    if found is None:
        from botanik_design.spec.bundled import bundled_variants
        from botanik_design.spec.refs import unknown_name

        raise unknown_name(ref, "variant", bundled_variants(None))
    name, file = found
    try:
        kind = Session().read_source(file, name).kind
    except (OSError, ValueError):
        return DEFAULT_GAME
    declared = spec_kind(kind)
    if declared is not None and declared[0].variant_kind == kind:
        return declared[0].name
    return DEFAULT_GAME


def page_for(ref: str, tileset_ref: str | None, options: bool = True) -> str:
    """The rules page of the variant ``ref``, written by its game's entry (``rules_page``);
    raises ``SpecError`` when it (or its material) cannot be loaded, ``ValueError`` when
    an option does not apply to that game."""
    from botanik_design.games.registry import entry, resolve

    writer = entry(_game_of(ref)).rules_page
    if writer is None:
        raise ValueError(f"{ref}: its game has no rules page")
    text: str = resolve(writer)(ref, tileset_ref, options)
    return text


def run(args: argparse.Namespace) -> int:
    """Exit 0 when printed or written, 1 for an invalid variant, 2 for usage or I/O."""
    from botanik_design.spec.errors import SpecError

    try:
        text = page_for(args.variant, args.tileset, not args.no_options)
    except SpecError as exc:
        return _fail(exc)
    except ValueError as exc:
        print(f"rules: error: {exc}", file=sys.stderr)
        return 2
    if args.output is None:
        sys.stdout.write(text)
        return 0
    from botanik_design.spec.atomic import write_atomic

    try:
        write_atomic(args.output, text)
    except OSError as exc:
        print(f"rules: error: cannot write {args.output}: {exc.strerror or exc}",
              file=sys.stderr)
        return 2
    print(f"wrote {args.output}")
    return 0
