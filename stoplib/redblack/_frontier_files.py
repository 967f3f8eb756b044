"""Checks of the committed frontier files (private; :func:`stoplib.redblack.frontier.load_frontier`
reads them): ``data/redblack_frontier*.csv`` hold ``V(n, n)`` of the red/black recursion of
document 000's "Problem 14", ``V(r, b) = max(0, r/(r+b) (V(r-1, b) + 1) + b/(r+b) (V(r, b-1) - 1))``,
from the long sweeps. A file that is not such a table, holds counts or values that are not card
counts and finite values, or disagrees with the committed constants gives a ``ValueError`` naming
it, never a wrong value.
"""
from __future__ import annotations

import numpy as np

from .rules import MAX_CARDS

__all__ = []


def _read_csv(path, columns):
    """A frontier CSV file read and checked for its columns, or a ValueError naming it."""
    import pandas as pd

    try:
        table = pd.read_csv(path)
    except (ValueError, UnicodeDecodeError, pd.errors.ParserError) as err:
        raise ValueError(f"{path} is not a frontier CSV file ({type(err).__name__}: {err})"[:400]) from None
    if list(table.columns) != columns or table.empty:
        raise ValueError(f"{path} must have the columns {columns} and at least one row, got "
                         f"{list(table.columns)[:8]} and {len(table)} rows")
    return table.sort_values(columns[0], ignore_index=True)


def _check_frontier_files(sweeps, grid, reading, folder, committed: dict):
    """The files hold card counts and finite values, and agree with ``committed``
    (``{n: V(n, n)}`` of the constants generated from them)."""
    def ints(table, column, low, name):
        col = table[column]
        if col.dtype.kind not in "iu" or (col < low).any() or (col > MAX_CARDS).any() or col.duplicated().any():
            raise ValueError(f"{name} in {folder}: column {column!r} must hold distinct ints in {low}.."
                             f"{MAX_CARDS}")

    def reals(table, column, name):
        col = table[column]
        if col.dtype.kind not in "iuf" or not np.isfinite(col.to_numpy(dtype=float)).all() or (col < 0).any():
            raise ValueError(f"{name} in {folder}: column {column!r} must hold finite numbers >= 0")

    for table, name in ((sweeps, "redblack_frontier.csv"), (grid, "redblack_frontier_grid.csv")):
        ints(table, "n", 1, name)
        reals(table, "value", name)
    reals(sweeps, "seconds", "redblack_frontier.csv")
    if reading is not None:
        name = "redblack_frontier_2m_block_reading.csv"
        ints(reading, "x", 0, name)
        for column in ("value", "value_plus_cash"):
            reals(reading, column, name)
        if not (reading.n_black == 2_000_000 + reading.x).all() or \
                not np.allclose(reading.value_plus_cash, reading.value + reading.x, rtol=0, atol=1e-9):
            raise ValueError(f"{name} in {folder}: n_black must be 2,000,000 + x and value_plus_cash value + x")
    for table, name in ((sweeps, "redblack_frontier.csv"), (grid, "redblack_frontier_grid.csv")):
        for n, v in zip(table.n.astype(int), table.value.astype(float)):
            if n in committed and abs(v - committed[n]) > 1e-9 * max(1.0, abs(v)):
                raise ValueError(f"{name} in {folder}: V({n}, {n}) = {v!r} differs from the committed "
                                 f"{committed[n]!r}")
