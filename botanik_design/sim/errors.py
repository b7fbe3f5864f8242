"""Errors of the simulation layer."""

from __future__ import annotations


class SimulationError(RuntimeError):
    """A game could not be completed (engine error, bot error, endless game).

    The message names the game index and its seed so it can be replayed.
    """


class DaskUnavailableError(RuntimeError):
    """Dask cannot be used: not installed, or the scheduler cannot be reached."""
