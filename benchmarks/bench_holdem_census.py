"""The census of period-13 decks with free suits, every table size 7..22 (stoplib.holdem.census).

Runs :func:`stoplib.holdem.census_runs.run_census` for each table size in turn, one thread,
appending one line per chunk of 10! layouts to ``data/holdem_period13_census_chunks.csv``
(a killed run resumes where it stopped), the flush capacities to ``data/holdem_flush_capacity.csv``
and every deck that wins all 52 cuts to ``data/holdem_period13_completions.csv``. About 2 to 5
CPU-minutes per table size on the development machine (more for 9 and 12 players, whose
layouts pass more tests)::

    NUMBA_NUM_THREADS=1 nice -n 10 python benchmarks/bench_holdem_census.py            # 7..22
    NUMBA_NUM_THREADS=1 nice -n 10 python benchmarks/bench_holdem_census.py 12 9       # some sizes
"""
import argparse
import sys
import time

from stoplib.holdem.census_runs import run_census
from stoplib.util import budget


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="*", type=int, default=list(range(7, 23)))
    parser.add_argument("--method", default="both", choices=("both", "cp-sat", "search"),
                        help="how the sets of classes are decided (default: both, which must agree)")
    args = parser.parse_args(argv)
    for n in args.sizes:
        t0 = time.process_time()
        with budget.allow(seconds=4 * 3600):
            res = run_census(n, method=args.method, show_progress=False)
        print(f"{n} players: {res.layouts:,} layouts, fewest bad classes {res.min_bad_classes}, capacity "
              f"{res.capacity}, {res.survivors:,} pass the capacity test, {res.set_survivors:,} the set test, "
              f"{res.bad_cut_survivors:,} the bad cuts, {res.n_completions:,} complete "
              f"({time.process_time() - t0:.0f} CPU s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
