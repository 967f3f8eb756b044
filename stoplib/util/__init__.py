"""Numeric utilities shared by every game: argument validation, random streams, timing.

This is the bottom layer of the package: it imports nothing from ``stoplib``
outside itself, so every game and the workbook services can use it.

- :mod:`.validate`: argument checks that raise a clear ``TypeError``/``ValueError``
  naming the argument and its valid range (nothing is silently clipped);
- :mod:`.rng`: turns a user's ``seed`` into a NumPy ``Generator`` or kernel seeds;
- :mod:`.timing`: median wall-clock timings for benchmarks and method comparisons;
- :mod:`.budget`: the one work and memory budget: estimates checked against limits;
- :mod:`.cuda`: whether numba can run CUDA kernels (a device, or its simulator).
"""
from .validate import check_choice, check_int
from .rng import as_generator, kernel_seed
from .timing import median_seconds, median_time
from . import budget

__all__ = ["check_choice", "check_int", "as_generator", "kernel_seed",
           "median_seconds", "median_time", "budget"]
