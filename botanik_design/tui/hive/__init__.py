"""Play Hive in the terminal: ``botanik-design play --variant hive-tournament``."""
