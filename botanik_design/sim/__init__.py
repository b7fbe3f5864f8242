"""Simulations: seeded bot-vs-bot games in worker pools, statistics and reports (layer 4).

* :mod:`.runner` — the game loop and the batch function workers run;
* :mod:`.workers` — the futures-style pool seam (local processes; Dask later);
* :mod:`.seeding` — how every seed derives from ``(master seed, game index)``;
* :mod:`.stats`, :mod:`.report`, :mod:`.compare`, :mod:`.plot` — statistics,
  text/JSON/CSV reports, side-by-side comparisons with tests, plots.
"""
