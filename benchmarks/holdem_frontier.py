"""The n-player frontier of hold'em stackings: anytime runs with one CPU budget per table size, and the table.

A research run, not a benchmark: ``make bench`` does not run it (hours of CPU; its CPU seconds are kept
in the data files it writes, beside each result).

    NUMBA_NUM_THREADS=1 nice -n 10 python benchmarks/holdem_frontier.py run --budget 300 --seed 0
    NUMBA_NUM_THREADS=1 nice -n 10 python benchmarks/holdem_frontier.py run --players 12 --budget 900 --seed 1
    python benchmarks/holdem_frontier.py table

``run`` calls :func:`stoplib.holdem.frontier.run_frontier` for each table size in turn (default 7..22),
each step a Dask task on a one-thread local cluster, each step's result appended to
``data/holdem_frontier.csv`` as it comes back: a run of the same seed and budget continues where it
stopped. ``table`` builds ``data/holdem_stackings_by_players.csv`` from every source (annealing runs,
family searches, anytime runs, the period-13 census; :func:`stoplib.holdem.players.players_table`,
each best deck dealt again by the fast scorer and by the slow twin), writes the ``.tex`` beside it and
prints it.
"""
from __future__ import annotations

import argparse
import sys
import time

from stoplib.holdem import census_runs as cr
from stoplib.holdem import frontier as fr
from stoplib.holdem import players as pl
from stoplib.util import budget
from stoplib.util.validate import MissingFileError
from stoplib.workbook.export import tex_beside


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run")
    run.add_argument("--players", type=int, nargs="*", default=list(range(7, 23)))
    run.add_argument("--budget", type=float, default=300.0, help="CPU seconds per table size")
    run.add_argument("--seed", type=int, default=0)
    run.add_argument("--temper-seconds", type=float, default=60.0)
    run.add_argument("--suit-seconds", type=float, default=20.0)
    run.add_argument("--kinds", nargs="*", choices=fr.SEARCH_KINDS, default=None,
                     help="search steps to cycle through (default: all), each followed by suits")
    sub.add_parser("table")
    args = parser.parse_args(argv)
    folder = pl.committed_dir()
    if args.command == "run":
        for n in args.players:
            t0 = time.time()
            with budget.allow(seconds=1e7, bytes=1e10):
                out = fr.run_frontier(n, args.budget, seed=args.seed, temper_seconds=args.temper_seconds,
                                      suit_seconds=args.suit_seconds, folder=folder, kinds=args.kinds)
            print(f"{n} players: best {out.wins}/52 after {out.steps} steps, {out.cpu_seconds:.0f} CPU s "
                  f"({time.time() - t0:.0f} s wall)", flush=True)
            tex_beside(folder / fr.FRONTIER_FILE)
        return 0
    try:
        frontier = fr.read_frontier(folder)
    except MissingFileError:
        frontier = None
    try:
        census, completions = cr.census_table(folder), cr.read_completions(folder)
    except MissingFileError:
        census = completions = None
    with budget.allow(seconds=1e5):
        table = pl.players_table(pl.read_runs(folder), pl.read_family_searches(folder), frontier=frontier,
                                 census=census, completions=completions)
    table.to_csv(folder / pl.TABLE_FILE, index=False)
    tex_beside(folder / pl.TABLE_FILE)
    print(table.drop(columns=["deck", "evidence"]).to_string(index=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
