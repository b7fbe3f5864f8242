"""Parameter sweeps: many rule variants on the same seeds, on any pool (layer 4).

* :mod:`.executor` — every point's missing games, in batches, on a pool;
* :mod:`.store` — the append-only results store that makes a sweep resumable;
* :mod:`.report` — per-point metrics, the paired test against the base, text/JSON/CSV;
* :mod:`.plot` — a heat map (two axes) or lines with intervals (one axis).

The sweep file itself is read by :mod:`botanik_design.spec.sweep`.
"""
