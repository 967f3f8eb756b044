"""The dice of a race: outcomes of a roll and the choices they leave, as flat arrays (private).

A *turn model* (:mod:`.models`) needs, for each number ``n`` of dice rolled, the scoring
outcomes ``e`` of the roll (probability ``out_p[e]``) and, for each outcome, the options a
player may keep: ``opt_s[o]`` points (in the game's unit) set aside and ``opt_n[o]`` dice
left to roll (all dice again after hot dice). The first option of an outcome keeps the whole
roll's score. This module builds those arrays from a scoring rule written as plain Python:

- :func:`tenthousand_configs` and :func:`tenthousand_arrays`: document 002's Table 1 and
  Definition 2.1 (a configuration ``(f, o, triples)``; the moves keep a strict non-empty
  subset of the scoring combinations; after hot dice no move), written here afresh from the
  paper and checked against :mod:`stoplib.tenthousand.rules` by the tests;
- :func:`multiset_arrays`: any rule that scores a multiset of faces (Farkle): every roll of
  ``n`` dice as a multiset of faces, each *keepable* sub-multiset (every die in it scores) as
  an option, options with the same points and dice left merged, and rolls with the same set
  of options merged into one outcome.

Everything is integer counting: a probability is ``count / faces ** n`` (one division, the
same float however the counts are grouped).
"""
from __future__ import annotations

import itertools
from math import factorial

import numpy as np

__all__: list[str] = []   # private

#: The kinds of a triple in document 002's configurations (three 5s and three 1s count in f and o).
TRIPLE_KINDS = (2, 3, 4, 6)


def _tt_score(f, o, trip):
    return f + 2 * o + 7 * (f // 3) + 14 * (o // 3) + 2 * sum(trip)


def tenthousand_configs(n_dice):
    """Document 002's configurations ``(f, o, triples)`` of up to ``n_dice`` dice, Table 2's order."""
    out = []
    for ntr in range(0, n_dice // 3 + 1):
        for trip in itertools.combinations_with_replacement(TRIPLE_KINDS, ntr):
            for f in range(n_dice + 1):
                for o in range(n_dice + 1):
                    if f + o + 3 * ntr <= n_dice:
                        out.append((f, o, tuple(trip)))
    out.sort(key=lambda c: (c[0] + c[1] + 3 * len(c[2]), len(c[2]), -c[0], c[2]))
    return out


def _tt_config_of(counts):
    """The configuration of a roll from its face counts ``counts[1..6]``."""
    trip = []
    for kind in TRIPLE_KINDS:
        trip += [kind] * (counts[kind] // 3)
    return (counts[5], counts[1], tuple(sorted(trip)))


def _tt_smaller(a, b):
    """Definition 2.1: ``a``'s scoring combinations are a non-empty strict subset of ``b``'s."""
    if a == b or a[0] + a[1] + len(a[2]) == 0 or a[0] > b[0] or a[1] > b[1]:
        return False
    rest = list(b[2])
    for k in a[2]:
        if k not in rest:
            return False
        rest.remove(k)
    return True


def _roll_counts(n, faces=6):
    """``{face counts (tuple over faces 1..faces): number of the faces**n ordered rolls}``."""
    out = {}
    for combo in itertools.combinations_with_replacement(range(1, faces + 1), n):
        counts = tuple(combo.count(f) for f in range(1, faces + 1))
        ways = factorial(n)
        for c in counts:
            ways //= factorial(c)
        out[counts] = ways
    return out


def tenthousand_arrays(n_dice):
    """Outcome and option arrays of document 002's turn with ``n_dice`` dice (its configuration order)."""
    configs = tenthousand_configs(n_dice)
    index = {c: k for k, c in enumerate(configs)}
    s = [_tt_score(*c) for c in configs]
    d = [c[0] + c[1] + 3 * len(c[2]) for c in configs]
    freq = np.zeros((n_dice + 1, len(configs)), dtype=np.int64)
    for n in range(1, n_dice + 1):
        for counts, ways in _roll_counts(n).items():
            full = (0,) + counts
            freq[n, index[_tt_config_of(full)]] += ways
    p = np.zeros((n_dice + 1, len(configs)))
    for n in range(1, n_dice + 1):
        for k in range(len(configs)):
            p[n, k] = freq[n, k] / 6.0 ** n
    moves = [[j for j, a in enumerate(configs) if _tt_smaller(a, b)] if d[k] < n_dice else []
             for k, b in enumerate(configs)]
    out_ptr, out_k, out_n, out_p = [0, 0], [], [], []
    opt_ptr, opt_s, opt_n, opt_keep = [0], [], [], []
    for n in range(1, n_dice + 1):
        for k in range(1, len(configs)):
            if d[k] > n or p[n, k] == 0.0:
                continue
            out_k.append(k)
            out_n.append(n)
            out_p.append(p[n, k])
            left = n - d[k]
            seen = {(s[k], left or n_dice)}
            opt_s.append(s[k])
            opt_n.append(left or n_dice)
            opt_keep.append(k)
            if left >= 1:               # some die did not score: the paper's moves
                for j in moves[k]:
                    key = (s[j], n - d[j])
                    if key not in seen:
                        seen.add(key)
                        opt_s.append(key[0])
                        opt_n.append(key[1])
                        opt_keep.append(j)
            opt_ptr.append(len(opt_s))
        out_ptr.append(len(out_k))
    return dict(p0=np.ascontiguousarray(p[:, 0]), out_ptr=out_ptr, out_p=out_p, out_k=out_k, out_n=out_n,
                opt_ptr=opt_ptr, opt_s=opt_s, opt_n=opt_n, opt_keep=opt_keep, configs=configs)


def tenthousand_faces(config):
    """The dice of a configuration as faces, 1s first: ``(2, 1, ())`` -> ``(1, 5, 5)``."""
    f, o, trip = config
    return tuple(sorted([1] * o + [5] * f + [k for k in trip for _ in range(3)]))


def _sub_multisets(counts):
    """Every non-empty sub-multiset of ``counts`` (a tuple over faces 1..F)."""
    for sub in itertools.product(*(range(c + 1) for c in counts)):
        if any(sub):
            yield sub


def multiset_arrays(n_dice, faces, score, all_options_on_hot_dice=True, prune=False):
    """Outcome and option arrays of a rule that scores multisets of faces.

    ``score(counts)`` returns the points (in the model's unit) of the multiset ``counts`` (a
    tuple over faces ``1..faces``) when *every* die in it scores, else 0 (a bust for a whole
    roll). A roll's options are its keepable sub-multisets, merged by ``(points, dice left)``;
    rolls with the same options are one outcome. ``all_options_on_hot_dice=False`` keeps only
    the whole roll when every die scores (document 002's rule (ii)). ``prune`` drops an option when
    another leaves the same dice with more points.
    """
    p0 = np.zeros(n_dice + 1)
    out_ptr, out_p, out_n, out_key = [0, 0], [], [], []
    opt_ptr, opt_s, opt_n, opt_keep = [0], [], [], []
    keys = {}
    for n in range(1, n_dice + 1):
        groups = {}
        order = []
        bust = 0
        for counts, ways in sorted(_roll_counts(n, faces).items(), reverse=True):
            options = {}
            for sub in _sub_multisets(counts):
                pts = score(sub)
                if pts <= 0:
                    continue
                left = n - sum(sub)
                key = (pts, left or n_dice)
                if key not in options:
                    options[key] = sub
            if not options:
                bust += ways
                continue
            if prune:
                most = {}
                for pts, left in options:
                    most[left] = max(most.get(left, 0), pts)
                options = {k: v for k, v in options.items() if k[0] == most[k[1]]}
            best = max(options)
            whole = score(counts)
            if whole > 0 and not all_options_on_hot_dice:
                options = {(whole, n_dice): counts}
                best = (whole, n_dice)
            ordered = (best,) + tuple(sorted((k for k in options if k != best), key=lambda k: (-k[0], -k[1])))
            if ordered not in groups:
                groups[ordered] = [0, options]
                order.append(ordered)
            groups[ordered][0] += ways
            keys[(n, counts)] = ordered
        p0[n] = bust / faces ** n
        index = {}
        for ordered in order:
            count, options = groups[ordered]
            index[ordered] = len(out_p)
            out_p.append(count / faces ** n)
            out_n.append(n)
            out_key.append(ordered)
            for key in ordered:
                opt_s.append(key[0])
                opt_n.append(key[1])
                opt_keep.append(options[key])
            opt_ptr.append(len(opt_s))
        for (nn, counts), ordered in list(keys.items()):
            if nn == n:
                keys[(nn, counts)] = index[ordered]
        out_ptr.append(len(out_p))
    return dict(p0=p0, out_ptr=out_ptr, out_p=out_p, out_k=list(range(len(out_p))), out_n=out_n, opt_ptr=opt_ptr,
                opt_s=opt_s, opt_n=opt_n, opt_keep=opt_keep, roll_outcome=keys)
