"""The red/black DP on a CUDA GPU, in one time-boxed run: the script a session lent a GPU runs.

    python benchmarks/gpu_redblack_session.py --out DIR [--seconds 360]

1. ``balanced_values(n, method="cuda")`` at n = 100,000 beside the CPU's tiled sweep on
   the host's cores (every V(i, i) compared), then at n = 1,000,000 and, when the first
   timing says it fits the time left, 10,000,000; each V(n, n) is compared with the
   CPU's value in ``data/redblack_frontier.csv``.
2. **How far an exact sweep gets in the time left**: ``balanced_values(N)`` for a deck
   a quarter larger than the measured rate says the box reaches, stopped by SIGINT when the box closes (the sweep driver
   writes its checkpoint and raises ``KeyboardInterrupt``); the checkpoint's diagonal
   says up to which k every V(k, k) is done. The box's length is printed with it.

``--sweep-only --n-big N --checkpoint PATH`` runs only step 2, for one deck: a call that
finds the checkpoint resumes it, so a sweep longer than one call of the device (ten
minutes of sweeping, say) runs as two calls on the same warm machine; the checkpoint's
``seconds`` is the sweep's time summed over the calls.

Every result is appended at once to ``DIR/redblack_gpu.csv`` (a run cut short keeps what
it measured); ``DIR/log.txt`` gets the printed lines too. Nothing is written in the repository:
the session copies the files it wants into ``data/``.
"""
from __future__ import annotations

import argparse
import csv
import os
import signal
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("STOPLIB_PROGRESS", "0")

import numpy as np  # noqa: E402

if not hasattr(np, "row_stack"):  # numba-cuda 0.x still calls np.row_stack, gone in numpy 2.5
    np.row_stack = np.vstack

from stoplib import redblack as rb  # noqa: E402
from stoplib.redblack import gpu  # noqa: E402
from stoplib.redblack.checkpoint import read_checkpoint  # noqa: E402
from stoplib.util import budget  # noqa: E402
from stoplib.util.timing import machine  # noqa: E402

FIELDS = ["what", "n", "seconds", "cells", "cells_per_s", "value", "cpu_value", "rel_diff", "note",
          "device", "host"]


def frontier_values() -> dict:
    with open(ROOT / "data" / "redblack_frontier.csv", newline="") as fh:
        return {int(r["n"]): float(r["value"]) for r in csv.DictReader(fh)}


def device_name() -> str:
    from numba import cuda

    dev = cuda.get_current_device()
    name = dev.name.decode() if isinstance(dev.name, bytes) else str(dev.name)
    return f"{name} (compute capability {dev.compute_capability[0]}.{dev.compute_capability[1]})"


class Log:
    def __init__(self, out: Path, device: str):
        self.out, self.device = out, device
        self.csv = out / "redblack_gpu.csv"
        with open(self.csv, "w", newline="") as fh:
            csv.DictWriter(fh, FIELDS, lineterminator="\n").writeheader()

    def say(self, line: str) -> None:
        print(line, flush=True)
        with open(self.out / "log.txt", "a") as fh:
            fh.write(line + "\n")

    def row(self, **kw) -> None:
        kw.setdefault("device", self.device)
        kw.setdefault("host", machine())
        with open(self.csv, "a", newline="") as fh:
            csv.DictWriter(fh, FIELDS, lineterminator="\n").writerow({k: kw.get(k, "") for k in FIELDS})


def timed_cuda(n: int):
    t0 = time.perf_counter()
    d = rb.balanced_values(n, method="cuda")
    return time.perf_counter() - t0, d


def sweep_until(n_big: int, seconds: float, path: Path, method: str = "cuda"):
    """Run the CUDA sweep of ``n_big`` for ``seconds``, stop it by SIGINT, return (k, V(k, k), cells)."""
    timer = threading.Timer(seconds, lambda: os.kill(os.getpid(), signal.SIGINT))
    t0 = time.perf_counter()
    timer.start()
    try:
        rb.balanced_values(n_big, method=method, checkpoint=path, checkpoint_every=1e9)
        finished = True
    except KeyboardInterrupt:
        finished = False
    finally:
        timer.cancel()
    wall = time.perf_counter() - t0
    fr = read_checkpoint(path)
    diag = fr.arrays["diag"]
    done = np.flatnonzero(diag)
    k = int(done[-1]) if done.size else 0
    if done.size and not np.all(diag[1:k + 1] > 0):
        raise AssertionError("the diagonal done is not a prefix")
    return k, diag, wall, fr.progress, finished


def resumable_sweep(log: Log, n_big: int, box: float, ckpt: Path, cpu: dict) -> None:
    """Sweep ``n_big`` for at most ``box`` seconds, resuming ``ckpt``; log how far it got."""
    ckpt.parent.mkdir(parents=True, exist_ok=True)
    k, diag, wall, progress, finished = sweep_until(n_big, box, ckpt)
    finished = finished or bool(progress.get("complete"))  # the signal may land just after the end
    total = float(progress.get("seconds") or wall)
    cells = float(progress.get("cells") or 0.0)
    log.say(f"sweep of n = {n_big:,}: this call {wall:.1f} s (box {box:.0f} s), the sweep's time over all "
            f"calls {total:.1f} s, finished={finished}; every V(k, k) done up to k = {k:,}; {progress}")
    tag = f"one sweep of n = {n_big:,}"
    for kk in (1_000_000, 2_000_000, 5_000_000, 10_000_000, 20_000_000, 50_000_000, k):
        if kk <= k:
            log.row(what=tag, n=kk, value=repr(float(diag[kk])),
                    cpu_value=repr(cpu[kk]) if kk in cpu else "",
                    rel_diff=f"{abs(diag[kk] - cpu[kk]) / cpu[kk]:.3g}" if kk in cpu else "",
                    note=f"V(k, k) read from the diagonal of one sweep of n = {n_big:,} ({total:.1f} s in all)")
    log.row(what=tag if finished else f"{tag} (not finished)", n=k, seconds=f"{total:.2f}",
            cells=f"{cells:.4g}", cells_per_s=f"{cells / total:.4g}" if total > 0 else "",
            note=(f"the whole sweep: every V(k, k) for k <= {k:,}" if finished else
                  f"stopped: every V(k, k) for k <= {k:,}") + f"; {total:.1f} s summed over the calls")


def parse_args(argv=None) -> argparse.Namespace:
    """The command line (see the module docstring)."""
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--out", type=Path, required=True)
    p.add_argument("--seconds", type=float, default=360.0, help="the whole run's box, from the start")
    p.add_argument("--ns", type=int, nargs=3, default=[100_000, 1_000_000, 10_000_000],
                   help="the deck compared with the host CPU, then the two timed decks")
    p.add_argument("--n-big", type=int, default=0,
                   help="the deck of the open-ended sweep (0: from the measured rate)")
    p.add_argument("--sweep-only", action="store_true",
                   help="only the sweep of --n-big, resumed from --checkpoint when one is there")
    p.add_argument("--checkpoint", type=Path, default=None,
                   help="the sweep's checkpoint (default: a fresh file under $TMPDIR)")
    p.add_argument("--allow-simulator", action="store_true", help="smoke test in numba's CUDA simulator")
    a = p.parse_args(argv)
    if a.sweep_only and (not a.n_big or a.checkpoint is None):
        p.error("--sweep-only needs --n-big and --checkpoint")
    return a


def main(argv=None) -> None:
    a = parse_args(argv)
    start = time.perf_counter()
    left = lambda: a.seconds - (time.perf_counter() - start)  # noqa: E731
    a.out.mkdir(parents=True, exist_ok=True)
    if not (gpu.gpu_available() or (a.allow_simulator and gpu.simulated())):
        print("no CUDA device: nothing timed")
        return
    log = Log(a.out, "numba CUDA simulator" if gpu.simulated() else device_name())
    log.say(f"GPU: {log.device}; host: {machine()}; numba {__import__('numba').__version__}")
    cpu = frontier_values()
    with budget.allow(seconds=1e9, bytes=1e12):
        rb.balanced_values(min(3000, a.ns[0]), method="cuda")  # compile
        if a.sweep_only:
            resumable_sweep(log, a.n_big, left() - 30, a.checkpoint, cpu)
            return
        # 1. n = 100,000 beside the CPU on all host cores
        n = a.ns[0]
        cells = rb.work_estimate(n, n, "tiled").cells
        s_gpu, d_gpu = timed_cuda(n)
        t0 = time.perf_counter()
        d_cpu = rb.balanced_values(n, method="tiled")
        s_cpu = time.perf_counter() - t0
        t0 = time.perf_counter()
        d_cpu = rb.balanced_values(n, method="tiled")
        s_cpu2 = time.perf_counter() - t0
        s_gpu2, d_gpu = timed_cuda(n)
        rel = float(np.max(np.abs(d_gpu[1:] - d_cpu[1:]) / d_cpu[1:]))
        log.say(f"n = {n:,}: cuda {min(s_gpu, s_gpu2):.3f} s, tiled on {os.cpu_count()} host cores "
                f"{min(s_cpu, s_cpu2):.3f} s; max relative difference over all V(i, i): {rel:.2e}")
        log.row(what="cuda", n=n, seconds=f"{min(s_gpu, s_gpu2):.4f}", cells=f"{cells:.4g}",
                cells_per_s=f"{cells / min(s_gpu, s_gpu2):.4g}", value=repr(float(d_gpu[n])),
                cpu_value=repr(float(d_cpu[n])), rel_diff=f"{rel:.3g}", note="best of 2; all V(i,i) compared")
        log.row(what=f"tiled, {os.cpu_count()} host cores", n=n, seconds=f"{min(s_cpu, s_cpu2):.4f}",
                cells=f"{cells:.4g}", cells_per_s=f"{cells / min(s_cpu, s_cpu2):.4g}",
                value=repr(float(d_cpu[n])), device="(host CPU)", note="best of 2")
        # 2. n = 1,000,000 and 10,000,000
        est = None
        rate = cells / min(s_gpu, s_gpu2)
        for n in a.ns[1:]:
            cells = rb.work_estimate(n, n, "tiled").cells
            if est is not None and est > left() - 60:
                log.say(f"n = {n:,}: not run, about {est:.0f} s expected and {left():.0f} s left")
                log.row(what="cuda", n=n, note=f"not run: about {est:.0f} s expected, {left():.0f} s left")
                continue
            s, d = timed_cuda(n)
            if n not in cpu:
                cpu[n] = float(rb.balanced_values(n, method="tiled")[n])
            rel = abs(d[n] - cpu[n]) / cpu[n]
            log.say(f"n = {n:,}: cuda {s:.2f} s ({cells / s:.3g} cells/s), V = {d[n]!r}; "
                    f"CPU frontier {cpu[n]!r}, relative difference {rel:.2e}")
            log.row(what="cuda", n=n, seconds=f"{s:.3f}", cells=f"{cells:.4g}", cells_per_s=f"{cells / s:.4g}",
                    value=repr(float(d[n])), cpu_value=repr(cpu[n]), rel_diff=f"{rel:.3g}", note="one run")
            est = s * 100 * 1.05  # cells grow as n^2
            rate = cells / s
        # 3. how far a sweep gets in the time left
        box = left() - 45
        if box < 30:
            log.say(f"no time left for the open-ended sweep ({left():.0f} s)")
            return
        # a deck a little larger than the rate says the box reaches (cells ~ k^2 / 2): a far
        # larger square would spend the box launching tiles of its stop region
        n_big = a.n_big or int(1.25 * (2 * rate * box) ** 0.5) // 1_000_000 * 1_000_000 + 1_000_000
        ckpt = a.checkpoint or Path(os.environ.get("TMPDIR", "/tmp")) / "stoplib_gpu_sweep.ckpt"
        ckpt.unlink(missing_ok=True)
        resumable_sweep(log, n_big, box, ckpt, cpu)


if __name__ == "__main__":
    main()
