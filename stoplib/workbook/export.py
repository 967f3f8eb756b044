"""The one place that writes the workbook's outputs: figures and tables.

Figures are written as ``figures/<notebook>-<name>.png`` (for reading) and
``.svg`` and ``.pdf`` (for writeups); the file name says which notebook made the figure.
Computed tables go to ``data/<name>.csv``, written from code, never by hand, and beside it
``data/<name>.tex``: the same table as a LaTeX ``booktabs`` tabular for a writeup, with the
headers and number formats a reader sees (:func:`stoplib.workbook.tables.latex`; a verdict
table as :func:`stoplib.workbook.verdicts.latex` shows it). In a paper::

    \\usepackage{booktabs}               % preamble
    \\input{data/<name>.tex}             % inside a table environment
    \\includegraphics{figures/<notebook>-<name>.pdf}
"""
from __future__ import annotations

import re
from pathlib import Path

import matplotlib
import pandas as pd

from ..util.validate import MissingFileError, check_bool, check_int, check_path, check_str
from .config import data_dir, figures_dir

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")

__all__ = ["FORMATS", "TEX_MAX_ROWS", "save_figure", "save_table", "load_table", "tex_beside"]


#: The formats every figure is exported in: PNG to read, SVG and PDF for writeups.
FORMATS = ("png", "svg", "pdf")
#: Tables longer than this are data, not tables for a paper: they get no ``.tex`` (a
#: 100,001-row list of values would make a 100,001-line tabular).
TEX_MAX_ROWS = 2500
#: Metadata that would change from run to run, or from one install to the next, is left out or
#: fixed, so an unchanged figure is byte-for-byte unchanged in git: no dates, and no matplotlib
#: version (its default "Creator" names it, and a fresh install may bring another one).
_CREATOR = "stoplib (matplotlib)"
_METADATA = {"png": {"Software": None}, "svg": {"Date": None, "Creator": _CREATOR},
             "pdf": {"CreationDate": None, "Producer": None, "Creator": _CREATOR}}


def save_figure(fig, notebook: str, name: str, formats=FORMATS, dpi: int = 150) -> list[Path]:
    """Save ``fig`` as ``figures/<notebook>-<name>.<fmt>`` for each format.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure to save.
    notebook : str
        Notebook stem, e.g. ``"01_redblack_dp"``.
    name : str
        Short figure name, e.g. ``"heatmap"``.
    formats : sequence of str
        Any of ``"png"``, ``"svg"``, ``"pdf"`` (default: all three).
    dpi : int
        Resolution of raster formats.

    Returns
    -------
    list of pathlib.Path
        The files written.
    """
    for label, text in (("notebook", notebook), ("name", name)):
        check_str(label, text, 200)
        if not _NAME.match(text):
            raise ValueError(f"{label} must be a plain file-name stem (letters, digits, _ . -), got {text!r}")
    from matplotlib.figure import Figure

    if not isinstance(fig, Figure):
        raise TypeError(f"fig must be a matplotlib Figure, got {type(fig).__name__}")
    if isinstance(formats, str):
        formats = (formats,)
    if not isinstance(formats, (tuple, list)):
        raise TypeError(f"formats must be a str or a sequence of str, got {type(formats).__name__}")
    dpi = check_int("dpi", dpi, 10, 1200)
    allowed = set(FORMATS)
    bad = [f for f in formats if not isinstance(f, str) or f not in allowed]
    if bad or not formats:
        raise ValueError(f"formats must be a non-empty subset of {sorted(allowed)}, got {list(formats)!r}")
    out = []
    folder = figures_dir()
    for fmt in formats:
        path = folder / f"{notebook}-{name}.{fmt}"
        # a fixed salt for SVG element ids, no dates: reruns leave git clean
        with matplotlib.rc_context({"svg.hashsalt": f"{notebook}-{name}"}):
            fig.savefig(path, dpi=dpi, bbox_inches="tight", metadata=_METADATA[fmt])
        out.append(path)
    return out

def save_table(df: pd.DataFrame, name: str, index: bool = False, formats: dict | None = None,
               headers: dict | None = None, digits: int = 6) -> Path:
    """Write ``df`` to ``data/<name>.csv`` and, for a writeup, ``data/<name>.tex``; return the CSV's path.

    The ``.tex`` file is a LaTeX ``booktabs`` tabular of the same table with the look
    :func:`stoplib.workbook.tables.show` gives it (human headers, formatted numbers, LaTeX
    specials escaped); a verdict table (the columns of
    :data:`stoplib.workbook.verdicts.VERDICT_COLUMNS`) is written as the notebook shows it.
    A table of more than :data:`TEX_MAX_ROWS` rows gets no ``.tex``.

    Parameters
    ----------
    df : pandas.DataFrame
    name : str
        File stem, e.g. ``"redblack_value_table"``.
    index : bool
        Whether to write the index (in the ``.tex`` too, as its first column).
    formats, headers, digits
        The ``.tex`` table's look, as for :func:`stoplib.workbook.tables.show` (the CSV keeps
        every digit and the machine names).
    """
    check_str("name", name, 200)
    if not _NAME.match(name):
        raise ValueError(f"name must be a plain file-name stem, got {name!r}")
    if not isinstance(df, pd.DataFrame):
        raise TypeError(f"df must be a pandas DataFrame, got {type(df).__name__}")
    index = check_bool("index", index)
    tex = _tex_text(df, name, index=index, formats=formats, headers=headers, digits=digits)
    path = data_dir() / f"{name}.csv"
    df.to_csv(path, index=index)
    _write_tex(path.with_suffix(".tex"), tex)
    return path


def _tex_text(df: pd.DataFrame, name: str, index: bool = False, formats=None, headers=None, digits: int = 6):
    """The text of ``data/<name>.tex`` (None for a table too long for a paper)."""
    from . import tables, verdicts

    if len(df) > TEX_MAX_ROWS:                # the same checks of the look, on no rows
        tables.latex(df.head(0), formats=formats, headers=headers, index=index, digits=digits)
        return None
    if list(df.columns) == list(verdicts.VERDICT_COLUMNS) and formats is None and headers is None and not index:
        body = verdicts.latex(df)
    else:
        body = tables.latex(df, formats=formats, headers=headers, index=index, digits=digits)
    return (f"% data/{name}.tex: the table of data/{name}.csv, for a writeup (stoplib.workbook.export.save_table).\n"
            "% Needs \\usepackage{booktabs}; use it as \\input{data/" + name + ".tex} inside a table environment.\n"
            + body)


def _write_tex(path: Path, tex) -> None:
    if tex is not None:
        path.write_text(tex, encoding="utf-8")
    elif path.exists():                       # a table that grew past the limit keeps no stale .tex
        path.unlink()


def load_table(name: str, **kwargs) -> pd.DataFrame:
    """Read ``data/<name>.csv`` written by :func:`save_table`."""
    check_str("name", name, 200)
    if not _NAME.match(name):
        raise ValueError(f"name must be a plain file-name stem, got {name!r}")
    path = data_dir() / f"{name}.csv"
    if not path.is_file():
        raise MissingFileError(2, "no such table; run the notebook that writes it first", str(path))
    return pd.read_csv(path, **kwargs)


def tex_beside(csv) -> Path | None:
    """Write ``<name>.tex`` beside the table ``<name>.csv``, read from the CSV itself (the default look).

    For tables a script writes without :func:`save_table` (a long study's logs). Returns the
    ``.tex`` path, or None for a table longer than :data:`TEX_MAX_ROWS` rows (whose stale
    ``.tex``, if any, is removed).

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = pd.DataFrame({"n_players": [3], "wins": [52]}).to_csv(folder / "t.csv", index=False)
    >>> tex_beside(folder / "t.csv").read_text().count("52")
    1
    """
    from . import verdicts

    csv = check_path("csv", csv)
    if csv.suffix != ".csv" or not csv.is_file():
        raise MissingFileError(2, "no such CSV table", str(csv))
    df = pd.read_csv(csv)
    if list(df.columns) == list(verdicts.VERDICT_COLUMNS):
        df = df.fillna({"document": "", "ours": "", "evidence": ""})
    tex = _tex_text(df, csv.stem)
    _write_tex(csv.with_suffix(".tex"), tex)
    return None if tex is None else csv.with_suffix(".tex")


def _tex_from_csv(folder: Path) -> list:
    """Write ``<name>.tex`` beside every ``<name>.csv`` of ``folder``, from the CSV itself (the default look)."""
    written = [tex_beside(csv) for csv in sorted(Path(folder).glob("*.csv"))]
    return [path for path in written if path is not None]


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(prog="python -m stoplib.workbook.export", description=(
        "Write data/<name>.tex beside every data/<name>.csv, from the CSV (a notebook's own run writes it "
        "with the formats it gives save_table; this gives tables that came without one the default look)."))
    parser.add_argument("--tex", action="store_true", required=True, help="write the .tex files")
    parser.parse_args()
    for tex_file in _tex_from_csv(data_dir()):
        print(tex_file)
