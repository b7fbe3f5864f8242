"""Botanik-only sub-commands (``golden``), added to the CLI through Botanik's entry."""
