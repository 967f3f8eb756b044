"""Workbook-wide settings: quick mode and where outputs go.

Quick mode (``STOPLIB_QUICK=1``) is set by the test suite so every notebook
runs top to bottom in seconds; full mode is the default for ``make workbook``.
Outputs (figures, CSV tables) go under the project root unless
``STOPLIB_OUTPUT_DIR`` points elsewhere (the tests use a temporary folder so a
test run never overwrites the full-mode results).
"""
from __future__ import annotations

import os
from pathlib import Path

QUICK_ENV = "STOPLIB_QUICK"
OUTPUT_ENV = "STOPLIB_OUTPUT_DIR"

_TRUE = {"1", "true", "yes", "on"}

__all__ = ['is_quick', 'pick', 'project_root', 'output_root', 'figures_dir', 'data_dir', 'read_committed_csv',
           'QUICK_ENV', 'OUTPUT_ENV']


def is_quick() -> bool:
    """Return True when quick mode is on (environment variable ``STOPLIB_QUICK``).

    Examples
    --------
    >>> isinstance(is_quick(), bool)
    True
    """
    return os.environ.get(QUICK_ENV, "").strip().lower() in _TRUE


def pick(full, quick):
    """Return ``quick`` in quick mode and ``full`` otherwise.

    Examples
    --------
    >>> pick(10_000_000, 100_000) in (10_000_000, 100_000)
    True
    """
    return quick if is_quick() else full


def project_root() -> Path:
    """The project root: the nearest folder above the working directory holding
    ``pyproject.toml`` and a ``stoplib`` package, else the package's parent."""
    here = Path.cwd().resolve()
    for folder in (here, *here.parents):
        if (folder / "pyproject.toml").is_file() and (folder / "stoplib").is_dir():
            return folder
    return Path(__file__).resolve().parents[2]


def output_root() -> Path:
    """Folder that holds ``figures/`` and ``data/`` (``STOPLIB_OUTPUT_DIR`` wins)."""
    override = os.environ.get(OUTPUT_ENV)
    return Path(override).resolve() if override else project_root()


def figures_dir() -> Path:
    """The ``figures/`` folder, created if missing."""
    path = output_root() / "figures"
    path.mkdir(parents=True, exist_ok=True)
    return path


def data_dir() -> Path:
    """The ``data/`` folder, created if missing."""
    path = output_root() / "data"
    path.mkdir(parents=True, exist_ok=True)
    return path


def read_committed_csv(filename: str, columns, path=None):
    """A results table committed in the repository's ``data/`` folder, its columns checked.

    Parameters
    ----------
    filename : str
        The file's name in ``data/`` of the repository holding this package (whatever
        ``STOPLIB_OUTPUT_DIR`` says: the committed results, not a run's outputs).
    columns : sequence of str
        The columns the file must have, in order.
    path : path or None
        Another file to read instead.

    Returns
    -------
    pandas.DataFrame

    Raises
    ------
    stoplib.util.validate.MissingFileError
        If the file is missing.
    ValueError
        If ``filename`` is not the name of a ``.csv`` file, or the file's columns are not ``columns``.

    Examples
    --------
    >>> int(read_committed_csv("redblack_frontier.csv", ["n", "value", "method", "seconds", "machine"]).n.min())
    1000000
    """
    import pandas as pd

    from ..util.validate import check_path

    if not isinstance(filename, str) or not filename.endswith(".csv") or "/" in filename or "\\" in filename \
            or not 4 < len(filename) <= 255:
        raise ValueError(f"filename must be the name of a .csv file in data/ (no folder), got {filename!r:.80}")
    if isinstance(columns, str) or not all(isinstance(c, str) for c in columns):
        raise TypeError(f"columns must be a sequence of column names (str), got {columns!r:.80}")
    path = check_path("path", Path(__file__).resolve().parents[2] / "data" / filename if path is None else path,
                      must_exist=True, kind="file")
    table = pd.read_csv(path)
    if list(table.columns) != list(columns):
        raise ValueError(f"{path}: columns must be {list(columns)}, got {list(table.columns)}")
    return table
