"""The verdict tables: every number and claim of a source document, beside ours, judged by one rule.

Each chapter ends with a verdict table: one row per number or claim its source
document prints, with the columns :data:`VERDICT_COLUMNS`. Every game's
``claims.py`` builds its rows with :func:`row` and its table with :func:`table`;
the notebooks show it with :func:`styler` and sum it up with :func:`summary`;
the README and the index read the saved tables with :func:`load` (the README's
headline table and counts come from them). One schema, one rule, one look.

The rule
--------
Every row gets exactly one of four verdicts (:data:`VERDICTS`):

``agrees``
    The same quantity, computed by our code, matches the document *at the
    precision the document prints*: our value lies in the half-unit interval of
    the document's last printed digit (:func:`printed_interval`), or, for a
    random estimate, within 4 standard errors (:func:`within_error`); a
    qualitative claim ("never more than", "always", "there exist") holds on
    everything we checked, and the evidence says what was checked.
``differs``
    The same quantity, computed by our code, does *not* match at the printed
    precision or within 4 standard errors, or we found a counterexample to the
    claim. The evidence says by how much and, where we can tell, why (a typo, a
    digit slip, a mistaken method).
``open``
    A claim about the game that our computation does not settle either way: the
    document prints no number, the check is out of reach, a proof is not
    checked, a question is asked.
``context``
    A statement about the document's own setting rather than the game: running
    times or memory on the document's hardware, compilers, thread counts, the
    look of a plot (axis ranges, colours), facts about a contest; or a number of
    another game quoted for comparison. Such a row is shown beside our own
    measurement for context and is **never** counted as agreeing or differing:
    timings on other hardware, or another game's numbers, are not comparable.

:func:`judge` applies the first two rules to a printed number; :func:`within_error`
to a random estimate. Exactly one row of a table is its *headline* (the
chapter's one-line summary in the README and the index). No text holds a dollar
sign: JupyterLab would typeset a pair of them as mathematics
(:func:`stoplib.workbook.prose.money` writes currency).

Examples
--------
>>> t = table("01_demo", [row("value", "2.62", "2.6245", judge("2.62", 2.6245), "exact", headline=True),
...                       row("time", "6 s", "0.3 s", "context", "other hardware")])
>>> summary(t)
'2 rows: 1 agrees, 0 differ, 0 open, 1 context (shown beside ours, never counted as agreeing or differing).'
"""
from __future__ import annotations

import re
from pathlib import Path

import pandas as pd

from ..util.validate import MissingFileError, check_bool, check_instance, check_path, check_real, check_str
from .config import project_root

__all__ = ["VERDICT_COLUMNS", "VERDICTS", "HEADERS", "row", "table", "check_table", "printed_interval",
           "judge", "within_error", "styler", "latex", "summary", "counts", "load"]

#: The columns of every verdict table, in order.
VERDICT_COLUMNS = ("notebook", "claim", "document", "ours", "verdict", "evidence", "headline")
#: The four verdicts (see the module's rule).
VERDICTS = ("agrees", "differs", "open", "context")
#: What a reader sees as the column headers.
HEADERS = {"claim": "Claim", "document": "The document says", "ours": "We find", "verdict": "Verdict",
           "evidence": "Evidence"}
_NOTEBOOK = re.compile(r"^\d\d_[A-Za-z0-9_]+$")
_PRINTED = re.compile(r"^[+-]?(\d+(,\d{3})*|\d*)(\.\d+)?$")
_TEXT_LIMIT = 2000


def row(claim: str, document, ours, verdict: str, evidence: str = "", headline: bool = False) -> dict:
    """One row of a verdict table (the notebook's name is added by :func:`table`).

    Parameters
    ----------
    claim : str
        What the document says, in a few words, with where it says it.
    document, ours : str or number
        The document's value as printed, and ours (numbers are written with ``str``;
        pass a formatted string to control the digits).
    verdict : str
        One of :data:`VERDICTS`.
    evidence : str
        How we know: the method, the size of a difference, what was checked.
    headline : bool
        Whether this row is the chapter's one-line summary.

    Examples
    --------
    >>> row("V(26, 26)", "2.62", "2.6245", "agrees")["verdict"]
    'agrees'
    >>> row("V(26, 26)", "2.62", "2.6245", "agreed")
    Traceback (most recent call last):
    ...
    ValueError: verdict must be one of ('agrees', 'differs', 'open', 'context'), got 'agreed'
    """
    claim = check_str("claim", claim, _TEXT_LIMIT, allow_empty=False)
    if verdict not in VERDICTS:
        raise ValueError(f"verdict must be one of {VERDICTS}, got {verdict!r}")
    out = {"claim": claim, "document": _text("document", document), "ours": _text("ours", ours),
           "verdict": verdict, "evidence": check_str("evidence", evidence, _TEXT_LIMIT),
           "headline": check_bool("headline", headline)}
    for key in ("claim", "document", "ours", "evidence"):
        if "$" in out[key]:
            raise ValueError(f"{key} holds a dollar sign (JupyterLab typesets a pair as maths); "
                             f"write currency with stoplib.workbook.prose.money: {out[key][:80]!r}")
    return out


def _text(name, value) -> str:
    if isinstance(value, str):
        return check_str(name, value, _TEXT_LIMIT)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return f"{value:,}" if isinstance(value, int) else f"{value:.10g}"
    raise TypeError(f"{name} must be a str or a number, got {type(value).__name__}")


def table(notebook: str, rows) -> pd.DataFrame:
    """The verdict table of ``notebook`` from rows made by :func:`row`, checked.

    Raises
    ------
    ValueError
        When no row or more than one row is the headline, or a row is malformed.
    """
    check_str("notebook", notebook, 120)
    if not _NOTEBOOK.match(notebook):
        raise ValueError(f"notebook must be a notebook's stem such as '01_redblack_dp', got {notebook!r}")
    rows = list(rows)
    if not all(isinstance(r, dict) and set(r) == set(VERDICT_COLUMNS[1:]) for r in rows):
        raise TypeError("rows must be dicts made by stoplib.workbook.verdicts.row")
    frame = pd.DataFrame([{"notebook": notebook, **r} for r in rows], columns=list(VERDICT_COLUMNS))
    return check_table(frame, notebook)


def check_table(frame: pd.DataFrame, notebook: str | None = None) -> pd.DataFrame:
    """Check a verdict table's shape: the columns, the verdict words, one headline per notebook.

    Examples
    --------
    >>> check_table(pd.DataFrame({"claim": ["x"]}))
    Traceback (most recent call last):
    ...
    ValueError: verdict columns must be ['notebook', 'claim', ..., 'headline'], got ['claim']
    """
    check_instance("table", frame, pd.DataFrame)
    if list(frame.columns) != list(VERDICT_COLUMNS):
        raise ValueError(f"verdict columns must be {list(VERDICT_COLUMNS)}, got {list(frame.columns)}"[:400])
    bad = sorted(map(str, set(frame["verdict"]) - set(VERDICTS)))
    if bad:
        raise ValueError(f"verdicts must be one of {VERDICTS}, got {bad}")
    if len(frame) == 0:
        raise ValueError("a verdict table needs at least one row")
    for name, rows in frame.groupby("notebook"):
        n = int(rows["headline"].astype(bool).sum())
        if n != 1:
            raise ValueError(f"{name}: exactly one headline row is needed, got {n}")
    if notebook is not None:
        check_str("notebook", notebook, 200)
        if set(frame["notebook"]) != {notebook}:
            raise ValueError(f"rows for {sorted(set(frame['notebook']))}, expected only {notebook}")
    return frame


def printed_interval(printed: str) -> tuple[float, float]:
    """The interval of values that print as ``printed``: the half unit of its last digit either side.

    Examples
    --------
    >>> printed_interval("6,038.22")
    (6038.215, 6038.225)
    >>> printed_interval("20")
    (19.5, 20.5)
    """
    text = check_str("printed", printed, 100).strip()
    if not text or not _PRINTED.match(text) or text in {"+", "-", "."}:
        raise ValueError(f"printed must be a number as printed (digits, an optional sign, thousands commas "
                         f"and decimal point, such as '6,038.22'), got {printed!r}")
    digits = text.replace(",", "")
    decimals = len(digits.split(".")[1]) if "." in digits else 0
    half = 0.5 * 10.0 ** (-decimals)
    x = float(digits)
    return (round(x - half, decimals + 1), round(x + half, decimals + 1))


def judge(printed: str, ours: float) -> str:
    """``'agrees'`` when ``ours`` prints as ``printed`` (it lies in :func:`printed_interval`), else ``'differs'``.

    The interval is closed, so a value exactly halfway agrees with either rounding.

    Examples
    --------
    >>> judge("5.8012180037", 5.80118003704), judge("5.87202", 5.8720189)
    ('differs', 'agrees')
    """
    low, high = printed_interval(printed)
    ours = check_real("ours", ours)
    return "agrees" if low - 1e-12 * max(1.0, abs(ours)) <= ours <= high + 1e-12 * max(1.0, abs(ours)) else "differs"


def within_error(estimate: float, exact: float, std_err: float, z: float = 4.0) -> str:
    """``'agrees'`` when a random ``estimate`` lies within ``z`` standard errors of ``exact``.

    Examples
    --------
    >>> within_error(2.6244, 2.62448, 0.0006), within_error(2.60, 2.62448, 0.0006)
    ('agrees', 'differs')
    """
    estimate, exact = check_real("estimate", estimate), check_real("exact", exact)
    std_err = check_real("std_err", std_err, 0.0)
    z = check_real("z", z, 0.0, 100.0)
    if std_err == 0.0:
        return "agrees" if estimate == exact else "differs"
    return "agrees" if abs(estimate - exact) <= z * std_err else "differs"


def counts(frame: pd.DataFrame) -> dict:
    """How many rows have each verdict: ``{"agrees": a, "differs": d, "open": o, "context": c}``."""
    check_table(frame)
    found = frame["verdict"].value_counts()
    return {v: int(found.get(v, 0)) for v in VERDICTS}


def summary(frame: pd.DataFrame, list_differences: bool = False) -> str:
    """One sentence counting the verdicts of ``frame`` (optionally naming the rows that differ)."""
    n = counts(frame)
    list_differences = check_bool("list_differences", list_differences)
    differ = ""
    if list_differences and n["differs"]:
        differ = " (" + "; ".join(frame.loc[frame["verdict"] == "differs", "claim"]) + ")"
    rows = "row" if len(frame) == 1 else "rows"
    text = (f"{len(frame)} {rows}: {n['agrees']} agree{'s' if n['agrees'] == 1 else ''}, "
            f"{n['differs']} differ{differ}, {n['open']} open")
    if n["context"]:
        text += f", {n['context']} context (shown beside ours, never counted as agreeing or differing)"
    return text + "."


def styler(frame: pd.DataFrame):
    """The verdict table for display: human headers, the verdict cell coloured (agrees blue,
    differs orange, open grey, context white with a grey rim), the headline row in bold, long
    text wrapped; the ``notebook`` and ``headline`` columns and the index are not shown.

    Examples
    --------
    >>> t = table("01_demo", [row("c", "1", "1", "agrees", "e", headline=True)])
    >>> html = styler(t).to_html()
    >>> "The document says" in html and "font-weight: bold" in html and "headline" not in html
    True
    >>> t = table("01_demo", [row("error '<0.002%'", "1", "1", "agrees", "e", headline=True)])
    >>> "&lt;0.002%" in styler(t).to_html()
    True
    """
    from . import style

    check_table(frame)
    fill = {"agrees": style.AGREE, "differs": style.DIFFER, "open": style.OPEN, "context": "white"}
    ink = {"agrees": "white"}
    shown = frame.reset_index(drop=True)
    heads = shown["headline"].astype(bool).to_numpy()

    def colour(v):
        rim = "; border: 1px solid #8C8C8C" if v == "context" else ""
        return f"background-color: {fill.get(v, 'white')}; color: {ink.get(v, 'black')}; font-weight: bold{rim}"

    def bold_headline(r):
        return ["font-weight: bold" if heads[r.name] and c != "verdict" else "" for c in r.index]

    body = shown[list(HEADERS)].rename(columns=HEADERS)
    return (body.style.format(escape="html")       # a claim's text is text: '<0.002%' is no tag
            .hide(axis="index")
            .apply(bold_headline, axis=1)
            .map(colour, subset=[HEADERS["verdict"]])
            .set_properties(**{"text-align": "left", "vertical-align": "top"})
            .set_properties(subset=[HEADERS["claim"], HEADERS["evidence"]],
                            **{"min-width": "16em", "max-width": "34em", "white-space": "normal"})
            .set_table_styles([{"selector": "th", "props": "text-align: left"}]))


def latex(frame: pd.DataFrame) -> str:
    """The verdict table as a LaTeX ``booktabs`` tabular: the columns and headers of :func:`styler`,
    the headline row in bold, long text in paragraph columns (see :func:`stoplib.workbook.tables.latex`).

    Examples
    --------
    >>> t = table("01_demo", [row("c_1", "1", "1", "agrees", "50%", headline=True)])
    >>> print(latex(t).splitlines()[2])
    Claim & The document says & We find & Verdict & Evidence \\\\
    >>> print(latex(t).splitlines()[4])
    \\textbf{c\\_1} & \\textbf{1} & \\textbf{1} & \\textbf{agrees} & \\textbf{50\\%} \\\\
    """
    from . import tables

    check_table(frame)
    shown = frame.reset_index(drop=True)
    return tables.latex(shown[list(HEADERS)], headers=HEADERS, bold_rows=shown["headline"].astype(bool).tolist())


def load(root: Path | None = None, notebooks=None) -> pd.DataFrame:
    """The saved verdict tables ``data/<notebook>_verdicts.csv``, checked, in the given order.

    Parameters
    ----------
    root : path, optional
        The project folder (default: this checkout).
    notebooks : sequence of str, optional
        The notebooks to read (default: every ``data/NN_*_verdicts.csv``, in name order).
    """
    root = project_root() if root is None else check_path("root", root, must_exist=True, kind="dir")
    if notebooks is None:
        notebooks = sorted(p.name[:-len("_verdicts.csv")] for p in (root / "data").glob("[0-9][0-9]_*_verdicts.csv"))
    frames = []
    for notebook in notebooks:
        path = root / "data" / f"{notebook}_verdicts.csv"
        if not path.is_file():
            raise MissingFileError(2, f"missing: run notebook {notebook} (make workbook)", str(path))
        frame = pd.read_csv(path, dtype=str, keep_default_na=False)
        if "headline" in frame:
            frame["headline"] = frame["headline"].map({"True": True, "False": False})
        frames.append(check_table(frame, notebook))
    if not frames:
        raise MissingFileError(2, "no verdict tables: run the notebooks (make workbook)", str(root / "data"))
    return pd.concat(frames, ignore_index=True)

