"""The n-player study of hold'em stackings (issue 19): the long runs behind data/holdem_stackings_by_players.csv.

    python benchmarks/holdem_players.py families [--family F] [--players 2 3 ...]
    python benchmarks/holdem_players.py anneal --players 7 --runs 8 --moves 2e8 [--seed 7] [--first-run 0]
    python benchmarks/holdem_players.py table

``families`` searches the structured families of :mod:`stoplib.holdem.families`
exhaustively, one line per (family, table size) appended to
``data/holdem_family_searches.csv`` (a pair already there is skipped).
``anneal`` runs :func:`stoplib.holdem.players.run_anneal` on a local Dask cluster:
every run's best deck is appended to ``data/holdem_anneal_runs.csv`` as the run
ends, every optimal deck to ``data/holdem_stackings_<n>p_seat1.txt``. A run is
fixed by ``(seed, run index)``, so a search is continued with ``--first-run``.
``table`` builds ``data/holdem_stackings_by_players.csv`` from both files
(:func:`stoplib.holdem.players.players_table`: each best deck dealt again by the
fast scorer and the slow twin) and prints it. The machine and its load are printed
with each step; the runs file records the machine of every run and its CPU time.
"""
from __future__ import annotations

import argparse
import csv
import os
import sys

from stoplib.holdem import families as fam
from stoplib.holdem import players as pl
from stoplib.util import budget
from stoplib.util.timing import machine
from stoplib.workbook.export import tex_beside


def run_families(names, sizes, folder):
    path = folder / pl.FAMILIES_FILE
    done = set()
    if path.is_file():
        table = pl.read_family_searches(folder)
        done = set(zip(table["family"], table["n_players"]))
    else:
        with open(path, "w", newline="") as fh:
            csv.writer(fh, lineterminator="\n").writerow(pl.FAMILY_COLUMNS)
    for name in names:
        for n in sizes:
            if (name, n) in done:
                print(f"{name}, {n} players: already searched")
                continue
            with budget.allow(seconds=1e6):
                res = fam.search_family(name, n)
            row = {"family": name, "n_players": n, "seat": 1, "orders": res.orders, "best_wins": res.best_wins,
                   "n_best": res.n_best, "deck": res.best_deck, "wins": res.wins, "ties": res.ties,
                   "losses": res.losses, "cpu_seconds": round(res.cpu_seconds, 1), "machine": machine(),
                   "load": round(os.getloadavg()[0], 2)}
            with open(path, "a", newline="") as fh:
                csv.writer(fh, lineterminator="\n").writerow([row[c] for c in pl.FAMILY_COLUMNS])
                fh.flush()
                os.fsync(fh.fileno())
            print(f"{name}, {n} players: best {res.best_wins}/52 ({res.n_best:,} orders), "
                  f"{res.cpu_seconds:.0f} s CPU, load {os.getloadavg()[0]:.1f}", flush=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    f = sub.add_parser("families")
    f.add_argument("--family", nargs="*", default=list(fam.FAMILIES))
    f.add_argument("--players", nargs="*", type=int, default=list(range(2, 23)))
    a = sub.add_parser("anneal")
    a.add_argument("--players", type=int, required=True)
    a.add_argument("--runs", type=int, default=2)
    a.add_argument("--moves", type=float, default=1e8)
    a.add_argument("--t-start", type=float, default=3.0)
    a.add_argument("--t-end", type=float, default=0.3)
    a.add_argument("--weight", type=int, default=4)
    a.add_argument("--seed", type=int, default=19)
    a.add_argument("--first-run", type=int, default=0)
    a.add_argument("--workers", type=int, default=1)
    sub.add_parser("table")
    for p in (f, a, ap):
        p.add_argument("--folder", default=None, help="where the files are (default: the repository's data/)")
    args = ap.parse_args(argv)
    folder = pl.committed_dir() if args.folder is None else __import__("pathlib").Path(args.folder)
    print(f"{machine()}; load average {os.getloadavg()[0]:.1f}", flush=True)
    if args.command == "families":
        run_families(args.family, args.players, folder)
    elif args.command == "anneal":
        with budget.allow(seconds=1e7, bytes=1e10):
            out = pl.run_anneal(args.runs, args.players, moves=int(args.moves), t_start=args.t_start,
                                t_end=args.t_end, weight=args.weight, seed=args.seed, first_run=args.first_run,
                                folder=folder, n_workers=args.workers, show_progress=False)
        print(f"{args.players} players: {out.n_runs} runs, best {out.best}/52, {out.n_optimal} optimal "
              f"({out.n_new} new), {out.seconds:.0f} s wall; load {os.getloadavg()[0]:.1f}", flush=True)
    else:
        runs, fams = pl.read_runs(folder), pl.read_family_searches(folder)
        table = pl.players_table(runs, fams)
        table.to_csv(folder / pl.TABLE_FILE, index=False)
        for name in (pl.TABLE_FILE, pl.RUNS_FILE, pl.FAMILIES_FILE):  # each short table's .tex, for a writeup
            tex_beside(folder / name)
        print(table.drop(columns=["deck"]).to_string(index=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
