"""Numba kernels of the exhaustive searches of structured deck families (document 004), behind
:mod:`stoplib.holdem.families`.

Document 004 is Jeremy Kun, "Optimally Stacking the Deck – Texas Hold 'Em",
Math ∩ Programming (jeremykun.com), 9 April 2012. Everything here is private and
trusts its arguments.

A *period-13* deck is given by an order of the 13 ranks, ``sigma``, and a suit offset per
residue, ``phi``: the card at position ``x = r + 13 q`` (``r = x mod 13``) has rank
``sigma[r]`` and suit ``(q + phi[r]) mod 4``. The deals of cuts ``c`` and ``c + 13`` are then
the same up to a renaming of the suits, so only the 13 deals of cuts 0..12 are scored and a
deck's value is four times the deals won. ``_chunk`` runs over every ``sigma`` that starts
with given ranks, the others in the order of Heap's algorithm (one transposition from one
order to the next, so only the 8 positions of the two residues it moves get new keys), and
scores each with early exit: it stops dealing as soon as the deck can no longer reach the
best number of deals won seen so far (branch and bound), so it returns that best, how many
orders reach it, and the first order that does.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ._evaluator_kernels import FLUSH_CHECK, _flush_rank_cold, _packed_rank
from .solver import _board_key, _hand_bits

#: Distinct deals of a period-13 deck: cuts 0..12 (cut c + 13 deals the same, suits renamed).
N_DEALS = 13


@njit(cache=True)
def _set_residue(r, rank, phi, ck, cb, keys2, bits2):
    """Give the four positions ``r, r + 13, r + 26, r + 39`` (and their copies 52 on) rank ``rank``."""
    for q in range(4):
        x = r + 13 * q
        card = 4 * rank + (q + phi[r]) % 4
        keys2[x] = ck[card]
        keys2[x + 52] = ck[card]
        bits2[x] = cb[card]
        bits2[x + 52] = cb[card]


@njit(cache=True)
def _deals_won(keys2, bits2, n, seat, max_losses, packed, ranks):
    """Deals of cuts 0..12 won by ``seat``, dealing them in order and stopping after
    ``max_losses + 1`` losses (then the count returned is below ``13 - max_losses``)."""
    wins = 0
    losses = 0
    for c in range(N_DEALS):
        base = c + 2 * n
        bkey = _board_key(keys2, base)
        q = c + seat
        key = bkey + keys2[q] + keys2[q + n]
        if key & FLUSH_CHECK:
            mine = _flush_rank_cold(key, _hand_bits(bits2, base, q, n), ranks)
        else:
            mine = _packed_rank(key, packed)
        won = True
        for p in range(n):
            if p != seat:
                q = c + p
                key = bkey + keys2[q] + keys2[q + n]
                if key & FLUSH_CHECK:
                    r = _flush_rank_cold(key, _hand_bits(bits2, base, q, n), ranks)
                else:
                    r = _packed_rank(key, packed)
                if r >= mine:
                    won = False
                    break
        if won:
            wins += 1
        else:
            losses += 1
            if losses > max_losses:
                break
    return wins


@njit(cache=True)
def _chunk(prefix, phi, n, seat, floor, tables, best_sigma):
    """Every ``sigma`` that starts with the ranks ``prefix`` (the other ranks in every order).

    Returns ``(best, count, visited)``: the most deals won by an order of the chunk when that is
    at least ``floor`` (else ``floor`` and a count of 0), how many orders win that many, and the
    orders visited; ``best_sigma`` gets the first order that wins ``best``.
    """
    ck = tables.card_keys
    cb = tables.card_bits
    packed = tables.packed
    ranks = tables.ranks
    fixed = prefix.shape[0]
    sigma = np.empty(13, np.int64)
    used = np.zeros(13, np.int64)
    for k in range(fixed):
        sigma[k] = prefix[k]
        used[prefix[k]] = 1
    k = fixed
    for rank in range(13):
        if used[rank] == 0:
            sigma[k] = rank
            k += 1
    keys2 = np.empty(104, np.int64)
    bits2 = np.empty(104, np.int64)
    for r in range(13):
        _set_residue(r, sigma[r], phi, ck, cb, keys2, bits2)
    best = floor
    count = 0
    visited = 0
    free = 13 - fixed  # residues fixed..12, permuted by Heap's algorithm
    c = np.zeros(max(free, 1), np.int64)
    i = 0
    while True:
        visited += 1
        w = _deals_won(keys2, bits2, n, seat, N_DEALS - best, packed, ranks)
        if w >= best:
            if w > best:
                best = w
                count = 0
            if count == 0:
                for r in range(13):
                    best_sigma[r] = sigma[r]
            count += 1
        # the next order: Heap's algorithm on sigma[fixed:]
        while i < free and c[i] >= i:
            c[i] = 0
            i += 1
        if i >= free:
            break
        a = fixed + (0 if i % 2 == 0 else c[i])
        b = fixed + i
        t = sigma[a]
        sigma[a] = sigma[b]
        sigma[b] = t
        _set_residue(a, sigma[a], phi, ck, cb, keys2, bits2)
        _set_residue(b, sigma[b], phi, ck, cb, keys2, bits2)
        c[i] += 1
        i = 1
    return best, count, visited
