"""The red/black DP on a CUDA GPU in one device call: both kernels timed, then the longest sweep the call allows.

    python benchmarks/gpu_redblack_session.py --out "$OUT" --seconds 550
    python benchmarks/gpu_redblack_session.py --simulate --out /tmp/gpu-sim      # numba's simulator, tiny sizes

1. **Check** (``--n-check``, 100,000): ``kernel="wavefront"`` (the default) and
   ``kernel="systolic"`` (the first GPU kernel) beside the host CPU's tiled sweep on all
   its cores: every V(i, i) of the two kernels compared bit for bit, and with the CPU.
2. **Tune** (``--n-tune``, 1,000,000): the wavefront in the shapes of ``--shapes``
   (strip, chains, tile_cols); the fastest is kept for what follows.
3. **Time** (``--ns``, 1,000,000 and 4,000,000): both kernels once each; seconds, cells/s,
   the fraction of the float64 peak (:data:`PEAK_FP64` at :data:`FLOPS_PER_CELL` flops a
   cell, and of the wavefront's instruction ceiling, :data:`FP64_INSTRUCTIONS_PER_CELL`
   float64 instructions a cell), V(n, n) against the CPU's committed sweep
   (``data/redblack_frontier.csv``) where it has one, and the two diagonals bit for bit.
4. **Sweep**: the deck the measured rate says fits the time left, a fifth larger, stopped
   by SIGINT when the box closes (the sweep driver writes its checkpoint and stops). Its
   checkpoint (in ``--checkpoint``, by default ``$TMPDIR``: a few hundred MB, not for
   ``--out``) is written every ``--checkpoint-every`` seconds, and each time every V(k, k)
   already done on the grid (1, 2, 5 x 10^j from 10^6, and every multiple of 5 x 10^6) is
   appended to the results, so nothing finished is lost; at the end the done prefix's last
   k too, and ``diagonal.csv`` (every ``--diag-every``-th V(k, k)).

``--sweep-only --n-big N --checkpoint PATH`` runs only step 4, resuming PATH if it is there.
``--sass`` needs no GPU: it compiles the wavefront for sm_90 in each shape and prints its
registers and the instructions of one step (the figures behind ``stoplib.redblack.gpu.DESIGN``).

Output under ``--out``: ``redblack_gpu.csv`` (the columns of ``data/redblack_gpu_runs.csv``,
``stoplib.redblack.gpu.RUN_COLUMNS``, each row appended as soon as it is measured, naming
the device and the host), ``diagonal.csv``, ``log.txt`` (the printed lines). Nothing is
written in the repository: the session copies what it wants into ``data/``.

On the device tool, from the repository root, in one call (no carry: the device's image has
numba and numba-cuda, and the package is imported from the tree)::

    python3 benchmarks/gpu_redblack_session.py --out "$OUT" --seconds 550

with ``timeout_s=600``; then give the machine back. The steps before the sweep should take
about 100 s (the host's CPU kernels compile for the check; the wavefront compiles in a few
seconds a shape; the systolic kernel alone takes about 40 s at 4,000,000), leaving the sweep
about 400 s. A check that fails (a kernel that does not build, or a wavefront that differs
from the CPU by more than 1e-12) stops the run at once, with the traceback in ``log.txt``.

Predictions, written before any run (``stoplib.redblack.gpu.DESIGN``): the two kernels give
the same bits (their PTX computes every cell as ``fma(left - 1, b, (up + 1) r) * (1 / k)``
under numba 0.68.1 and numba-cuda 0.30.4 alike); the systolic kernel runs at about 2.4e11
cells/s, as recorded; the wavefront's ceiling is about 3.1e12 cells/s, and it should pass
1e12 once a launch holds more tiles than the GPU holds warps (about 2,600), i.e. in the
middle of a sweep of 10^7 cards or more, less at 10^6 and 4 x 10^6 (fewer tiles a launch).
At 1e12 cells/s a 400-s sweep reaches about 2.5e7 cards: stopped by the box, it has also
done the rows just below the diagonal's last tile, a quarter more work with tiles of 256 x 1024.
"""
from __future__ import annotations

import argparse
import csv
import datetime
import os
import signal
import subprocess
import sys
import threading
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("STOPLIB_PROGRESS", "0")
if "--simulate" in sys.argv:  # before numba is imported
    os.environ["NUMBA_ENABLE_CUDASIM"] = "1"
    sys.setswitchinterval(1e-4)  # the simulator's threads hand the GIL over far more often: 10x faster

import numpy as np  # noqa: E402

if not hasattr(np, "row_stack"):  # numba-cuda 0.x still calls np.row_stack, gone in numpy 2.5
    np.row_stack = np.vstack

from stoplib import redblack as rb  # noqa: E402
from stoplib.redblack import gpu  # noqa: E402
from stoplib.redblack.checkpoint import CheckpointError, checkpoint_info, read_checkpoint  # noqa: E402
from stoplib.util import budget  # noqa: E402
from stoplib.util.timing import machine  # noqa: E402

#: The H200's float64 vector peak (FLOP/s): NVIDIA's datasheet for the SXM part, 34 TFLOPS.
PEAK_FP64 = 34e12
#: Float64 operations of one cell, ``(r (up + 1) + b (left - 1)) / (r + b)``: the two adds, the
#: product ``r (up + 1)``, the multiply-add (2) and the product by the reciprocal (the max is
#: not counted, nor the division the wavefront replaces by a table).
FLOPS_PER_CELL = 6
#: Float64 instructions a cell of the wavefront issues (DADD, DADD, DMUL, DFMA, DMUL: ptxas
#: for sm_90): each takes a float64 lane for a cycle, as an FMA does, so ``PEAK_FP64 / 2 /
#: 5`` cells/s (3.4e12) is the kernel's ceiling.
FP64_INSTRUCTIONS_PER_CELL = 5


class Log:
    """Printed lines to stdout and ``log.txt``; result rows appended to ``redblack_gpu.csv``."""

    def __init__(self, out: Path, device: str, append: bool = False):
        self.out, self.device, self.host = out, device, machine()
        self.csv = out / "redblack_gpu.csv"
        if not (append and self.csv.exists()):
            with open(self.csv, "w", newline="") as fh:
                csv.DictWriter(fh, gpu.RUN_COLUMNS, lineterminator="\n").writeheader()

    def say(self, line: str) -> None:
        print(line, flush=True)
        with open(self.out / "log.txt", "a") as fh:
            fh.write(line + "\n")

    def row(self, **kw) -> None:
        kw.setdefault("device", self.device)
        kw.setdefault("host", self.host)
        kw.setdefault("taken", datetime.date.today().isoformat())
        with open(self.csv, "a", newline="") as fh:
            csv.DictWriter(fh, gpu.RUN_COLUMNS, lineterminator="\n").writerow(
                {k: kw.get(k, "") for k in gpu.RUN_COLUMNS})


def frontier_values() -> dict:
    """The CPU's committed sweeps, ``{n: V(n, n)}``."""
    with open(ROOT / "data" / "redblack_frontier.csv", newline="") as fh:
        return {int(r["n"]): float(r["value"]) for r in csv.DictReader(fh)}


def device_name() -> str:
    from numba import cuda

    if gpu.simulated():
        return "numba CUDA simulator"
    dev = cuda.get_current_device()
    name = dev.name.decode() if isinstance(dev.name, bytes) else str(dev.name)
    return f"{name} (compute capability {dev.compute_capability[0]}.{dev.compute_capability[1]})"


def nvidia_smi() -> str:
    try:
        return subprocess.run(["nvidia-smi", "--query-gpu=name,clocks.sm,clocks.max.sm,power.draw,temperature.gpu",
                               "--format=csv,noheader"], capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "(no nvidia-smi)"


def versions() -> str:
    from importlib import metadata

    out = []
    for name in ("numba", "numba-cuda", "numpy"):
        try:
            out.append(f"{name} {metadata.version(name)}")
        except metadata.PackageNotFoundError:
            out.append(f"{name} (not installed)")
    return ", ".join(out)


def shape_name(kernel: str, shape: dict) -> str:
    if kernel == "systolic":
        return f"systolic ({shape['tile_rows']} x {shape['tile_cols']} tiles)"
    return (f"wavefront (strip {shape['strip']}, chains {shape['chains']}, "
            f"{shape['tile_rows']} x {shape['tile_cols']} tiles)")


def run(n: int, kernel: str, shape: dict):
    """One sweep of the balanced deck ``n``: ``(seconds, diag)``, timed around the call."""
    from numba import cuda

    cuda.synchronize()
    t0 = time.perf_counter()
    r = gpu.cuda_sweep(n, n, n_diag=n + 1, kernel=kernel, show_progress=False, **shape)
    cuda.synchronize()
    return time.perf_counter() - t0, r.diag


def rate_note(n: int, seconds: float) -> tuple:
    """``(cells, cells/s, note)``: the live cells of ``work_estimate`` (the same count as the
    recorded runs), the flops at FLOPS_PER_CELL over PEAK_FP64, the wavefront's instruction ceiling."""
    cells = rb.work_estimate(n, n, "tiled").cells
    rate = cells / seconds
    ceiling = PEAK_FP64 / 2 / FP64_INSTRUCTIONS_PER_CELL
    note = (f"{rate * FLOPS_PER_CELL / PEAK_FP64:.1%} of the float64 peak ({FLOPS_PER_CELL} flops a cell, "
            f"{PEAK_FP64 / 1e12:g} TFLOPS), {rate / ceiling:.1%} of {ceiling:.3g} cells/s "
            f"({FP64_INSTRUCTIONS_PER_CELL} float64 instructions a cell)")
    return cells, rate, note


def compare(a: np.ndarray, b: np.ndarray) -> tuple:
    """``(how many V(i, i) differ, the largest relative difference)`` over i >= 1."""
    a, b = a[1:], b[1:]
    return int(np.count_nonzero(a != b)), float(np.max(np.abs(a - b) / b))


def shape_of(strip: int, chains: int, cols: int, lanes: int = 32) -> dict:
    return {"tile_rows": lanes * strip, "tile_cols": cols, "strip": strip, "chains": chains}


def check(log: Log, a, systolic: dict, wavefront: dict) -> float:
    """Step 1: both kernels and the host CPU on every V(i, i) of one deck; returns the
    wavefront's largest relative difference from the CPU."""
    n = a.n_check
    s_old, d_old = run(n, "systolic", systolic)
    s_new, d_new = run(n, "wavefront", wavefront)
    t0 = time.perf_counter()
    d_cpu = rb.balanced_values(n, method="tiled")
    s_cpu = time.perf_counter() - t0
    diff, rel_old = compare(d_new, d_old)
    _, rel_cpu = compare(d_new, d_cpu)
    log.say(f"check at n = {n:,}: {diff} of {n:,} V(i, i) differ between the two kernels (largest relative "
            f"difference {rel_old:.2e}); wavefront against the host CPU ({os.cpu_count()} cores, {s_cpu:.2f} s): "
            f"largest relative difference {rel_cpu:.2e}; systolic {s_old:.3f} s, wavefront {s_new:.3f} s")
    log.row(what=f"check, {shape_name('wavefront', wavefront)}", n=n, seconds=f"{s_new:.4f}",
            value=repr(float(d_new[n])), cpu_value=repr(float(d_cpu[n])), rel_diff=f"{rel_cpu:.3g}",
            note=f"all V(i, i) compared with the host's tiled sweep; {diff} differ from the systolic kernel's")
    return rel_cpu


def tune(log: Log, a) -> dict:
    """Step 2: the wavefront's shapes at one deck; the fastest."""
    best = None
    for strip, chains, cols in a.shapes:
        shape = shape_of(strip, chains, cols, a.lanes)
        t0 = time.perf_counter()
        run(min(a.n_check, 3000), "wavefront", shape)  # compile
        compile_s = time.perf_counter() - t0
        s, d = run(a.n_tune, "wavefront", shape)
        cells, rate, note = rate_note(a.n_tune, s)
        relu = gpu.RELU_USED.get((a.lanes, strip, chains), "?")
        regs = registers(a.lanes, strip, chains)
        log.say(f"tune n = {a.n_tune:,} {shape_name('wavefront', shape)}: {s:.3f} s, {rate:.3g} cells/s "
                f"(compile {compile_s:.1f} s; max(v, 0) by {relu}; {regs})")
        log.row(what=f"cuda, {shape_name('wavefront', shape)}", n=a.n_tune, seconds=f"{s:.4f}", cells=f"{cells:.4g}",
                cells_per_s=f"{rate:.4g}", value=repr(float(d[a.n_tune])), note=f"tuning run; {note}; {regs}")
        if best is None or rate > best[0]:
            best = (rate, shape)
    log.say(f"fastest: {shape_name('wavefront', best[1])}")
    return best[1]


def registers(lanes: int, strip: int, chains: int) -> str:
    """Registers and local memory per thread of one wavefront kernel (numba-cuda's dispatcher)."""
    try:
        k = gpu._wavefront_kernel(lanes, strip, chains)
        return f"{k.get_regs_per_thread()} registers, {k.get_local_mem_per_thread()} bytes local memory a thread"
    except Exception as err:  # noqa: BLE001 (the simulator has no such figures)
        return f"registers unknown ({type(err).__name__})"


def timings(log: Log, a, systolic: dict, shapes: list, cpu: dict) -> tuple:
    """Step 3: both kernels at each deck of ``--ns``, the wavefront in ``shapes[0]`` (the tuned
    shape), and at the last deck also in the others (the default shape, when tuning picked
    another: the tuning deck fills the GPU less than the sweep will). Returns the wavefront's
    fastest shape at the last deck and its rate."""
    best = (0.0, shapes[0])
    for n in a.ns:
        runs = [("wavefront", sh) for sh in (shapes if n == a.ns[-1] else shapes[:1])] + [("systolic", systolic)]
        diags = {}
        for kernel, shape in runs:
            s, d = run(n, kernel, shape)
            diags.setdefault(kernel, d)
            cells, rate, note = rate_note(n, s)
            if kernel == "wavefront" and n == a.ns[-1] and rate > best[0]:
                best = (rate, shape)
            v = float(d[n])
            cmp = {}
            if n in cpu:
                cmp = dict(cpu_value=repr(cpu[n]), rel_diff=f"{abs(v - cpu[n]) / cpu[n]:.3g}")
            log.say(f"n = {n:,} {shape_name(kernel, shape)}: {s:.3f} s, {rate:.4g} cells/s, {note}; V = {v!r}"
                    + (f", CPU {cpu[n]!r} (relative difference {cmp['rel_diff']})" if cmp else ""))
            log.row(what=f"cuda, {shape_name(kernel, shape)}", n=n, seconds=f"{s:.4f}", cells=f"{cells:.4g}",
                    cells_per_s=f"{rate:.4g}", value=repr(v), note=f"one run; {note}", **cmp)
        diff, rel = compare(diags["wavefront"], diags["systolic"])
        log.say(f"n = {n:,}: {diff} of {n:,} V(i, i) differ between the kernels "
                f"(largest relative difference {rel:.2e})")
        log.row(what="wavefront against systolic", n=n, note=f"{diff} of {n:,} V(i, i) differ; largest relative "
                f"difference {rel:.3g}" + ("; bit for bit the same" if diff == 0 else ""))
    log.say(f"for the sweep: {shape_name('wavefront', best[1])}, {best[0]:.4g} cells/s at n = {a.ns[-1]:,}")
    return best[1], best[0]


def grid(k_max: int) -> list:
    """The k recorded from a sweep: 1, 2, 5 x 10^j from 10^6 (the frontier's grid) and every
    multiple of 5 x 10^6, up to ``k_max``; in the simulator, every multiple of 10."""
    if gpu.simulated():
        return list(range(10, k_max + 1, 10))
    ks = {m * 10**j for j in range(6, 10) for m in (1, 2, 5)} | set(range(5_000_000, k_max + 1, 5_000_000))
    return sorted(k for k in ks if k <= k_max)


class Recorder:
    """Appends every V(k, k) of :func:`grid` a checkpoint of the sweep holds, once each, as rows
    ``what = tag`` (``"one sweep of n = N"``, the form ``stoplib.redblack.frontier`` reads)."""

    def __init__(self, log: Log, tag: str, kernel: str, ckpt: Path, cpu: dict, a):
        self.log, self.tag, self.kernel, self.ckpt, self.cpu, self.a = log, tag, kernel, ckpt, cpu, a
        self.recorded, self.seen = set(), None

    def poll(self, final: bool = False):
        """Read the checkpoint if it changed; record what is new. Returns ``(k, diag, progress)``."""
        try:
            info = checkpoint_info(self.ckpt)
        except (OSError, CheckpointError):
            return 0, None, {}
        if info["progress"] == self.seen and not final:
            return 0, None, info["progress"]
        fr = read_checkpoint(self.ckpt)
        self.seen = fr.progress
        diag = fr.arrays["diag"]
        done = np.flatnonzero(diag[1:] == 0.0)
        k = int(done[0]) if done.size else diag.size - 1  # diag[1..k] done: a prefix, as tiles run in order
        for kk in grid(k):
            if kk not in self.recorded:
                self.recorded.add(kk)
                v = float(diag[kk])
                cmp = {}
                if kk in self.cpu:
                    cmp = dict(cpu_value=repr(self.cpu[kk]), rel_diff=f"{abs(v - self.cpu[kk]) / self.cpu[kk]:.3g}")
                self.log.row(what=self.tag, n=kk, value=repr(v), note=f"V(k, k) read from the diagonal of {self.tag} "
                             f"({self.kernel}) at its checkpoint after {fr.progress.get('seconds', 0.0):.1f} s",
                             **cmp)
        self.write_diagonal(diag, k)
        return k, diag, fr.progress

    def write_diagonal(self, diag: np.ndarray, k: int) -> None:
        step = self.a.diag_every
        ks = np.arange(step, k + 1, step)
        tmp = self.log.out / ".diagonal.csv.tmp"
        with open(tmp, "w") as fh:
            fh.write("k,value\n")
            fh.writelines(f"{kk},{float(diag[kk])!r}\n" for kk in ks)
        tmp.replace(self.log.out / "diagonal.csv")


def sweep(log: Log, a, n_big: int, shape: dict, box: float, ckpt: Path, cpu: dict) -> None:
    """Step 4: sweep ``n_big`` (resuming ``ckpt``) for at most ``box`` seconds; record as it goes."""
    tag, kernel = f"one sweep of n = {n_big:,}", shape_name("wavefront", shape)
    log.say(f"sweep of n = {n_big:,} in a box of {box:.0f} s, {kernel}, checkpoint {ckpt}")
    rec = Recorder(log, tag, kernel, ckpt, cpu, a)
    stop = threading.Event()

    def watch():
        while not stop.wait(5.0):
            rec.poll()

    watcher = threading.Thread(target=watch, daemon=True)
    timer = threading.Timer(box, lambda: os.kill(os.getpid(), signal.SIGINT))
    t0 = time.perf_counter()
    watcher.start()
    timer.start()
    try:
        gpu.cuda_sweep(n_big, n_big, n_diag=n_big + 1, checkpoint=ckpt, checkpoint_every=a.checkpoint_every,
                       show_progress=False, **shape)
        finished = True
    except KeyboardInterrupt:
        finished = False
    finally:
        timer.cancel()
        stop.set()
        watcher.join()
    wall = time.perf_counter() - t0
    k, diag, progress = rec.poll(final=True)
    finished = finished or bool(progress.get("complete"))
    total = float(progress.get("seconds") or wall)
    cells = float(progress.get("cells") or 0.0)
    log.say(f"sweep of n = {n_big:,}: this call {wall:.1f} s, the sweep's time over all calls {total:.1f} s, "
            f"finished={finished}; every V(k, k) done up to k = {k:,}; {progress}")
    if diag is not None and k and k not in rec.recorded:
        log.row(what=tag, n=k, value=repr(float(diag[k])),
                note=f"the last V(k, k) done, {kernel} ({total:.1f} s of sweeping)")
    # a whole sweep's row is "one sweep of n = N" with n = N (stoplib.redblack.frontier reads it);
    # a sweep the box stopped says so in other words, with n = the last k done
    log.row(what=tag if finished else f"part of a sweep of n = {n_big:,}", n=k, seconds=f"{total:.2f}",
            cells=f"{cells:.4g}", cells_per_s=f"{cells / total:.4g}" if total > 0 else "",
            note=(f"the whole sweep: every V(k, k) for k <= {k:,}" if finished else
                  f"stopped by the box: every V(k, k) for k <= {k:,}") + f"; {kernel}; {total:.1f} s of sweeping")


def sass_report(a) -> int:
    """``--sass``: without a GPU, the wavefront's machine code for sm_90 in each shape of
    ``--shapes``: registers and spills (``ptxas -v``) and the instructions of one step of the
    unrolled loop (``cuobjdump -sass``, from one ``SHFL.UP`` pair to the next), with and
    without the rarely taken branch that writes V(i, i). Needs numba's NVVM, ``ptxas`` and
    ``cuobjdump`` (``CUDA_HOME``, the PATH, or ``--cuobjdump``)."""
    import shutil
    import tempfile

    from numba import cuda

    from stoplib.redblack import _gpu_wavefront as wf

    try:  # numba's built-in CUDA target compiles device functions (the shuffles) for the current device
        import numba.cuda.dispatcher as dispatcher

        class _Hopper:
            compute_capability = (9, 0)

        dispatcher.get_current_device = lambda: _Hopper()
    except (ImportError, AttributeError):
        pass
    home = Path(os.environ.get("CUDA_HOME", "/usr/local/cuda"))
    tools = (shutil.which("ptxas") or str(home / "bin" / "ptxas"),
             a.cuobjdump or shutil.which("cuobjdump") or str(home / "bin" / "cuobjdump"), Path(tempfile.mkdtemp()))
    for strip, chains in dict.fromkeys((strip, chains) for strip, chains, _ in a.shapes):
        for diag in (True, False):
            src = wf.wavefront_source(32, strip, chains, gpu.TILES_PER_BLOCK, diag)
            ptx, _ = cuda.compile_ptx(wf._exec(src, "wavefront", wf._namespace("bits")), wf.signature(), cc=(9, 0))
            regs, spill, step = _sass_step(ptx, strip - chains + 1, tools)
            fp64 = sum(step[k] for k in ("DADD", "DMUL", "DFMA", "DSETP"))
            what = "the kernel" if diag else "without the branch that writes V(i, i) (every tile off the diagonal)"
            print(f"strip {strip}, chains {chains}, {what}: {regs} registers, {spill} bytes spilled; one step of "
                  f"{strip} cells: {sum(step.values())} instructions ({sum(step.values()) / strip:.1f} a cell), "
                  f"{fp64} float64 ({fp64 / strip:.2f} a cell): {dict(step.most_common(12))}", flush=True)
    return 0


def _sass_step(ptx: str, window: int, tools) -> tuple:
    """``(registers, bytes spilled, Counter of one step's opcodes)`` of a wavefront kernel's PTX."""
    import collections
    import re

    ptxas, cuobjdump, tmp = tools
    (tmp / "k.ptx").write_text(ptx)
    info = subprocess.run([ptxas, "-arch=sm_90", "-O3", "-v", str(tmp / "k.ptx"), "-o", str(tmp / "k.cubin")],
                          capture_output=True, text=True, check=True).stderr
    sass = subprocess.run([cuobjdump, "-sass", str(tmp / "k.cubin")], capture_output=True, text=True,
                          check=True).stdout
    ops = [m.group(1) for m in re.finditer(r"/\*[0-9a-f]{4,}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)", sass)]
    # each step starts with the two SHFL.UP of a 64-bit shuffle; the loop's steps come first in
    # the code, then the copies the compiler adds for a divergent warp
    up = [op.startswith("SHFL.UP") for op in ops]
    starts = [i for i in range(1, len(ops)) if up[i] and not up[i - 1]]
    k = max(0, window // 2 - 1)
    step = collections.Counter(op.split(".")[0] for op in ops[starts[k]:starts[k + 1]])
    return (re.search(r"Used (\d+) registers", info).group(1), re.search(r"(\d+) bytes spill stores", info).group(1),
            step)


def parse_args(argv=None) -> argparse.Namespace:
    """The command line (see the module docstring); ``--simulate`` gives tiny sizes."""
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--out", type=Path, required=True)
    p.add_argument("--seconds", type=float, default=550.0, help="the whole run's box, from the start")
    p.add_argument("--simulate", action="store_true", help="numba's CUDA simulator at tiny sizes (end-to-end check)")
    p.add_argument("--n-check", type=int, default=None, help="the deck checked against the host CPU")
    p.add_argument("--n-tune", type=int, default=None, help="the deck the wavefront's shapes are timed at")
    p.add_argument("--ns", type=int, nargs="+", default=None, help="the decks both kernels are timed at")
    p.add_argument("--shapes", type=int, nargs=3, action="append", default=None, metavar=("STRIP", "CHAINS", "COLS"),
                   help="a wavefront shape to tune (repeat)")
    p.add_argument("--n-big", type=int, default=0, help="the sweep's deck (0: from the measured rate)")
    p.add_argument("--sweep-only", action="store_true", help="only the sweep of --n-big, resumed from --checkpoint")
    p.add_argument("--checkpoint", type=Path, default=None, help="the sweep's checkpoint (default: under $TMPDIR)")
    p.add_argument("--checkpoint-every", type=float, default=120.0, help="seconds between checkpoint writes")
    p.add_argument("--diag-every", type=int, default=None, help="every how many cards diagonal.csv keeps V(k, k)")
    p.add_argument("--sass", action="store_true", help="no GPU needed: registers and one step's sm_90 instructions")
    p.add_argument("--cuobjdump", default=None, help="the cuobjdump for --sass")
    a = p.parse_args(argv)
    tiny = a.simulate
    a.lanes = 4 if tiny else 32
    a.n_check = a.n_check or (24 if tiny else 100_000)
    a.n_tune = a.n_tune or (40 if tiny else 1_000_000)
    a.ns = a.ns or ([40, 56] if tiny else [1_000_000, 4_000_000])
    a.shapes = a.shapes or ([[2, 1, 8], [2, 2, 8]] if tiny else [[8, 1, 1024], [8, 2, 1024], [16, 1, 1024],
                                                                  [8, 1, 2048]])
    a.diag_every = a.diag_every or (10 if tiny else 10_000)
    if tiny:  # short steps and frequent checkpoints, so that the stop and the recorder are exercised
        gpu.SYNC_EVERY = 4
        a.checkpoint_every = min(a.checkpoint_every, 2.0)
    a.systolic = {"tile_rows": 8, "tile_cols": 8} if tiny else {"tile_rows": gpu.SYSTOLIC_ROWS,
                                                                "tile_cols": gpu.SYSTOLIC_COLS}
    if a.sweep_only and (not a.n_big or a.checkpoint is None):
        p.error("--sweep-only needs --n-big and --checkpoint")
    return a


def main(argv=None) -> int:
    a = parse_args(argv)
    start = time.perf_counter()
    left = lambda: a.seconds - (time.perf_counter() - start)  # noqa: E731
    a.out.mkdir(parents=True, exist_ok=True)
    if a.sass:
        return sass_report(a)
    if not (gpu.gpu_available() or gpu.simulated()):
        print("no CUDA device: nothing timed")
        return 1
    log = Log(a.out, device_name(), append=a.sweep_only)
    log.say(f"GPU: {log.device}; {nvidia_smi()}; host: {log.host}; {versions()}")
    cpu = frontier_values()
    ckpt = a.checkpoint or Path(os.environ.get("TMPDIR", "/tmp")) / "stoplib_gpu_wavefront.ckpt"
    wavefront = shape_of(gpu.STRIP, gpu.CHAINS, gpu.TILE_COLS, a.lanes)
    with budget.allow(seconds=1e9, bytes=1e12):
        if a.sweep_only:
            sweep(log, a, a.n_big, wavefront, left() - 40, ckpt, cpu)
            return 0
        try:
            rel_cpu = check(log, a, a.systolic, wavefront)
        except Exception:  # a kernel that does not build or run here: say why, spend no more device time
            log.say("the check failed, nothing else is run:\n" + traceback.format_exc())
            return 1
        if not rel_cpu < 1e-12:
            log.say(f"the wavefront differs from the CPU by {rel_cpu:.3g} (relative): no timing, no sweep")
            return 1
        tuned = tune(log, a)
        wavefront, rate = timings(log, a, a.systolic, [tuned] + ([wavefront] if tuned != wavefront else []), cpu)
        log.say(f"after the timings: {time.perf_counter() - start:.0f} s used, {left():.0f} s left; {nvidia_smi()}")
        box = left() - (5 if a.simulate else 40)
        if a.simulate:  # the simulator rehearses the path (a sweep stopped by its box), however loaded the host
            box = max(box, 3.0)
        if box < (1 if a.simulate else 30):
            log.say(f"no time left for the sweep ({left():.0f} s)")
            return 0
        # the deck the rate at the last timed deck says the box reaches (cells ~ n^2 / 2), a fifth
        # larger (a larger deck fills the GPU better; stopped early, a sweep has also done the rows
        # just below its diagonal, whatever its deck), rounded to 10^5
        unit = 10 if a.simulate else 100_000
        n_big = a.n_big or int(1.2 * (2.0 * rate * box) ** 0.5) // unit * unit + unit
        ckpt.parent.mkdir(parents=True, exist_ok=True)
        ckpt.unlink(missing_ok=True)
        sweep(log, a, n_big, wavefront, box, ckpt, cpu)
    log.say(f"done in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
