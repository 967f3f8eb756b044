"""Printed precision and floating-point drift of the red/black values (used by
:mod:`stoplib.redblack.claims` and :mod:`stoplib.redblack.frontier`)."""
from __future__ import annotations

import math
import re

from ..util.validate import check_int, check_real, check_str
from .asymptotics import bridge_constant

_PRINTED = re.compile(r"^[+-]?[0-9]+(\.[0-9]+)?$")


def rounding_error_bound(n: int, eps: float = 2.0 ** -53, roundings: int = 4) -> float:
    """First-order bound on the floating-point drift of a computed ``V(n, n)``.

    Each cell is ``max(0, p (A + 1) + q (B - 1))``: a convex combination and a
    ``max`` with 0, both non-expansive, so the error at ``(n, n)`` is at most the
    expected sum, along the random path of the game (at most ``2n`` cells), of
    the new rounding error made at each cell, about ``roundings * eps * |value|``.
    The values met along the path are of order ``|winnings| + c sqrt(cards left)``,
    which this bounds by ``2 c sqrt(n) + 1``. So the drift is at most about
    ``2 n * roundings * eps * (2 c sqrt(n) + 1)``, whatever the evaluation order.
    (``eps = 2**-24`` gives the single-precision bound.)

    Examples
    --------
    >>> rounding_error_bound(133_787_000) < 0.005
    True
    """
    n = check_int("n", n, 0, 2**53)
    eps = check_real("eps", eps, 0.0, 1.0)
    if not 0.0 < eps < 1.0:
        raise ValueError(f"eps must be in (0, 1), got {eps!r}")
    roundings = check_int("roundings", roundings, 1, 100)
    _, c = bridge_constant()
    return 2.0 * n * roundings * eps * (2.0 * c * math.sqrt(n) + 1.0)


def rounded_interval(printed: str) -> tuple[float, float]:
    """The interval of values that print as ``printed`` (half an ulp of its last digit).

    Examples
    --------
    >>> rounded_interval("6038.22")
    (6038.215, 6038.225)
    """
    text = check_str("printed", printed, 100).strip()
    if not _PRINTED.match(text):
        raise ValueError(f"printed must be a number as printed, digits with an optional sign and "
                         f"decimal point (such as '6038.22'), got {printed!r}")
    decimals = len(text.split(".")[1]) if "." in text else 0
    half = 0.5 * 10.0 ** (-decimals)
    x = float(text)
    return (round(x - half, decimals + 1), round(x + half, decimals + 1))
