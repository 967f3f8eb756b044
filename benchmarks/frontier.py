"""The red/black game at the frontier (issue 13): V(n, n) for n = 1, 2, 5 and 10 million.

Each n is one resumable sweep, ``balanced_values(n, checkpoint=...)``, whose
checkpoint lives in ``--ckpt-dir``; when a sweep finishes, its row (n, value to
12 decimals, method, seconds, machine) is written to ``data/redblack_frontier.csv``
and, for the largest n, a log-spaced grid of ``V(i, i)`` from its diagonal to
``data/redblack_frontier_grid.csv`` (the points ``stoplib.redblack.frontier`` fits).
``seconds`` is the wall-clock time the sweep ran, summed over the sessions that
resumed it (the checkpoint keeps the count), so on a shared machine it is an
upper bound of the compute time.

Run it in the background at low priority, and run it again, the same way, if it
stops (a kill, a reboot): it resumes every sweep from its checkpoint::

    TQDM_MININTERVAL=60 PYTHONPATH=$PWD nohup nice -n 19 python benchmarks/frontier.py \\
        --ckpt-dir /work/frontier_run >> /work/frontier_run/frontier.log 2>&1 &

This script is the only writer of the frontier files, and the CSV files are the one
source of the values: ``stoplib.redblack.frontier.load_frontier`` reads them, checked,
and nothing copies them into the package. Whenever it writes them it seals them,
``data/redblack_frontier.sha256`` (``sha256sum -c`` reads it too), so that a truncated
or hand-edited file fails loudly when read; ``--seal`` rewrites the seal alone, for
files written by hand on purpose.
"""
from __future__ import annotations

import argparse
import csv
import datetime
import os
import platform
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from stoplib import redblack as rb  # noqa: E402
from stoplib.redblack._frontier_files import write_manifest  # noqa: E402
from stoplib.redblack.checkpoint import checkpoint_info  # noqa: E402

CSV = ROOT / "data" / "redblack_frontier.csv"
GRID_CSV = ROOT / "data" / "redblack_frontier_grid.csv"
FIELDS = ("n", "value", "method", "seconds", "machine")
DEFAULT_N = (1_000_000, 2_000_000, 10_000_000, 5_000_000)  # 10m before 5m: its diagonal gives V(5m)


def machine(shared: bool) -> str:
    """E.g. '2-core Intel(R) Xeon(R) Processor (AVX-512), numba 0.68.1, shared with other work (load
    average 3.1 at the end)': the rows written before the load was recorded lack the last part."""
    import numba

    from stoplib.util.timing import load_average

    model, avx512 = platform.processor() or "unknown CPU", False
    try:
        info = Path("/proc/cpuinfo").read_text()
        model = next(line.split(":", 1)[1].strip() for line in info.splitlines()
                     if line.startswith("model name"))
        avx512 = " avx512f" in info
    except (OSError, StopIteration):
        pass
    text = f"{os.cpu_count()}-core {model}{' (AVX-512)' if avx512 else ''}, numba {numba.__version__}"
    return text + (", shared with other work" if shared else "") + f" (load average {load_average():.1f} at the end)"


def read_rows(path: Path) -> dict:
    if not path.exists():
        return {}
    with open(path, newline="") as fh:
        return {int(r["n"]): r for r in csv.DictReader(fh)}


def write_rows(path: Path, rows: dict) -> None:
    tmp = path.with_suffix(".tmp")
    with open(tmp, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=FIELDS, lineterminator="\n")
        w.writeheader()
        for n in sorted(rows):
            w.writerow({k: rows[n][k] for k in FIELDS})
    os.replace(tmp, path)
    write_manifest(path.parent)


def grid_points(n_max: int, per_decade: int = 40, n_min: int = 100) -> np.ndarray:
    """Log-spaced integers from n_min to n_max (both included)."""
    k = int(np.ceil(per_decade * np.log10(n_max / n_min)))
    return np.unique(np.round(np.logspace(np.log10(n_min), np.log10(n_max), k + 1)).astype(np.int64))


def special_points(diag: np.ndarray) -> list:
    """n = 2^21, and every n whose V(n, n) prints as the document's "818.1" with %g
    (six significant digits: [818.0995, 818.1005)) with one neighbour each side: the
    readings of its "l = 2m ($818.1)" (stoplib.redblack.frontier.claim_2m)."""
    n_max = len(diag) - 1
    out = [2 ** 21] if 2 ** 21 <= n_max else []
    hit = np.flatnonzero((diag >= 818.0995) & (diag < 818.1005))
    if len(hit):
        out += list(range(max(1, int(hit[0]) - 1), min(n_max, int(hit[-1]) + 1) + 1))
    return out


def write_grid(diag: np.ndarray, path: Path) -> None:
    n_max = len(diag) - 1
    points = sorted(set(grid_points(n_max).tolist()) | set(special_points(diag)))
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["n", "value"])
        for n in points:
            w.writerow([int(n), f"{diag[n]:.12f}"])
    write_manifest(path.parent)


def run(ns, ckpt_dir: Path, every: float, shared: bool, method: str, force: bool,
        csv_path: Path = CSV, grid_path: Path = GRID_CSV) -> None:
    ckpt_dir.mkdir(parents=True, exist_ok=True)
    rb.balanced_values(300, method=method)  # compile (or load the kernels from numba's cache)
    rows = read_rows(csv_path)
    for n in ns:
        if n in rows and not force:
            print(f"{n:,}: already in {csv_path.name} ({rows[n]['value']}), skipped", flush=True)
            continue
        path = ckpt_dir / f"redblack_balanced_{n}_{method}.ckpt"
        stamp = datetime.datetime.now().isoformat(timespec="seconds")
        print(f"{stamp} {n:,}: sweep with checkpoint {path}", flush=True)
        diag = rb.balanced_values(n, method=method, checkpoint=path, checkpoint_every=every)
        info = checkpoint_info(path)["progress"]
        rows = read_rows(csv_path)
        check_diagonal(diag, n, rows, ckpt_dir)
        rows[n] = result_row(n, diag, method, info["seconds"], shared)
        for m in ns:  # smaller n on the diagonal of this sweep: V(m, m) = diag[m], bit for bit
            if m < n and (m not in rows or force):
                rows[m] = result_row(m, diag, f"{method}, diagonal of n={n}", info["seconds"], shared)
                print(f"{m:,}: V = {diag[m]:.12f} read off the {n:,} sweep's diagonal", flush=True)
        write_rows(csv_path, rows)
        np.save(ckpt_dir / f"balanced_values_{n}.npy", diag)
        if n == max(ns):
            write_grid(diag, grid_path)
        print(f"{datetime.datetime.now().isoformat(timespec='seconds')} {n:,}: "
              f"V = {diag[n]:.12f} in {info['seconds']:.1f} s", flush=True)


def result_row(n: int, diag: np.ndarray, method: str, seconds: float, shared: bool) -> dict:
    """One row of data/redblack_frontier.csv: V(n, n) = diag[n] to 12 decimals."""
    return {"n": n, "value": f"{diag[n]:.12f}", "method": method, "seconds": f"{seconds:.1f}",
            "machine": machine(shared)}


def final_diagonal(progress: dict, tile: int) -> int:
    """The largest i whose V(i, i) a tiled sweep at ``progress`` has finished: cell (i, i)
    lies in tile (I, I) with I = (i - 1) // tile, done once tile anti-diagonal 2I is."""
    dt = int(progress["dt"])
    return 0 if dt <= 0 else tile * ((dt - 1) // 2 + 1)


def check_diagonal(diag: np.ndarray, top: int, rows: dict, ckpt_dir: Path) -> None:
    """A larger sweep's diagonal repeats every finished smaller sweep: its value to the printed
    digits, and its whole diagonal to the last bit where that sweep's .npy file was kept."""
    for m, r in rows.items():
        if m > top or "diagonal of" in r["method"]:
            continue
        if f"{diag[m]:.12f}" != r["value"]:
            raise SystemExit(f"the diagonal's V({m}, {m}) = {diag[m]:.12f} differs from the sweep's {r['value']}")
        saved = ckpt_dir / f"balanced_values_{m}.npy"
        if saved.is_file():
            if not np.array_equal(np.load(saved), diag[:m + 1]):
                raise SystemExit(f"the diagonal differs from {saved} (not bit for bit)")
            print(f"the diagonal to {m:,} equals {saved.name} bit for bit", flush=True)


def from_checkpoint(path: Path, ns, method: str, shared: bool, csv_path: Path = CSV,
                    grid_path: Path = GRID_CSV) -> None:
    """Rows for the n a running (or stopped) sweep has already passed, read off the diagonal
    of its checkpoint: V(n, n) of the 10,000,000 sweep is the same bits as a sweep to n (each
    tile depends only on its cells and inputs), and the grid extends to the last finished i."""
    from stoplib.redblack.checkpoint import read_checkpoint

    f = read_checkpoint(path)
    top = min(final_diagonal(f.progress, int(f.params["tile"])), int(f.params["n_diag"]) - 1)
    diag, n_sweep = f.arrays["diag"], int(f.params["n_red"])
    if f.progress.get("complete"):
        top = int(f.params["n_diag"]) - 1
    rows = read_rows(csv_path)
    check_diagonal(diag, top, rows, path.parent)
    done = f"{f.progress['dt']:,} of {f.progress['n_dt']:,} tile anti-diagonals done"
    for m in ns:
        if m <= top and m < n_sweep and m not in rows:
            rows[m] = result_row(m, diag, f"{method}, diagonal of n={n_sweep}", f.progress["seconds"], shared)
            print(f"{m:,}: V = {diag[m]:.12f} read off the {n_sweep:,} sweep's checkpoint "
                  f"({done}, {f.progress['seconds']:.0f} s)", flush=True)
    write_rows(csv_path, rows)
    last = max([m for m in rows if m <= top] or [0])  # the grid ends at the largest n recorded
    if last > max(read_rows(grid_path) or [0]):
        write_grid(diag[:last + 1], grid_path)
        print(f"grid to n = {last:,} written to {grid_path.name}", flush=True)


READING_CSV = ROOT / "data" / "redblack_frontier_2m_block_reading.csv"


def block_reading(ckpt_dir: Path, every: float, extra: int = 2000, n: int = 2_000_000,
                  out: Path = READING_CSV) -> None:
    """Document 000's "l = 2m ($818.1)" read as its block-and-skip C program run with a
    BLOCK_SIZE that does not divide NUM_CARDS = 2,000,000 (the program says it must):
    it then sweeps R = BLOCK_SIZE * ceil(NUM_CARDS / BLOCK_SIZE) rows of -$1 cards and prints
    W = V(2,000,000 red, R black) + (R - 2,000,000), its value-plus-cash at that corner.
    One sweep of [0..2m] x [0..2m + extra] gives V(2m, b) for every b (the last row,
    ``rowbuf``, kept in the finished checkpoint); the rows written are x = R - 2m, V, W."""
    from stoplib.redblack.checkpoint import read_checkpoint
    from stoplib.redblack.solver import _sweep_params, _tiled, DEFAULT_TILE

    path = ckpt_dir / f"redblack_{n}_by_{n}+{extra}_tiled.ckpt"
    print(f"{datetime.datetime.now().isoformat(timespec='seconds')} 2m reading: sweep "
          f"[0..{n}] x [0..{n + extra}], checkpoint {path}", flush=True)
    _tiled(n, n + extra, checkpoint=path, checkpoint_every=every, show_progress=True,
           desc="2m block reading")
    f = read_checkpoint(path, _sweep_params(n, n + extra, DEFAULT_TILE, True, 0, False))
    row = f.arrays["rowbuf"]
    with open(out, "w", newline="") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["x", "n_black", "value", "value_plus_cash"])
        for x in range(extra + 1):
            w.writerow([x, n + x, f"{row[n + x]:.12f}", f"{row[n + x] + x:.12f}"])
    write_manifest(out.parent)
    print(f"{datetime.datetime.now().isoformat(timespec='seconds')} 2m reading: "
          f"{f.progress['seconds']:.0f} s, written {out}", flush=True)


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--n", type=int, nargs="+", default=list(DEFAULT_N))
    p.add_argument("--ckpt-dir", type=Path, default=Path("/work/frontier_run"))
    p.add_argument("--every", type=float, default=300.0, help="seconds between checkpoints")
    p.add_argument("--method", default="tiled", choices=("tiled", "dask", "cuda"))
    p.add_argument("--quiet-machine", action="store_true",
                   help="the machine ran nothing else (else 'shared with other work' is recorded)")
    p.add_argument("--csv", type=Path, default=CSV)
    p.add_argument("--grid-csv", type=Path, default=GRID_CSV)
    p.add_argument("--force", action="store_true", help="recompute n already in the CSV")
    p.add_argument("--block-reading", action="store_true",
                   help="the sweep for the document's 'l = 2m ($818.1)' read with a block size "
                        "that does not divide 2m (see block_reading)")
    p.add_argument("--from-checkpoint", type=Path, metavar="CKPT",
                   help="record the n (and the grid) a sweep's checkpoint has already passed, and exit")
    p.add_argument("--seal", action="store_true",
                   help="rewrite data/redblack_frontier.sha256 from the files as they are now, and exit")
    a = p.parse_args(argv)
    if a.seal:
        print(f"sealed {write_manifest(a.csv.parent)}")
        return
    if a.from_checkpoint:
        from_checkpoint(a.from_checkpoint, a.n, a.method, not a.quiet_machine, a.csv, a.grid_csv)
        return
    t0 = time.time()
    if a.block_reading:
        block_reading(a.ckpt_dir, a.every)
        return
    run(a.n, a.ckpt_dir, a.every, not a.quiet_machine, a.method, a.force, a.csv, a.grid_csv)
    print(f"done in {time.time() - t0:.0f} s of wall time", flush=True)


if __name__ == "__main__":
    main()
