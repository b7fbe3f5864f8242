"""Hive-only sub-commands (``perft``, ``uhp``), added to the CLI through Hive's entry."""
