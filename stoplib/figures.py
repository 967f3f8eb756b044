"""One helper to export every figure of the workbook.

Figures are written as ``figures/<notebook>-<name>.png`` (for reading) and
``.svg`` (for writeups); the file name says which notebook made the figure.
"""
from __future__ import annotations

import re
from pathlib import Path

import matplotlib

from .config import figures_dir

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")


def save_figure(fig, notebook: str, name: str, formats=("png", "svg"), dpi: int = 150) -> list[Path]:
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
        Any of ``"png"``, ``"svg"``, ``"pdf"``.
    dpi : int
        Resolution of raster formats.

    Returns
    -------
    list of pathlib.Path
        The files written.
    """
    for label, text in (("notebook", notebook), ("name", name)):
        if not isinstance(text, str) or not _NAME.match(text):
            raise ValueError(f"{label} must be a plain file-name stem (letters, digits, _ . -), got {text!r}")
    allowed = {"png", "svg", "pdf"}
    bad = [f for f in formats if f not in allowed]
    if bad or not formats:
        raise ValueError(f"formats must be a non-empty subset of {sorted(allowed)}, got {list(formats)!r}")
    out = []
    folder = figures_dir()
    for fmt in formats:
        path = folder / f"{notebook}-{name}.{fmt}"
        if fmt == "svg":
            # no date and a fixed salt for element ids: rerunning a notebook
            # leaves an unchanged figure byte-for-byte unchanged in git
            with matplotlib.rc_context({"svg.hashsalt": f"{notebook}-{name}"}):
                fig.savefig(path, dpi=dpi, bbox_inches="tight", metadata={"Date": None})
        else:
            fig.savefig(path, dpi=dpi, bbox_inches="tight")
        out.append(path)
    return out
