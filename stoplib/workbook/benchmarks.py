"""The benchmark results: one file that ``make bench`` writes and the README's speed table reads.

Every ``benchmarks/bench_*.py`` records its medians with :func:`record`, one row per
measurement, in ``benchmarks/results.csv`` (:data:`RESULTS`): what was timed, the median
seconds, a rate where one reads better, how many repeats, and the machine, its load and
when (:func:`stoplib.util.timing.stamp`). A row with a ``readme`` label is one line of the
README's "Measured speed" table, which :func:`speed_block` renders between the markers
:data:`START` and :data:`END` (``python -m stoplib.workbook.readme`` writes it, and the
README test fails when it is out of date): the README quotes no timing that is not in
the results file.

Examples
--------
>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "results.csv"
>>> _ = record("bench_demo", "a sum", 0.25, rate="4 M/s", readme="summing", path=path)
>>> row = load_results(path).iloc[0]
>>> row["what"], float(row["seconds"]), row["readme"]
('a sum', 0.25, 'summing')
"""
from __future__ import annotations

import csv
import html
from pathlib import Path

import pandas as pd

from ..util.timing import stamp
from ..util.validate import check_int, check_path, check_real, check_str
from .config import output_root

__all__ = ["RESULTS", "COLUMNS", "START", "END", "record", "load_results", "speed_block", "Recorder"]

#: The results file, relative to the project root.
RESULTS = "benchmarks/results.csv"
#: Its columns.
COLUMNS = ("benchmark", "what", "seconds", "rate", "repeats", "readme", "machine", "load", "taken")
START = "<!-- speed:start (generated from benchmarks/results.csv by python -m stoplib.workbook.readme) -->"
END = "<!-- speed:end -->"


def _path(path) -> Path:
    """The results file: ``benchmarks/results.csv`` of the output folder (the project root, unless
    ``STOPLIB_OUTPUT_DIR`` redirects it, as the tests do), or the given path."""
    return output_root() / RESULTS if path is None else check_path("path", path)


def record(benchmark: str, what: str, seconds: float, rate: str = "", repeats: int = 1, readme: str = "",
           path=None) -> dict:
    """Write one measurement to the results file (replacing an earlier row of the same benchmark and ``what``).

    Parameters
    ----------
    benchmark : str
        The script that measured it (``"bench_redblack"``).
    what : str
        What was timed, in words a reader understands, with its size and method.
    seconds : float
        The median wall-clock seconds.
    rate : str
        A rate where one reads better (``"1.4e10 cells/s"``).
    repeats : int
        How many runs the median is of.
    readme : str
        The label of the README speed-table line this row is (empty: not in the README).
    """
    check_str("benchmark", benchmark, 100, allow_empty=False)
    check_str("what", what, 300, allow_empty=False)
    seconds = check_real("seconds", seconds, 0.0)
    check_str("rate", rate, 100)
    repeats = check_int("repeats", repeats, 1, 10**6)
    check_str("readme", readme, 200)
    target = _path(path)
    rows = load_results(target).to_dict("records") if target.is_file() else []
    row = {"benchmark": benchmark, "what": what, "seconds": seconds, "rate": rate, "repeats": repeats,
           "readme": readme, **stamp()}
    rows = [r for r in rows if (r["benchmark"], r["what"]) != (benchmark, what)] + [row]
    rows.sort(key=lambda r: (r["benchmark"], r["what"]))
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(COLUMNS), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    return row


def load_results(path=None) -> pd.DataFrame:
    """The results file, checked (the columns, seconds that are numbers)."""
    target = _path(path)
    if not target.is_file():
        return pd.DataFrame(columns=list(COLUMNS))
    frame = pd.read_csv(target, dtype={"rate": str, "readme": str, "machine": str, "taken": str},
                        keep_default_na=False)
    if tuple(frame.columns) != COLUMNS:
        raise ValueError(f"{target}: columns must be {list(COLUMNS)}, got {list(frame.columns)}"[:400])
    frame["seconds"] = pd.to_numeric(frame["seconds"], errors="raise")
    return frame


def _seconds(s: float) -> str:
    if s >= 100:
        return f"{s:,.0f} s"
    if s >= 1:
        return f"{s:.2f} s"
    if s >= 1e-3:
        return f"{s * 1e3:.3g} ms"
    return f"{s * 1e6:.3g} µs"


def speed_block(path=None) -> str:
    """The README's "Measured speed" table (Markdown), from the rows with a ``readme`` label."""
    frame = load_results(path)
    shown = frame[frame["readme"] != ""]
    lines = [START, ""]
    if shown.empty:
        lines += ["No benchmark has been recorded yet: run `make bench`.", "", END]
        return "\n".join(lines)
    machines = sorted(set(shown["machine"]))
    lines += [f"Medians from `make bench`, written to `{RESULTS}` with the machine, its load (1-minute "
              "load average) and the time of each measurement; compare timings only within one run.", ""]
    if len(machines) == 1:
        lines += [f"Machine: {html.escape(machines[0])}.", ""]
    lines += ["| what | median | rate | load | taken |", "|---|---|---|---|---|"]
    for _, r in shown.sort_values(["benchmark", "readme"]).iterrows():
        label = html.escape(str(r["readme"]), quote=False).replace("|", "&#124;")
        rate = html.escape(str(r["rate"]), quote=False).replace("|", "&#124;")
        lines.append(f"| {label} | {_seconds(float(r['seconds']))} (median of {int(r['repeats'])}) | {rate} | "
                     f"{float(r['load']):.1f} | {r['taken']} |")
    if len(machines) > 1:
        lines += ["", "Machines: " + "; ".join(html.escape(m) for m in machines) + "."]
    lines += ["", END]
    return "\n".join(lines)


class Recorder:
    """What a benchmark script records: ``save = Recorder("bench_x")``, then ``save(what, seconds, ...)``.

    Each call is :func:`record` with the script's name, unless the script was run with
    ``--no-record`` (``save.enabled = False``): then it only counts. :meth:`summary` is the
    script's closing line.

    Examples
    --------
    >>> save = Recorder("bench_demo")
    >>> save.enabled = False
    >>> save("a sum", 0.25)
    >>> save.summary()
    '--no-record: nothing written to benchmarks/results.csv'
    """

    def __init__(self, benchmark: str, path=None):
        self.benchmark = check_str("benchmark", benchmark, 100, allow_empty=False)
        self.path = path
        self.enabled = True
        self.count = 0

    def __call__(self, what: str, seconds: float, rate: str = "", repeats: int = 1, readme: str = "") -> None:
        if self.enabled:
            record(self.benchmark, what, seconds, rate=rate, repeats=repeats, readme=readme, path=self.path)
            self.count += 1

    def summary(self) -> str:
        """The script's closing line: how many medians it recorded, and where."""
        return (f"recorded {self.count} medians in {RESULTS}" if self.enabled
                else f"--no-record: nothing written to {RESULTS}")
