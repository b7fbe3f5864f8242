"""botanik-design: design, validate, simulate and play-test Botanik tile sets and variants.

Layers (a lower layer never imports a higher one; ``tests/test_layers.py``
enforces it):

0. ``botanik_design.model``  — pure typed values: tiles, tile sets, variants,
   sides and rotation.  No I/O; imported by every layer above.
1. ``botanik_design.spec``   — the I/O boundary: YAML reading, JSON Schema and
   semantic validation; turns spec files into ``model`` objects.
2. ``botanik_design.games.botanik.engine`` — machines, game state, scoring, records.
3. ``botanik_design.bots`` / ``botanik_design.sim`` — bots and simulations.
4. ``botanik_design.cli`` / ``botanik_design.tui`` — command line and Textual TUI.

Data flows spec files → validation → typed model → engine → bots → CLI/TUI.
Neither ``model`` nor ``spec`` imports networkx or textual, and only ``tui``
imports textual.
"""

__version__ = "0.1.0"
