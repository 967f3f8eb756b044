"""Stress the headless runner: execute notebooks again and again while other processes load the CPU.

``make stress`` runs the widget notebooks 20 times each in quick mode with both cores
loaded by busy processes, and fails if any run errs or takes longer than the bound.
``--client plain`` uses nbclient's own ``NotebookClient`` instead of the workbook's
bounded-poll client, to measure the stall this module exists to rule out.

Command line::

    python -m stoplib.workbook.stress --repeat 20 --load 2 --bound 300 01 02 03
    python -m stoplib.workbook.stress --client plain --repeat 8 --bound 300 02 03
"""
from __future__ import annotations

import argparse
import multiprocessing as mp
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..util.validate import check_choice, check_int, check_path, check_real
from .runner import execute_notebook, notebook_paths

__all__ = ["StressResult", "stress"]

#: Default bound on one quick-mode run of one notebook under load, in seconds.
DEFAULT_BOUND = 300


def _spin(stop_at: float) -> None:  # pragma: no cover - runs in a child process
    x = 0
    while time.time() < stop_at:
        x = (x * 1103515245 + 12345) % 2147483648


class busy_load:
    """Context manager: ``n`` processes that keep one core each busy until the block ends."""

    def __init__(self, n: int, max_seconds: float = 6 * 3600):
        self.n = n
        self.max_seconds = max_seconds
        self.processes: list = []

    def __enter__(self):
        ctx = mp.get_context("spawn")
        stop_at = time.time() + self.max_seconds
        self.processes = [ctx.Process(target=_spin, args=(stop_at,), daemon=True) for _ in range(self.n)]
        for p in self.processes:
            p.start()
        return self

    def __exit__(self, *exc):
        for p in self.processes:
            p.terminate()
        for p in self.processes:
            p.join(10)
        return False


@dataclass
class StressResult:
    """Seconds of every run of every notebook, and the failures."""

    bound: float
    client: str
    load: int
    seconds: dict = field(default_factory=dict)   # notebook -> list of seconds
    failures: list = field(default_factory=list)  # (notebook, repetition, message)

    @property
    def longest(self) -> float:
        return max((s for runs in self.seconds.values() for s in runs), default=0.0)

    @property
    def ok(self) -> bool:
        return not self.failures and self.longest <= self.bound

    def table(self) -> str:
        lines = [f"client={self.client}  load={self.load} busy processes  bound={self.bound:g} s",
                 f"{'notebook':<28} {'runs':>4} {'min':>7} {'median':>7} {'max':>7} {'failed':>6}"]
        for name, runs in self.seconds.items():
            failed = sum(1 for f in self.failures if f[0] == name)
            lines.append(f"{name:<28} {len(runs):>4} {min(runs):>7.1f} {statistics.median(runs):>7.1f} "
                         f"{max(runs):>7.1f} {failed:>6}")
        lines.append(f"longest run {self.longest:.1f} s; {'all within the bound' if self.ok else 'FAILED'}")
        return "\n".join(lines)


def _plain_execute(path, timeout, output_dir):
    """nbclient's own client, as the workbook used it before the bounded polls."""
    import nbformat
    from nbclient import NotebookClient

    from .runner import _environ
    from .config import OUTPUT_ENV, QUICK_ENV

    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3", allow_errors=False,
                            resources={"metadata": {"path": str(Path(path).parent)}})
    with _environ(**{QUICK_ENV: "1", "STOPLIB_PROGRESS": "0", OUTPUT_ENV: str(output_dir),
                     "MPLBACKEND": "module://matplotlib_inline.backend_inline"}):
        client.execute()


def stress(paths, repeat: int = 20, load: int = 2, bound: float = DEFAULT_BOUND,
           client: str = "bounded", stream=None) -> StressResult:
    """Execute each notebook ``repeat`` times in quick mode under ``load`` busy processes.

    A run fails if it raises or lasts longer than ``bound`` seconds (the per-cell limit is
    the bound too, so a stalled run ends there and is counted as a failure).
    """
    check_choice("client", client, ("bounded", "plain"))
    if isinstance(paths, (str, bytes)) or not isinstance(paths, (list, tuple)):
        raise TypeError(f"paths must be a list of notebook paths, got {type(paths).__name__}")
    paths = [check_path("paths[]", p, must_exist=True, kind="file") for p in paths]
    repeat = check_int("repeat", repeat, 1, 1000)
    load = check_int("load", load, 0, 64)
    bound = check_real("bound", bound, 1.0, 86400.0)
    if stream is not None and not callable(getattr(stream, "write", None)):
        raise TypeError(f"stream must have a write method, got {type(stream).__name__}")
    stream = stream or sys.stdout
    result = StressResult(bound=bound, client=client, load=load)
    output_dir = Path(tempfile.mkdtemp(prefix="stoplib-stress-"))
    with busy_load(load):
        for rep in range(repeat):
            for path in paths:
                start = time.perf_counter()
                message = ""
                try:
                    if client == "bounded":
                        execute_notebook(path, quick=True, timeout=int(bound), output_dir=output_dir)
                    else:
                        _plain_execute(path, int(bound), output_dir)
                except Exception as exc:  # report every failure, then go on
                    message = f"{type(exc).__name__}: {str(exc)[:300]}"
                seconds = time.perf_counter() - start
                result.seconds.setdefault(path.stem, []).append(seconds)
                if message or seconds > bound:
                    result.failures.append((path.stem, rep + 1, message or f"took {seconds:.0f} s"))
                print(f"[{rep + 1}/{repeat}] {path.stem}: {seconds:.1f} s {'FAILED ' + message if message else ''}",
                      file=stream, flush=True)
    return result


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m stoplib.workbook.stress", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--load", type=int, default=2, help="busy processes running beside the notebooks")
    parser.add_argument("--bound", type=float, default=DEFAULT_BOUND, help="seconds one run may take")
    parser.add_argument("--client", choices=("bounded", "plain"), default="bounded")
    parser.add_argument("prefixes", nargs="*", help="notebooks whose file name starts with one of these")
    args = parser.parse_args(argv)
    paths = notebook_paths()
    if args.prefixes:
        paths = [p for p in paths if any(p.name.startswith(x) for x in args.prefixes)]
    if not paths or args.repeat < 1 or args.load < 0:
        print("nothing to run (check the notebook prefixes, --repeat >= 1, --load >= 0)", file=sys.stderr)
        return 2
    result = stress(paths, args.repeat, args.load, args.bound, args.client)
    print()
    print(result.table(), flush=True)
    return 0 if result.ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
