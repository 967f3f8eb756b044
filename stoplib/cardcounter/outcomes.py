"""CardCounter: how a hand ends if the player stands, and if he hits and then plays on optimally.

The solver (:mod:`.solver`) scores a hand by its win probability alone, since ties
lose. To see *why* a decision differs from textbook basic strategy (where a push
returns the stake) one needs the other outcomes too: the probability that the
hand ends in a tie, that the player busts, that the dealer busts or ends higher.
:func:`decision_outcomes` pushes the hand forward through the optimal policy,
once for each first action (stand now; hit now and then follow the solver's best
action in every later state, standing on exact ties as the solver does), over the
same memo the solver fills, and returns both rows as a :class:`DecisionOutcomes`.
:func:`departure_outcomes` does this for every cell of a strategy chart that
differs from basic strategy, averaging over the two-card hands of the cell as they
are dealt, and also values each action as ordinary blackjack would (win minus
loss, a push returning the stake, with the same play after a hit), which says
whether the scoring rule alone turns the decision. Source document: J. S. Plank's
write-up of TopCoder SRM 734 "CardCounter" (2018), studied in notebook 06.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..util import budget
from ..util.validate import check_int
from . import _costs
from ._kernels import _dealer_dist, _player_value
from .rules import MAX_FRESH_DECKS, _deck_string, _fresh_deck, _hand_total, _starving_message
from .solver import Engine, _check_engine, _hand
from .strategy import _check_chart, _check_table, chart_grid, chart_differences

__all__ = ["OUTCOME_NAMES", "DecisionOutcomes", "decision_outcomes", "departure_outcomes"]

#: The ways a hand ends: the player wins (``dealer_bust`` is the part of it where the dealer busts),
#: ties (a loss in this game), loses to a higher dealer total, or busts.
OUTCOME_NAMES = ("win", "tie", "lose", "bust", "dealer_bust")
_WIN, _TIE, _LOSE, _BUST, _DBUST = range(5)


@dataclass(frozen=True)
class DecisionOutcomes:
    """How one hand ends after each first decision, under optimal play afterwards.

    Attributes
    ----------
    deck : tuple of int
        The remaining deck (ten counts).
    dealer : int
        The dealer's up card.
    player : tuple of int
        The player's cards.
    stand, hit : dict
        ``{name: probability}`` for the names of :data:`OUTCOME_NAMES`; ``win + tie + lose
        + bust = 1`` (``dealer_bust`` is part of ``win``). ``hit`` is the hand hit once
        and then played optimally.
    action : str
        The optimal first decision, ``"hit"`` or ``"stand"`` (stand on exact ties).
    """

    deck: tuple
    dealer: int
    player: tuple
    stand: dict
    hit: dict
    action: str

    def table(self):
        """Both rows as a DataFrame: ``decision`` (stand, hit) and the columns of :data:`OUTCOME_NAMES`."""
        import pandas as pd

        return pd.DataFrame([{"decision": "stand", **self.stand}, {"decision": "hit", **self.hit}])


def decision_outcomes(deck, dealer: int, player: Sequence[int], engine: Engine | None = None) -> DecisionOutcomes:
    """How a hand ends if the player stands now, and if he hits now and then plays optimally.

    Parameters
    ----------
    deck : str or sequence of int
        The remaining deck after the shown cards (ten counts, or a ten-digit string).
    dealer : int
        The dealer's up card, 1 (ace) .. 10.
    player : sequence of int
        The player's cards (two or more), each 1..10.
    engine : Engine or None
        Memo tables to use and fill (its base must hold ``deck``); None: a fresh one.

    Returns
    -------
    DecisionOutcomes
        Its ``win`` probabilities are the solver's stand and hit probabilities.

    Examples
    --------
    >>> from stoplib.cardcounter.rules import fresh_deck
    >>> out = decision_outcomes(fresh_deck(1, minus=[10, 10, 6]), 10, [10, 6])
    >>> out.action, round(out.stand["win"], 4), round(out.stand["tie"], 4), round(out.hit["bust"], 4)
    ('stand', 0.2099, 0.0, 0.5918)
    """
    counts, dealer, player = _hand(deck, dealer, player)
    eng = _check_engine(engine, counts)
    budget.check(_costs.outcomes_estimate(f"decision_outcomes({_deck_string(counts)}, {dealer}, {list(player)})",
                                          counts, dealer, player))
    return _decision_outcomes(counts, dealer, player, eng)


def _decision_outcomes(counts, dealer, player, eng: Engine, memo: dict | None = None) -> DecisionOutcomes:
    """:func:`decision_outcomes` for checked arguments; ``memo`` may be shared by hands on one engine."""
    memo = {} if memo is None else memo
    psum, pace = int(sum(player)), 1 in player
    key = eng._key(counts)
    stand = _stand(eng, counts, key, dealer, psum, pace)
    if int(counts.sum()) == 0:
        raise ValueError(f"deck {_deck_string(counts)} is empty: the player cannot hit")
    hit = _hit(eng, counts, key, dealer, psum, pace, memo, player)
    _, p_stand, p_hit = _player_value(counts.copy(), int(counts.sum()), key, psum, pace, dealer, eng.strides,
                                      eng.dmemo, eng.pmemo)
    names = OUTCOME_NAMES
    return DecisionOutcomes(tuple(int(c) for c in counts), int(dealer), tuple(int(v) for v in player),
                            {n: float(x) for n, x in zip(names, stand)}, {n: float(x) for n, x in zip(names, hit)},
                            "hit" if p_hit > p_stand + 1e-12 else "stand")


def _stand(eng, counts, key, dealer, psum, pace, player=None):
    """Outcomes of standing on the hand (hard sum ``psum``, ace flag ``pace``)."""
    d = np.array(_dealer_dist(counts.copy(), int(counts.sum()), key, int(dealer), dealer == 1, eng.strides,
                              eng.dmemo))
    if np.isnan(d).any():
        raise ValueError(_starving_message(counts, dealer, player or (psum,)))
    total, _ = _hand_total([1, psum - 1] if pace else [psum])
    out = np.zeros(5)
    out[_DBUST] = d[5]
    finals = np.arange(17, 22)
    out[_WIN] = d[5] + d[:5][finals < total].sum()
    out[_TIE] = d[:5][finals == total].sum()
    out[_LOSE] = max(0.0, 1.0 - out[_WIN] - out[_TIE])
    return out


def _hit(eng, counts, key, dealer, psum, pace, memo, player):
    """Outcomes of hitting once from the hand and then following the solver's best action."""
    n = int(counts.sum())
    out = np.zeros(5)
    for v in range(1, 11):
        c = int(counts[v - 1])
        if c == 0:
            continue
        counts[v - 1] -= 1
        try:
            out += c / n * _play(eng, counts, key + int(eng.strides[v - 1]), dealer, psum + v, pace or v == 1, memo,
                                 (*player, v))
        finally:
            counts[v - 1] += 1
    return out


def _play(eng, counts, key, dealer, psum, pace, memo, player):
    """Outcomes from a player state under the optimal policy (hit when hitting is strictly better)."""
    if psum > 21:
        out = np.zeros(5)
        out[_BUST] = 1.0
        return out
    state = (key, psum, pace)
    if state not in memo:
        _, stand, hit = _player_value(counts.copy(), int(counts.sum()), key, psum, pace, dealer, eng.strides,
                                      eng.dmemo, eng.pmemo)
        if np.isnan(stand) or (int(counts.sum()) and np.isnan(hit)):
            raise ValueError(_starving_message(counts, dealer, player))
        if int(counts.sum()) and hit > stand + 1e-12:
            memo[state] = _hit(eng, counts, key, dealer, psum, pace, memo, player)
        else:
            memo[state] = _stand(eng, counts, key, dealer, psum, pace, player)
    return memo[state]


def departure_outcomes(table, reference, engine: Engine | None = None, n_decks: int = 1):
    """Every chart cell where the optimal first decision differs from ``reference``, with how hands end.

    For each such cell of ``chart_grid(table)`` the outcomes of standing and of hitting
    (:func:`decision_outcomes`) are averaged over the cell's two-card hands, each weighted
    by its chance of being dealt against that up card from ``n_decks`` fresh decks. Each
    action is also valued as ordinary blackjack values it, win minus loss with a push
    returning the stake (the same play after a hit): ``pushes_returned`` is the decision
    that valuation prefers.

    Parameters
    ----------
    table : pandas.DataFrame
        A :func:`stoplib.cardcounter.strategy.strategy_table` of fresh decks.
    reference : pandas.DataFrame
        A chart on the same columns (:func:`stoplib.cardcounter.strategy.basic_strategy_grid`).
    engine : Engine or None
        The engine ``table`` was solved on (its memo is reused); None: a fresh one.
    n_decks : int
        The fresh decks ``table`` was dealt from (1 to 8).

    Returns
    -------
    pandas.DataFrame
        One row per differing cell (cells of dealer cards ``table`` does not hold are left out):
        ``hand``, ``dealer``, ``ours``, ``reference``, ``hands``
        (its two-card hands), then ``stand_win``, ``stand_tie``, ``stand_lose``, ``hit_win``,
        ``hit_tie``, ``hit_lose``, ``hit_bust``, ``stand_dealer_bust``, ``stand_money``,
        ``hit_money`` and ``pushes_returned`` ("H" or "S").

    Examples
    --------
    >>> from stoplib.cardcounter.strategy import strategy_table, basic_strategy_grid
    >>> t = strategy_table(1, dealers=[10])
    >>> dep = departure_outcomes(t, basic_strategy_grid(chart_grid(t).index), n_decks=1)
    >>> row = dep.set_index(["hand", "dealer"]).loc[("hard 16", "10")]
    >>> row.ours, row.reference, round(float(row.stand_win), 3), round(float(row.hit_tie), 3), row.pushes_returned
    ('S', 'H', 0.213, 0.064, 'H')
    """
    import pandas as pd

    table = _check_table(table)
    _check_chart("reference", reference)
    n_decks = check_int("n_decks", n_decks, 1, MAX_FRESH_DECKS)
    base = _fresh_deck(n_decks)
    eng = _check_engine(engine, base) if engine is not None else Engine._of(base)
    grid = chart_grid(table)
    diff = chart_differences(grid, reference)
    cells = []
    for cell in diff.itertuples(index=False):
        if cell.ours == "":                  # a dealer card the table did not solve
            continue
        soft, total = cell.hand.split()[0] == "soft", int(cell.hand.split()[1])
        up = 1 if cell.dealer == "A" else int(cell.dealer)
        hands = table[(table["soft"] == soft) & (table["total"] == total) & (table["dealer"] == up)]
        cells.append((cell, up, [(int(h.first), int(h.second)) for h in hands.itertuples(index=False)]))
    todo = [(_fresh_deck(n_decks, minus=[up, a, b]), up, (a, b)) for _, up, hands in cells for a, b in hands]
    budget.check(_costs.departures_estimate("departure_outcomes", todo, eng._solved))
    rows = []
    for cell, up, hands in cells:
        after_up = base.copy()
        after_up[up - 1] -= 1
        sums, weights = {"stand": np.zeros(5), "hit": np.zeros(5)}, 0.0
        for a, b in hands:
            # the chance of being dealt a and b against this up card
            w = float(after_up[a - 1] * (after_up[b - 1] - (a == b)) * (1 if a == b else 2))
            out = _decision_outcomes(_fresh_deck(n_decks, minus=[up, a, b]), up, (a, b), eng)
            sums["stand"] += w * np.array([out.stand[k] for k in OUTCOME_NAMES])
            sums["hit"] += w * np.array([out.hit[k] for k in OUTCOME_NAMES])
            weights += w
        s, h = sums["stand"] / weights, sums["hit"] / weights
        money = {"stand": s[_WIN] - s[_LOSE] - s[_BUST], "hit": h[_WIN] - h[_LOSE] - h[_BUST]}
        rows.append({"hand": cell.hand, "dealer": cell.dealer, "ours": cell.ours, "reference": cell.reference,
                     "hands": ", ".join(_name(a, b) for a, b in hands),
                     "stand_win": s[_WIN], "stand_tie": s[_TIE], "stand_lose": s[_LOSE],
                     "stand_dealer_bust": s[_DBUST],
                     "hit_win": h[_WIN], "hit_tie": h[_TIE], "hit_lose": h[_LOSE], "hit_bust": h[_BUST],
                     "stand_money": money["stand"], "hit_money": money["hit"],
                     "pushes_returned": "H" if money["hit"] > money["stand"] + 1e-12 else "S"})
    return pd.DataFrame(rows, columns=["hand", "dealer", "ours", "reference", "hands", "stand_win", "stand_tie",
                                       "stand_lose", "stand_dealer_bust", "hit_win", "hit_tie", "hit_lose",
                                       "hit_bust", "stand_money", "hit_money", "pushes_returned"])


def _name(a: int, b: int) -> str:
    return "+".join("A" if v == 1 else str(v) for v in sorted((a, b), reverse=True))
