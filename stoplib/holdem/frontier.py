"""The n-player frontier: searches with structure, each table size given the same CPU budget (beyond document 004).

Document 004 is Jeremy Kun, "Optimally Stacking the Deck – Texas Hold 'Em", Math ∩
Programming (jeremykun.com), 9 April 2012. It climbs by random swaps. Past six players random
swaps stall; this module adds structured moves and runs them as one anytime search:

:func:`anneal26`
    Simulated annealing among decks whose ranks repeat every 26 cards (the structure of the
    public report's best decks at 21 and 22 players); :func:`period26_deck` draws a start.
:func:`temper`
    Parallel tempering (replica exchange): decks at fixed temperatures, neighbours exchanging
    their decks now and then (kernel in :mod:`stoplib.holdem._frontier_kernels`).
:func:`optimize_suits`
    A large-neighbourhood move: keep the rank of every position of a deck and choose all the
    suits anew, the most cuts won over every suit assignment (OR-Tools CP-SAT; the model of
    :mod:`stoplib.holdem._cpsat`, the deck's own suits as a hint). With the solver's bound it
    also says when no suits can do better on that skeleton.
:func:`run_frontier`
    The comparable anytime run of one table size: a stated CPU budget, spent on a cycle of
    steps: simulated annealing from a shuffled deck (exploration), the suits of the best deck
    so far optimised, annealing among decks whose ranks repeat every 26 cards, the suits again,
    parallel tempering from the best deck (refinement), the suits again.
    For 13 players or fewer it starts from the best period-13 deck with suits cycling
    (:mod:`stoplib.holdem.families`), its suits optimised, then from up to four of the census's near misses
    (period-13 layouts whose suits can win every cut of their bad classes, not all 52;
    :mod:`stoplib.holdem.census_runs`), their suits optimised. Each step is a Dask task; every
    step's result is appended to ``holdem_frontier.csv`` as it comes back (CPU seconds so far, cuts won, the deck), so a
    killed run loses at most one step and the file is the anytime curve.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from ..util.rng import kernel_seed
from ..util.validate import MissingFileError, check_int, check_path, check_real
from ..workbook.config import data_dir
from ._costs import _anneal_estimate, _census_estimate, _frontier_estimate, _suits_estimate
from ._frontier_kernels import _anneal26, _temper
from .census_runs import _Appender
from .evaluator import load_tables
from .local_search import swap_tables
from .rules import N_CUTS, _check_table, as_deck, format_deck, parse_deck
from .solver import _deck_value

__all__ = ["TemperResult", "SuitOptimum", "FrontierRun", "FRONTIER_COLUMNS", "temper", "anneal26", "period26_deck",
           "optimize_suits", "run_frontier", "read_frontier"]

FRONTIER_FILE = "holdem_frontier.csv"
#: Columns of ``holdem_frontier.csv``: one row per step of an anytime run.
FRONTIER_COLUMNS = ("n_players", "seed", "budget", "step", "method", "step_wins", "cpu_seconds", "best_wins",
                    "best_ties", "best_losses", "deck", "machine", "load")


@dataclass(frozen=True)
class TemperResult:
    """A parallel-tempering run: the best deck seen, its value, and the run's trace."""
    deck: str
    wins: int
    ties: int
    losses: int
    rounds: int
    moves: int
    trace: np.ndarray = field(repr=False)
    exchanges: np.ndarray = field(repr=False)
    finals: tuple = field(repr=False, default=())


def _temps(t_min, t_max, replicas):
    return np.geomspace(t_min, t_max, replicas)


def temper(n_players: int, *, replicas: int = 8, rounds: int = 100, moves: int = 20_000, t_min: float = 0.3,
           t_max: float = 3.0, weight: int = 4, seed: int = 0, stream: int = 0, decks=None) -> TemperResult:
    """Parallel tempering for seat 1 at ``n_players``: ``replicas`` decks at temperatures from ``t_min`` to
    ``t_max`` (geometric), ``rounds`` rounds of ``moves`` proposals per replica, exchanges between rounds.

    Parameters
    ----------
    n_players : int
        Players at the table, 2..22.
    replicas, rounds, moves : int
        Temperatures (2..64), rounds, proposals per replica and round.
    t_min, t_max : float
        The coldest and hottest temperature (units of the cost: a lost cut costs ``weight`` plus its winners).
    weight : int
        Cost of a lost cut beyond its winners.
    seed, stream : int
        The random stream ``(kernel_seed(seed), stream)``; the shuffled starting decks come from it too.
    decks : sequence of decks, optional
        Starting decks (text or codes), as many as ``replicas``; None entries (or none given) are shuffled.

    Examples
    --------
    >>> res = temper(4, replicas=4, rounds=5, moves=2_000, seed=1)
    >>> res.wins + res.ties + res.losses, bool(res.trace[0] <= res.wins)
    (52, True)
    """
    n, s = _check_table(n_players, 1)
    replicas = check_int("replicas", replicas, 2, 64)
    rounds = check_int("rounds", rounds, 1, 10**9)
    moves = check_int("moves", moves, 1, 10**9)
    t_min = check_real("t_min", t_min, 1e-6, 1e6)
    t_max = check_real("t_max", t_max, t_min, 1e6)
    weight = check_int("weight", weight, 0, 1000)
    seed = check_int("seed", seed, 0, 2**63 - 1)
    stream = check_int("stream", stream, 0, 2**40)
    _anneal_estimate(f"temper({replicas} replicas x {rounds:,} rounds x {moves:,} moves, {n} players)",
                     replicas, rounds * moves, n, 1.0)
    rng = np.random.default_rng([seed, stream])
    start = np.empty((replicas, 52), np.int64)
    given = [None] * replicas if decks is None else list(decks)
    if len(given) != replicas:
        raise ValueError(f"decks must hold {replicas} decks (or None entries), got {len(given)}")
    for r, d in enumerate(given):
        start[r] = rng.permutation(52) if d is None else as_deck(d, name=f"decks[{r}]").astype(np.int64)
    pi, pj, cuts, ncuts, _ = swap_tables(n)
    best = np.empty(52, np.int64)
    trace = np.zeros(rounds + 1, np.int64)
    exchanges = np.zeros(replicas - 1, np.int64)
    _, done = _temper(start, _temps(t_min, t_max, replicas), rounds, moves, n, s - 1, weight,
                      np.uint64(kernel_seed(seed)), stream, pi, pj, cuts, ncuts, load_tables(), best, trace, exchanges)
    v = _deck_value(best, n, s)
    return TemperResult(deck=format_deck(best), wins=v.wins, ties=v.ties, losses=v.losses, rounds=int(done),
                        moves=int(done) * moves * replicas, trace=trace[:done + 1], exchanges=exchanges,
                        finals=tuple(format_deck(d) for d in start))


def period26_deck(seed: int = 0) -> str:
    """A random deck whose ranks repeat every 26 cards: each rank on two residues mod 26, its four cards' suits
    in random order.

    Examples
    --------
    >>> deck = parse_deck(period26_deck(3))
    >>> bool(((deck[:26] // 4) == (deck[26:] // 4)).all())
    True
    """
    seed = check_int("seed", seed, 0, 2**63 - 1)
    rng = np.random.default_rng([seed, 26])
    ranks26 = rng.permutation(np.repeat(np.arange(13), 2))
    deck = np.empty(52, np.int64)
    for r in range(13):
        places = [x for x in range(52) if ranks26[x % 26] == r]
        deck[places] = 4 * r + rng.permutation(4)
    return format_deck(deck)


def anneal26(n_players: int, *, moves: int = 1_000_000, t_start: float = 3.0, t_end: float = 0.3,
             weight: int = 4, seed: int = 0, stream: int = 0, deck=None) -> TemperResult:
    """Simulated annealing among decks whose ranks repeat every 26 cards, for seat 1 at ``n_players``.

    Each move exchanges the cards of two residues mod 26 (positions ``a, b`` and ``a + 26, b + 26`` at
    once) or two cards of one rank; both keep the period. The public report reached 36 cuts at 21
    players and 38 at 22 with decks of this kind.

    Parameters
    ----------
    n_players : int
        Players at the table, 2..22.
    moves : int
        Proposals.
    t_start, t_end, weight :
        As in :func:`stoplib.holdem.anneal`.
    seed, stream : int
        The random stream ``(kernel_seed(seed), stream)``.
    deck : str or array_like of int, optional
        A start whose ranks repeat every 26 cards (default: :func:`period26_deck` of ``seed`` and ``stream``).

    Examples
    --------
    >>> res = anneal26(5, moves=5_000, seed=2)
    >>> d = parse_deck(res.deck)
    >>> bool(((d[:26] // 4) == (d[26:] // 4)).all()), res.wins + res.ties + res.losses
    (True, 52)
    """
    n, s = _check_table(n_players, 1)
    moves = check_int("moves", moves, 1, 10**12)
    t_start = check_real("t_start", t_start, 1e-6, 1e6)
    t_end = check_real("t_end", t_end, 1e-6, t_start)
    weight = check_int("weight", weight, 0, 1000)
    seed = check_int("seed", seed, 0, 2**63 - 1)
    stream = check_int("stream", stream, 0, 2**40)
    _anneal_estimate(f"anneal26({moves:,} moves, {n} players)", 1, 2 * moves, n, 1.0)
    start = as_deck(period26_deck(seed * 1_000_003 + stream) if deck is None else deck).astype(np.int64)
    if not ((start[:26] // 4) == (start[26:] // 4)).all():
        raise ValueError("deck: its ranks must repeat every 26 cards (the card at x + 26 has the rank at x)")
    pi, pj, cuts, ncuts, _ = swap_tables(n)
    index = np.full((52, 52), -1, np.int64)
    index[pi, pj] = np.arange(pi.size)
    index[pj, pi] = np.arange(pi.size)
    best = np.empty(52, np.int64)
    every = max(1, -(-moves // 64))
    trace = np.zeros(65, np.int64)
    _, done = _anneal26(start, moves, float(t_start), float(t_end), n, s - 1, weight, np.uint64(kernel_seed(seed)),
                        stream, index, pi, pj, cuts, ncuts, load_tables(), best, trace, every)
    v = _deck_value(best, n, s)
    return TemperResult(deck=format_deck(best), wins=v.wins, ties=v.ties, losses=v.losses, rounds=1,
                        moves=int(done), trace=trace, exchanges=np.zeros(0, np.int64))


@dataclass(frozen=True)
class SuitOptimum:
    """The best suits for a deck's ranks (CP-SAT): the deck, its value, and what the solver proved."""
    deck: str
    wins: int
    ties: int
    losses: int
    start_wins: int
    bound: int
    proved: bool
    seconds: float


def _rename_suits(ranks_at, suits):
    """The same suits renamed so the first rank's positions hold c, d, h, s in order (the model's naming)."""
    first = [x for x in range(52) if ranks_at[x] == ranks_at[0]]
    rename = np.empty(4, np.int64)
    for q, x in enumerate(first):
        rename[suits[x]] = q
    return rename[suits]


def optimize_suits(deck, n_players: int, seconds: float = 30.0) -> SuitOptimum:
    """The most cuts seat 1 wins over every choice of suits for the ranks of ``deck`` (CP-SAT, time-limited).

    Parameters
    ----------
    deck : str or array_like of int
        The deck whose ranks are kept (its suits are the solver's hint).
    n_players : int
        Players at the table, 2..22.
    seconds : float
        The solver's time limit (one worker).

    Returns
    -------
    SuitOptimum
        ``deck`` never wins fewer cuts than the deck given; ``proved`` when no suits win more than ``wins``
        on these ranks (``bound`` is the solver's bound otherwise).

    Examples
    --------
    >>> from stoplib.holdem import family_deck
    >>> res = optimize_suits(family_deck("period13_cycle", "2AKQJT9876543"), 9, seconds=60)
    >>> res.start_wins, res.wins
    (40, 52)
    """
    from . import _cpsat

    n, s = _check_table(n_players, 1)
    arr = as_deck(deck).astype(np.int64)
    seconds = check_real("seconds", seconds, 0.01, 86400.0)
    _census_estimate(f"optimize_suits({n} players)", 0, n, completion=True)
    _suits_estimate(n, seconds)
    ranks_at, suits = arr // 4, arr % 4
    start = _deck_value(arr, n, s)
    t0 = time.process_time()
    model, y, _ = _cpsat.suits_model(ranks_at, n, range(N_CUTS), load_tables(), maximize=True)
    status, found, _, bound = _cpsat.solve(model, y, seconds, hint=_rename_suits(ranks_at, suits))
    best = arr if found is None else 4 * ranks_at + found
    v = _deck_value(best, n, s)
    if v.wins < start.wins:  # the solver ran out of time before reaching the hint's value
        best, v = arr, start
    return SuitOptimum(deck=format_deck(best), wins=v.wins, ties=v.ties, losses=v.losses, start_wins=start.wins,
                       bound=N_CUTS if bound is None else int(np.floor(bound + 1e-9)), proved=status == "OPTIMAL",
                       seconds=round(time.process_time() - t0, 2))


# --------------------------------------------------------------------------- the anytime run
def _moves_per_second(n: int) -> float:
    """Annealing proposals per CPU second at ``n`` players (measured on the development machine, about
    2.5e6 / n; it only sizes a step, whose CPU time is then measured)."""
    return 2.5e6 / n


def _near_misses(n: int, limit: int = 4) -> list[str]:
    """Up to ``limit`` period-13 layouts whose suits can win every cut of their bad classes but not all 52 (the
    census's near misses, ``data/holdem_period13_near_misses.csv``), fewest bad classes first."""
    from .census import bad_classes

    path = Path(__file__).resolve().parents[2] / "data" / "holdem_period13_near_misses.csv"
    if not path.is_file():
        return []
    table = pd.read_csv(path, dtype={"layout": str}, keep_default_na=False)
    layouts = sorted(set(table.loc[table["n_players"] == n, "layout"]))
    layouts.sort(key=lambda lay: (len(bad_classes(lay, n)), lay))
    return layouts[:limit]


def _period13_start(n: int) -> str | None:
    """The committed best period-13 deck with suits cycling for ``n`` players, if searched."""
    from .players import read_family_searches

    fams = read_family_searches()
    rows = fams[(fams["family"] == "period13_cycle") & (fams["n_players"] == n)]
    return rows["deck"].iloc[0] if len(rows) else None


#: Replicas of a tempering step, proposals per replica and round.
REPLICAS, ROUND_MOVES = 8, 20_000


def _step(kind: str, n: int, seed: int, step: int, best_deck, seconds: float):
    """One step of an anytime run, on a worker thread: ``(method, deck, CPU seconds)``."""
    from .annealing import anneal

    t0 = time.thread_time()
    if kind == "period-13":
        out = optimize_suits(_period13_start(n), n, seconds=seconds)
        deck = out.deck
        method = f"best period-13 deck with suits cycling ({out.start_wins} won), suits optimised"
    elif kind.startswith("near-miss"):
        from .families import family_deck

        layout = _near_misses(n)[int(kind.split()[1])]
        out = optimize_suits(family_deck("period13_cycle", layout), n, seconds=seconds)
        deck = out.deck
        method = (f"suits optimised on the period-13 layout {layout} (suits can win every cut of its bad classes)"
                  + (": proved best on it" if out.proved else ""))
    elif kind == "anneal":
        moves = max(1000, int(seconds * _moves_per_second(n)))
        res = anneal(1, n, moves=moves, seed=seed, first_run=step, parallel=False)
        deck, method = res.best_deck(), f"simulated annealing from a shuffled deck ({moves:,} proposals)"
    elif kind == "anneal26":
        moves = max(1000, int(seconds * _moves_per_second(n) / 5))
        res = anneal26(n, moves=moves, seed=seed, stream=step)
        deck, method = res.deck, f"annealing among decks whose ranks repeat every 26 cards ({moves:,} proposals)"
    elif kind == "temper":
        rounds = max(1, int(seconds * _moves_per_second(n) / (REPLICAS * ROUND_MOVES)))
        res = temper(n, replicas=REPLICAS, rounds=rounds, moves=ROUND_MOVES, t_min=0.2, t_max=1.5, seed=seed,
                     stream=step, decks=[best_deck] * REPLICAS)
        deck, method = res.deck, f"parallel tempering from the best deck ({REPLICAS} replicas, {res.moves:,} proposals)"
    else:
        out = optimize_suits(best_deck, n, seconds=seconds)
        deck = out.deck
        method = ("suits optimised on the best deck's ranks"
                  + (" (no suits win more on them: proved)" if out.proved else f" (solver's bound {out.bound})"))
    return method, deck, time.thread_time() - t0


#: The cycle of an anytime run's steps after its start.
CYCLE = ("anneal", "suits", "anneal26", "suits", "temper", "suits")
#: The search steps a run may cycle through (each is followed by a suit optimisation on the best deck).
SEARCH_KINDS = ("anneal", "anneal26", "temper")


def _cycle(kinds):
    """The step cycle of the search kinds ``kinds`` (None: all three), each followed by suits."""
    if kinds is None:
        return CYCLE
    if isinstance(kinds, str) or not hasattr(kinds, "__iter__"):
        raise TypeError(f"kinds must be a sequence of names from {SEARCH_KINDS}, got {kinds!r}")
    kinds = tuple(kinds)
    bad = [k for k in kinds if k not in SEARCH_KINDS]
    if not kinds or bad or len(set(kinds)) != len(kinds):
        raise ValueError(f"kinds must be distinct names from {SEARCH_KINDS} (at least one), got {kinds!r}")
    return tuple(x for k in kinds for x in (k, "suits"))


def _plan(n: int, step: int, temper_seconds: float, suit_seconds: float, cycle=CYCLE):
    """The kind and length of step ``step``: a period-13 start (13 players or fewer), the census's near misses
    with their suits optimised (fewest bad classes first, at most four), then the cycle (by default: annealing
    from a shuffled deck, suits optimised on the best deck, annealing among decks whose ranks repeat every 26
    cards, suits again, tempering from the best deck, suits again)."""
    start = int(n <= 13 and _period13_start(n) is not None)
    if step < start:
        return "period-13", suit_seconds
    near = len(_near_misses(n))
    if step < start + near:
        return f"near-miss {step - start}", suit_seconds
    kind = cycle[(step - start - near) % len(cycle)]
    return kind, (suit_seconds if kind == "suits" else temper_seconds)


@dataclass(frozen=True)
class FrontierRun:
    """What :func:`run_frontier` did: steps, CPU seconds spent, the best deck and its value."""
    n_players: int
    steps: int
    cpu_seconds: float
    wins: int
    deck: str
    path: Path


def run_frontier(n_players: int, cpu_budget: float, *, seed: int = 0, temper_seconds: float = 60.0,
                 suit_seconds: float = 20.0, folder=None, scheduler=None, kinds=None) -> FrontierRun:
    """The anytime search of one table size, ``cpu_budget`` CPU seconds, each step a Dask task appended to the
    frontier file as it comes back; an earlier run of the same ``seed`` and budget is continued.

    Parameters
    ----------
    n_players : int
        Players at the table, 2..22.
    cpu_budget : float
        CPU seconds to spend (the steps' thread CPU time, summed); the run stops at the first step ending past
        it, or at a deck winning all 52 cuts.
    seed : int
        The search's seed (step ``k`` tempers on stream ``k``).
    temper_seconds, suit_seconds : float
        The CPU length of a tempering step and the solver's limit in a suit optimisation.
    folder : str or pathlib.Path, optional
        Where ``holdem_frontier.csv`` goes (default: the workbook's ``data/``).
    scheduler : str or dask.distributed.Client, optional
        As in :func:`stoplib.holdem.run_search` (default: a local cluster of one worker thread).
    kinds : sequence of str, optional
        The search steps to cycle through, from ``SEARCH_KINDS`` (``"anneal"``: annealing from a shuffled deck,
        ``"anneal26"``: among decks whose ranks repeat every 26 cards, ``"temper"``: tempering from the best
        deck); each is followed by suits optimised on the best deck. Default: all three, in that order. A
        continued run takes the cycle given now (each row's ``method`` says what its step did).

    Examples
    --------
    >>> import tempfile
    >>> out = run_frontier(3, 5, temper_seconds=2, suit_seconds=2, folder=tempfile.mkdtemp())
    >>> out.wins
    52
    """
    from .distributed import _connect

    n, _ = _check_table(n_players, 1)
    cpu_budget = check_real("cpu_budget", cpu_budget, 0.1, 1e7)
    seed = check_int("seed", seed, 0, 2**63 - 1)
    temper_seconds = check_real("temper_seconds", temper_seconds, 0.1, 1e5)
    suit_seconds = check_real("suit_seconds", suit_seconds, 0.1, 1e5)
    cycle = _cycle(kinds)
    _census_estimate(f"run_frontier({n} players, {cpu_budget:g} CPU s)", 0, n)
    _frontier_estimate(n, cpu_budget)
    out = data_dir() if folder is None else check_path("folder", folder, must_exist=True, kind="dir")
    log = _Appender(out / FRONTIER_FILE, FRONTIER_COLUMNS)
    done = pd.read_csv(log.path, dtype={"deck": str, "method": str}, keep_default_na=False)
    done = done[(done["n_players"] == n) & (done["seed"] == seed) & (done["budget"] == cpu_budget)]
    step = len(done)
    spent = float(done["cpu_seconds"].max()) if step else 0.0
    best_deck, best = (None, -1)
    if step:
        last = done.iloc[-1]
        best_deck, best = last["deck"], int(last["best_wins"])
    from ..util.timing import load_average, machine

    client, own = _connect(scheduler)
    cluster = None
    try:
        if client is None:
            from dask.distributed import Client, LocalCluster

            cluster = LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address="127.0.0.1:0")
            client = Client(cluster)
        while spent < cpu_budget and best < N_CUTS:
            kind, length = _plan(n, step, temper_seconds, suit_seconds, cycle)
            method, deck, cpu = client.submit(_step, kind, n, seed, step, best_deck, length, pure=False).result()
            spent += cpu
            v = _deck_value(parse_deck(deck).astype(np.int64), n, 1)
            if v.wins > best:
                best, best_deck, best_v = v.wins, deck, v
            else:
                best_v = _deck_value(parse_deck(best_deck).astype(np.int64), n, 1)
            log.add({"n_players": n, "seed": seed, "budget": cpu_budget, "step": step, "method": method,
                     "step_wins": v.wins, "cpu_seconds": round(spent, 2), "best_wins": best_v.wins,
                     "best_ties": best_v.ties, "best_losses": best_v.losses, "deck": best_deck,
                     "machine": machine(), "load": round(load_average(), 2)})
            step += 1
    finally:
        if own and client is not None:
            client.close()
        if cluster is not None:
            cluster.close()
    return FrontierRun(n_players=n, steps=step, cpu_seconds=round(spent, 2), wins=best, deck=best_deck or "",
                       path=log.path)


def read_frontier(folder=None) -> pd.DataFrame:
    """Every step of the anytime runs (``holdem_frontier.csv``), each best deck re-valued.

    Examples
    --------
    >>> f = read_frontier()
    >>> bool((f["best_wins"] <= 52).all())
    True
    """
    base = Path(__file__).resolve().parents[2] / "data" if folder is None else check_path(
        "folder", folder, must_exist=True, kind="dir")
    path = base / FRONTIER_FILE
    if not path.is_file():
        raise MissingFileError(2, "no frontier runs (benchmarks/holdem_frontier.py makes them)", str(path))
    table = pd.read_csv(path, dtype={"deck": str, "method": str, "machine": str}, keep_default_na=False)
    if tuple(table.columns) != FRONTIER_COLUMNS:
        raise ValueError(f"{path}: columns must be {list(FRONTIER_COLUMNS)}")
    for number, row in enumerate(table.itertuples(index=False), 2):
        v = _deck_value(parse_deck(row.deck).astype(np.int64), int(row.n_players), 1)
        if (v.wins, v.ties, v.losses) != (row.best_wins, row.best_ties, row.best_losses):
            raise ValueError(f"{path}, row {number}: the deck is worth {v.wins}/{v.ties}/{v.losses}, not "
                             f"{row.best_wins}/{row.best_ties}/{row.best_losses}")
    return table
