"""CardCounter beyond the contest: strategy charts, card-removal effects, figures, a panel.

Builds on :mod:`stoplib.cardcounter` (the exact solver for one hand; see its
docstring for the game and the two recursions) to study fresh decks and shoes:
the optimal hit/stand chart for every dealer card and two-card hand beside the
textbook basic strategy, composition-dependent decisions, how removing one card of
each value moves the win probability of a dealt hand (the idea behind card
counting), the reachable state counts, the notebook's figures and an ipywidgets
panel. Source document: ``shared/seeds/003_796a598a91b6182b.txt`` (notebook 06).
"""
from __future__ import annotations

import numpy as np

from .cardcounter import (Engine, OUTCOMES, _check_card, deal_win_probability, fresh_deck,
                          hand_total, parse_deck, solve)
from .util.validate import check_int

# Textbook basic strategy, hit/stand part only. Transcribed from the standard table
# (Wikipedia, "Blackjack", basic strategy for 3+ decks, dealer stands on soft 17,
# doubling and splitting allowed, pushes returned); doubling and surrender cells are
# read as the table's fallback ("Dh" -> hit, "Ds" -> stand, "SU" -> hit), pairs by
# their total. Columns: dealer up card 2..10 then ace (1). It is NOT for this game
# (ties lose, no doubling/splitting, one known deck), so differences are expected.
BASIC_STRATEGY_DEALERS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)
BASIC_STRATEGY = {
    **{("hard", t): "HHHHHHHHHH" for t in range(4, 12)},
    ("hard", 12): "HHSSSHHHHH",
    **{("hard", t): "SSSSSHHHHH" for t in range(13, 17)},
    **{("hard", t): "SSSSSSSSSS" for t in range(17, 22)},
    **{("soft", t): "HHHHHHHHHH" for t in range(12, 18)},
    ("soft", 18): "SSSSSSSHHH",
    **{("soft", t): "SSSSSSSSSS" for t in range(19, 22)},
}


def strategy_table(n_decks: int = 1, engine: Engine | None = None, dealers=range(1, 11)):
    """Optimal first decision for every two-card hand against every dealer card.

    The deck is ``n_decks`` fresh decks minus the dealer's up card and the player's
    two cards; each hand is solved exactly (composition-dependent play).

    Returns
    -------
    pandas.DataFrame
        One row per (dealer, first, second) with ``first <= second``: ``total``,
        ``soft``, ``stand``, ``hit``, ``best``, ``action``.

    Examples
    --------
    >>> t = strategy_table(1, dealers=[10])
    >>> t.loc[(t["first"] == 6) & (t["second"] == 10), "action"].item()
    'stand'
    """
    import pandas as pd
    n_decks = check_int("n_decks", n_decks, 1)
    eng = engine if engine is not None else Engine(fresh_deck(n_decks))
    rows = []
    for up in dealers:
        up = _check_card("dealer", up)
        for a in range(1, 11):
            for b in range(a, 11):
                counts = fresh_deck(n_decks, minus=[up, a, b])
                best, stand, hit = eng.value(counts, up, (a, b))
                total, soft = hand_total([a, b])
                rows.append({"dealer": up, "first": a, "second": b, "total": total, "soft": soft,
                             "stand": stand, "hit": hit, "best": best,
                             "action": "hit" if hit > stand + 1e-12 else "stand"})
    return pd.DataFrame(rows)


def chart_grid(table):
    """Collapse :func:`strategy_table` to a chart: rows "hard 4".."soft 21", columns dealer 2..10, A.

    Cells are ``"H"`` (every hand with that total hits), ``"S"`` (every one stands)
    or ``"H/S"`` (depends on the composition).

    Examples
    --------
    >>> grid = chart_grid(strategy_table(1, dealers=[2]))
    >>> grid.loc["hard 12", "2"], grid.loc["hard 20", "2"]
    ('H/S', 'S')
    """
    import pandas as pd
    cells = {}
    for (soft, total, up), grp in table.groupby(["soft", "total", "dealer"]):
        acts = set(grp["action"])
        cells[(("soft" if soft else "hard") + f" {total}", up)] = "H" if acts == {"hit"} else ("S" if acts == {"stand"} else "H/S")
    rows = [f"hard {t}" for t in range(4, 21)] + [f"soft {t}" for t in range(12, 22)]
    rows = [r for r in rows if any((r, up) in cells for up in range(1, 11))]
    cols = list(BASIC_STRATEGY_DEALERS)
    grid = pd.DataFrame([[cells.get((r, up), "") for up in cols] for r in rows], index=rows,
                        columns=["A" if c == 1 else str(c) for c in cols])
    return grid


def basic_strategy_grid(rows):
    """The textbook hit/stand chart (:data:`BASIC_STRATEGY`) on the same rows/columns as :func:`chart_grid`.

    Examples
    --------
    >>> basic_strategy_grid(["hard 16"]).loc["hard 16"].str.cat()
    'SSSSSHHHHH'
    """
    import pandas as pd
    data = []
    for r in rows:
        kind, t = r.split()
        data.append(list(BASIC_STRATEGY[(kind, int(t))]))
    return pd.DataFrame(data, index=list(rows), columns=["A" if c == 1 else str(c) for c in BASIC_STRATEGY_DEALERS])


def removal_effects(n_decks: int = 1, engine: Engine | None = None):
    """How the win probability of a dealt hand moves when one card of each value is removed.

    Returns
    -------
    pandas.DataFrame
        Rows "none", then values 1..10: ``removed``, ``win_probability``, ``change``
        (percentage points versus the full deck).

    Examples
    --------
    >>> eff = removal_effects(1)
    >>> eff.sort_values("change").iloc[-1]["removed"]
    '5'
    """
    import pandas as pd
    n_decks = check_int("n_decks", n_decks, 1)
    full = fresh_deck(n_decks)
    eng = engine if engine is not None else Engine(full)
    base = deal_win_probability(full, eng)
    rows = [{"removed": "none", "value": 0, "win_probability": base, "change": 0.0}]
    for v in range(1, 11):
        p = deal_win_probability(fresh_deck(n_decks, minus=[v]), eng)
        rows.append({"removed": "A" if v == 1 else str(v), "value": v, "win_probability": p,
                     "change": 100 * (p - base)})
    return pd.DataFrame(rows)


# ---------------------------------------------------------------- figures

_ACTION_COLOURS = {"H": "#e8a0a0", "S": "#9fd4a3", "H/S": "#f4d58d", "": "#ffffff"}


def plot_strategy_chart(ax, grid, reference=None, title=None):
    """Draw a hit/stand chart as a coloured grid; cells differing from ``reference`` get a bold frame."""
    from matplotlib.patches import Rectangle
    rows, cols = list(grid.index), list(grid.columns)
    for i, r in enumerate(rows):
        for j, c in enumerate(cols):
            val = grid.loc[r, c]
            ax.add_patch(Rectangle((j, i), 1, 1, facecolor=_ACTION_COLOURS.get(val, "#dddddd"),
                                   edgecolor="white", linewidth=1))
            ax.text(j + 0.5, i + 0.5, val, ha="center", va="center", fontsize=7)
            if reference is not None and r in reference.index and reference.loc[r, c] != val:
                ax.add_patch(Rectangle((j + 0.04, i + 0.04), 0.92, 0.92, fill=False, edgecolor="black", linewidth=1.6))
    ax.set_xlim(0, len(cols))
    ax.set_ylim(len(rows), 0)
    ax.set_xticks(np.arange(len(cols)) + 0.5)
    ax.set_xticklabels(cols)
    ax.set_yticks(np.arange(len(rows)) + 0.5)
    ax.set_yticklabels(rows, fontsize=7)
    ax.set_xlabel("dealer up card")
    ax.tick_params(length=0)
    for s in ax.spines.values():
        s.set_visible(False)
    if title:
        ax.set_title(title, fontsize=9)
    return ax


def plot_removal_effects(ax, effects):
    """Bar chart of the change in win probability (percentage points) when one card of each value is removed."""
    df = effects[effects["value"] > 0]
    colours = ["#3b7dd8" if c > 0 else "#d8553b" for c in df["change"]]
    ax.bar(df["removed"], df["change"], color=colours)
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_xlabel("card value removed from a fresh deck")
    ax.set_ylabel("change in win probability (points)")
    return ax


def plot_dealer_outcomes(ax, counts, dealers=range(1, 11)):
    """Stacked bars of the dealer's final-total distribution for each up card drawn from ``counts``."""
    counts = parse_deck(counts)
    eng = Engine(counts)
    bottoms = np.zeros(len(dealers))
    dists = []
    for up in dealers:
        c = counts.copy()
        c[up - 1] -= 1
        dists.append(eng.dealer_distribution(c, up, up == 1))
    dists = np.array(dists)
    labels = ["A" if u == 1 else str(u) for u in dealers]
    colours = ["#c6dbef", "#9ecae1", "#6baed6", "#3182bd", "#08519c", "#fd8d3c"]
    for j, name in enumerate(OUTCOMES):
        ax.bar(labels, dists[:, j], bottom=bottoms, label=name, color=colours[j])
        bottoms += dists[:, j]
    ax.set_xlabel("dealer up card")
    ax.set_ylabel("probability of the dealer's final total")
    ax.legend(title="dealer ends", fontsize=7, bbox_to_anchor=(1.01, 1), loc="upper left")
    return ax


# Hi-Lo card-counting tags (+1 for 2..6, 0 for 7..9, -1 for tens and aces): the
# count a player keeps is the sum of the tags of the cards seen.
HI_LO = {1: -1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 0, 8: 0, 9: 0, 10: -1}


def player_hands(engine: Engine, dealer: int, total: int, soft: bool = False):
    """Every memoised hand of ``total`` (hard or soft) against ``dealer``, with its decision.

    The engine's base must be the shoe before the deal (as in :func:`strategy_table`),
    so that the cards removed from it are the dealer's up card and the player's hand.

    Returns
    -------
    pandas.DataFrame
        ``hand`` (e.g. ``"10+6"``), ``n_cards``, ``stand``, ``hit``, ``action``,
        sorted by number of cards then hand.

    Examples
    --------
    >>> eng = Engine(fresh_deck(1))
    >>> _ = strategy_table(1, eng, dealers=[10])
    >>> player_hands(eng, 10, 16)["hand"].head(3).tolist()
    ['10+6', '8+8', '9+7']
    """
    dealer = _check_card("dealer", dealer)
    df = engine.states()
    df = df[(df.dealer == dealer) & (df.total == total) & (df.soft == bool(soft))]
    hands, sizes, keep = [], [], []
    for removed in df["removed"]:
        counts = _parse_bracketed(removed)
        counts[dealer - 1] -= 1
        if counts.min() < 0:
            keep.append(False)
            hands.append("")
            sizes.append(0)
            continue
        cards = [v for v in range(10, 0, -1) for _ in range(counts[v - 1])]
        keep.append(True)
        hands.append("+".join("A" if v == 1 else str(v) for v in cards))
        sizes.append(len(cards))
    out = df.assign(hand=hands, n_cards=sizes)[np.array(keep, dtype=bool)]
    return out[["hand", "n_cards", "stand", "hit", "action"]].sort_values(["n_cards", "hand"]).reset_index(drop=True)


def _parse_bracketed(text: str) -> np.ndarray:
    out, i = [], 0
    while i < len(text):
        if text[i] == "[":
            j = text.index("]", i)
            out.append(int(text[i + 1:j]))
            i = j + 1
        else:
            out.append(int(text[i]))
            i += 1
    return np.array(out, dtype=np.int64)


# raw bytes of one memo entry (int64 key + up to six float64 values), before the hash
# table's own overhead (roughly a factor of two in numba's typed dict)
_RAW_BYTES = 8 + 6 * 8


def state_counts(n_decks: int = 1, dealers=range(1, 11)):
    """Reachable player and dealer states, and solve time, for every starting hand of fresh decks.

    Returns
    -------
    pandas.DataFrame
        One row per (dealer, first, second): ``n_player_states``, ``n_dealer_states``,
        ``memo_mb`` (raw key and value bytes of the memo, before hash-table overhead), ``seconds``.

    Examples
    --------
    >>> int(state_counts(1, dealers=[10])["n_dealer_states"].max()) < 5 ** 9 * 17
    True
    """
    import pandas as pd
    rows = []
    for up in dealers:
        for a in range(1, 11):
            for b in range(a, 11):
                s = solve(fresh_deck(n_decks, minus=[up, a, b]), up, [a, b])
                rows.append({"n_decks": n_decks, "dealer": up, "first": a, "second": b,
                             "n_player_states": s.n_player_states, "n_dealer_states": s.n_dealer_states,
                             "memo_mb": _RAW_BYTES * (s.n_player_states + s.n_dealer_states) / 1e6,
                             "seconds": s.seconds})
    return pd.DataFrame(rows)


def counter_panel(deck=None, dealer: int = 10, player=(10, 6), seed=0):
    """An ipywidgets panel: set the counts, the dealer card and the player's cards; see
    P(win | stand), P(win | hit, then optimal), the best action; draw a card and step on.

    Returns the panel (display it in a notebook). Drawing uses a seeded generator.

    Examples
    --------
    >>> panel = counter_panel(dealer=10, player=(10, 6))
    >>> "best: <b>stand</b>" in panel.children[-1].value
    True
    """
    import ipywidgets as w
    from .util.rng import as_generator
    rng = as_generator(seed)
    start = parse_deck(deck if deck is not None else fresh_deck(1, minus=[dealer, *player]))
    sliders = [w.BoundedIntText(value=int(c), min=0, max=64, description="A" if v == 1 else str(v),
                                layout=w.Layout(width="120px")) for v, c in zip(range(1, 11), start)]
    dealer_box = w.Dropdown(options=[("A", 1)] + [(str(v), v) for v in range(2, 11)], value=int(dealer),
                            description="dealer")
    hand_box = w.Text(value=" ".join(map(str, player)), description="player")
    draw = w.Button(description="draw a card")
    out = w.HTML()

    def current():
        counts = [s.value for s in sliders]
        cards = [int(x) for x in hand_box.value.replace(",", " ").split()]
        return counts, int(dealer_box.value), cards

    def refresh(*_):
        try:
            counts, up, cards = current()
            total, soft = hand_total(cards)
            if total > 21:
                out.value = f"<b>bust</b> with {total}: the hand is lost"
                return
            s = solve(counts, up, cards)
            out.value = (f"hand {'soft' if soft else 'hard'} {total} vs dealer {'A' if up == 1 else up}, "
                         f"{sum(counts)} cards left<br>P(win | stand) = {s.stand_probability:.6f}<br>"
                         f"P(win | hit, then optimal) = {s.hit_probability:.6f}<br>"
                         f"best: <b>{s.action}</b>, P(win) = {s.win_probability:.6f} "
                         f"({s.n_player_states} player / {s.n_dealer_states} dealer states, {1000 * s.seconds:.1f} ms)")
        except (ValueError, TypeError) as err:
            out.value = f"<span style='color:#b00'>{err}</span>"

    def on_draw(_):
        counts, up, cards = current()
        if sum(counts) == 0:
            out.value = "the deck is empty"
            return
        v = int(rng.choice(np.arange(1, 11), p=np.array(counts) / sum(counts)))
        sliders[v - 1].value -= 1   # triggers a refresh
        hand_box.value = hand_box.value + f" {v}"

    for s in sliders:
        s.observe(refresh, names="value")
    dealer_box.observe(refresh, names="value")
    hand_box.observe(refresh, names="value")
    draw.on_click(on_draw)
    refresh()
    return w.VBox([w.HBox(sliders[:5]), w.HBox(sliders[5:]), w.HBox([dealer_box, hand_box, draw]), out])


def plot_state_counts(ax, sizes):
    """Reachable dealer states per starting hand (box per number of decks) against the dense grid size."""
    groups = [g["n_dealer_states"].to_numpy() for _, g in sizes.groupby("n_decks")]
    labels = [str(n) for n in sorted(sizes["n_decks"].unique())]
    ax.boxplot(groups)
    ax.set_xticks(np.arange(1, len(labels) + 1), labels)
    ax.set_yscale("log")
    ax.set_xlabel("number of decks")
    ax.set_ylabel("memoised dealer states per hand")
    return ax


def mixed_decisions(engine: Engine):
    """(dealer, total, softness) cells where the memoised hands disagree: some hit, some stand.

    Counts every memoised hand of the engine (two-card and multi-card hands alike).

    Examples
    --------
    >>> eng = Engine(fresh_deck(1))
    >>> _ = strategy_table(1, eng, dealers=[2])
    >>> mixed_decisions(eng)[["dealer", "total", "hit", "stand"]].values.tolist()
    [[2, 12, 2, 53]]
    """
    df = engine.states()
    counts = df.groupby(["dealer", "soft", "total"])["action"].value_counts().unstack(fill_value=0)
    for col in ("hit", "stand"):
        if col not in counts:
            counts[col] = 0
    counts = counts.reset_index()
    return counts[(counts["hit"] > 0) & (counts["stand"] > 0)].reset_index(drop=True)


def chart_differences(grid, reference):
    """Cells where two charts disagree, as a table (``hand``, ``dealer``, ``ours``, ``reference``).

    Examples
    --------
    >>> g = basic_strategy_grid(["hard 16"])
    >>> len(chart_differences(g, g))
    0
    """
    import pandas as pd
    rows = [(r, c, grid.loc[r, c], reference.loc[r, c]) for r in grid.index for c in grid.columns
            if r in reference.index and grid.loc[r, c] != reference.loc[r, c]]
    return pd.DataFrame(rows, columns=["hand", "dealer", "ours", "reference"])


def play_hand(deck, dealer: int, player, seed=0):
    """Play one hand step by step with the optimal policy on a seeded shuffle.

    At each of the player's decisions the exact probabilities are recomputed from the
    cards that remain; then the dealer draws. Returns a DataFrame with one row per
    step: ``who``, ``hand``, ``total``, ``stand``, ``hit``, ``action``, ``card``
    (the card drawn, 0 when none) and a final ``result`` row.

    Examples
    --------
    >>> steps = play_hand("1004000002", 5, (7, 8), seed=3)
    >>> steps.iloc[0]["action"], steps.iloc[-1]["who"]
    ('hit', 'result')
    """
    import pandas as pd
    from .util.rng import as_generator
    rng = as_generator(seed)
    counts = parse_deck(deck).copy()
    up = _check_card("dealer", dealer)
    hand = [_check_card(f"player[{i}]", c) for i, c in enumerate(player)]

    def draw():
        v = int(rng.choice(np.arange(1, 11), p=counts / counts.sum()))
        counts[v - 1] -= 1
        return v

    rows = []
    while True:
        total, soft = hand_total(hand)
        if total > 21:
            rows.append({"who": "player", "hand": "+".join(map(str, hand)), "total": total, "stand": 0.0,
                         "hit": 0.0, "action": "bust", "card": 0})
            break
        s = solve(counts, up, hand)
        card = draw() if s.action == "hit" else 0
        rows.append({"who": "player", "hand": "+".join(map(str, hand)), "total": total, "stand": s.stand_probability,
                     "hit": s.hit_probability, "action": s.action, "card": card})
        if s.action == "stand":
            break
        hand.append(card)
    ptotal, _ = hand_total(hand)
    dhand = [up]
    if ptotal <= 21:
        while hand_total(dhand)[0] < 17:
            dhand.append(draw())
            rows.append({"who": "dealer", "hand": "+".join(map(str, dhand)), "total": hand_total(dhand)[0],
                         "stand": np.nan, "hit": np.nan, "action": "draw", "card": dhand[-1]})
    dtotal = hand_total(dhand)[0]
    won = ptotal <= 21 and (dtotal > 21 or dtotal < ptotal)
    rows.append({"who": "result", "hand": f"player {ptotal}, dealer {dtotal}", "total": ptotal, "stand": np.nan,
                 "hit": np.nan, "action": "player wins" if won else "player loses", "card": 0})
    return pd.DataFrame(rows)
