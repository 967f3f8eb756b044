"""Tables for readers: one look for every table a notebook shows.

A notebook's data tables keep machine names (``n_red``, ``cells_per_second``) in
their CSV files, where code reads them; a reader sees them through :func:`show`,
which gives every table the same look: human headers, numbers formatted
(thousands separators for whole numbers, a fixed number of significant digits
otherwise, unless a column's format is given), ``yes``/``no`` for booleans, no
index unless asked, text left-aligned and numbers right-aligned.

Examples
--------
>>> import pandas as pd
>>> df = pd.DataFrame({"n_red": [26, 100000], "value": [2.624475549, 165.0758], "exact": [True, False]})
>>> html = show(df, formats={"value": "{:.6f}"}).to_html()
>>> "n red" in html and "100,000" in html and "2.624476" in html and "yes" in html
True
>>> header("cells_per_second"), header("V(26, 26)"), header("n"), header("std_err")
('Cells per second', 'V(26, 26)', 'n', 'Standard error')
"""
from __future__ import annotations

import re

import numpy as np
import pandas as pd

from ..util.validate import check_bool, check_instance, check_int, check_str

__all__ = ["header", "show", "WORDS"]

#: Abbreviations spelled out in headers (a word of a snake_case name -> what a reader sees).
WORDS = {"std": "standard", "err": "error", "se": "standard error", "ci": "CI", "mc": "Monte Carlo",
         "dp": "DP", "ev": "expected value", "pct": "%", "n": "n", "id": "ID", "cpu": "CPU", "gpu": "GPU",
         "sd": "SD", "ols": "OLS", "vs": "vs", "mb": "MB", "gb": "GB", "ms": "ms", "p": "P", "v": "V"}
_SNAKE = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")


def header(name) -> str:
    """The header a reader sees for a column ``name``: snake_case becomes words.

    A name that is not snake_case (it holds capitals, spaces or symbols) is kept:
    it was already written for a reader.
    """
    name = str(name)
    if not _SNAKE.match(name):
        return name
    words = []
    for word in name.split("_"):
        words.extend(WORDS.get(word, word).split())
    text = " ".join(words)
    if len(words[0]) == 1:        # a symbol (n, r, b, k, V, P) keeps its case
        return text
    return text[0].upper() + text[1:]


def _default_format(series: pd.Series, digits: int):
    if pd.api.types.is_bool_dtype(series):
        return lambda v: "yes" if v else "no"
    if pd.api.types.is_integer_dtype(series):
        return "{:,}"
    if pd.api.types.is_float_dtype(series):
        values = series.to_numpy(dtype=float)
        finite = values[np.isfinite(values)]
        if finite.size and np.all(finite == np.round(finite)) and np.all(np.abs(finite) < 2**53):
            return lambda v: "" if pd.isna(v) else f"{int(v):,}"
        return lambda v: "" if pd.isna(v) else f"{v:,.{digits}g}"
    if series.dtype == object and series.map(lambda v: isinstance(v, (bool, np.bool_))).all() and len(series):
        return lambda v: "yes" if v else "no"
    return None


def show(df: pd.DataFrame, formats: dict | None = None, headers: dict | None = None, index: bool = False,
         digits: int = 6, caption: str | None = None):
    """``df`` as a reader sees it: a pandas ``Styler`` with human headers and formatted numbers.

    Parameters
    ----------
    df : pandas.DataFrame
        The table, with the column names its CSV file keeps.
    formats : dict, optional
        Column -> format string (``"{:.6f}"``) or callable, for columns whose default
        (thousands separators for whole numbers, ``digits`` significant digits
        otherwise, yes/no for booleans) is not right.
    headers : dict, optional
        Column -> header, for names :func:`header` would not spell out well.
    index : bool
        Whether to show the index (a named index is shown with a human header too).
    digits : int
        Significant digits of floats without a format.
    caption : str, optional
        A caption above the table (plain text).
    """
    check_instance("df", df, pd.DataFrame)
    formats = {} if formats is None else dict(check_instance("formats", formats, dict))
    headers = {} if headers is None else dict(check_instance("headers", headers, dict))
    index = check_bool("index", index)
    digits = check_int("digits", digits, 1, 17)
    unknown = sorted(map(str, (set(formats) | set(headers)) - set(df.columns)))
    if unknown:
        raise ValueError(f"formats/headers name columns the table lacks: {unknown}; it has {list(df.columns)}"[:400])
    shown = df.copy()
    formatter = {}
    for column in df.columns:
        fmt = formats.get(column, _default_format(df[column], digits))
        if fmt is not None:
            formatter[column] = fmt
    names = {c: headers.get(c, header(c)) for c in df.columns}
    shown.columns = [names[c] for c in df.columns]
    if index and shown.index.name is not None:
        shown.index.name = header(shown.index.name)
    styler = shown.style.format({names[c]: f for c, f in formatter.items()}, na_rep="")
    if not index:
        styler = styler.hide(axis="index")
    styler = styler.set_table_styles([{"selector": "th", "props": "text-align: left"}])
    text_columns = [names[c] for c in df.columns if df[c].dtype == object and c not in formatter]
    if text_columns:
        styler = styler.set_properties(subset=text_columns, **{"text-align": "left"})
    if caption is not None:
        styler = styler.set_caption(check_str("caption", caption, 500))
    return styler
