"""Statistics for simulation reports: win-rate intervals, Ludii outcome metrics,
distribution summaries and the significance tests used by ``compare``.

Every function is pure and deterministic: the same inputs give the same floats,
whatever order or process produced the games (rows are reassembled in game
order before any statistic is computed).  Values that would be undefined (no
games, a single value) are ``None`` so that JSON output never holds ``NaN``.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

try:  # CPython's own quantile function, the one statistics.NormalDist.inv_cdf calls
    from _statistics import _normal_dist_inv_cdf  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - another Python
    _normal_dist_inv_cdf = None

_SQRT2 = math.sqrt(2.0)


def normal_quantile(p: float) -> float:
    """``statistics.NormalDist().inv_cdf(p)`` without importing :mod:`statistics` (it
    imports ``fractions`` and ``decimal``: ~3 ms of every simulation's start); the same
    floats (``tests/sim/test_sim_normal.py``)."""
    if _normal_dist_inv_cdf is None or not 0.0 < p < 1.0:  # NormalDist's error outside
        from statistics import NormalDist

        return NormalDist().inv_cdf(p)
    return float(_normal_dist_inv_cdf(p, 0.0, 1.0))


def normal_cdf(x: float) -> float:
    """``statistics.NormalDist().cdf(x)``, written as it computes it (mean 0, sigma 1)."""
    return 0.5 * (1.0 + math.erf((x - 0.0) / (1.0 * _SQRT2)))

#: Decimal places kept for floats in reports (keeps JSON short and stable).
ROUND = 6

#: Significance level of the tests ``compare`` marks (after Holm's correction).
ALPHA = 0.05


def _r(x: float | None) -> float | None:
    """Round ``x`` for a report; ``None`` and non-finite values become ``None``."""
    if x is None or not math.isfinite(x):
        return None
    return round(float(x), ROUND) + 0.0  # "+ 0.0" turns -0.0 into 0.0


#: Below this many trials an interval is reported as resting on too few games
#: to mean much (``small_sample``): a common rule of thumb for a sample size.
MIN_SAMPLE = 30


@dataclass(frozen=True, slots=True)
class Proportion:
    """A proportion ``k / n`` with its Wilson score interval (``lo``, ``hi``, in [0, 1]).

    ``small`` is true when ``n`` is below :data:`MIN_SAMPLE`: the interval is
    then wide and the rate means little.
    """

    k: float
    n: int
    rate: float | None
    lo: float | None
    hi: float | None

    @property
    def small(self) -> bool:
        """Fewer than :data:`MIN_SAMPLE` trials."""
        return self.n < MIN_SAMPLE

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready mapping: ``k``, ``n``, ``rate``, ``ci95`` (``[lo, hi]``), ``small_sample``."""
        k: float | int = int(self.k) if float(self.k).is_integer() else self.k
        return {"k": k, "n": self.n, "rate": self.rate, "ci95": [self.lo, self.hi],
                "small_sample": self.small}


def wilson(k: float, n: int, confidence: float = 0.95) -> Proportion:
    """Proportion ``k / n`` with its Wilson score confidence interval.

    ``p = k / n``, ``z`` the normal quantile (``statistics.NormalDist``, the
    same value as ``scipy.stats.norm.ppf`` to 1e-15, without importing scipy)::

        centre = (p + z²/2n) / (1 + z²/n)
        half   = z / (1 + z²/n) * sqrt(p(1 - p)/n + z²/4n²)

    The interval always lies within [0, 1].  ``k`` may be fractional: the
    mean of results in [0, 1] (a draw counted as half a win); since such
    results have a variance of at most ``p(1 - p)``, the interval is then
    conservative (a little wider than needed).  With ``n == 0`` every value is
    ``None``.  Raises ``ValueError`` when ``k`` is outside ``[0, n]``.
    """
    if n < 0 or k < 0 or k > n:
        raise ValueError(f"need 0 <= k <= n, got k={k}, n={n}")
    if n == 0:
        return Proportion(k, 0, None, None, None)
    z = normal_quantile(1 - (1 - confidence) / 2)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z / denom * math.sqrt(max(0.0, p * (1 - p)) / n + z * z / (4 * n * n))
    lo, hi = max(0.0, centre - half), min(1.0, centre + half)
    return Proportion(k, n, _r(p), _r(min(lo, p)), _r(max(hi, p)))


def ludii_outcome_metrics(first_player_results: Sequence[float]) -> dict[str, float | None]:
    """Ludii's *Balance*, *AdvantageP1* and *Drawishness* for two-player games.

    ``first_player_results[i]`` is the first player's result in game ``i``:
    ``1`` win, ``0`` loss, ``0.5`` draw (Ludii's rank utility mapped to
    ``(u + 1) / 2``).  Definitions, from Ludii's ``Evaluation`` module
    (``metrics/single/outcome/*.java``, Ludeme/Ludii on GitHub):

    * **AdvantageP1** — "Percentage of games where player 1 won.  Draws and
      multi-player results calculated as partial wins": mean of
      ``(utility_P1 + 1) / 2`` over the trials.
    * **Balance** — "Similarity between player win-rates.  Draws and
      multi-player results calculated as partial wins": ``1 - max |rate_a -
      rate_b|`` over player pairs, each rate the mean partial win; with two
      players ``1 - |2 * AdvantageP1 - 1|``.
    * **Drawishness** — "Percentage of games which end in a draw (not
      including timeouts)": draws / trials (Botanik games always end, so no
      timeouts exist).

    ``P1`` is the player who moves first in the game (seat 0 here), whatever
    bot sits there.  All three are ``None`` with no games.  Raises
    ``ValueError`` for a result other than 0, 0.5 or 1.
    """
    n = len(first_player_results)
    if any(r not in (0, 0.5, 1) for r in first_player_results):
        raise ValueError("results must be 0, 0.5 or 1")
    if n == 0:
        return {"balance": None, "advantage_p1": None, "drawishness": None}
    p1 = sum(first_player_results) / n
    p2 = sum(1 - r for r in first_player_results) / n
    draws = sum(1 for r in first_player_results if r == 0.5) / n
    return {"balance": _r(1.0 - abs(p1 - p2)), "advantage_p1": _r(p1), "drawishness": _r(draws)}


def histogram(values: Sequence[float],
              max_bins: int = 30) -> dict[str, list[float] | list[int]]:
    """Histogram of ``values``: ``{"edges": [...], "counts": [...]}``.

    Integer data (scores, lengths) get unit-aligned bins ``[v - 0.5, v + 0.5)``
    widened by a whole factor so that at most ``max_bins`` bins remain; other
    data get ``max_bins`` equal bins.  Every bin is half-open but the last,
    which holds its upper edge (numpy's ``histogram`` convention).
    ``len(edges) == len(counts) + 1``.  Empty input gives empty lists.
    """
    if not values:
        return {"edges": [], "counts": []}
    lo, hi = float(min(values)), float(max(values))
    # each distinct value once, with how often it occurs (a run's scores and lengths
    # take few values): the same bins as one value at a time
    seen = Counter(map(float, values))
    if all(v.is_integer() for v in seen):
        width = max(1, math.ceil((hi - lo + 1) / max_bins))
        nbins = math.floor((hi - lo) / width) + 1
        edges = [lo - 0.5 + width * i for i in range(nbins + 1)]
    else:
        if hi == lo:
            hi = lo + 1.0
        step = (hi - lo) / max_bins
        edges = [lo + i * step for i in range(max_bins)] + [hi]
    counts = [0] * (len(edges) - 1)
    for v, times in seen.items():
        i = bisect_right(edges, v) - 1
        if i == len(counts) and v == edges[-1]:
            i -= 1  # the last bin holds its upper edge
        if 0 <= i < len(counts):
            counts[i] += times
    return {"edges": [_r(e) or 0.0 for e in edges], "counts": counts}


def quantile(ordered: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0 <= q <= 1) of sorted, non-empty ``ordered``: linear
    interpolation between the closest ranks (Hyndman and Fan's definition 7, numpy's
    and R's default).  Raises ``ValueError`` on an empty sample."""
    if not ordered:
        raise ValueError("quantile of an empty sample")
    h = (len(ordered) - 1) * q
    i = math.floor(h)
    if i + 1 >= len(ordered):
        return float(ordered[-1])
    a, b, t = float(ordered[i]), float(ordered[i + 1]), h - i
    return a + (b - a) * t if t < 0.5 else b - (b - a) * (1 - t)


def describe(values: Sequence[float], hist: bool = False) -> dict[str, Any]:
    """Summary of a sample: ``n``, ``mean``, ``sd`` (sample, ddof=1), ``min``,
    ``q05``, ``q25``, ``median``, ``q75``, ``q95``, ``max`` (linear quantiles,
    :func:`quantile`) and, when ``hist`` is true, ``histogram`` (see
    :func:`histogram`).  Undefined values are ``None``.
    """
    out: dict[str, Any] = {"n": len(values)}
    keys = ("mean", "sd", "min", "q05", "q25", "median", "q75", "q95", "max")
    if not values:
        out.update(dict.fromkeys(keys))
    else:
        ordered = sorted(map(float, values))
        mean = math.fsum(ordered) / len(ordered)
        out["mean"] = _r(mean)
        out["sd"] = (_r(math.sqrt(math.fsum([(v - mean) ** 2 for v in ordered])
                                  / (len(ordered) - 1))) if len(ordered) > 1 else None)
        out["min"] = _r(ordered[0])
        out["q05"], out["q25"], out["median"], out["q75"], out["q95"] = (
            _r(quantile(ordered, q)) for q in (0.05, 0.25, 0.5, 0.75, 0.95)
        )
        out["max"] = _r(ordered[-1])
    if hist:
        out["histogram"] = histogram(values)
    return out


def mean_ci(values: Sequence[float], confidence: float = 0.95) -> dict[str, Any]:
    """Mean with a Student-t confidence interval: ``{"mean", "ci95": [lo, hi], "n"}``.

    ``mean +/- t(1 - (1 - confidence) / 2, n - 1) * sd / sqrt(n)``
    (:func:`t_quantile`, equal to ``scipy.stats.t.ppf``); the interval is
    ``[None, None]`` with fewer than two
    values, and collapses to the mean when every value is equal.  Unbounded:
    for a proportion or a mean of results in [0, 1] use :func:`wilson`.
    """
    n = len(values)
    if n == 0:
        return {"mean": None, "ci95": [None, None], "n": 0}
    mean = sum(values) / n
    if n < 2:
        return {"mean": _r(mean), "ci95": [None, None], "n": n}
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = t_quantile(1 - (1 - confidence) / 2, n - 1) * sd / math.sqrt(n)
    return {"mean": _r(mean), "ci95": [_r(mean - half), _r(mean + half)], "n": n}


def _betacf(a: float, b: float, x: float) -> float:
    """The continued fraction of the regularized incomplete beta function, evaluated by
    the modified Lentz method (Numerical Recipes, 3rd ed., section 6.4, ``betacf``)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 10_000):
        m2 = 2 * m
        for num in (m * (b - m) * x / ((a + m2 - 1) * (a + m2)),
                    -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1))):
            d = 1.0 + num * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + num / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-16:
            break
    return h


def _log_inverse_beta(a: float, b: float) -> float:
    """``log(Γ(a + b) / (Γ(a) Γ(b)))``.  With ``b == 1/2`` and a large ``a`` (a t
    distribution of many degrees of freedom) the difference of ``lgamma`` values loses
    digits, so ``log(Γ(a + 1/2) / Γ(a))`` comes from its asymptotic series
    ``sqrt(a) (1 - 1/8a + 1/128a² + 5/1024a³ - 21/32768a⁴)`` (error below 1e-16 for
    ``a >= 100``)."""
    if a == 0.5:
        a, b = b, a
    if b == 0.5 and a >= 100:
        series = math.log1p(-1 / (8 * a) + 1 / (128 * a * a) + 5 / (1024 * a ** 3)
                            - 21 / (32768 * a ** 4))
        return 0.5 * math.log(a) + series - math.lgamma(0.5)
    return math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)


def _betainc(a: float, b: float, x: float, y: float) -> float:
    """The regularized incomplete beta function ``I_x(a, b)`` for ``0 <= x <= 1``, given
    ``y = 1 - x`` computed without cancellation (Numerical Recipes' ``betai``: the
    continued fraction on the side where it converges fast, the symmetry
    ``I_x(a, b) = 1 - I_y(b, a)`` on the other)."""
    if x <= 0.0:
        return 0.0
    if y <= 0.0:
        return 1.0
    log_x = math.log1p(-y) if y < 0.5 else math.log(x)
    log_y = math.log1p(-x) if x < 0.5 else math.log(y)
    front = math.exp(_log_inverse_beta(a, b) + a * log_x + b * log_y)
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, y) / b


def t_sf(t: float, df: float) -> float:
    """Student's t upper tail ``P(T > t)`` for ``t >= 0`` with ``df`` degrees of freedom:
    ``I_x(df/2, 1/2) / 2`` with ``x = df / (df + t²)`` and ``y = 1 - x = t² / (df + t²)``
    (Abramowitz and Stegun 26.7.1, 26.5.27).  Always this form: ``1/2 - I_y(1/2, df/2) / 2``
    would subtract two numbers near 1/2 and lose the digits of a small tail (``t`` just
    under ``sqrt(df)`` with a tail of 1e-9 kept only 7 of them)."""
    t2 = t * t
    x, y = df / (df + t2), t2 / (df + t2)
    return 0.5 * _betainc(df / 2.0, 0.5, x, y)


def t_quantile(p: float, df: float) -> float:
    """Student's t quantile (``scipy.stats.t.ppf(p, df)``) without scipy: the upper tail
    :func:`t_sf` inverted by bisection to the last bit of a float (within 1e-9 relative
    of scipy's for any ``df`` up to a million, a property test checks it: well within the six
    decimals reports keep).  Raises ``ValueError`` unless ``0 < p < 1`` and ``df > 0``."""
    if not 0.0 < p < 1.0 or not df > 0:
        raise ValueError(f"need 0 < p < 1 and df > 0, got p={p}, df={df}")
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    tail = 1.0 - p
    if tail >= 0.5:
        return 0.0
    lo, hi = 0.0, 1.0
    while t_sf(hi, df) > tail:
        lo, hi = hi, hi * 2.0
    for _ in range(2000):
        mid = (lo + hi) / 2.0
        if mid in (lo, hi):
            break
        if t_sf(mid, df) > tail:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2.0


# --------------------------------------------------------------------------- tests


def fisher_two_proportions(k1: int, n1: int, k2: int, n2: int) -> float | None:
    """Two-sided p-value of Fisher's exact test on the 2x2 table
    ``[[k1, n1 - k1], [k2, n2 - k2]]``.

    Exact, in integers: the hypergeometric weights ``C(n1, x) * C(n2, m - x)``
    (``m = k1 + k2``) of every table at most as likely as the observed one
    (within a relative 1e-14, as ``scipy.stats.fisher_exact`` does), over
    ``C(n1 + n2, m)``.  The same value as scipy's to 1e-12 (a property test
    checks it) without importing scipy.  ``None`` when either sample is empty.
    """
    if n1 == 0 or n2 == 0:
        return None
    m = k1 + k2
    weights = [math.comb(n1, x) * math.comb(n2, m - x)
               for x in range(max(0, m - n2), min(m, n1) + 1)]
    observed = math.comb(n1, k1) * math.comb(n2, k2)
    if max(weights) * _TOL_DEN <= observed * _TOL_NUM:  # observed is the mode
        return 1.0
    tail = sum(w for w in weights if w * _TOL_DEN <= observed * _TOL_NUM)
    return _r(min(1.0, tail / math.comb(n1 + n2, m)))


#: Relative tolerance 1e-14 on equal probabilities (scipy's ``fisher_exact``).
_TOL_NUM, _TOL_DEN = 10**14 + 1, 10**14


def _ranks(values: Sequence[float]) -> tuple[list[float], list[int]]:
    """Average ranks (1-based) of ``values`` and the size of each group of ties."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    ties: list[int] = []
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for t in range(i, j + 1):
            ranks[order[t]] = (i + j) / 2 + 1
        ties.append(j - i + 1)
        i = j + 1
    return ranks, ties


def _u_counts(n1: int, n2: int) -> list[int]:
    """How many of the ``C(n1 + n2, n1)`` orderings give each U in ``0..n1*n2``:
    the coefficients of the Gaussian binomial ``prod (1 - q^(n2+i)) / (1 - q^i)``."""
    size = n1 * n2 + 1
    coef = [1] + [0] * (size - 1)
    for i in range(1, n1 + 1):
        step = n2 + i
        for u in range(size - 1, step - 1, -1):  # times (1 - q^step)
            coef[u] -= coef[u - step]
        for u in range(i, size):                 # divided by (1 - q^i)
            coef[u] += coef[u - i]
    return coef


def mann_whitney(a: Sequence[float], b: Sequence[float]) -> float | None:
    """Two-sided p-value of the Mann-Whitney U test, chosen as
    ``scipy.stats.mannwhitneyu``'s default does: exact (the U distribution
    counted in integers) when a sample has at most 8 values and no value
    ties; otherwise the normal approximation with the tie correction and a
    0.5 continuity correction.  Equal to scipy's value to 1e-12 (a property
    test checks it) without importing scipy.

    ``None`` when a sample is empty; ``1.0`` when every value in both samples
    is the same (no evidence of a difference).
    """
    if not a or not b:
        return None
    if len(set(a) | set(b)) == 1:
        return 1.0
    n1, n2 = len(a), len(b)
    ranks, ties = _ranks([*a, *b])
    u1 = sum(ranks[:n1]) - n1 * (n1 + 1) / 2
    u = max(u1, n1 * n2 - u1)
    if (n1 <= 8 or n2 <= 8) and all(t == 1 for t in ties):
        counts = _u_counts(min(n1, n2), max(n1, n2))
        p = 2 * sum(counts[round(u):]) / math.comb(n1 + n2, n1)
    else:
        n = n1 + n2
        tie_term = sum(t**3 - t for t in ties)
        s = math.sqrt(n1 * n2 / 12 * ((n + 1) - tie_term / (n * (n - 1))))
        p = 2 * normal_cdf(-(u - n1 * n2 / 2 - 0.5) / s)
    return _r(min(1.0, max(0.0, p)))


def holm(pvalues: Sequence[float | None]) -> list[float | None]:
    """Holm-Bonferroni adjusted p-values (same order; ``None`` stays ``None``).

    Controls the family-wise error rate over one comparison's tests.
    """
    idx = [i for i, p in enumerate(pvalues) if p is not None]
    m = len(idx)
    order = sorted(idx, key=lambda i: (pvalues[i], i))
    adjusted: list[float | None] = [None] * len(pvalues)
    running = 0.0
    for rank, i in enumerate(order):
        p = pvalues[i]
        assert p is not None
        running = max(running, min(1.0, (m - rank) * p))
        adjusted[i] = _r(running)
    return adjusted
