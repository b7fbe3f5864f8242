"""Botanik's screens: the play board (with its textual-free
:class:`~botanik_design.tui.botanik.controller.Controller`) and the tile-set editor."""
