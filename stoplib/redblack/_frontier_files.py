"""The committed frontier files, read and checked (private; :func:`stoplib.redblack.frontier.load_frontier`
is the public entry, ``benchmarks/frontier.py`` the only writer).

``data/redblack_frontier*.csv`` are the one source of the values ``V(n, n)`` of the red/black
recursion of document 000's "Problem 14",
``V(r, b) = max(0, r/(r+b) (V(r-1, b) + 1) + b/(r+b) (V(r, b-1) - 1))``, from the long sweeps
(hours each): nothing in the package copies them. A reader must therefore be able to trust
them, so every read checks, and a file that fails gives a ``ValueError`` naming it, never a
wrong value:

* **the seal**: ``data/redblack_frontier.sha256`` (``sha256sum`` format, written by
  ``benchmarks/frontier.py`` with :func:`write_manifest` whenever it writes the files) holds
  the SHA-256 of each file; a truncated or hand-edited file no longer matches;
* **the shape**: the columns, in order; card counts as distinct ints in ``1..MAX_CARDS``,
  increasing; values written with exactly 12 decimals (as the script writes them), finite;
* **the mathematics**: ``V(n, n)`` increasing in ``n`` and just below ``c sqrt(n)`` (the
  Brownian-bridge limit, with a correction of less than 0.25 in magnitude); the block reading
  ``V(2,000,000, 2,000,000 + x)`` for ``x = 0, 1, ..., X`` non-increasing in ``x``, with
  ``value_plus_cash = value + x``;
* **the overlaps**: a value stored twice (a sweep's ``n`` on the grid, the block reading's
  ``x = 0`` and the 2,000,000 sweep) is the same string, bit for bit; the grid ends at the
  largest sweep, from whose diagonal it was read.
"""
from __future__ import annotations

import hashlib
import re
from pathlib import Path

import numpy as np

from ..util.validate import MissingFileError
from .rules import MAX_CARDS

__all__ = []

#: The files, and the columns of each (in order).
FILES = {"redblack_frontier.csv": ["n", "value", "method", "seconds", "machine"],
         "redblack_frontier_grid.csv": ["n", "value"],
         "redblack_frontier_2m_block_reading.csv": ["x", "n_black", "value", "value_plus_cash"]}
#: The seal: the SHA-256 of each file, as ``sha256sum`` writes it.
MANIFEST = "redblack_frontier.sha256"
#: The block reading's file may be absent (it is an extra sweep); the other two may not.
OPTIONAL = ("redblack_frontier_2m_block_reading.csv",)
_TWELVE = re.compile(r"^[0-9]+\.[0-9]{12}$")
_LINE = re.compile(r"^([0-9a-f]{64}) [ *](\S+)$")


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def write_manifest(folder) -> Path:
    """Seal the frontier files of ``folder``: write ``redblack_frontier.sha256`` (used by
    ``benchmarks/frontier.py`` after it writes them; ``sha256sum -c`` checks it too)."""
    folder = Path(folder)
    lines = [f"{_sha256(folder / name)}  {name}" for name in FILES if (folder / name).is_file()]
    path = folder / MANIFEST
    tmp = path.with_suffix(".tmp")
    tmp.write_text("\n".join(lines) + "\n")
    tmp.replace(path)
    return path


def _check_seal(folder: Path, present: list) -> None:
    path = folder / MANIFEST
    if not path.is_file():
        raise MissingFileError(2, "the frontier files have no checksums (benchmarks/frontier.py writes them)",
                               str(path))
    sealed = {}
    for line in path.read_text(errors="replace").splitlines():
        m = _LINE.match(line.strip())
        if not m or m.group(2) not in FILES:
            raise ValueError(f"{path} is not a checksum file of the frontier files (line {line[:80]!r})")
        sealed[m.group(2)] = m.group(1)
    for name in present:
        if name not in sealed:
            raise ValueError(f"{folder / name} has no checksum in {path}")
        if _sha256(folder / name) != sealed[name]:
            raise ValueError(f"{folder / name} does not match its SHA-256 in {path}: the file was truncated "
                             f"or edited after benchmarks/frontier.py wrote it")
    missing = [name for name in sealed if name not in present]
    if missing:
        raise ValueError(f"{path} seals {missing}, which are missing from {folder}")


def _read_csv(path: Path, columns: list):
    """A frontier CSV file as text columns, checked for its columns, or a ValueError naming it."""
    import pandas as pd

    try:
        table = pd.read_csv(path, dtype=str, keep_default_na=False)
    except (ValueError, UnicodeDecodeError, pd.errors.ParserError) as err:
        raise ValueError(f"{path} is not a frontier CSV file ({type(err).__name__}: {err})"[:400]) from None
    if list(table.columns) != columns or table.empty:
        raise ValueError(f"{path} must have the columns {columns} and at least one row, got "
                         f"{list(table.columns)[:8]} and {len(table)} rows")
    return table


def _ints(table, column, low, path) -> np.ndarray:
    text = table[column]
    bad = ~text.str.fullmatch(r"[0-9]{1,16}")
    if bad.any():
        raise ValueError(f"{path}: column {column!r} must hold whole numbers, got {text[bad].iloc[0]!r}")
    n = text.astype(np.int64).to_numpy()
    if (n < low).any() or (n > MAX_CARDS).any() or (np.diff(n) <= 0).any():
        raise ValueError(f"{path}: column {column!r} must hold increasing card counts in {low}..{MAX_CARDS}")
    return n


def _reals(table, column, path) -> np.ndarray:
    text = table[column]
    bad = ~text.str.fullmatch(_TWELVE.pattern)
    if bad.any():
        raise ValueError(f"{path}: column {column!r} must hold numbers >= 0 with 12 decimals (as "
                         f"benchmarks/frontier.py writes them), got {text[bad].iloc[0]!r}")
    return text.astype(float).to_numpy()


def _near_c_sqrt_n(n, v, path) -> None:
    c = 0.5220376759871238   # the bridge constant sqrt(pi) (1 - alpha^2) (stoplib.redblack.bridge_constant)
    gap = v - c * np.sqrt(n.astype(float))
    if (np.diff(v) <= 0).any() or not ((gap < 0) & (gap > -0.25)).all():
        raise ValueError(f"{path}: V(n, n) must increase with n and lie within 0.25 below c sqrt(n) "
                         f"(c = {c}); a value does not")


def read(folder: Path) -> dict:
    """The three tables of ``folder`` (pandas DataFrames; the block reading None if absent),
    every check of the module docstring passed."""
    import pandas as pd

    present = [name for name in FILES if (folder / name).is_file()]
    for name in FILES:
        if name not in present and name not in OPTIONAL:
            raise MissingFileError(2, "no committed frontier results (run benchmarks/frontier.py)",
                                   str(folder / name))
    _check_seal(folder, present)
    raw = {name: _read_csv(folder / name, FILES[name]) for name in present}
    sweeps_path, grid_path = folder / "redblack_frontier.csv", folder / "redblack_frontier_grid.csv"
    s, g = raw["redblack_frontier.csv"], raw["redblack_frontier_grid.csv"]
    sn, sv, gn, gv = _ints(s, "n", 1, sweeps_path), _reals(s, "value", sweeps_path), \
        _ints(g, "n", 1, grid_path), _reals(g, "value", grid_path)
    seconds = pd.to_numeric(s.seconds, errors="coerce").to_numpy()
    if not (np.isfinite(seconds).all() and (seconds >= 0).all()) or (s.machine.str.len() == 0).any():
        raise ValueError(f"{sweeps_path}: every sweep needs its seconds (>= 0) and its machine")
    _near_c_sqrt_n(sn, sv, sweeps_path)
    _near_c_sqrt_n(gn, gv, grid_path)
    if gn[-1] != sn[-1]:
        raise ValueError(f"{grid_path} ends at n = {gn[-1]:,}, but the largest sweep is n = {sn[-1]:,} "
                         f"(the grid is read off its diagonal)")
    on_grid = dict(zip(gn.tolist(), g.value))
    for n, text in zip(sn.tolist(), s.value):
        if n in on_grid and on_grid[n] != text:
            raise ValueError(f"V({n:,}, {n:,}) is {text} in {sweeps_path.name} but {on_grid[n]} in "
                             f"{grid_path.name}: one diagonal, two values")
    sweeps = pd.DataFrame({"n": sn, "value": sv, "method": s.method, "seconds": seconds, "machine": s.machine})
    grid = pd.DataFrame({"n": gn, "value": gv})
    reading = None
    name = "redblack_frontier_2m_block_reading.csv"
    if name in raw:
        reading = _block_reading(raw[name], folder / name, dict(zip(sn.tolist(), s.value)))
    return {"sweeps": sweeps, "grid": grid, "block_reading": reading}


def _block_reading(r, path: Path, sweeps: dict):
    import pandas as pd

    x = _ints(r, "x", 0, path)
    if x[0] != 0 or not (np.diff(x) == 1).all():
        raise ValueError(f"{path}: column 'x' must run 0, 1, 2, ... without a gap")
    n_black = r.n_black.astype(np.int64).to_numpy() if r.n_black.str.fullmatch(r"[0-9]{1,16}").all() else None
    value, cash = _reals(r, "value", path), _reals(r, "value_plus_cash", path)
    if n_black is None or not (n_black == 2_000_000 + x).all() or \
            not np.allclose(cash, value + x, rtol=0, atol=1e-9):
        raise ValueError(f"{path}: n_black must be 2,000,000 + x and value_plus_cash value + x")
    if (np.diff(value) > 0).any():
        raise ValueError(f"{path}: V(2,000,000, 2,000,000 + x) must not increase with x")
    if 2_000_000 in sweeps and sweeps[2_000_000] != r.value.iloc[0]:
        raise ValueError(f"{path}: V(2,000,000, 2,000,000) is {r.value.iloc[0]} at x = 0 but "
                         f"{sweeps[2_000_000]} in redblack_frontier.csv: one cell, two values")
    return pd.DataFrame({"x": x, "n_black": n_black, "value": value, "value_plus_cash": cash})


#: The GPU runs' file (read through :func:`stoplib.redblack.gpu.recorded_gpu_runs`), beside the frontier's.
GPU_RUNS = "redblack_gpu_runs.csv"


def gpu_tables(folder: Path) -> dict:
    """The exact values and the whole sweeps of ``folder/redblack_gpu_runs.csv`` (empty tables
    without the file): ``values`` (``n, value, sweep_n``: every ``V(n, n)`` read off a whole GPU
    sweep's diagonal, one row per ``n``, from the largest sweep that holds it) and ``sweeps``
    (``n, seconds, cells_per_s, device``: each whole sweep, smallest first)."""
    import pandas as pd

    from .gpu import recorded_gpu_runs

    path = Path(folder) / GPU_RUNS
    if not path.is_file():
        return {"values": pd.DataFrame({"n": np.zeros(0, np.int64), "value": np.zeros(0),
                                        "sweep_n": np.zeros(0, np.int64)}),
                "sweeps": pd.DataFrame({"n": np.zeros(0, np.int64), "seconds": np.zeros(0),
                                        "cells_per_s": np.zeros(0), "device": np.zeros(0, dtype=object)})}
    runs = recorded_gpu_runs(path)
    sweep_rows = runs[runs.what.str.startswith("one sweep of n = ")].copy()
    sweep_rows["sweep_n"] = sweep_rows.what.str.removeprefix("one sweep of n = ").str.replace(",", "").astype(np.int64)
    whole = sweep_rows.dropna(subset=["seconds"])
    if not (whole.n == whole.sweep_n).all():
        raise ValueError(f"{path}: a whole sweep's row must have n equal to the sweep's size")
    values = (sweep_rows.dropna(subset=["value"]).sort_values(["n", "sweep_n"])
              .drop_duplicates("n", keep="last")[["n", "value", "sweep_n"]])
    sweeps = whole.sort_values("n")[["n", "seconds", "cells_per_s", "device"]]
    return {"values": values.astype({"n": np.int64, "sweep_n": np.int64}).reset_index(drop=True),
            "sweeps": sweeps.astype({"n": np.int64}).reset_index(drop=True)}
