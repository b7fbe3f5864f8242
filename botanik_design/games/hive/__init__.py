"""Hive: the second game of botanik-design (rules brief ``../shared/hive-rules.md``).

Modules, bottom up: :mod:`.coords` (axial pointy-top cells, UHP direction
marks), :mod:`.pieces` (piece ids and UHP names), :mod:`.board` (the mutable
position and the action encoding), :mod:`.hivegraph` (one-hive rule:
networkx reference and the fast articulation points), :mod:`.movegen` (every
placement and movement rule), :mod:`.notation` (UHP strings), :mod:`.state`
(``HiveState``), :mod:`.game` (``HiveGame``, ``load_hive``), :mod:`.perft`,
:mod:`.setup` (positions set up by hand), :mod:`.uhp` (the UHP engine loop).
"""
