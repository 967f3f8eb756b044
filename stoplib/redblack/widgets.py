"""The red/black card game ("Problem 14"): the ipywidgets panels of notebooks 01-03.

Each function builds a panel and returns it; the notebook cell only calls it
and displays it. The panels are thin wrappers over the public API (the solver
of :mod:`stoplib.redblack.solver`, the simulator of
:mod:`stoplib.redblack.simulation`, the fits of
:mod:`stoplib.redblack.asymptotics`) and the figures of
:mod:`stoplib.redblack.plots`; they come after the static results, so the
headless run of a notebook stays deterministic.

:func:`position_panel` (notebook 01)
    Any deck: ``V(r, b)``, the stopping boundary with the position marked, and
    the policy map (the recursion
    ``V(r, b) = max(0, r/(r+b) (V(r-1, b) + 1) + b/(r+b) (V(r, b-1) - 1))``).
:func:`simulation_panel` (notebook 02)
    Any deck and number of games: the simulated winnings against the exact
    value and distribution.
:func:`refit_panel` (notebook 03)
    Refit ``value ~ sqrt(n)`` on a chosen range of ``n`` and compare the slope
    with the Brownian-bridge constant ``c``.

Source
------
Document 000 (``shared/seeds/000_cd0610b35b05a9e7.txt``).
"""
from __future__ import annotations

import ipywidgets as ipw
import numpy as np

from .asymptotics import bridge_constant, fit_growth
from .plots import plot_position_panel, plot_winnings_distribution
from .simulation import simulate, winnings_distribution
from .solver import value

__all__ = ["position_panel", "simulation_panel", "refit_panel"]


def position_panel() -> ipw.interactive:
    """Sliders for the red and black cards left (0..300); each release redraws
    :func:`stoplib.redblack.plots.plot_position_panel` for that deck.

    Examples
    --------
    >>> import matplotlib; matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> import contextlib, io
    >>> with contextlib.redirect_stdout(io.StringIO()):  # the first draw prints
    ...     panel = position_panel()
    >>> [w.description for w in panel.children[:2]]
    ['red', 'black']
    >>> plt.close("all")
    """
    import matplotlib.pyplot as plt

    def show_position(n_red=26, n_black=26):
        plot_position_panel(n_red, n_black)
        plt.show()

    return ipw.interactive(
        show_position,
        n_red=ipw.IntSlider(value=26, min=0, max=300, description="red", continuous_update=False),
        n_black=ipw.IntSlider(value=26, min=0, max=300, description="black", continuous_update=False),
    )


def simulation_panel() -> ipw.interactive:
    """Sliders for a deck (0..200 cards of each colour) and a number of games;
    the panel simulates (seed 0), draws the winnings against the exact
    distribution and prints the simulated mean beside the exact value.

    Examples
    --------
    >>> import matplotlib; matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> import contextlib, io
    >>> with contextlib.redirect_stdout(io.StringIO()):  # the first draw prints
    ...     panel = simulation_panel()
    >>> [w.description for w in panel.children[:3]]
    ['red', 'black', 'games']
    >>> plt.close("all")
    """
    import matplotlib.pyplot as plt

    def explore(n_red=26, n_black=26, n_games=100_000):
        s = simulate(n_red, n_black, n_games, seed=0)
        v = value(n_red, n_black)
        fig, ax = plt.subplots(figsize=(7, 3.2))
        w, p = winnings_distribution(n_red, n_black)
        plot_winnings_distribution(s, ax=ax, exact=v, exact_distribution=(w, p))
        plt.show()
        print(f"exact {v:.6f}, simulated {s.mean:.6f} ± {s.std_err:.6f}, z = {s.z_score(v):+.2f}")

    return ipw.interactive(
        explore,
        n_red=ipw.IntSlider(value=26, min=0, max=200, description="red"),
        n_black=ipw.IntSlider(value=26, min=0, max=200, description="black"),
        n_games=ipw.SelectionSlider(options=[1_000, 10_000, 100_000, 1_000_000],
                                    value=100_000, description="games"),
    )


def refit_panel(values) -> ipw.interactive:
    """Sliders for the range ``n_min..n_max`` of a fit of ``value ~ sqrt(n)`` to
    ``values[n] = V(n, n)`` (:func:`stoplib.redblack.balanced_values`); the panel
    prints the fitted line and its slope minus the bridge constant ``c``.

    Parameters
    ----------
    values : array of float
        ``V(n, n)`` for ``n = 0 .. len(values) - 1`` (at least 200 of them).

    Examples
    --------
    >>> from stoplib.redblack import balanced_values
    >>> import contextlib, io
    >>> with contextlib.redirect_stdout(io.StringIO()):  # the first draw prints
    ...     panel = refit_panel(balanced_values(400))
    >>> [w.description for w in panel.children[:2]]
    ['n from', 'n to']
    """
    values = np.asarray(values, dtype=float)
    if values.ndim != 1 or values.size < 200:
        raise ValueError(f"values must be V(n, n) for n = 0, 1, ... (at least 200 of them), "
                         f"got shape {values.shape}")
    n_all = np.arange(values.size)
    n_top = values.size - 1
    _, c = bridge_constant()

    def refit(n_min=1, n_max=min(n_top, 22_974)):
        if n_max <= n_min + 10:
            print("choose n_max > n_min + 10")
            return
        f = fit_growth(n_all[n_min: n_max + 1], values[n_min: n_max + 1])
        slope = f.sqrt.params["np.sqrt(n)"]
        print(f"fit on {n_min}..{n_max}: value = {f.sqrt.params['Intercept']:+.6f} "
              f"+ {slope:.7f} sqrt(n); slope - c = {slope - c:+.2e}")

    return ipw.interactive(
        refit,
        n_min=ipw.IntSlider(value=1, min=1, max=n_top // 2, description="n from"),
        n_max=ipw.IntSlider(value=min(n_top, 22_974), min=100, max=n_top, description="n to"),
    )
