"""Is there a CUDA device? The one answer every game's ``method="cuda"`` asks for.

A game's GPU room (:mod:`stoplib.redblack.gpu`, :mod:`stoplib.holdem.gpu`) runs
its kernels with ``numba.cuda`` on a real device, or in numba's CUDA simulator
when ``NUMBA_ENABLE_CUDASIM=1`` was set before numba was imported (threads in
Python: small problems only, for tests on machines without a GPU). Nothing here
imports ``numba.cuda`` until a question needs it, so importing stoplib never does.
"""
from __future__ import annotations

__all__ = ["simulated", "gpu_available", "check_cuda"]

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
