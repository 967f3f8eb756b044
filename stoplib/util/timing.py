"""Wall-clock timing for the benchmarks and the notebooks' method comparisons.

Speed is measured in ``benchmarks/`` (``make bench``), never in unit tests; the
figures quoted are medians of repeated calls after compilation.
"""
from __future__ import annotations

import statistics
import time
from typing import Any, Callable

from .validate import check_callable, check_int

#: Most timed calls one measurement makes.
MAX_REPEATS = 10_000

__all__ = ['median_time', 'median_seconds', 'machine', 'load_average', 'stamp']


def median_time(fn: Callable[[], Any], repeats: int = 5,
                setup: Callable[[], Any] | None = None) -> tuple[float, Any]:
    """Median wall-clock seconds of ``repeats`` calls of ``fn()``, and its last result.

    Parameters
    ----------
    fn : callable
        Called with no arguments.
    repeats : int
        Number of timed calls, ``>= 1``.
    setup : callable or None
        Called before each timed call, outside the timing (to clear a cache, say).

    Returns
    -------
    (float, object)
        The median in seconds and what the last call returned.

    Examples
    --------
    >>> seconds, value = median_time(lambda: sum(range(1000)), repeats=3)
    >>> seconds >= 0, value
    (True, 499500)
    """
    check_callable("fn", fn)
    if setup is not None:
        check_callable("setup", setup)
    repeats = check_int("repeats", repeats, 1, MAX_REPEATS)
    times, result = [], None
    for _ in range(repeats):
        if setup is not None:
            setup()
        t0 = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), result


def median_seconds(fn: Callable[[], Any], repeats: int = 5,
                   setup: Callable[[], Any] | None = None) -> float:
    """Median wall-clock seconds of ``repeats`` calls of ``fn()`` (see :func:`median_time`).

    Examples
    --------
    >>> median_seconds(lambda: None, repeats=3) >= 0
    True
    """
    return median_time(fn, repeats, setup)[0]


def machine() -> str:
    """The machine, as timings should name it: CPU model, cores, hypervisor, numba and Python.

    Examples
    --------
    >>> "cores" in machine()
    True
    """
    import os
    import platform
    from pathlib import Path

    cpu = platform.processor() or platform.machine()
    virtual = ""
    try:
        text = Path("/proc/cpuinfo").read_text()
        for line in text.splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
        if " hypervisor" in text:
            virtual = ", virtual machine"
    except OSError:
        pass
    try:
        import numba
        versions = f"numba {numba.__version__}, Python {platform.python_version()}"
    except ImportError:  # pragma: no cover - numba is a dependency
        versions = f"Python {platform.python_version()}"
    return f"{cpu}, {os.cpu_count()} cores{virtual}; {versions}"


def load_average() -> float:
    """The machine's load average over the last minute (0.0 where the system does not report one).

    Examples
    --------
    >>> load_average() >= 0.0
    True
    """
    import os

    try:
        return float(os.getloadavg()[0])
    except (OSError, AttributeError):  # pragma: no cover - not on Linux
        return 0.0


def stamp() -> dict:
    """What a committed timing must state: the machine, its load when taken, and when.

    A timing table gets these three columns (``machine``, ``load``, ``taken``), so a reader
    can tell a quiet machine from a busy one and compare timings only within one run.

    Examples
    --------
    >>> sorted(stamp())
    ['load', 'machine', 'taken']
    """
    from datetime import datetime, timezone

    return {"machine": machine(), "load": round(load_average(), 2),
            "taken": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")}
