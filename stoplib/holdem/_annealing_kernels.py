"""Numba kernels of simulated annealing and tabu search for stackings (document 004), behind
:mod:`stoplib.holdem.annealing`.

Document 004 is Jeremy Kun, "Optimally Stacking the Deck – Texas Hold 'Em",
Math ∩ Programming (jeremykun.com), 9 April 2012. Everything here is private and
trusts its arguments; the public functions of :mod:`stoplib.holdem.annealing`
check them.

The state of a run is the deck (twice over, ``deck2``), the key and bits of the card at
each position (``keys2``, ``bits2``), each cut's board key (``bkeys``), the rank of every
hand of every cut (``hands[c, p]``) and, per cut, the number of opponents whose hand is
at least as good as the seat's (``beaten[c]``: 0 means the cut is won). The runs minimise
a *cost* that is finer than the cuts lost: a lost cut costs ``weight`` plus the number of
opponents who beat or tie the seat, so a swap that leaves a cut lost but removes one of
its two winners is a step forward (:func:`_cost`). A swap of positions ``i`` and ``j``
changes only the cuts whose deal holds one of them (the search's swap tables), and in
each only the hands that hold one of the two cards (all of them when one is a board
card): ``_swap_cost`` ranks those hands on the swapped keys and returns the change of
cost and of cuts won, ``_apply`` makes the swap and updates the cached ranks.

``_anneal_run`` is one annealing run (a random swap; accepted when the cost does not
rise, else with probability ``exp(-rise / T)``, ``T`` falling geometrically from
``t_start`` to ``t_end`` over ``moves`` proposals), ``_tabu_run`` one tabu search (each
iteration the best of ``sample`` random swaps whose positions have not moved in the last
``tenure`` iterations, unless it gives a new best deck). Both keep the best deck seen and
stop at a deck that wins all 52 cuts. Run ``r`` draws from the :mod:`stoplib.util.rng`
stream ``(seed, first_run + r)``: serial and parallel batches give identical results.
"""
from __future__ import annotations

import math

import numpy as np
from numba import njit, prange

from ..util.rng import next_uniform, stream_start
from ._evaluator_kernels import FLUSH_CHECK, _flush_rank_cold, _packed_rank
from ._local_search_kernels import _below, _role, _swap_positions
from .solver import _board_key, _cut_outcomes, _hand_bits, _position_keys

@njit(cache=True)
def _uniform(state):
    """A uniform float in ``[0, 1)`` from the run's stream in ``state[0]`` (advanced)."""
    advanced, u = next_uniform(state[0])
    state[0] = advanced
    return u


@njit(cache=True)
def _cost(beaten, weight):
    """Cost of one cut: 0 when won, else ``weight`` plus the opponents who beat or tie the seat."""
    return 0 if beaten == 0 else weight + beaten


@njit(cache=True)
def _hand(keys2, bits2, bkey, base, q, n, packed, ranks):
    """Rank of the hand whose first pocket card is at ``q``, on the board of key ``bkey``."""
    key = bkey + keys2[q] + keys2[q + n]
    if key & FLUSH_CHECK:
        return _flush_rank_cold(key, _hand_bits(bits2, base, q, n), ranks)
    return _packed_rank(key, packed)


@njit(cache=True)
def _deal(c, n, seat, keys2, bits2, bkeys, hands, packed, ranks):
    """Rank every hand of cut ``c`` into ``hands[c]`` (board key into ``bkeys[c]``); return the
    opponents who beat or tie the seat."""
    base = c + 2 * n
    bkey = _board_key(keys2, base)
    bkeys[c] = bkey
    for p in range(n):
        hands[c, p] = _hand(keys2, bits2, bkey, base, c + p, n, packed, ranks)
    mine = hands[c, seat]
    beaten = 0
    for p in range(n):
        if p != seat and hands[c, p] >= mine:
            beaten += 1
    return beaten


@njit(cache=True)
def _init(deck, n, seat, weight, deck2, keys2, bits2, bkeys, hands, beaten, tables):
    """Fill the state of a run from ``deck``; return ``(cost, wins)``."""
    for k in range(52):
        deck2[k] = deck[k]
        deck2[k + 52] = deck[k]
    _position_keys(deck2, tables.card_keys, tables.card_bits, keys2, bits2)
    cost = 0
    wins = 0
    for c in range(52):
        b = _deal(c, n, seat, keys2, bits2, bkeys, hands, tables.packed, tables.ranks)
        beaten[c] = b
        cost += _cost(b, weight)
        wins += b == 0
    return cost, wins


@njit(cache=True)
def _swap_cost(s, n, seat, weight, limit, pair_i, pair_j, pair_cuts, pair_ncuts, role, keys2, bits2, bkeys,
               hands, beaten, new_beaten, packed, ranks):
    """Change of cost and of cuts won if swap ``s`` were made, and whether the change can be at most
    ``limit``: ``(d_cost, d_wins, True)``, or ``(partial, 0, False)`` as soon as it cannot.

    ``new_beaten[k]`` gets the count of the ``k``-th cut the swap changes. The cuts won so far
    are dealt first: their cost can only rise, while a lost cut's can at most fall to 0, so the
    swap is dropped once the rise so far exceeds ``limit`` plus what the lost cuts left could give
    back. The state is left as it was.
    """
    i = pair_i[s]
    j = pair_j[s]
    m = pair_ncuts[s]
    give_back = 0  # the most the cuts not dealt yet can lower the cost
    for k in range(m):
        give_back += _cost(beaten[pair_cuts[s, k]], weight)
    _swap_positions(keys2, i, j)
    _swap_positions(bits2, i, j)
    d_cost = 0
    d_wins = 0
    ok = True
    for phase in range(2):  # the won cuts first, then the lost ones
        for k in range(m):
            c = pair_cuts[s, k]
            if (beaten[c] == 0) != (phase == 0):
                continue
            ri = role[i - c if i >= c else i - c + 52]
            rj = role[j - c if j >= c else j - c + 52]
            base = c + 2 * n
            if ri == n or rj == n:  # a board card: every hand changes
                bkey = _board_key(keys2, base)
                mine = _hand(keys2, bits2, bkey, base, c + seat, n, packed, ranks)
                b = 0
                for p in range(n):
                    if p != seat and _hand(keys2, bits2, bkey, base, c + p, n, packed, ranks) >= mine:
                        b += 1
            elif ri == seat or rj == seat:  # the seat's pocket (and maybe one opponent's)
                bkey = bkeys[c]
                mine = _hand(keys2, bits2, bkey, base, c + seat, n, packed, ranks)
                b = 0
                for p in range(n):
                    if p != seat:
                        if p == ri or p == rj:
                            r = _hand(keys2, bits2, bkey, base, c + p, n, packed, ranks)
                        else:
                            r = hands[c, p]
                        if r >= mine:
                            b += 1
            else:  # one or two opponents' pockets: recount only them
                bkey = bkeys[c]
                mine = hands[c, seat]
                b = beaten[c]
                if ri >= 0:
                    b += (_hand(keys2, bits2, bkey, base, c + ri, n, packed, ranks) >= mine) - (hands[c, ri] >= mine)
                if rj >= 0 and rj != ri:
                    b += (_hand(keys2, bits2, bkey, base, c + rj, n, packed, ranks) >= mine) - (hands[c, rj] >= mine)
            new_beaten[k] = b
            old = _cost(beaten[c], weight)
            d_cost += _cost(b, weight) - old
            d_wins += (b == 0) - (beaten[c] == 0)
            give_back -= old
            if d_cost - give_back > limit:
                ok = False
                break
        if not ok:
            break
    _swap_positions(keys2, i, j)
    _swap_positions(bits2, i, j)
    return d_cost, d_wins, ok


@njit(cache=True)
def _apply(s, n, seat, pair_i, pair_j, pair_cuts, pair_ncuts, deck2, keys2, bits2, bkeys, hands, beaten,
           packed, ranks):
    """Make swap ``s``: the deck, the keys, and every hand of the cuts it changes."""
    i = pair_i[s]
    j = pair_j[s]
    _swap_positions(deck2, i, j)
    _swap_positions(keys2, i, j)
    _swap_positions(bits2, i, j)
    for k in range(pair_ncuts[s]):
        c = pair_cuts[s, k]
        beaten[c] = _deal(c, n, seat, keys2, bits2, bkeys, hands, packed, ranks)


@njit(cache=True)
def _roles_of(n):
    """What the deal does with the card at each offset 0..51 from the cut (``_role``)."""
    role = np.empty(52, np.int64)
    for o in range(52):
        role[o] = _role(o, n)
    return role


@njit(cache=True)
def _anneal_run(deck, n, seat, weight, moves, t_start, t_end, state, pair_i, pair_j, pair_cuts, pair_ncuts,
                tables, best_deck, trace, every):
    """One annealing run from ``deck``; ``best_deck`` gets the deck with the most cuts won.

    Returns ``(best wins, proposals made, accepted, proposal at which the best was reached)``;
    ``trace[t]`` is the best after ``t * every`` proposals.
    """
    deck2 = np.empty(104, np.int64)
    keys2 = np.empty(104, np.int64)
    bits2 = np.empty(104, np.int64)
    bkeys = np.empty(52, np.int64)
    hands = np.empty((52, n), np.int64)
    beaten = np.empty(52, np.int64)
    new_beaten = np.empty(pair_cuts.shape[1], np.int64)
    role = _roles_of(n)
    packed = tables.packed
    ranks = tables.ranks
    cost, wins = _init(deck, n, seat, weight, deck2, keys2, bits2, bkeys, hands, beaten, tables)
    best = wins
    best_at = 0
    for k in range(52):
        best_deck[k] = deck2[k]
    trace[0] = best
    log_ratio = math.log(t_end / t_start)
    accepted = 0
    m = 0
    while m < moves and best < 52:
        temperature = t_start * math.exp(log_ratio * m / moves)
        s = _below(state, pair_i.shape[0])
        u = _uniform(state)
        # accepted when exp(-d_cost / T) > u, i.e. d_cost < -T ln u: at most ``limit`` (costs are ints)
        rise = -temperature * math.log(u) if u > 0.0 else 1e18
        limit = int(math.ceil(rise)) - 1 if rise < 1e15 else 1 << 50
        if limit < 0:
            limit = 0
        d_cost, d_wins, ok = _swap_cost(s, n, seat, weight, limit, pair_i, pair_j, pair_cuts, pair_ncuts, role,
                                        keys2, bits2, bkeys, hands, beaten, new_beaten, packed, ranks)
        m += 1
        if ok:
            accepted += 1
            _apply(s, n, seat, pair_i, pair_j, pair_cuts, pair_ncuts, deck2, keys2, bits2, bkeys, hands, beaten,
                   packed, ranks)
            cost += d_cost
            wins += d_wins
            if wins > best:
                best = wins
                best_at = m
                for k in range(52):
                    best_deck[k] = deck2[k]
        if m % every == 0 and m // every < trace.shape[0]:
            trace[m // every] = best
    for t in range(m // every + 1, trace.shape[0]):
        trace[t] = best
    return best, m, accepted, best_at


@njit(cache=True)
def _tabu_run(deck, n, seat, weight, iterations, sample, tenure, state, pair_i, pair_j, pair_cuts, pair_ncuts,
              tables, best_deck, trace, every):
    """One tabu search from ``deck``: each iteration makes the best of ``sample`` random swaps
    (all 1,326 when ``sample`` is 1,326 or more), skipping swaps of a position moved in the last
    ``tenure`` iterations unless the swap gives more cuts won than the best deck so far.

    Returns ``(best wins, iterations made, swaps evaluated, iteration of the best)``; ``trace[t]``
    is the best after ``t * every`` iterations.
    """
    deck2 = np.empty(104, np.int64)
    keys2 = np.empty(104, np.int64)
    bits2 = np.empty(104, np.int64)
    bkeys = np.empty(52, np.int64)
    hands = np.empty((52, n), np.int64)
    beaten = np.empty(52, np.int64)
    new_beaten = np.empty(pair_cuts.shape[1], np.int64)
    moved = np.full(52, -(1 << 40), np.int64)  # the iteration at which each position last moved
    role = _roles_of(n)
    packed = tables.packed
    ranks = tables.ranks
    n_swaps = pair_i.shape[0]
    full = sample >= n_swaps
    cost, wins = _init(deck, n, seat, weight, deck2, keys2, bits2, bkeys, hands, beaten, tables)
    best = wins
    best_at = 0
    for k in range(52):
        best_deck[k] = deck2[k]
    trace[0] = best
    evaluated = 0
    it = 0
    while it < iterations and best < 52:
        pick = -1
        pick_cost = 1 << 40
        pick_wins = 0
        for k in range(n_swaps if full else sample):
            s = k if full else _below(state, n_swaps)
            tabu = it - moved[pair_i[s]] < tenure or it - moved[pair_j[s]] < tenure
            # a tabu swap counts only if it gives a new best deck; its cost need not beat the pick
            d_cost, d_wins, ok = _swap_cost(s, n, seat, weight, 1 << 50 if tabu else pick_cost, pair_i, pair_j,
                                            pair_cuts, pair_ncuts, role, keys2, bits2, bkeys, hands, beaten,
                                            new_beaten, packed, ranks)
            evaluated += 1
            if not ok or (tabu and wins + d_wins <= best):
                continue
            if d_cost < pick_cost or (d_cost == pick_cost and _below(state, 2) == 0):
                pick = s
                pick_cost = d_cost
                pick_wins = d_wins
        it += 1
        if pick >= 0:
            _apply(pick, n, seat, pair_i, pair_j, pair_cuts, pair_ncuts, deck2, keys2, bits2, bkeys, hands, beaten,
                   packed, ranks)
            moved[pair_i[pick]] = it
            moved[pair_j[pick]] = it
            cost += pick_cost
            wins += pick_wins
            if wins > best:
                best = wins
                best_at = it
                for k in range(52):
                    best_deck[k] = deck2[k]
        if it % every == 0 and it // every < trace.shape[0]:
            trace[it // every] = best
    for t in range(it // every + 1, trace.shape[0]):
        trace[t] = best
    return best, it, evaluated, best_at


@njit(cache=True)
def _one(r, method, decks, shuffle, seed, first_run, n, seat, weight, length, t_start, t_end, sample, tenure,
         every, pair_i, pair_j, pair_cuts, pair_ncuts, tables, best, done, work, best_at, wins, ties, traces):
    """Run ``r`` of a batch (``method`` 0: annealing, 1: tabu), writing only its own slots."""
    state = np.empty(1, np.uint64)
    state[0] = stream_start(seed, first_run + r)
    deck = decks[r]
    if shuffle:
        for k in range(52):
            deck[k] = k
        for k in range(51, 0, -1):
            q = _below(state, k + 1)
            t = deck[k]
            deck[k] = deck[q]
            deck[q] = t
    out = np.empty(52, np.int64)
    if method == 0:
        b, m, w, at = _anneal_run(deck, n, seat, weight, length, t_start, t_end, state, pair_i, pair_j, pair_cuts,
                                  pair_ncuts, tables, out, traces[r], every)
    else:
        b, m, w, at = _tabu_run(deck, n, seat, weight, length, sample, tenure, state, pair_i, pair_j, pair_cuts,
                                pair_ncuts, tables, out, traces[r], every)
    for k in range(52):
        deck[k] = out[k]
    best[r] = b
    done[r] = m
    work[r] = w
    best_at[r] = at
    outcomes = np.empty(52, np.int8)
    wins[r] = _cut_outcomes(deck, n, seat, tables, outcomes)
    ties[r] = np.count_nonzero(outcomes == 0)


@njit(cache=True, nogil=True)
def _batch_serial(method, decks, shuffle, seed, first_run, n, seat, weight, length, t_start, t_end, sample,
                  tenure, every, pair_i, pair_j, pair_cuts, pair_ncuts, tables, best, done, work, best_at, wins, ties,
                  traces):
    for r in range(decks.shape[0]):
        _one(r, method, decks, shuffle, seed, first_run, n, seat, weight, length, t_start, t_end, sample, tenure,
             every, pair_i, pair_j, pair_cuts, pair_ncuts, tables, best, done, work, best_at, wins, ties, traces)


@njit(cache=True, parallel=True)
def _batch_parallel(method, decks, shuffle, seed, first_run, n, seat, weight, length, t_start, t_end, sample,
                    tenure, every, pair_i, pair_j, pair_cuts, pair_ncuts, tables, best, done, work, best_at, wins,
                    ties, traces):
    for r in prange(decks.shape[0]):
        _one(r, method, decks, shuffle, seed, first_run, n, seat, weight, length, t_start, t_end, sample, tenure,
             every, pair_i, pair_j, pair_cuts, pair_ncuts, tables, best, done, work, best_at, wins, ties, traces)
