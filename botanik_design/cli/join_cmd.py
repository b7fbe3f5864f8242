"""``botanik-design join``: play one seat of a hosted game in a terminal UI."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def register(subparsers: Any) -> None:
    """Add the ``join`` sub-command."""
    parser = subparsers.add_parser(
        "join",
        help="play one seat of a game another machine hosts (the host prints the address)",
        description="Open the screen of one seat of a hosted game: the address is a line "
        "`botanik-design host` printed (ws://HOST:PORT/SEAT?token=...).  The screen "
        "reconnects by itself after a drop.",
    )
    parser.add_argument("address", help="ws://HOST:PORT/SEAT?token=TOKEN")
    parser.add_argument("--name", default="", help="your name, shown to the other seat and "
                        "written to the record")


def run(args: argparse.Namespace) -> int:
    """Run the join screen; 0 on a normal exit, 2 for a bad address."""
    from botanik_design.remote.client import AddressError, Client

    if len(args.name) > 40:
        print("error: --name: at most 40 characters", file=sys.stderr)
        return 2
    try:
        client = Client(args.address, name=args.name)
    except AddressError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    from botanik_design.tui.remote.app import JoinApp

    JoinApp(client).run()
    if client.refused:
        print(f"error: the host refused the link: {client.refused}", file=sys.stderr)
        return 2
    return 0
