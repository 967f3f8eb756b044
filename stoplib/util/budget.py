"""One work and memory budget for every public entry point whose cost grows with its arguments.

A public function estimates what a call would cost before it starts (seconds from
the rates measured by ``make bench`` on the development machine, bytes from the
arrays it would allocate) and asks :func:`check`. Above the limits the call is
refused with a :class:`BudgetError` (a ``ValueError``) whose message states the
estimate, what it is based on and the limit, and how to raise the limit. Nothing
is started, so a refusal is instant.

The limits
----------
- seconds: :data:`DEFAULT_MAX_SECONDS` (30 minutes), or ``STOPLIB_MAX_SECONDS``;
- bytes: :data:`DEFAULT_MAX_BYTES` (4 GiB), or ``STOPLIB_MAX_BYTES``.

Raise them on purpose for one block of code with :func:`allow`::

    from stoplib.util import budget
    with budget.allow(seconds=4 * 3600, bytes=16 * 2**30):
        v = stoplib.redblack.value(3_000_000, 3_000_000)

or for a whole session with the environment variables. Estimates come from the
2-core Intel Xeon development machine (Sapphire Rapids, AVX-512); a faster machine
finishes sooner.

Examples
--------
>>> check(Estimate("a tiny sweep", seconds=0.5, bytes=1e6, basis="1e9 cells/s"))
Estimate(what='a tiny sweep', seconds=0.5, bytes=1000000.0, basis='1e9 cells/s')
>>> check(Estimate("a huge sweep", seconds=1e7, bytes=1e6, basis="1e9 cells/s"))
Traceback (most recent call last):
...
stoplib.util.budget.BudgetError: a huge sweep would take about 116 days (1e9 cells/s); the limit is 30 minutes...
"""
from __future__ import annotations

import math
import os
import threading
from contextlib import contextmanager
from dataclasses import dataclass

from .validate import check_real, check_str

__all__ = ["BudgetError", "Estimate", "DEFAULT_MAX_SECONDS", "DEFAULT_MAX_BYTES", "SECONDS_ENV",
           "BYTES_ENV", "limits", "allow", "check", "describe_seconds", "describe_bytes"]

DEFAULT_MAX_SECONDS = 1800.0
DEFAULT_MAX_BYTES = 4.0 * 2**30
SECONDS_ENV = "STOPLIB_MAX_SECONDS"
BYTES_ENV = "STOPLIB_MAX_BYTES"

_local = threading.local()


class BudgetError(ValueError):
    """A call refused because it would exceed the work or memory budget (a ``ValueError``)."""


@dataclass(frozen=True)
class Estimate:
    """What a call would cost, and what the estimate rests on.

    Attributes
    ----------
    what : str
        The call, as a reader would write it (``"value(10**6, 10**6)"``).
    seconds : float
        Estimated wall-clock seconds on the development machine.
    bytes : float
        Estimated peak memory of the arrays the call allocates.
    basis : str
        The measured rate or model behind the estimate.
    """

    what: str
    seconds: float
    bytes: float
    basis: str = ""

    def __post_init__(self):
        check_str("what", self.what, 1000)
        check_str("basis", self.basis, 1000)
        object.__setattr__(self, "seconds", check_real("seconds", self.seconds, 0, allow_inf=True))
        object.__setattr__(self, "bytes", check_real("bytes", self.bytes, 0, allow_inf=True))


def describe_seconds(seconds: float) -> str:
    """A duration a reader can take in: ``'3.2 s'``, ``'14 minutes'``, ``'2.5 hours'``, ``'9 days'``.

    Examples
    --------
    >>> describe_seconds(9000)
    '2.5 hours'
    """
    seconds = check_real("seconds", seconds, 0, allow_inf=True)
    if not math.isfinite(seconds):
        return "forever"
    if seconds < 120:
        return f"{seconds:.2g} s"
    if seconds < 7200:
        return f"{seconds / 60:.3g} minutes"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.3g} hours"
    if seconds < 2 * 365.25 * 86400:
        return f"{seconds / 86400:.3g} days"
    return f"{seconds / (365.25 * 86400):.3g} years"


def describe_bytes(n_bytes: float) -> str:
    """A size in binary units: ``'512 MiB'``, ``'3.1 GiB'``, ``'2 TiB'``.

    Examples
    --------
    >>> describe_bytes(3 * 2**30)
    '3 GiB'
    """
    n_bytes = check_real("n_bytes", n_bytes, 0, allow_inf=True)
    if not math.isfinite(n_bytes):
        return "unbounded memory"
    for unit, size in (("EiB", 2**60), ("PiB", 2**50), ("TiB", 2**40), ("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if n_bytes >= size:
            return f"{n_bytes / size:.3g} {unit}"
    return f"{n_bytes:.0f} bytes"


def _env_limit(name: str, default: float) -> float:
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{name} must be a number, got {text!r}") from None
    if not value > 0:
        raise ValueError(f"{name} must be positive, got {text!r}")
    return value


def limits() -> tuple[float, float]:
    """The limits in force: ``(seconds, bytes)`` (an :func:`allow` block, else the environment, else defaults)."""
    stack = getattr(_local, "stack", None)
    if stack:
        return stack[-1]
    return _env_limit(SECONDS_ENV, DEFAULT_MAX_SECONDS), _env_limit(BYTES_ENV, DEFAULT_MAX_BYTES)


@contextmanager
def allow(seconds: float | None = None, bytes: float | None = None):
    """Raise (or lower) the limits inside a ``with`` block, on purpose.

    Examples
    --------
    >>> with allow(seconds=1e9):
    ...     check(Estimate("a week of work", 7 * 86400, 0)).seconds
    604800.0
    """
    current_seconds, current_bytes = limits()
    if seconds is not None:
        seconds = check_real("seconds", seconds, 0, allow_inf=True)
    if bytes is not None:
        bytes = check_real("bytes", bytes, 0, allow_inf=True)
    stack = getattr(_local, "stack", None)
    if stack is None:
        stack = _local.stack = []
    stack.append((float(seconds) if seconds is not None else current_seconds,
                  float(bytes) if bytes is not None else current_bytes))
    try:
        yield
    finally:
        stack.pop()


def check(estimate: Estimate) -> Estimate:
    """Return ``estimate`` if it is within the limits; else raise :class:`BudgetError`.

    The message states the estimate, its basis, the limit and how to raise it.
    """
    if not isinstance(estimate, Estimate):
        raise TypeError(f"check needs an Estimate, got {type(estimate).__name__}")
    max_seconds, max_bytes = limits()
    basis = f" ({estimate.basis})" if estimate.basis else ""
    how = (f"; raise the limit on purpose with `with stoplib.util.budget.allow(seconds=..., bytes=...):` "
           f"or the environment variables {SECONDS_ENV} / {BYTES_ENV}")
    if not estimate.seconds <= max_seconds:
        raise BudgetError(f"{estimate.what} would take about {describe_seconds(estimate.seconds)}{basis}; "
                          f"the limit is {describe_seconds(max_seconds)}{how}")
    if not estimate.bytes <= max_bytes:
        raise BudgetError(f"{estimate.what} would need about {describe_bytes(estimate.bytes)} of memory{basis}; "
                          f"the limit is {describe_bytes(max_bytes)}{how}")
    return estimate
