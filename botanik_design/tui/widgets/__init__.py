"""Widgets shared by the TUI screens of every game (help, footer, notes, key routing)."""
