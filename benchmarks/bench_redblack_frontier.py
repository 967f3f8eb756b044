"""Benchmark of the frontier methods of the red/black DP (issue 13): the Dask graph against the
in-process tiled kernel, the cost of checkpoints, and the CUDA kernel when there is a GPU.

    python benchmarks/bench_redblack_frontier.py                  # n = 100,000 (make bench)
    python benchmarks/bench_redblack_frontier.py --full           # and 1,000,000 (make bench-full)
    python benchmarks/bench_redblack_frontier.py --n 100000 --repeats 5
    python benchmarks/bench_redblack_frontier.py --gpu-only --n 1000000 10000000
    python benchmarks/bench_redblack_frontier.py --no-record      # print only, write no file

Every timing is ``balanced_values(n, method=...)`` after a warm-up (compilation, and the
Dask cluster's start for "dask": the LocalCluster is started once and passed as
``scheduler``; its start-up is timed separately). Methods alternate within each repeat
(tiled, dask, tiled+checkpoint, ...) so that a machine shared with other work slows them
alike; medians are printed with the machine's name and load, and written to
``benchmarks/redblack_frontier_timings.csv`` (every run of each method) and to
``benchmarks/results.csv`` (:func:`stoplib.workbook.benchmarks.record`); ``--no-record``
writes neither.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("STOPLIB_PROGRESS", "0")

from stoplib import redblack as rb  # noqa: E402
from stoplib.redblack import gpu  # noqa: E402
from stoplib.workbook.benchmarks import RESULTS, Recorder  # noqa: E402

BENCH = Path(__file__).stem
#: The methods of the table, in a reader's words.
WORDS = {"tiled": "tiled wavefront, in process, parallel",
         "dask": "tiled wavefront as a Dask graph, {workers} single-threaded workers",
         "tiled + checkpoint": "tiled wavefront, parallel, checkpoint every 30 s"}


def machine() -> str:
    """The machine (stoplib.util.timing.machine) and its load average when measured."""
    from stoplib.util.timing import machine as name

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return f"{name()}, load average {load:.1f}"


def gpu_name() -> str:
    from numba import cuda

    dev = cuda.get_current_device()
    name = dev.name.decode() if isinstance(dev.name, bytes) else str(dev.name)
    return f"{name} (compute capability {dev.compute_capability[0]}.{dev.compute_capability[1]})"


def timed(fn):
    t0 = time.perf_counter()
    out = fn()
    return time.perf_counter() - t0, out


CSV = ROOT / "benchmarks" / "redblack_frontier_timings.csv"


save = Recorder(BENCH, path=ROOT / RESULTS)


def record(method, n, times, cells, base, block, workers) -> None:
    """One row of the timing table, written to CSV at once (a long run keeps what it measured);
    it replaces the row of the same method and n, and keeps the others (earlier runs, other n).
    The median goes to ``benchmarks/results.csv`` too."""
    import csv

    if not save.enabled:
        return

    med = statistics.median(times)
    row = {"method": method, "n": n, "repeats": len(times), "median_s": f"{med:.3f}",
           "cells_per_s": f"{cells / med:.3g}", "of_tiled": f"{med / base:.2f}" if base else "",
           "block": block or "", "runs_s": " ".join(f"{x:.2f}" for x in times), "machine": machine()}
    rows = []
    if CSV.exists():
        with open(CSV, newline="") as fh:
            rows = [r for r in csv.DictReader(fh) if (r["method"], int(r["n"])) != (method, n)]
    rows.append(row)
    rows.sort(key=lambda r: (int(r["n"]), r["method"]))
    with open(CSV, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(row), lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    save(f"red/black balanced_values({n}), {WORDS[method].format(workers=workers)}", med,
         f"{cells / med:.3g} cell updates/s", len(times))


def cpu_and_dask(ns, repeats: int, workers: int) -> None:
    from dask.distributed import Client, LocalCluster

    t0 = time.perf_counter()
    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=False,
                           dashboard_address=None)
    client = Client(cluster)
    start = time.perf_counter() - t0
    print(f"LocalCluster of {workers} single-threaded workers started in {start:.2f} s")
    save(f"Dask LocalCluster start, {workers} single-threaded workers (in process)", start)
    rb.balanced_values(3000, method="dask", scheduler=client)   # warm-up: compile _block
    rb.balanced_values(3000)
    tmp = Path(tempfile.mkdtemp())
    try:
        for n in ns:
            cells = rb.work_estimate(n, n, "tiled").cells
            times = {"tiled": [], "dask": [], "tiled + checkpoint": []}
            ref = None
            for rep in range(repeats):
                s, d = timed(lambda: rb.balanced_values(n))
                times["tiled"].append(s)
                ref = d if ref is None else ref
                s, d = timed(lambda: rb.balanced_values(n, method="dask", scheduler=client))
                times["dask"].append(s)
                assert d.tobytes() == ref.tobytes(), "dask differs from tiled"
                ck = tmp / f"bench_{n}_{rep}.ckpt"
                s, d = timed(lambda: rb.balanced_values(n, checkpoint=ck, checkpoint_every=30.0))
                times["tiled + checkpoint"].append(s)
                assert d.tobytes() == ref.tobytes(), "checkpointed run differs"
                ck.unlink()
            base = statistics.median(times["tiled"])
            from stoplib.redblack.distributed import default_block
            from stoplib.redblack.solver import DEFAULT_TILE

            block = default_block(n, n, DEFAULT_TILE, workers)
            print(f"\nn = {n:,} ({cells:.3g} live cells), {repeats} repeats; {machine()}")
            for k, v in times.items():
                med = statistics.median(v)
                extra = f", block {block:,}" if k == "dask" else ""
                print(f"  {k:20s} median {med:8.2f} s  ({cells / med:.3g} cells/s)  "
                      f"x{med / base:5.2f} of tiled{extra}  runs: "
                      + " ".join(f"{x:.2f}" for x in v))
            print(f"  V({n:,}) = {ref[n]:.12f}")
            for k, v in times.items():
                record(k, n, v, cells, base, block if k == "dask" else 0, workers)
    finally:
        client.close()
        cluster.close()


def cuda_only(ns, repeats: int) -> None:
    if not gpu.gpu_available():
        print("no CUDA device (numba.cuda.is_available() is False): no GPU timing taken")
        return
    print(f"GPU: {gpu_name()}; host: {machine()}")
    rb.balanced_values(3000, method="cuda")  # compile
    for n in ns:
        times, val = [], None
        for _ in range(repeats):
            s, d = timed(lambda: rb.balanced_values(n, method="cuda"))
            times.append(s)
            val = d[n]
        cells = rb.work_estimate(n, n, "tiled").cells
        med = statistics.median(times)
        print(f"  n = {n:,}: cuda median {med:.2f} s ({cells / med:.3g} live cells/s), "
              f"V = {val:.12f}; runs " + " ".join(f"{x:.2f}" for x in times))
        save(f"red/black balanced_values({n}), CUDA systolic wavefront on {gpu_name()}", med,
             f"{cells / med:.3g} cell updates/s", repeats)


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--n", type=int, nargs="+", default=None,
                   help="deck sizes (default 100,000; with --full also 1,000,000)")
    p.add_argument("--full", action="store_true", help="also n = 1,000,000 (make bench-full)")
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    p.add_argument("--gpu-only", action="store_true")
    p.add_argument("--no-record", action="store_true",
                   help=f"print only: write neither {CSV.relative_to(ROOT)} nor {RESULTS}")
    a = p.parse_args(argv)
    save.enabled = not a.no_record
    if a.n is None:
        a.n = [100_000, 1_000_000] if a.full else [100_000]
    if not a.gpu_only:
        cpu_and_dask(a.n, a.repeats, a.workers)
    cuda_only(a.n, a.repeats)
    files = [RESULTS] if a.gpu_only else [str(CSV.relative_to(ROOT)), RESULTS]
    print(f"\nwrote {' and '.join(files)}" if save.enabled
          else f"\n--no-record: nothing written to {' or '.join(files)}")


if __name__ == "__main__":
    main()
