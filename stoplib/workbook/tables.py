"""Tables for readers: one look for every table a notebook shows.

A notebook's data tables keep machine names (``n_red``, ``cells_per_second``) in
their CSV files, where code reads them; a reader sees them through :func:`show`,
which gives every table the same look: human headers, numbers formatted
(thousands separators for whole numbers, a fixed number of significant digits
otherwise, unless a column's format is given), ``yes``/``no`` for booleans, no
index unless asked, text left-aligned and numbers right-aligned.

:func:`latex` writes the same table, with the same headers and the same numbers, as a
LaTeX ``booktabs`` tabular for a writeup (``\\usepackage{booktabs}``, then
``\\input{data/<name>.tex}``); :func:`stoplib.workbook.export.save_table` writes it beside
every CSV it saves.

Examples
--------
>>> import pandas as pd
>>> df = pd.DataFrame({"n_red": [26, 100000], "value": [2.624475549, 165.0758], "exact": [True, False]})
>>> html = show(df, formats={"value": "{:.6f}"}).to_html()
>>> "n red" in html and "100,000" in html and "2.624476" in html and "yes" in html
True
>>> header("cells_per_second"), header("V(26, 26)"), header("n"), header("std_err")
('Cells per second', 'V(26, 26)', 'n', 'Standard error')
>>> print(latex(pd.DataFrame({"n_red": [26], "cost_$": [2.5]})))
\\begin{tabular}{rr}
\\toprule
n red & cost\\_\\$ \\\\
\\midrule
26 & 2.5 \\\\
\\bottomrule
\\end{tabular}
<BLANKLINE>
"""
from __future__ import annotations

import re

import numpy as np
import pandas as pd

from ..util.validate import check_bool, check_instance, check_int, check_str

__all__ = ["header", "show", "latex", "latex_escape", "WORDS"]

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


def _look(df: pd.DataFrame, formats, headers, digits):
    """The headers a reader sees and the formatter of each column (shared by :func:`show` and :func:`latex`)."""
    formats = {} if formats is None else dict(check_instance("formats", formats, dict))
    headers = {} if headers is None else dict(check_instance("headers", headers, dict))
    digits = check_int("digits", digits, 1, 17)
    unknown = sorted(map(str, (set(formats) | set(headers)) - set(df.columns)))
    if unknown:
        raise ValueError(f"formats/headers name columns the table lacks: {unknown}; it has {list(df.columns)}"[:400])
    formatter = {}
    for column in df.columns:
        fmt = formats.get(column, _default_format(df[column], digits))
        if fmt is not None:
            formatter[column] = fmt
    names = {c: str(headers.get(c, header(c))) for c in df.columns}
    return names, formatter


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
    index = check_bool("index", index)
    names, formatter = _look(df, formats, headers, digits)
    shown = df.copy()
    shown.columns = [names[c] for c in df.columns]
    if index and shown.index.name is not None:
        shown.index.name = header(shown.index.name)
    styler = shown.style.format({names[c]: f for c, f in formatter.items()}, na_rep="")
    if not index:
        styler = styler.hide(axis="index")
    # text (object columns, and pandas 3's string columns, dtype "str") left-aligned, by position: two
    # columns may show the same header ("SE" beside each coefficient), which Styler.set_properties refuses
    text_positions = [k for k, c in enumerate(df.columns) if c not in formatter
                      and (df[c].dtype == object or pd.api.types.is_string_dtype(df[c].dtype))]
    styler = styler.set_table_styles([{"selector": "th", "props": "text-align: left"}]
                                     + [{"selector": f"td.col{k}", "props": "text-align: left"}
                                        for k in text_positions])
    if caption is not None:
        styler = styler.set_caption(check_str("caption", caption, 500))
    return styler


#: LaTeX for the characters LaTeX treats specially, and for the Unicode symbols our tables use
#: (so that a table compiles with pdfLaTeX as well as with XeLaTeX or LuaLaTeX).
_LATEX = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_", "{": r"\{",
          "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}", "<": r"\textless{}",
          ">": r"\textgreater{}", "−": r"\ensuremath{-}", "±": r"\ensuremath{\pm}", "×": r"\ensuremath{\times}",
          "≤": r"\ensuremath{\le}", "≥": r"\ensuremath{\ge}", "≈": r"\ensuremath{\approx}",
          "≠": r"\ensuremath{\ne}", "√": r"\ensuremath{\surd}", "∞": r"\ensuremath{\infty}",
          "·": r"\ensuremath{\cdot}", "→": r"\ensuremath{\to}", "…": r"\ldots{}", "–": "--", "—": "---",
          "’": "'", "‘": "`", "“": "``", "”": "''", "\u00a0": "~", "\n": " ",
          **{g: rf"\ensuremath{{\{n}}}" for g, n in zip(
              "αβγδεζηθικλμνξπρστφχψωΓΔΘΛΞΠΣΦΨΩ",
              ["alpha", "beta", "gamma", "delta", "varepsilon", "zeta", "eta", "theta", "iota", "kappa", "lambda",
               "mu", "nu", "xi", "pi", "rho", "sigma", "tau", "varphi", "chi", "psi", "omega", "Gamma", "Delta",
               "Theta", "Lambda", "Xi", "Pi", "Sigma", "Phi", "Psi", "Omega"])}}
_EXPONENT = re.compile(r"^([−-]?[0-9.,]+)e([+-])0*([0-9]+)$")
#: Longest text (in characters) of a column set in one line; longer text wraps in a paragraph column.
_WRAP = 40


def latex_escape(text) -> str:
    """Text made safe for LaTeX: the ten special characters escaped, common symbols spelled in LaTeX.

    Examples
    --------
    >>> print(latex_escape("50% of $3 & x_1 ≤ √n"))
    50\\% of \\$3 \\& x\\_1 \\ensuremath{\\le} \\ensuremath{\\surd}n
    """
    check_str("text", text, 10**6)
    return "".join(_LATEX.get(ch, ch) for ch in text)


def _latex_number(text: str) -> str:
    """A formatted number in LaTeX: ``1.15e+08`` as 1.15 × 10⁸ (``\\ensuremath{\\times 10^{8}}``)."""
    match = _EXPONENT.match(text)
    if not match:
        return latex_escape(text)
    mantissa, sign, power = match.groups()
    return latex_escape(mantissa) + rf"\ensuremath{{\times 10^{{{'-' if sign == '-' else ''}{power}}}}}"


def _cell(value, fmt) -> str:
    if fmt is None:
        return "" if value is None or (isinstance(value, float) and np.isnan(value)) else str(value)
    if isinstance(fmt, str):
        return "" if pd.isna(value) else fmt.format(value)
    return str(fmt(value))


def _column_format(df, cells) -> str:
    """``r`` for numbers, ``l`` for short text, a paragraph column for long text (widths share the line)."""
    kinds = []
    for k, column in enumerate(df.columns):
        numeric = pd.api.types.is_numeric_dtype(df[column]) and not pd.api.types.is_bool_dtype(df[column])
        longest = max((len(row[k]) for row in cells), default=0)
        kinds.append("r" if numeric else ("p" if longest > _WRAP else "l"))
        kinds[-1] = (kinds[-1], min(longest, 3 * _WRAP))
    wide = sum(width for kind, width in kinds if kind == "p")
    share = max(0.9 - 0.08 * sum(kind != "p" for kind, _ in kinds), 0.3)
    spec = ""
    for kind, width in kinds:
        spec += (f"p{{{max(share * width / wide, 0.1):.2f}\\linewidth}}" if kind == "p" else kind)
    return spec


def latex(df: pd.DataFrame, formats: dict | None = None, headers: dict | None = None, index: bool = False,
          digits: int = 6, bold_rows=None) -> str:
    """``df`` as a LaTeX ``booktabs`` tabular, with the headers and numbers :func:`show` gives it.

    The cells are formatted as :func:`show` formats them (human headers, thousands separators,
    significant digits, yes/no), then every LaTeX special character is escaped
    (:func:`latex_escape`), so the text prints as the reader sees it in the notebook. Numbers are
    right-aligned, short text left-aligned, and text longer than 40 characters wraps in a
    paragraph column. The rules are booktabs' ``\\toprule``, ``\\midrule`` and ``\\bottomrule``
    (pandas ``Styler.to_latex(hrules=True)``). Use it in a paper with ``\\usepackage{booktabs}``
    and ``\\input{data/<name>.tex}`` inside a ``table`` environment.

    Parameters
    ----------
    df : pandas.DataFrame
        The table, with the column names its CSV file keeps.
    formats, headers, index, digits
        As for :func:`show`.
    bold_rows : sequence of bool, optional
        One flag per row: the rows set in bold (a verdict table's headline).

    Returns
    -------
    str
        The ``tabular`` environment, ending with a newline.
    """
    check_instance("df", df, pd.DataFrame)
    index = check_bool("index", index)
    headers = {} if headers is None else dict(check_instance("headers", headers, dict))
    if index:                       # the index becomes the first column, with its header
        name = df.index.name if df.index.name is not None else "index"
        if name in df.columns:
            raise ValueError(f"the index name {name!r} is also a column name")
        headers.setdefault(name, header(df.index.name) if df.index.name is not None else "")
        df = df.reset_index(names=name)
    if not df.columns.is_unique:
        raise ValueError(f"the table's column names must be unique, got {list(df.columns)}"[:400])
    names, formatter = _look(df, formats, headers, digits)
    if bold_rows is not None:
        if isinstance(bold_rows, (str, bytes)) or not isinstance(bold_rows, (list, tuple, np.ndarray, pd.Series)):
            raise TypeError(f"bold_rows must be a sequence of bool, got {type(bold_rows).__name__}")
        bold_rows = [check_bool("bold_rows", b) for b in list(bold_rows)]
        if len(bold_rows) != len(df):
            raise ValueError(f"bold_rows must hold one flag per row ({len(df)}), got {len(bold_rows)}")
    cells = [[_cell(value, formatter.get(column)) for column, value in zip(df.columns, row)]
             for row in df.itertuples(index=False, name=None)]
    numeric = [pd.api.types.is_numeric_dtype(df[c]) and not pd.api.types.is_bool_dtype(df[c]) for c in df.columns]
    body = [[_latex_number(text) if is_number else latex_escape(text) for text, is_number in zip(row, numeric)]
            for row in cells]
    if bold_rows is not None:
        body = [[rf"\textbf{{{t}}}" if bold and t else t for t in row] for row, bold in zip(body, bold_rows)]
    frame = pd.DataFrame(body, columns=[latex_escape(names[c]) for c in df.columns])
    return frame.style.hide(axis="index").to_latex(hrules=True, column_format=_column_format(df, cells))
