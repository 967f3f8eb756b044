"""Computed tables go to ``data/<name>.csv``, written from code, never by hand."""
from __future__ import annotations

import re
from pathlib import Path

import pandas as pd

from .config import data_dir

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")


def save_table(df: pd.DataFrame, name: str, index: bool = False) -> Path:
    """Write ``df`` to ``data/<name>.csv`` and return the path.

    Parameters
    ----------
    df : pandas.DataFrame
    name : str
        File stem, e.g. ``"redblack_value_table"``.
    index : bool
        Whether to write the index.
    """
    if not isinstance(name, str) or not _NAME.match(name):
        raise ValueError(f"name must be a plain file-name stem, got {name!r}")
    if not isinstance(df, pd.DataFrame):
        raise TypeError(f"df must be a pandas DataFrame, got {type(df).__name__}")
    path = data_dir() / f"{name}.csv"
    df.to_csv(path, index=index)
    return path


def load_table(name: str, **kwargs) -> pd.DataFrame:
    """Read ``data/<name>.csv`` written by :func:`save_table`."""
    path = data_dir() / f"{name}.csv"
    if not path.is_file():
        raise FileNotFoundError(f"{path} does not exist; run the notebook that writes it first")
    return pd.read_csv(path, **kwargs)
