"""Execute the workbook's notebooks headless (``make workbook``, ``make quick-workbook``, the tests).

Executing means really executing: every cell runs in a fresh kernel through
nbclient, and an error cell raises. In full mode the executed notebook, with its
outputs, is written back in place; in quick mode (``STOPLIB_QUICK=1``) it is not,
unless ``save_to`` is given.

Why a subclass of nbclient's client
-----------------------------------
nbclient waits for a cell's ``execute_reply`` with one blocking poll of the shell
channel (``get_msg(timeout=None)`` when there is no per-cell limit, or one poll
for the whole limit). When a cell displays ipywidgets, nbclient's Output-widget
mimic *sends* on that same shell socket while the poll is waiting; ZeroMQ's
edge-triggered notification can then be consumed by the send, and a reply that
has already arrived is never noticed until the poll times out (jupyter/nbclient
issue 312: 15 minutes in our tests, forever without a limit). Here every wait is a
sequence of short polls (``POLL_SECONDS``): each poll that times out re-checks the
socket's real state, so a missed wake-up costs at most one poll interval. A cell
that really hangs still fails, after the per-cell limit, with a message naming
the notebook, the cell and its first line.

Command line::

    python -m stoplib.workbook.runner run --mode full            # every notebook
    python -m stoplib.workbook.runner run --mode full --stale    # only those whose inputs changed (make workbook)
    python -m stoplib.workbook.runner run --mode quick 01 04     # those whose name starts 01 or 04
"""
from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from queue import Empty
import re

from ..util.validate import check_bool, check_callable, check_int, check_path, check_str
from .config import OUTPUT_ENV, QUICK_ENV, output_root, project_root
from ._settle import settle
from .freshness import AUDIT_REPORT, AUDIT_SETUP, record, stale

#: Longest per-cell limit accepted (a week).
MAX_CELL_LIMIT = 7 * 86400

__all__ = ["NotebookError", "NotebookRun", "cell_limit", "execute_notebook", "format_summary", "notebook_paths",
           "run_notebooks", "stale_summary", "POLL_SECONDS", "QUICK_CELL_LIMIT", "FULL_CELL_LIMIT"]

#: Longest single wait on a kernel channel; a missed wake-up costs at most this.
POLL_SECONDS = 1.0
#: Per-cell limit in quick mode (the tests): every quick cell takes seconds.
QUICK_CELL_LIMIT = 600
#: Per-cell limit in full mode: generous, the longest full-mode cell takes minutes.
FULL_CELL_LIMIT = 3 * 3600
_ANSI = re.compile(r"\x1b\[[0-9;]*m")

#: Environment variable that overrides the per-cell limit (seconds).
CELL_LIMIT_ENV = "STOPLIB_CELL_TIMEOUT"


class NotebookError(RuntimeError):
    """A notebook failed: an error cell, a cell past its limit, or a dead kernel.

    The message names the notebook, the cell (its position and first line) and
    what went wrong.
    """

    def __init__(self, notebook: str, cell_index: int | None, first_line: str, reason: str):
        self.notebook = notebook
        self.cell_index = cell_index
        self.first_line = first_line
        self.reason = reason
        where = f"cell {cell_index}" if cell_index is not None else "before the first cell"
        line = f" (`{first_line}`)" if first_line else ""
        super().__init__(f"{notebook}: {where}{line}: {reason}")


def notebook_paths(root: Path | None = None) -> list[Path]:
    """All ``notebooks/NN_*.ipynb`` files, in order, the index ``00_*`` last (it reads what the chapters wrote).

    Examples
    --------
    >>> all(p.suffix == ".ipynb" for p in notebook_paths())
    True
    """
    root = project_root() if root is None else check_path("root", root, must_exist=True, kind="dir")
    folder = root / "notebooks"
    found = (p for p in folder.glob("[0-9][0-9]_*.ipynb") if ".ipynb_checkpoints" not in p.parts)
    return sorted(found, key=lambda p: (p.name.startswith("00_"), p.name))


def cell_limit(quick: bool) -> int:
    """The per-cell limit in seconds: ``STOPLIB_CELL_TIMEOUT`` if set, else the mode's default.

    Examples
    --------
    >>> cell_limit(True) > 0 and cell_limit(False) >= cell_limit(True)
    True
    """
    quick = check_bool("quick", quick)
    text = os.environ.get(CELL_LIMIT_ENV, "").strip()
    if text:
        try:
            value = int(text)
        except ValueError:
            raise ValueError(f"{CELL_LIMIT_ENV} must be a whole number of seconds, got {text!r}") from None
        if value < 1:
            raise ValueError(f"{CELL_LIMIT_ENV} must be >= 1 second, got {value}")
        return value
    return QUICK_CELL_LIMIT if quick else FULL_CELL_LIMIT


@contextmanager
def _environ(**values):
    old = {k: os.environ.get(k) for k in values}
    try:
        for k, v in values.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = str(v)
        yield
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def _first_line(cell) -> str:
    for line in (cell.get("source") or "").splitlines():
        if line.strip():
            return line.strip()[:100]
    return ""


def _client_class():
    """nbclient's ``NotebookClient`` with bounded polls (built lazily: nbclient is imported on use)."""
    from nbclient import NotebookClient
    from nbclient.exceptions import CellTimeoutError
    from nbclient.util import ensure_async

    class BoundedPollClient(NotebookClient):
        """Waits on the kernel's channels in polls of at most ``POLL_SECONDS``."""

        current_index: int | None = None
        current_cell = None
        #: ``(channel, timeout)`` of every wait, when a test asks for it
        poll_log: list | None = None

        async def async_execute_cell(self, cell, cell_index, execution_count=None, store_history=True):
            self.current_index, self.current_cell = cell_index, cell
            return await super().async_execute_cell(cell, cell_index, execution_count, store_history)

        async def _get(self, channel, timeout):
            if self.poll_log is not None:
                self.poll_log.append((channel, timeout))
            return await ensure_async(getattr(self.kc, channel).get_msg(timeout=timeout))

        async def _async_poll_for_reply(self, msg_id, cell, timeout, task_poll_output_msg,
                                        task_poll_kernel_alive):
            deadline = None if timeout is None else time.monotonic() + timeout
            while True:
                wait = POLL_SECONDS
                if deadline is not None:
                    wait = max(0.0, min(POLL_SECONDS, deadline - time.monotonic()))
                try:
                    msg = await self._get("shell_channel", wait)
                except Empty:
                    if deadline is not None and time.monotonic() >= deadline:
                        task_poll_kernel_alive.cancel()
                        await self._async_check_alive()
                        if self.interrupt_on_timeout:
                            await ensure_async(self.km.interrupt_kernel())
                        raise CellTimeoutError(f"the cell ran past its limit of {timeout} s") from None
                    continue
                if msg["parent_header"].get("msg_id") != msg_id:
                    continue
                if self.record_timing:
                    from nbclient.client import timestamp
                    cell["metadata"]["execution"]["shell.execute_reply"] = timestamp(msg)
                try:
                    await asyncio.wait_for(task_poll_output_msg, self.iopub_timeout)
                except (asyncio.TimeoutError, Empty):
                    self.log.warning("Timeout waiting for IOPub output")
                task_poll_kernel_alive.cancel()
                return msg

        async def _async_poll_output_msg(self, parent_msg_id, cell, cell_index):
            from nbclient.exceptions import CellExecutionComplete
            while True:
                try:
                    msg = await self._get("iopub_channel", POLL_SECONDS)
                except Empty:
                    continue
                if msg["parent_header"].get("msg_id") == parent_msg_id:
                    try:
                        self.process_message(msg, cell, cell_index)
                    except CellExecutionComplete:
                        return

    return BoundedPollClient


def execute_notebook(path, quick: bool = True, timeout: int | None = None,
                     output_dir=None, save_to=None, kernel_name: str = "python3",
                     on_cell=None, poll_log: list | None = None, io: dict | None = None):
    """Execute one notebook top to bottom and return the executed ``NotebookNode``.

    Parameters
    ----------
    path : str or Path
        The ``.ipynb`` file.
    quick : bool
        Run in quick mode (sets ``STOPLIB_QUICK=1`` for the kernel).
    timeout : int or None
        Per-cell limit in seconds; None takes :func:`cell_limit` for the mode.
    output_dir : str or Path or None
        Where figures/ and data/ go (``STOPLIB_OUTPUT_DIR``); None: the project root.
    save_to : str or Path or None
        Write the executed notebook here.
    kernel_name : str
        Jupyter kernel to use.
    on_cell : callable or None
        Called as ``on_cell(done, total)`` after each code cell (progress display).
    poll_log : list or None
        If a list, every channel wait is appended to it as ``(channel, timeout)``
        (the tests use it to prove that no wait is unbounded).
    io : dict or None
        If a dict, the files the notebook opened are put in it (``"read"`` and ``"write"``,
        absolute paths), recorded by an audit hook in the kernel
        (:data:`stoplib.workbook.freshness.AUDIT_SETUP`); the two cells that do it are
        not part of the returned or saved notebook.

    Raises
    ------
    NotebookError
        If a cell raises, runs past the per-cell limit, or the kernel dies; the
        message names the notebook, the cell and its first line.
    """
    import nbformat
    from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError

    quick = check_bool("quick", quick)
    path = check_path("path", path, must_exist=True, kind="file")
    if path.suffix != ".ipynb":
        raise ValueError(f"path must be a .ipynb notebook, got {path.name}")
    limit = cell_limit(quick) if timeout is None else check_int("timeout", timeout, 1, MAX_CELL_LIMIT)
    if output_dir is not None:
        output_dir = check_path("output_dir", output_dir, kind="dir")
    if save_to is not None:
        save_to = check_path("save_to", save_to, kind="file")
    check_str("kernel_name", kernel_name, 200, allow_empty=False)
    if on_cell is not None:
        check_callable("on_cell", on_cell)
    if poll_log is not None and not isinstance(poll_log, list):
        raise TypeError(f"poll_log must be a list or None, got {type(poll_log).__name__}")
    if io is not None and not isinstance(io, dict):
        raise TypeError(f"io must be a dict or None, got {type(io).__name__}")
    from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel
    try:
        KernelSpecManager().get_kernel_spec(kernel_name)
    except NoSuchKernel:
        raise ValueError(f"kernel_name {kernel_name!r} is not an installed Jupyter kernel") from None
    nb = nbformat.read(path, as_version=4)
    if io is not None:
        nb.cells = [nbformat.v4.new_code_cell(AUDIT_SETUP), *nb.cells, nbformat.v4.new_code_cell(AUDIT_REPORT)]
    n_code = sum(1 for c in nb.cells if c.cell_type == "code" and c.source.strip())
    done = [0]

    def _executed(cell, cell_index, execute_reply):
        done[0] += 1
        if on_cell is not None:
            on_cell(done[0], n_code)

    client = _client_class()(
        nb, timeout=limit, kernel_name=kernel_name, allow_errors=False, record_timing=False,
        resources={"metadata": {"path": str(path.parent)}}, on_cell_executed=_executed,
    )
    client.poll_log = poll_log
    # progress bars off: nobody watches a headless kernel, and a bar saved in a
    # committed notebook reads "0%" (the runner shows cell progress instead)
    env = {QUICK_ENV: "1" if quick else "0", "STOPLIB_PROGRESS": "0",
           "MPLBACKEND": "module://matplotlib_inline.backend_inline"}
    if output_dir is not None:
        env[OUTPUT_ENV] = str(Path(output_dir).resolve())
    with _environ(**env):
        try:
            client.execute()
        except (CellExecutionError, CellTimeoutError, DeadKernelError) as exc:
            cell = client.current_cell or {}
            index = None if client.current_index is None else client.current_index + 1
            reason = str(exc)
            if isinstance(exc, CellExecutionError) and getattr(exc, "ename", None):
                trace = _ANSI.sub("", getattr(exc, "traceback", "") or "")
                reason = f"{exc.ename}: {exc.evalue}\n{trace}"
            if isinstance(exc, CellTimeoutError):
                reason = f"no reply within the per-cell limit of {limit} s (hung?)"
            elif isinstance(exc, DeadKernelError):
                reason = "the kernel died"
            raise NotebookError(path.name, index, _first_line(cell), reason) from exc
    if io is not None:
        _strip_audit(nb, io)
    settle(nb, path.stem)
    if save_to is not None:
        nbformat.write(nb, str(save_to))
    return nb


def _strip_audit(nb, io: dict) -> None:
    """Take the audit cells out of ``nb``, read their report into ``io``, renumber the cells."""
    import json

    report = nb.cells.pop()
    nb.cells.pop(0)
    text = "".join(o.get("text", "") for o in report.get("outputs", []) if o.get("output_type") == "stream")
    for line in text.splitlines():
        if line.startswith("STOPLIB-IO "):
            io.update(json.loads(line[len("STOPLIB-IO "):]))
    count = 0
    for cell in nb.cells:
        if cell.cell_type == "code" and cell.get("execution_count") is not None:
            count += 1
            cell.execution_count = count
            for output in cell.get("outputs", []):
                if output.get("output_type") == "execute_result":
                    output["execution_count"] = count


@dataclass
class NotebookRun:
    """One notebook's line in the closing summary of :func:`run_notebooks`."""

    notebook: str
    seconds: float
    figures: int
    tables: int
    error: str = ""
    skipped: bool = False


def _written_since(folder: Path, since: float, pattern: str) -> int:
    if not folder.is_dir():
        return 0
    return sum(1 for p in folder.glob(pattern) if p.stat().st_mtime >= since)


def run_notebooks(paths, quick: bool, timeout: int | None = None, output_dir=None,
                  stream=None, only_stale: bool = False) -> list[NotebookRun]:
    """Execute ``paths`` in order, printing per-notebook progress; return one row per notebook.

    Full mode writes each executed notebook back in place and records its inputs'
    fingerprint in ``notebooks/stamps.json`` (:mod:`stoplib.workbook.freshness`); quick
    mode does neither. With ``only_stale`` (full mode, the project's own folders), a
    notebook whose inputs have not changed since its last run is skipped. A failing
    notebook is reported and the run goes on to the next.
    """
    from tqdm.auto import tqdm

    quick = check_bool("quick", quick)
    if isinstance(paths, (str, bytes)) or not isinstance(paths, (list, tuple)):
        raise TypeError(f"paths must be a list of notebook paths, got {type(paths).__name__}")
    paths = [check_path("paths[]", p, must_exist=True, kind="file") for p in paths]
    if timeout is not None:
        timeout = check_int("timeout", timeout, 1, MAX_CELL_LIMIT)
    if output_dir is not None:
        output_dir = check_path("output_dir", output_dir, kind="dir")
    if stream is not None and not callable(getattr(stream, "write", None)):
        raise TypeError(f"stream must have a write method, got {type(stream).__name__}")
    only_stale = check_bool("only_stale", only_stale)
    stream = stream or sys.stdout
    root = Path(output_dir) if output_dir is not None else output_root()
    stamping_run = not quick and output_dir is None and root.resolve() == project_root().resolve()
    notebooks_dir = (project_root() / "notebooks").resolve()
    rows = []
    for path in paths:
        # only the workbook's own notebooks are stamped: a notebook elsewhere (a test's) never
        # writes into notebooks/stamps.json
        stamping = stamping_run and path.resolve().parent == notebooks_dir
        if only_stale and stamping:
            why = stale(path)
            if not why:
                print(f"{path.stem}: current (inputs unchanged since its last run), skipped", file=stream,
                      flush=True)
                rows.append(NotebookRun(path.stem, 0.0, 0, 0, skipped=True))
                continue
            print(f"{path.stem}: {why}", file=stream, flush=True)
        start_wall, start = time.time() - 1, time.perf_counter()
        bar = tqdm(total=None, desc=path.stem, unit="cell", file=stream, leave=True,
                   bar_format="{desc}: cell {n_fmt}/{total_fmt} [{elapsed}]", mininterval=0.5)

        def on_cell(n, total, bar=bar):
            bar.total = total
            bar.update(n - bar.n)

        error = ""
        io = {} if stamping else None
        try:
            execute_notebook(path, quick=quick, timeout=timeout, output_dir=output_dir,
                             save_to=None if quick else path, on_cell=on_cell, io=io)
            if stamping:
                record(path, io)
        except NotebookError as exc:
            error = str(exc)
        finally:
            bar.close()
        seconds = time.perf_counter() - start
        # figures: count the PNGs only (each figure is also written as SVG/PDF)
        row = NotebookRun(path.stem, seconds, _written_since(root / "figures", start_wall, f"{path.stem}-*.png"),
                          _written_since(root / "data", start_wall, "*.csv"), error)
        rows.append(row)
        if error:
            print(f"  FAILED: {error[-3000:]}", file=sys.stderr, flush=True)
    return rows


def format_summary(rows) -> str:
    """The closing table of a run: notebook, seconds, figures and tables written, failures.

    Examples
    --------
    >>> print(format_summary([NotebookRun("01_x", 1.25, 3, 2)]))  # doctest: +NORMALIZE_WHITESPACE
    notebook  seconds  figures  tables  result
    01_x          1.2        3       2  ok
    total         1.2        3       2  0 failed
    """
    if not isinstance(rows, (list, tuple)) or not all(isinstance(r, NotebookRun) for r in rows):
        raise TypeError("rows must be a list of NotebookRun")
    head = ("notebook", "seconds", "figures", "tables", "result")
    body = [(r.notebook, f"{r.seconds:.1f}", str(r.figures), str(r.tables),
             "FAILED" if r.error else ("current, skipped" if r.skipped else "ok")) for r in rows]
    n_failed = sum(1 for r in rows if r.error)
    body.append(("total", f"{sum(r.seconds for r in rows):.1f}", str(sum(r.figures for r in rows)),
                 str(sum(r.tables for r in rows)), f"{n_failed} failed"))
    widths = [max(len(x[i]) for x in [head, *body]) for i in range(5)]
    lines = []
    for line in [head, *body]:
        cells = [line[0].ljust(widths[0])] + [line[i].rjust(widths[i]) for i in (1, 2, 3)] + [line[4]]
        lines.append("  ".join(cells))
    return "\n".join(lines)


def stale_summary(rows) -> str:
    """What a run of only the stale notebooks (``make workbook``) did, in one sentence, and how to do more.

    Examples
    --------
    >>> rows = [NotebookRun("01_x", 0.0, 0, 0, skipped=True), NotebookRun("02_y", 3.0, 1, 1)]
    >>> stale_summary(rows).split(";")[0]
    '1 of 2 notebooks executed (02_y), 1 current and skipped (inputs unchanged since its last run)'
    >>> stale_summary(rows[:1]).split(";")[0]
    'Nothing executed: the 1 notebook is current (inputs unchanged since its last run)'
    >>> stale_summary(rows).split("; ")[1]
    'make workbook-all re-executes every notebook.'
    """
    if not isinstance(rows, (list, tuple)) or not all(isinstance(r, NotebookRun) for r in rows):
        raise TypeError("rows must be a list of NotebookRun")
    ran = [r.notebook for r in rows if not r.skipped]
    skipped = len(rows) - len(ran)
    tail = "make workbook-all re-executes every notebook."
    since = "its last run" if skipped == 1 else "their last runs"
    if not ran:
        noun = "notebook is" if skipped == 1 else "notebooks are"
        return f"Nothing executed: the {skipped} {noun} current (inputs unchanged since {since}); {tail}"
    return (f"{len(ran)} of {len(rows)} notebooks executed ({', '.join(ran)}), {skipped} current and skipped "
            f"(inputs unchanged since {since}); {tail}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m stoplib.workbook.runner", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="cmd", required=True)
    run = sub.add_parser("run", help="execute notebooks headless")
    run.add_argument("--mode", choices=("full", "quick"), default="full")
    run.add_argument("--timeout", type=int, default=None,
                     help=f"per-cell limit in seconds (default: {QUICK_CELL_LIMIT} quick, {FULL_CELL_LIMIT} full)")
    run.add_argument("--repeat", type=int, default=1, help="execute each notebook this many times")
    run.add_argument("--stale", action="store_true",
                     help="full mode: execute only the notebooks whose inputs changed since their last run")
    run.add_argument("prefixes", nargs="*", help="only notebooks whose file name starts with one of these")
    args = parser.parse_args(argv)

    paths = notebook_paths()
    if args.prefixes:
        paths = [p for p in paths if any(p.name.startswith(x) for x in args.prefixes)]
    if not paths:
        print("no notebooks matched", file=sys.stderr)
        return 1
    if args.repeat < 1:
        print("--repeat must be >= 1", file=sys.stderr)
        return 2
    quick = args.mode == "quick"
    output_dir = None
    if quick and not os.environ.get(OUTPUT_ENV):
        # a quick run must never overwrite the full-mode figures/ and data/
        import tempfile
        output_dir = tempfile.mkdtemp(prefix="stoplib-quick-")
        print(f"quick mode: figures and tables go to {output_dir}", flush=True)
    rows = run_notebooks([p for p in paths for _ in range(args.repeat)], quick=quick,
                         timeout=args.timeout, output_dir=output_dir, only_stale=args.stale and not quick)
    print()
    print(format_summary(rows), flush=True)
    if args.stale and not quick:
        print(stale_summary(rows), flush=True)
    if args.repeat > 1:
        longest = max(rows, key=lambda r: r.seconds)
        print(f"longest run: {longest.notebook} {longest.seconds:.1f} s", flush=True)
    return 1 if any(r.error for r in rows) else 0


if __name__ == "__main__":
    raise SystemExit(main())
