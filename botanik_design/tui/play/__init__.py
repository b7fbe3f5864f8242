"""The play-test TUI (``botanik-design play``): a board screen, a variant form,
and a textual-free :class:`~botanik_design.tui.play.controller.Controller`."""
