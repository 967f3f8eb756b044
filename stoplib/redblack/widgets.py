"""The red/black card game ("Problem 14"): the interactive panels of notebooks 01-03.

Each function builds the workbook's one :class:`stoplib.workbook.panel.Panel` (controls,
a one-line readout, a figure drawn on an explicit ``Figure``, a message line, a "Save
figure" button, and a static picture for readers without a kernel). The panel checks
the controls' ranges once per interaction; its ``render`` then computes one result with
the game's internals (the solver, :mod:`stoplib.redblack.solver`; the simulator,
:mod:`stoplib.redblack.simulation`; the fits, :mod:`stoplib.redblack.fits`) and
hands it to both the readout and the figure of :mod:`stoplib.redblack.plots`, which only
draws. A request out of range is refused with a message; nothing is clamped.

:func:`position_panel` (notebook 01)
    Any deck: ``V(r, b)``, the stopping boundary with the position marked, and the
    policy map (the recursion
    ``V(r, b) = max(0, r/(r+b) (V(r-1, b) + 1) + b/(r+b) (V(r, b-1) - 1))``).
:func:`simulation_panel` (notebook 02)
    Any deck, number of games, seed, and the real game or the document's fixed-1/2
    mistake: the simulated winnings against the exact value and distribution.
:func:`refit_panel` (notebook 03)
    Refit ``V ~ √n`` (or ``log n``, or both) on a chosen range of ``n`` and compare
    the slope with the Brownian-bridge constant ``c``.

Source
------
Gwern Branwen et al., "Problem 14 Dynamic Programming Solutions", gwern.net, October
2022 (https://gwern.net/problem-14).
"""
from __future__ import annotations

import math

import numpy as np

from ..util.rng import kernel_seed
from ..util.validate import check_int
from ..workbook import style
from ..workbook.panel import Panel, View, dropdown, int_box, int_slider, toggle
from .asymptotics import bridge_constant
from .fits import _fit_growth
from .plots import plot_fits, plot_position_panel, plot_winnings_distribution
from .simulation import _simulate, _winnings_distribution
from .solver import _position, _value
from .variants import _value_with_replacement

__all__ = ["position_panel", "simulation_panel", "refit_panel", "GAMES", "FITS"]

#: The widest range of cards each panel offers (the position panel's policy map has one
#: cell per position; the simulation panel's exact distribution one per state).
MAX_POSITION_CARDS = 3000
MAX_SIMULATION_CARDS = 1000

#: Numbers of games the simulation panel offers.
GAMES = (1_000, 10_000, 100_000, 1_000_000)
#: The fits the refit panel offers: label -> key of :class:`~stoplib.redblack.fits.GrowthFits`.
FITS = {"√n": "sqrt", "log n": "log", "log n + √n": "log+sqrt"}


def position_panel(n_red: int = 26, n_black: int = 26, max_cards: int = 400) -> Panel:
    """Red cards left on a slider and black cards left in a text box (``0..max_cards``);
    the panel shows :func:`stoplib.redblack.plots.plot_position_panel` for that deck and
    reads out ``V(r, b)`` and where the stop starts.

    Examples
    --------
    >>> panel = position_panel()
    >>> panel.readout.value
    'V(26, 26) = 2.624476: draw (with 26 red cards left, stop from 32 black cards)'
    >>> panel.controls["n_black"].value = 5000
    >>> "must be in 0..400" in panel.message.value
    True
    """
    def render(n_red, n_black):
        p = _position(n_red, n_black)        # the value, the boundary and the policy, once
        readout = (f"V({n_red}, {n_black}) = {p.value:.6f}: {p.action} "
                   f"(with {n_red} red cards left, stop from {p.stop_from} black cards)")
        return View(plot_position_panel(p), readout)

    max_cards = check_int("max_cards", max_cards, 1, MAX_POSITION_CARDS)
    return Panel({"n_red": int_slider("red", n_red, 0, max_cards),
                  "n_black": int_box("black", n_black, 0, max_cards)},
                 render, notebook="01_redblack_dp", name="position", title="Any deck: value and policy")


def simulation_panel(n_red: int = 26, n_black: int = 26, n_games: int = 100_000, seed: int = 0,
                     max_cards: int = 200) -> Panel:
    """Sliders for a deck (``0..max_cards`` cards of each colour), a menu of numbers of
    games, a seed box and a check box for the document's fixed-1/2 mistake; the panel
    simulates, draws the winnings against the exact distribution and reads out the
    simulated mean beside the exact value.

    Examples
    --------
    >>> panel = simulation_panel(n_games=1_000)
    >>> panel.readout.value.startswith("real game, 1,000 games, seed 0: exact 2.624476, simulated")
    True
    """
    def render(n_red, n_black, n_games, seed, mistake):
        # the controls' ranges are checked by the panel: the game's internals, each once
        s = _simulate(n_red, n_black, n_games, seed, kernel_seed(seed), mistake, True, False)
        exact = _value_with_replacement(n_red, n_black) if mistake else _value(n_red, n_black, "row")
        fig, ax = style.figure(figsize=(8.5, 3.6))
        plot_winnings_distribution(ax, s, exact=exact,
                                   exact_distribution=_winnings_distribution(n_red, n_black, mistake))
        game = "mistaken model (p = 1/2)" if mistake else "real game"
        ax.set_title(f"{game}: {n_red} red / {n_black} black")
        readout = (f"{game}, {n_games:,} games, seed {seed}: exact {exact:.6f}, simulated "
                   f"{s.mean:.6f} ± {s.std_err:.6f} (z = {s.z_score(exact):+.2f})")
        return View(fig, readout)

    max_cards = check_int("max_cards", max_cards, 1, MAX_SIMULATION_CARDS)
    return Panel({"n_red": int_slider("red", n_red, 0, max_cards),
                  "n_black": int_slider("black", n_black, 0, max_cards),
                  "n_games": dropdown("games", [(f"{g:,}", g) for g in GAMES], n_games),
                  "seed": int_box("seed", seed, 0, 2**31 - 1),
                  "mistake": toggle("mistaken model (p = 1/2)", False)},
                 render, notebook="02_redblack_monte_carlo", name="simulation",
                 title="Simulate any deck")


def refit_panel(values, n_min: int = 1, n_max: int | None = None) -> Panel:
    """A slider for the first ``n`` and a text box for the last ``n`` of a fit to
    ``values[n] = V(n, n)`` (:func:`stoplib.redblack.balanced_values`), and a menu of
    fits (``√n``, ``log n``, both); the panel draws the data and the fits on that range
    with the chosen fit's residuals, and reads out the fitted line (for ``√n``, its slope
    minus the bridge constant ``c``).

    Parameters
    ----------
    values : array of float
        ``V(n, n)`` for ``n = 0 .. len(values) - 1`` (at least 200 of them).

    Examples
    --------
    >>> from stoplib.redblack import balanced_values
    >>> panel = refit_panel(balanced_values(400))
    >>> panel.readout.value.split(";")[0]
    'fit on n = 1..400: V = −0.04133 + 0.523073 √n'
    """
    try:
        values = np.asarray(values)
    except (ValueError, TypeError) as err:
        raise TypeError(f"values must be an array of V(n, n), got {type(values).__name__} ({err})") from None
    if values.dtype.kind not in "iuf":
        raise TypeError(f"values must be an array of numbers, got dtype {values.dtype}")
    values = values.astype(float)
    if values.ndim != 1 or not 200 <= values.size <= 10**7:
        raise ValueError(f"values must be V(n, n) for n = 0, 1, ... (at least 200 and at most 10,000,000 of them), "
                         f"got shape {values.shape}")
    if not np.isfinite(values).all():
        raise ValueError("values must be finite")
    n_all = np.arange(values.size)
    n_top = values.size - 1
    n_max = min(n_top, 22_974) if n_max is None else n_max
    _, c = bridge_constant()

    def render(n_min, n_max, fit):
        if n_max < n_min + 10:
            raise ValueError(f"the last n ({n_max}) must be at least the first n ({n_min}) + 10")
        fits = _fit_growth(n_all[n_min: n_max + 1], values[n_min: n_max + 1])
        res = fits.results[FITS[fit]]
        p = res.params
        fig, (left, right) = style.figure(1, 2, figsize=(10.5, 3.6))
        plot_fits(left, fits)
        n = fits.data.n.to_numpy()
        step = max(1, n.size // 3000)
        right.plot(n[::step], np.asarray(res.resid)[::step], ".", ms=2.5, color=style.COLORS["blue"])
        right.axhline(0, color=style.COLORS["grey"], lw=0.8)
        right.set_xscale("log")
        right.set_xlabel("n")
        right.set_ylabel("residual ($)")
        right.set_title(f"{fit} fit: residual SE {math.sqrt(res.scale):.3g}")
        terms = {"np.log(n)": "log n", "np.sqrt(n)": "√n"}
        line = " ".join(f"{'+' if p[k] >= 0 else '−'} {abs(p[k]):.6g} {t}" for k, t in terms.items() if k in p)
        readout = f"fit on n = {n_min:,}..{n_max:,}: V = {p['Intercept']:.4g} {line}".replace("-", "−")
        if "np.sqrt(n)" in p and "np.log(n)" not in p:
            readout += f"; slope − c = {p['np.sqrt(n)'] - c:+.2e}".replace("-", "−")
        return View(fig, readout)

    return Panel({"n_min": int_slider("n from", n_min, 1, max(2, n_top // 2)),
                  "n_max": int_box("n to", n_max, 11, n_top),
                  "fit": dropdown("fit", list(FITS), "√n")},
                 render, notebook="03_redblack_sqrt_vs_log", name="refit",
                 title="Refit the growth law on a range of n")
