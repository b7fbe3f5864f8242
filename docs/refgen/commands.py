"""The command reference, generated from the argparse parser of ``botanik_design.cli``."""

from __future__ import annotations

import argparse
from collections.abc import Iterator

from refgen import markdown as md

PROG = "botanik-design"
WIDTH = 88  # usage lines are wrapped at this width, whatever the terminal


def subcommands(parser: argparse.ArgumentParser) -> dict[str, tuple[str, argparse.ArgumentParser]]:
    """``name -> (one-line help, parser)`` of every sub-command, in ``--help`` order."""
    out: dict[str, tuple[str, argparse.ArgumentParser]] = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {a.dest: a.help or "" for a in action._choices_actions}
            for name, sub in action.choices.items():
                out[name] = (helps.get(name, ""), sub)
    return out


def documented(parser: argparse.ArgumentParser) -> Iterator[argparse.Action]:
    """The parser's arguments that ``--help`` shows (not ``-h`` itself, not suppressed ones)."""
    for action in parser._actions:
        if isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)):
            continue
        if action.help == argparse.SUPPRESS:
            continue
        yield action


def _metavar(action: argparse.Action) -> str:
    if isinstance(action.metavar, str):
        return action.metavar
    if isinstance(action.metavar, tuple):
        return " ".join(action.metavar)
    if action.choices is not None:
        return "{" + ",".join(str(c) for c in action.choices) + "}"
    return action.dest if not action.option_strings else action.dest.upper()


def invocation(action: argparse.Action) -> str:
    """How the argument is written: ``--tileset REF, -t REF``, ``PATH ...``, ``--strict``."""
    mv = _metavar(action)
    nargs = action.nargs
    if nargs == 0:
        return ", ".join(action.option_strings)
    if nargs is None or nargs == 1:
        arg = mv
    elif nargs == "?":
        arg = f"[{mv}]"
    elif nargs == "*":
        arg = f"[{mv} ...]"
    elif nargs == "+":
        arg = f"{mv} [{mv} ...]"
    elif isinstance(nargs, int):
        arg = " ".join([mv] * nargs)
    else:
        arg = mv
    if not action.option_strings:
        return arg
    return ", ".join(f"{flag} {arg}" for flag in action.option_strings)


def help_text(action: argparse.Action, prog: str) -> str:
    """The argument's help with ``%(default)s``-style fields filled in, as argparse does."""
    params = {k: v for k, v in vars(action).items() if v is not argparse.SUPPRESS}
    params["prog"] = prog
    if params.get("choices") is not None:
        params["choices"] = ", ".join(str(c) for c in params["choices"])
    text = action.help or ""
    try:
        return text % params
    except (KeyError, TypeError, ValueError):
        return text


def _default(action: argparse.Action) -> str:
    value = action.default
    if value is None or value is argparse.SUPPRESS or isinstance(value, bool) or value == []:
        return ""
    if isinstance(action, argparse._VersionAction):
        return ""
    if isinstance(value, (list, tuple)):
        value = " ".join(str(v) for v in value)
    return md.cell_code(str(value))


def usage(parser: argparse.ArgumentParser) -> str:
    """The usage lines, wrapped at :data:`WIDTH` columns."""
    formatter = argparse.HelpFormatter(parser.prog, width=WIDTH)
    formatter.add_usage(parser.usage, parser._actions, parser._mutually_exclusive_groups)
    return formatter.format_help().strip()


def _paragraphs(text: str) -> str:
    return "\n\n".join(md.text(p) for p in text.split("\n\n") if p.strip())


def _arguments(parser: argparse.ArgumentParser) -> str:
    rows = [(md.cell_code(invocation(a)), md.text(help_text(a, parser.prog)), _default(a))
            for a in documented(parser)]
    if not rows:
        return "No arguments besides `-h, --help`."
    return md.table(("argument", "what", "default"), rows)


def command_section(name: str, summary: str, parser: argparse.ArgumentParser) -> str:
    """One sub-command: its summary, description, usage, arguments and epilog."""
    parts = [f"## {name} {{#{md.anchor(name)}}}", md.text(summary[:1].upper() + summary[1:])
             + "." if summary else "", md.fence(usage(parser))]
    if parser.description:
        parts.append(_paragraphs(parser.description))
    parts.append(_arguments(parser))
    if parser.epilog:
        parts.append(md.fence(parser.epilog))
    return "\n\n".join(p for p in parts if p)


def reference(parser: argparse.ArgumentParser | None = None) -> str:
    """The whole command reference as Markdown (``parser``: default the real one)."""
    if parser is None:
        from botanik_design.cli import build_parser

        parser = build_parser()
    commands = subcommands(parser)
    index = md.table(("command", "what"), [
        (f"[`{name}`](#{md.anchor(name)})", md.text(summary))
        for name, (summary, _) in commands.items()])
    top = md.table(("argument", "what"), [
        (md.cell_code(invocation(a)), md.text(help_text(a, parser.prog)))
        for a in documented(parser)])
    parts = [md.fence(usage(parser)), index, "Options of `botanik-design` itself:", top]
    parts += [command_section(name, summary, sub) for name, (summary, sub) in commands.items()]
    return "\n\n".join(parts) + "\n"
