"""Random state: one place that turns a user's ``seed`` into numbers for kernels.

Kernels never hold a global random state. Public functions accept ``seed`` (an
int or a :class:`numpy.random.Generator`), normalise it here, and pass kernels
either pre-drawn numbers or per-replication integer seeds, so serial and
parallel runs give identical results.
"""
from __future__ import annotations

import numbers

import numpy as np

__all__ = ['as_generator', 'kernel_seed']


def as_generator(seed) -> np.random.Generator:
    """Return a NumPy Generator from an int seed, a Generator, or None (fresh entropy).

    Examples
    --------
    >>> bool(as_generator(1).integers(10) == as_generator(1).integers(10))
    True
    """
    if isinstance(seed, np.random.Generator):
        return seed
    if seed is None:
        return np.random.default_rng()
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
        raise TypeError(f"seed must be an int, a numpy Generator or None, got {type(seed).__name__}")
    if seed < 0:
        raise ValueError(f"seed must be a non-negative int, got {seed}")
    return np.random.default_rng(int(seed))


def kernel_seed(seed) -> int:
    """An int64 seed for a numba kernel, derived reproducibly from ``seed``.

    Examples
    --------
    >>> kernel_seed(7) == kernel_seed(7)
    True
    """
    return int(as_generator(seed).integers(0, 2**62))
