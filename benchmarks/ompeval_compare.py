"""Our hand evaluator beside OMPEval (zekyll/OMPEval, C++) on the same core, in the same run.

Used by ``bench_holdem_evaluator.py --ompeval PATH``. OMPEval is not part of this
project: given the path of a checkout (its ``omp/HandEvaluator.cpp`` and headers),
this module writes a small C++ driver of its own into a temporary directory,
compiles it with OMPEval's sources (``g++ -O3 -march=native``) and runs it on the
same workloads and the same hands as ours:

* ``enumerate``: all 133,784,560 seven-card hands, the key built card by card
  in nested loops, the ranks summed (OMPEval's own enumeration benchmark does
  this with seven loops, and so does the driver; ours runs the last two cards as
  one loop over the 1,326 pairs, ``_checksum7``). The driver also times OMPEval
  with our loops (``OMPEval, pair loop``), and the ratio is taken to the faster
  of OMPEval's two;
* ``histogram``: the same enumeration counting the ranks (ours: the kernel of
  :func:`stoplib.holdem.rank_counts`);
* ``random``: the hands of a pre-generated ``(n, 7)`` array of card codes, each
  rank written to an output array (ours: the kernel of ``evaluate7_many``).

Both sides run pinned to core 0 (``taskset -c 0`` for the driver when present,
``os.sched_setaffinity`` for this process), one thread, alternating ours and
theirs repeat by repeat; each time is the thread's CPU time (the machine is
shared, so the wall-clock time, also recorded, includes other programs' turns).
The driver also prints, outside its timed loops, how many hands of each
category it saw, which must equal ours.
"""
from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import numpy as np

DRIVER = r"""
// Written by stoplib's benchmarks/ompeval_compare.py: times OMPEval's HandEvaluator on the
// workloads of stoplib's evaluator benchmark. Usage: driver WORKLOAD HANDS_FILE N_HANDS
#include "omp/HandEvaluator.h"
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <vector>
#include <time.h>

static double seconds(clockid_t clock) {
    timespec ts;
    clock_gettime(clock, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

int main(int argc, char** argv) {
    if (argc != 4) return 2;
    const char* workload = argv[1];
    long n = atol(argv[3]);
    omp::HandEvaluator eval;
    unsigned long long check = 0, count = 0;
    std::vector<unsigned long long> categories(10, 0);
    double cpu0 = 0, wall0 = 0, cpu = 0, wall = 0;
    if (workload[0] == 'p') {  // every seven-card hand, the last two cards as one loop over pairs
        std::vector<omp::Hand> pairs;
        std::vector<unsigned> start(53);
        for (unsigned f = 0; f < 52; f++) {
            start[f] = pairs.size();
            for (unsigned g = f + 1; g < 52; g++) pairs.push_back(omp::Hand(f) + omp::Hand(g));
        }
        start[52] = pairs.size();
        cpu0 = seconds(CLOCK_THREAD_CPUTIME_ID);
        wall0 = seconds(CLOCK_MONOTONIC);
        for (unsigned a = 0; a < 52; a++) {
            omp::Hand ha = omp::Hand::empty() + omp::Hand(a);
            for (unsigned b = a + 1; b < 52; b++) {
                omp::Hand hb = ha + omp::Hand(b);
                for (unsigned c = b + 1; c < 52; c++) {
                    omp::Hand hc = hb + omp::Hand(c);
                    for (unsigned d = c + 1; d < 52; d++) {
                        omp::Hand hd = hc + omp::Hand(d);
                        for (unsigned e = d + 1; e < 50; e++) {
                            omp::Hand he = hd + omp::Hand(e);
                            for (unsigned p = start[e + 1]; p < pairs.size(); p++) {
                                check += eval.evaluate(he + pairs[p]);
                                count++;
                            }
                        }
                    }
                }
            }
        }
        cpu = seconds(CLOCK_THREAD_CPUTIME_ID) - cpu0;
        wall = seconds(CLOCK_MONOTONIC) - wall0;
    } else if (workload[0] == 'e' || workload[0] == 'h') {  // every seven-card hand, nested loops
        bool histogram = workload[0] == 'h';
        std::vector<uint64_t> hist(1 << 16, 0);
        cpu0 = seconds(CLOCK_THREAD_CPUTIME_ID);
        wall0 = seconds(CLOCK_MONOTONIC);
        for (unsigned a = 0; a < 52; a++) {
            omp::Hand ha = omp::Hand::empty() + omp::Hand(a);
            for (unsigned b = a + 1; b < 52; b++) {
                omp::Hand hb = ha + omp::Hand(b);
                for (unsigned c = b + 1; c < 52; c++) {
                    omp::Hand hc = hb + omp::Hand(c);
                    for (unsigned d = c + 1; d < 52; d++) {
                        omp::Hand hd = hc + omp::Hand(d);
                        for (unsigned e = d + 1; e < 52; e++) {
                            omp::Hand he = hd + omp::Hand(e);
                            for (unsigned f = e + 1; f < 52; f++) {
                                omp::Hand hf = he + omp::Hand(f);
                                for (unsigned g = f + 1; g < 52; g++) {
                                    unsigned r = eval.evaluate(hf + omp::Hand(g));
                                    if (histogram) hist[r]++; else check += r;
                                    count++;
                                }
                            }
                        }
                    }
                }
            }
        }
        cpu = seconds(CLOCK_THREAD_CPUTIME_ID) - cpu0;
        wall = seconds(CLOCK_MONOTONIC) - wall0;
        if (histogram) {
            for (unsigned r = 0; r < hist.size(); r++) {
                check += r * hist[r];
                categories[r >> 12] += hist[r];
            }
        }
    } else {  // random hands from an array, each rank stored
        std::vector<unsigned char> hands(7 * n);
        FILE* fh = fopen(argv[2], "rb");
        if (!fh || fread(hands.data(), 1, hands.size(), fh) != hands.size()) return 3;
        fclose(fh);
        std::vector<uint32_t> out(n);
        const unsigned char* p = hands.data();
        cpu0 = seconds(CLOCK_THREAD_CPUTIME_ID);
        wall0 = seconds(CLOCK_MONOTONIC);
        for (long i = 0; i < n; i++, p += 7) {
            omp::Hand h = omp::Hand::empty() + omp::Hand(p[0]) + omp::Hand(p[1]) + omp::Hand(p[2])
                          + omp::Hand(p[3]) + omp::Hand(p[4]) + omp::Hand(p[5]) + omp::Hand(p[6]);
            out[i] = eval.evaluate(h);
        }
        cpu = seconds(CLOCK_THREAD_CPUTIME_ID) - cpu0;
        wall = seconds(CLOCK_MONOTONIC) - wall0;
        for (long i = 0; i < n; i++) {  // not timed
            check += out[i];
            categories[out[i] >> 12]++;
        }
        count = n;
    }
    printf("%s %llu %.9f %.9f %llu", workload, count, cpu, wall, check);
    for (int k = 1; k <= 9; k++) printf(" %llu", categories[k]);
    printf("\n");
    return 0;
}
"""


def build(ompeval: Path, workdir: Path) -> tuple[Path, str]:
    """Compile the driver with OMPEval's sources; return the executable and the compiler line."""
    source = ompeval / "omp" / "HandEvaluator.cpp"
    if not source.is_file():
        raise FileNotFoundError(f"{source} not found: --ompeval must name a checkout of zekyll/OMPEval")
    compiler = shutil.which("g++") or shutil.which("c++")
    if compiler is None:
        raise RuntimeError("no C++ compiler (g++ or c++) on the PATH")
    driver = workdir / "driver.cpp"
    driver.write_text(DRIVER)
    exe = workdir / "driver"
    cmd = [compiler, "-O3", "-march=native", "-std=c++11", f"-I{ompeval}", "-o", str(exe),
           str(driver), str(source)]
    subprocess.run(cmd, check=True, capture_output=True, text=True)
    version = subprocess.run([compiler, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    return exe, f"{version}: -O3 -march=native -std=c++11"


def _commit(ompeval: Path) -> str:
    try:
        out = subprocess.run(["git", "-C", str(ompeval), "rev-parse", "HEAD"], capture_output=True,
                             text=True, timeout=10)
        return out.stdout.strip() if out.returncode == 0 else "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def _run_driver(exe: Path, workload: str, hands_file: Path, n: int) -> dict:
    cmd = [str(exe), workload, str(hands_file), str(n)]
    taskset = shutil.which("taskset")
    if taskset:
        cmd = [taskset, "-c", "0", *cmd]
        out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.split()
    else:
        out = subprocess.run(cmd, capture_output=True, text=True, check=True,
                             preexec_fn=lambda: os.sched_setaffinity(0, {0})).stdout.split()
    return {"n": int(out[1]), "cpu": float(out[2]), "wall": float(out[3]), "check": int(out[4]),
            "categories": [int(x) for x in out[5:14]]}


def _timed(fn) -> dict:
    c0, w0 = time.thread_time(), time.perf_counter()
    result = fn()
    return {"cpu": time.thread_time() - c0, "wall": time.perf_counter() - w0, "result": result}


def compare(ompeval, hands: np.ndarray, repeats: int = 7) -> list[dict]:
    """Time ours and OMPEval's on the three workloads; one row per (workload, implementation)."""
    from stoplib.holdem import category_codes
    from stoplib.holdem._tables import CATEGORY_START, CLASSES_PER_CATEGORY
    from stoplib.holdem.evaluator import (N_HANDS, _checksum7, _count_serial, _evaluate_many, load_tables,
                                          pair_tables)
    from stoplib.util.timing import machine

    ompeval = Path(ompeval).resolve()
    tables = load_tables()
    pairs = pair_tables(tables)
    hands = np.ascontiguousarray(hands, dtype=np.int8)
    n = hands.shape[0]
    out = np.empty(n, np.int32)
    hist = np.zeros((46, 2, 7463), np.int32)
    out.fill(0)  # touch the pages before timing, as the driver's vectors are
    # compile (or load) our kernels before timing
    _checksum7(tables, *pairs)
    _count_serial(7, tables, *pairs, hist)
    _evaluate_many(hands[:8], tables, out[:8])

    def ours_histogram():
        hist[:] = 0
        t = _timed(lambda: _count_serial(7, tables, *pairs, hist))
        return t

    ours = {"enumerate": lambda: _timed(lambda: _checksum7(tables, *pairs)),
            "histogram": ours_histogram,
            "random": lambda: _timed(lambda: _evaluate_many(hands, tables, out))}
    sizes = {"enumerate": N_HANDS[7], "histogram": N_HANDS[7], "random": n}
    old_affinity = os.sched_getaffinity(0)
    rows = []
    with tempfile.TemporaryDirectory(prefix="stoplib-ompeval-") as tmp:
        workdir = Path(tmp)
        exe, compiler = build(ompeval, workdir)
        hands_file = workdir / "hands.bin"
        hands.astype(np.uint8).tofile(hands_file)
        try:
            os.sched_setaffinity(0, {0})
            for workload in ("enumerate", "histogram", "random"):
                runs = {"stoplib": [], "OMPEval": []}
                if workload == "enumerate":
                    runs["OMPEval, pair loop"] = []
                theirs = None
                for _ in range(repeats):  # alternate, so both see the same share of the machine
                    runs["stoplib"].append(ours[workload]())
                    theirs = _run_driver(exe, workload, hands_file, sizes[workload])
                    runs["OMPEval"].append(theirs)
                    if workload == "enumerate":
                        runs["OMPEval, pair loop"].append(_run_driver(exe, "pairs", hands_file, sizes[workload]))
                # the same hands were ranked: category counts agree
                if workload == "random":
                    mine = np.bincount(category_codes(out), minlength=9).tolist()
                else:
                    counts = hist.sum(axis=(0, 1), dtype=np.int64)
                    mine = [int(counts[CATEGORY_START[k]:CATEGORY_START[k] + CLASSES_PER_CATEGORY[k]].sum())
                            for k in range(9)]
                if workload != "enumerate" and mine != theirs["categories"]:
                    raise AssertionError(f"{workload}: category counts differ: ours {mine}, "
                                         f"OMPEval {theirs['categories']}")
                medians = {k: statistics.median(r["cpu"] for r in v) for k, v in runs.items()}
                fastest = min(v for k, v in medians.items() if k.startswith("OMPEval"))
                for impl, rs in runs.items():
                    rows.append({
                        "workload": workload, "implementation": impl, "n_hands": sizes[workload],
                        "repeats": repeats, "median_cpu_s": medians[impl],
                        "median_wall_s": statistics.median(r["wall"] for r in rs),
                        "million_per_s": sizes[workload] / medians[impl] / 1e6,
                        "ratio_to_ompeval": fastest / medians[impl],
                        "cpu_runs_s": " ".join(f"{r['cpu']:.4f}" for r in rs),
                        "machine": machine(), "compiler": compiler if impl == "OMPEval" else "numba",
                        "ompeval_commit": _commit(ompeval),
                        "categories": " ".join(map(str, mine)) if impl == "stoplib" or workload == "enumerate"
                                      else " ".join(map(str, theirs["categories"])),
                        "load": os.getloadavg()[0]})
        finally:
            os.sched_setaffinity(0, old_affinity)
    return rows


def report(rows: list[dict]) -> None:
    """Print the comparison, one line per workload and implementation."""
    print(f"\nstoplib beside OMPEval, one thread on core 0, thread CPU time (median of {rows[0]['repeats']}); "
          f"ratio = the faster OMPEval's time / this one's (> 1: faster than OMPEval)")
    print(f"{'workload':<10} {'implementation':<18} {'hands':>12} {'median s':>9} {'M hands/s':>10} "
          f"{'ratio':>6}  runs (s)")
    for r in rows:
        print(f"{r['workload']:<10} {r['implementation']:<18} {r['n_hands']:>12,} {r['median_cpu_s']:>9.4f} "
              f"{r['million_per_s']:>10.1f} {r['ratio_to_ompeval']:>6.2f}  {r['cpu_runs_s']}")
    print(f"machine: {rows[0]['machine']}; OMPEval {rows[0]['ompeval_commit']}, "
          f"{[r for r in rows if r['implementation'] == 'OMPEval'][0]['compiler']}")
