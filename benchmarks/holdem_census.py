"""The census of period-13 decks with free suits, every table size 7..22 (stoplib.holdem.census).

A research run, not a benchmark: ``make bench`` does not run it (hours of CPU; its CPU seconds are kept
in the data files it writes, beside each result).

Runs :func:`stoplib.holdem.census_runs.run_census` for each table size in turn, one thread,
appending one line per chunk of 10! layouts to ``data/holdem_period13_census_chunks.csv``
(a killed run resumes where it stopped), the flush capacities to ``data/holdem_flush_capacity.csv``
and every deck that wins all 52 cuts to ``data/holdem_period13_completions.csv``. About 2 to 5
CPU-minutes per table size on the development machine (more for 9 and 12 players, whose
layouts pass more tests)::

    NUMBA_NUM_THREADS=1 nice -n 10 python benchmarks/holdem_census.py            # 7..22
    NUMBA_NUM_THREADS=1 nice -n 10 python benchmarks/holdem_census.py 12 9       # some sizes
    NUMBA_NUM_THREADS=1 nice -n 10 python benchmarks/holdem_census.py 12 --harvest 10
    NUMBA_NUM_THREADS=1 nice -n 10 python benchmarks/holdem_census.py 14 15 --capacity-only --method cp-sat

From 14 players the capacity alone settles the family (fact 6 of :mod:`stoplib.holdem.census`: every
layout has 13 bad classes); the chunks may still be visited to confirm the histogram.

``--harvest K`` visits again, in a temporary folder, the K chunks of each size with the most near
misses (layouts whose suits can win every cut of their bad classes, not all 52; from the committed
chunks file) and appends their near misses to ``data/holdem_period13_near_misses.csv``: for a size
whose census ran before the census kept its near misses (12 players).
"""
import argparse
import sys
import time

from stoplib.holdem.census_runs import run_census
from stoplib.util import budget
from stoplib.workbook.export import tex_beside


def harvest(sizes, k):
    """Near misses of the ``k`` chunks of each size with the most, appended to the committed file."""
    import tempfile
    from pathlib import Path

    import pandas as pd

    from stoplib.holdem import census_runs as cr
    from stoplib.holdem.players import committed_dir

    data = committed_dir()
    chunks = pd.read_csv(data / cr.CHUNK_FILE, dtype={"prefix": str}, keep_default_na=False)
    near_path = data / cr.NEAR_FILE
    have = (set(map(tuple, pd.read_csv(near_path, dtype={"layout": str})[["n_players", "layout"]].values))
            if near_path.is_file() else set())
    for n in sizes:
        top = chunks[chunks["n_players"] == n].sort_values("bad_cut_pass", ascending=False).head(k)
        top = top[top["bad_cut_pass"] > 0]
        folder = Path(tempfile.mkdtemp(prefix=f"census{n}-"))
        with budget.allow(seconds=4 * 3600):
            run_census(n, folder=folder, prefixes=list(top["prefix"]), method="search", show_progress=False)
        found = pd.read_csv(folder / cr.NEAR_FILE, dtype={"layout": str})
        log = cr._Appender(near_path, ("n_players", "layout"))
        new = [r for r in found.itertuples(index=False) if (r.n_players, r.layout) not in have]
        for r in new:
            log.add({"n_players": r.n_players, "layout": r.layout})
        print(f"{n} players: {len(top)} chunks visited again, {len(found)} near misses, {len(new)} new", flush=True)
    write_tex()
    return 0


def write_tex():
    """The census's files as LaTeX tables beside them (a table longer than the export's limit gets none)."""
    from stoplib.holdem import census_runs as cr
    from stoplib.holdem.players import committed_dir

    for name in (cr.CHUNK_FILE, cr.CAPACITY_FILE, cr.COMPLETION_FILE, cr.NEAR_FILE):
        if (committed_dir() / name).is_file():
            tex_beside(committed_dir() / name)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="*", type=int, default=list(range(7, 23)))
    parser.add_argument("--method", default="both", choices=("both", "cp-sat", "search"),
                        help="how the sets of classes are decided (default: both, which must agree)")
    parser.add_argument("--capacity-only", action="store_true",
                        help="decide the sets of classes only (from 14 players fact 6 settles the family with it)")
    parser.add_argument("--harvest", type=int, default=0, metavar="K",
                        help="only collect the near misses of the K chunks with the most of them")
    args = parser.parse_args(argv)
    if args.harvest:
        return harvest(args.sizes, args.harvest)
    if args.capacity_only:
        from stoplib.holdem import census_runs as cr
        from stoplib.holdem.players import committed_dir

        for n in args.sizes:
            with budget.allow(seconds=4 * 3600):
                cap = cr._capacity_row(committed_dir(), n, args.method)
            print(f"{n} players: capacity {cap.capacity} ({cap.method}, {cap.seconds:.0f} CPU s)", flush=True)
        write_tex()
        return 0
    for n in args.sizes:
        t0 = time.process_time()
        with budget.allow(seconds=4 * 3600):
            res = run_census(n, method=args.method, show_progress=False)
        print(f"{n} players: {res.layouts:,} layouts, fewest bad classes {res.min_bad_classes}, capacity "
              f"{res.capacity}, {res.survivors:,} pass the capacity test, {res.set_survivors:,} the set test, "
              f"{res.bad_cut_survivors:,} the bad cuts, {res.n_completions:,} complete "
              f"({time.process_time() - t0:.0f} CPU s)", flush=True)
    write_tex()
    return 0


if __name__ == "__main__":
    sys.exit(main())
