"""The red/black card game ("Problem 14" of document 000): exact and fast dynamic programming.

A deck holds ``r`` red cards (+$1 each) and ``b`` black cards (-$1 each),
shuffled; you turn them over one at a time and may stop whenever you like. The
value of the rest of the game with ``r`` red and ``b`` black cards left is::

    V(0, b) = 0,  V(r, 0) = r,
    V(r, b) = max(0, r/(r+b) (V(r-1, b) + 1) + b/(r+b) (V(r, b-1) - 1)),

about $2.62 for a 52-card deck (``value(26, 26)``).

The rooms
---------
``rules.py``        the game, the state ``(r, b)``, input checks and the caps
                    (:func:`~.rules.check_counts`)
``_costs.py``       what a call would cost, before it starts: the rates, every
                    budget estimate (:func:`work_estimate`)
``solver.py``       the fast solver: :func:`value` (methods "row", "diagonal",
                    "tiled", "dask", "cuda", "topdown", "exact"), :func:`balanced_values`,
                    :func:`value_table`, :func:`policy_table`, :func:`position`,
                    :func:`stopping_boundary`, :func:`live_cells`, :func:`time_method`
``_kernels.py``     its numba kernels (private)
``_sweep.py``       the one resumable-sweep driver of the tiled, Dask and CUDA sweeps
                    (resume, checkpoints, signals, progress bar, :class:`SweepResult`)
``twins.py``        the slow independent twins the tests compare with
                    (fractions, memoised recursion, path counting, a plain
                    Python simulation)
``variants.py``     the games beside the real one that the document discusses:
                    :func:`omniscient_value`, the fixed-1/2 mistake
                    (:func:`value_with_replacement`, :func:`replacement_table`),
                    the spreadsheet's :func:`holdings_table`
``simulation.py``   Monte Carlo: :func:`simulate`, :func:`sample_paths`,
                    :func:`winnings_distribution` (its exact twin)
``asymptotics.py``  large decks: the Brownian-bridge constant
                    (:func:`bridge_constant`), the bridge's stopping rule beside the
                    exact one, and the document's fits (``_fits.py``)
``document.py``     the numbers document 000 prints, with line numbers
``claims.py``       the document's claims checked: :func:`spreadsheet_comparison`,
                    its C program in single precision (:func:`c_program_values`,
                    :func:`float32_balanced_values`), printed precision
``checkpoint.py``   resumable sweeps: the frontier written atomically to a file
                    (:class:`CheckpointError`, :func:`checkpoint_info`)
``distributed.py``  the tiled wavefront as a Dask graph (:func:`dask_sweep`)
``gpu.py``          the wavefront on a CUDA GPU (:func:`cuda_sweep`, :func:`gpu_available`,
                    :func:`recorded_gpu_runs`: what a session lent a GPU measured)
``frontier.py``     the committed values of the CPU and GPU sweeps (read from ``data/``, checked),
                    the correction to ``c sqrt(n)`` and V(133,787,000)
                    (:func:`correction_fit`, :func:`extrapolate_133m`,
                    :func:`frontier_table`, :func:`claim_2m`)
``plots.py``        every ``plot_*`` of notebooks 01-03
``widgets.py``      the notebooks' ipywidgets panels

Everything in ``__all__`` below is importable from ``stoplib.redblack``; the
rooms' own ``__all__`` list the rest of their public names (the fits in
:mod:`.asymptotics`, the figures in :mod:`.plots`, ...). Numba kernels are
private. ``plots`` and ``widgets`` are not imported here (matplotlib and
ipywidgets load only when a notebook asks for them).

Source
------
Gwern Branwen et al., "Problem 14 Dynamic Programming Solutions", gwern.net,
October 2022 (https://gwern.net/problem-14), gwern's write-up of
Timothy Falcon's / Nigel Coldwell's interview problem 14, with Han Zheng's
spreadsheet, R, Haskell and C programs. Notebooks ``01_redblack_dp``,
``02_redblack_monte_carlo`` and ``03_redblack_sqrt_vs_log``.
"""
from ._costs import WorkEstimate, work_estimate
from .solver import (METHODS, MethodTiming, Position, balanced_values, live_cells, policy_table, position,
                     stopping_boundary, time_method, value, value_table)
from .twins import (omniscient_value_bruteforce, simulate_reference, value_table_exact,
                    value_with_replacement_topdown)
from .variants import holdings_table, omniscient_value, replacement_table, value_with_replacement
from .simulation import (SamplePaths, SimulationResult, policy_limits, sample_paths, simulate,
                         winnings_distribution)
from .asymptotics import BridgeSolution, bridge_boundary, bridge_constant, bridge_solution, bridge_value
from .claims import (SpreadsheetComparison, c_program_values, float32_balanced_values,
                     spreadsheet_comparison)
from .checkpoint import CheckpointError, checkpoint_info
from .solver import SweepResult
from .distributed import dask_sweep
from .gpu import cuda_sweep, gpu_available, recorded_gpu_runs
from .frontier import claim_2m, correction_fit, extrapolate_133m, frontier_table

__all__ = [
    # the solver
    "METHODS", "value", "balanced_values", "value_table", "policy_table", "stopping_boundary",
    "live_cells", "position", "Position", "time_method", "MethodTiming", "work_estimate", "WorkEstimate",
    # the slow twins
    "value_table_exact", "omniscient_value_bruteforce", "value_with_replacement_topdown",
    "simulate_reference",
    # the variants
    "omniscient_value", "value_with_replacement", "replacement_table", "holdings_table",
    # simulation
    "simulate", "sample_paths", "winnings_distribution", "policy_limits",
    "SimulationResult", "SamplePaths",
    # large decks
    "bridge_constant", "bridge_solution", "bridge_boundary", "bridge_value", "BridgeSolution",
    # the document's claims
    "spreadsheet_comparison", "SpreadsheetComparison", "c_program_values",
    "float32_balanced_values",
    # the frontier (issue 13): resumable, distributed and GPU sweeps, and their results
    "CheckpointError", "checkpoint_info", "SweepResult", "dask_sweep", "cuda_sweep",
    "gpu_available", "recorded_gpu_runs", "frontier_table", "correction_fit", "extrapolate_133m", "claim_2m",
]
