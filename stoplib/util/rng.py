"""Random state: one place that turns a user's ``seed`` into numbers for kernels.

Kernels never hold a global random state (no ``np.random.seed`` inside a kernel).
Public functions accept ``seed`` (an int or a :class:`numpy.random.Generator`),
normalise it with :func:`as_generator` / :func:`kernel_seed`, and give kernels an
integer base seed. A kernel then draws from *streams*: stream ``k`` (a game, a
chunk, a restart) starts at :func:`stream_start` ``(base, k)`` and advances with
:func:`next_uniform`, :func:`next_below` or :func:`next_u53`. These are the
SplitMix64 generator (Steele, Lea and Flood, "Fast splittable pseudorandom number
generators", OOPSLA 2014): a 64-bit counter stepped by the golden-ratio constant
and scrambled by :func:`mix64`. A stream depends only on ``(base, k)``, so the
results of a serial and a parallel run (``prange`` over streams) are identical,
and a rerun with the same seed is bit-identical.

The stream functions are numba kernels (``@njit(cache=True)``) meant to be called
from other kernels; they are also callable from Python, which the tests use.

Examples
--------
>>> s = stream_start(7, 0)
>>> s, u = next_uniform(s)
>>> 0.0 <= u < 1.0
True
>>> stream_start(7, 0) == stream_start(7, 0) != stream_start(7, 1)
True
"""
from __future__ import annotations

import numbers

import numpy as np
from numba import njit

__all__ = ['as_generator', 'kernel_seed', 'mix64', 'stream_start', 'next_u53', 'next_uniform',
           'next_below', 'GOLDEN']

#: SplitMix64's increment, 2**64 divided by the golden ratio.
GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30, _S27, _S31, _S11 = np.uint64(30), np.uint64(27), np.uint64(31), np.uint64(11)
_TWO_M53 = 1.0 / 9007199254740992.0


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


@njit(cache=True)
def mix64(z):
    """SplitMix64's finaliser: a bijective scramble of a uint64."""
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@njit(cache=True)
def stream_start(base, index):
    """The first state of stream ``index`` of the kernel seed ``base`` (a hash of both)."""
    return mix64(mix64(np.uint64(base) + GOLDEN * np.uint64(index + 1)) ^ np.uint64(index))


@njit(cache=True)
def next_u53(state):
    """Advance ``state``; return ``(state, k)`` with ``k`` uniform on ``0 .. 2**53 - 1``."""
    state = state + GOLDEN
    return state, np.int64(mix64(state) >> _S11)


@njit(cache=True)
def next_uniform(state):
    """Advance ``state``; return ``(state, u)`` with ``u`` uniform on ``[0, 1)`` (53 bits)."""
    state = state + GOLDEN
    return state, float(mix64(state) >> _S11) * _TWO_M53


@njit(cache=True)
def next_below(state, n):
    """Advance ``state``; return ``(state, k)`` with ``k`` uniform on ``0 .. n - 1`` (``n <= 2**31``).

    ``k = floor(u n)`` for a 53-bit uniform ``u``: the bias is below ``n / 2**53``.
    """
    state = state + GOLDEN
    u = float(mix64(state) >> _S11) * _TWO_M53
    return state, np.int64(u * n)
