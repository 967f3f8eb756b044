"""Is there a CUDA device? The one answer every game's ``method="cuda"`` asks for.

A game's GPU room (:mod:`stoplib.redblack.gpu`, :mod:`stoplib.holdem.gpu`) runs
its kernels with ``numba.cuda`` on a real device, or in numba's CUDA simulator
when ``NUMBA_ENABLE_CUDASIM=1`` was set before numba was imported (threads in
Python: small problems only, for tests on machines without a GPU). Nothing here
imports ``numba.cuda`` until a question needs it, so importing stoplib never does.
"""
from __future__ import annotations

import warnings
from contextlib import contextmanager

__all__ = ["simulated", "gpu_available", "check_cuda", "quiet_low_occupancy"]

#: The start of numba-cuda's warning about a launch of few blocks (a regular expression).
LOW_OCCUPANCY = r".*Grid size \d+ will likely result in GPU under-utilization"

#: Why ``method="cuda"`` cannot run here.
NO_CUDA = ("method='cuda' needs a CUDA GPU, and numba finds none (numba.cuda.is_available() is False); "
           "set NUMBA_ENABLE_CUDASIM=1 before numba is imported to run numba's (slow) CUDA simulator")


def simulated() -> bool:
    """True when numba's CUDA simulator is on (``NUMBA_ENABLE_CUDASIM=1``).

    Examples
    --------
    >>> isinstance(simulated(), bool)
    True
    """
    from numba import config

    return bool(config.ENABLE_CUDASIM)


def gpu_available() -> bool:
    """True when numba finds a real CUDA device (its simulator does not count).

    Examples
    --------
    >>> isinstance(gpu_available(), bool)
    True
    """
    if simulated():
        return False
    from numba import cuda

    try:
        return bool(cuda.is_available())
    except Exception:  # a broken driver is no GPU
        return False


def check_cuda() -> None:
    """Raise ``ValueError`` unless numba can run CUDA kernels: a real device, or its simulator.

    Examples
    --------
    >>> try:
    ...     check_cuda()
    ... except ValueError as e:
    ...     assert "NUMBA_ENABLE_CUDASIM=1" in str(e)
    """
    if not (simulated() or gpu_available()):
        raise ValueError(NO_CUDA)


@contextmanager
def quiet_low_occupancy():
    """Silence numba-cuda's ``NumbaPerformanceWarning`` about launches of few blocks, inside.

    A wavefront's first and last anti-diagonals hold few tiles by nature, and a small batch
    of decks fills few blocks: numba warns at each such launch (hundreds in one red/black
    sweep on an H200). Matched by message, after any prefix: numba prints it in bold, an
    ANSI escape before "Grid size". Other warnings pass.

    Examples
    --------
    >>> import warnings
    >>> from numba.core.errors import NumbaPerformanceWarning
    >>> with warnings.catch_warnings(record=True) as seen:
    ...     warnings.simplefilter("always")
    ...     with quiet_low_occupancy():
    ...         warnings.warn(NumbaPerformanceWarning("\\x1b[1mGrid size 4 will likely result in GPU "
    ...                                               "under-utilization due to low occupancy."))
    ...         warnings.warn("something else")
    >>> [str(w.message) for w in seen]
    ['something else']
    """
    with warnings.catch_warnings():  # by message alone: numba-cuda versions differ in the class they raise
        warnings.filterwarnings("ignore", message=LOW_OCCUPANCY)
        yield
