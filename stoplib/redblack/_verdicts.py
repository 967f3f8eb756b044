"""The rows of the verdict tables of notebooks 01-03 (private; :func:`stoplib.redblack.claims.verdicts`
is the public entry). One builder per notebook; each returns a list of rows made by
:func:`stoplib.workbook.verdicts.row` and judged by its rule (agrees / differs / open /
context; running times, memory, compilers and plot settings of the document are context).

Every number in a row is computed here (or passed in from the notebook's own run), never
typed in; the checks of :mod:`stoplib.redblack.claims` (the spreadsheet, the single-precision C
program, printed precision) arrive as the ``checks`` argument, so this module does not import
its caller; the document's numbers come from :mod:`stoplib.redblack.document`. A printed number
is judged with :func:`~stoplib.workbook.verdicts.judge` (our value prints as the document's
number at the digits it shows) and a random estimate with
:func:`~stoplib.workbook.verdicts.within_error` (4 standard errors). The recursion behind them
all is document 000's ``V(r, b) = max(0, r/(r+b) (V(r-1, b) + 1) + b/(r+b) (V(r, b-1) - 1))``.
Strings carry no dollar sign: JupyterLab typesets a pair of them in an HTML table as mathematics.
"""
from __future__ import annotations

import math
import re

import numpy as np

from ..workbook.verdicts import judge, row, within_error
from . import document as doc

__all__ = ["rows_01", "rows_02", "rows_03"]


_HYPHEN_MINUS = re.compile(r"(?<![\w.])-(?=[0-9])")


def _minus(text: str) -> str:
    """``text`` with the minus of each negative number written as U+2212, as the notebooks' prose has it."""
    return _HYPHEN_MINUS.sub("−", text)


def _with_minus(r: dict) -> dict:
    """A row with U+2212 minus signs in our value and the evidence (the document's column keeps its print)."""
    return {**r, "ours": _minus(r["ours"]), "evidence": _minus(r["evidence"])}


def _yes(ok: bool) -> str:
    """The verdict of a qualitative claim: it holds on everything we checked, or we found a
    counterexample."""
    return "agrees" if ok else "differs"


def _all_agree(pairs) -> str:
    """``'agrees'`` when every ``(printed, ours)`` pair agrees at the printed precision."""
    return _yes(all(judge(p, o) == "agrees" for p, o in pairs))


def _prints_as(printed: str, ours: float) -> bool:
    """Whether ``ours`` prints as ``printed`` (a decimal, or R's ``2.28726e12`` at its digits)."""
    if "e" in printed:
        digits = len(printed.split("e")[0].replace(".", "").lstrip("-")) - 1
        return f"{float(ours):.{digits}e}" == f"{float(printed):.{digits}e}"
    return judge(printed, ours) == "agrees"


#: Why a refit of the document's single-precision data cannot reach its printed precision.
_EMULATED = ("our float32 emulation of the C program reproduces only 1 of its 4 odd sixth decimals at "
             "n ≤ 26, so the fit's last printed digits are out of reach")


def _refit(pairs, rel: float):
    """``(verdict, evidence)`` for a fit the document ran on its C program's float32 output, refitted
    on our emulation of that output: agrees when every printed number prints the same; open when
    they agree only to ``rel`` (the emulation is not the document's data); differs beyond that."""
    same = sum(_prints_as(p, o) for p, o in pairs)
    worst = max(abs(o / float(p) - 1) for p, o in pairs)
    text = f"{same} of {len(pairs)} printed numbers print the same; all within {worst:.0e} relative"
    if same == len(pairs):
        return "agrees", text
    return ("open", f"{text}; {_EMULATED}") if worst < rel else ("differs", text)


# ---------------------------------------------------------------------------
# 01: the value, the spreadsheet, the programs
# ---------------------------------------------------------------------------
def rows_01(checks, frontier=None):
    from ._costs import _work
    from .solver import _balanced_values, _live_cells, _stopping_boundary, _value
    from .twins import _value_exact

    exact = _value_exact(26, 26)
    rows = [row("Value of the 52-card game (Han Zheng's spreadsheet; 'about 2.62')",
                f"{doc.VALUE_26_26}", f"{float(exact):.9f} = {exact.numerator}/{exact.denominator}",
                judge(f"{doc.VALUE_26_26}", float(exact)),
                "exact rational DP (fractions), at the 9 decimals printed", headline=True)]
    rows.append(row("nshepperd's Haskell program: the exact value as a fraction", f"{doc.VALUE_26_26_EXACT}",
                    f"{exact}", _yes(exact == doc.VALUE_26_26_EXACT), "numerator and denominator identical"))
    ours = _balanced_values(26)
    r_dec, c_dec = doc.BALANCED_0_TO_26_R_DECIMALS, doc.BALANCED_0_TO_26_C_DECIMALS
    r_ok = sum(judge(f"{x:.{r_dec}f}", ours[i]) == "agrees" for i, x in enumerate(doc.BALANCED_0_TO_26_R))
    rows.append(row("R top-down DP: V(n, n) for n = 0..26, 9 decimals", "27 values, 0 .. 2.624475549",
                    f"{r_ok} of 27 print the same", _yes(r_ok == 27),
                    "double-precision tiled sweep, each value at the 9 decimals printed"))
    c_bad = [i for i, x in enumerate(doc.BALANCED_0_TO_26_C) if judge(f"{x:.{c_dec}f}", ours[i]) != "agrees"]
    c32 = checks.c_program_values(26)
    rows.append(row("C bottom-up program: V(n, n) for n = 0..26, 6 decimals", "27 values, 0 .. 2.624475",
                    f"{27 - len(c_bad)} of 27 print the same; last digit 1 off at n = {', '.join(map(str, c_bad))}",
                    _yes(not c_bad),
                    f"its table is single-precision float: our float emulation is within "
                    f"{np.max(np.abs(c32 - ours)):.1e} of the exact values; a precision artefact, not another answer"))
    rows.append(row("Neat program (float table) also confirms Han Zheng's value", "2.624475549 confirmed",
                    f"{c32[26]:.7f} in single precision", _yes(round(c32[26], 4) == round(doc.VALUE_26_26, 4)),
                    "the same recursion with a float table agrees to 6 significant digits"))
    holdings, naive = checks.spreadsheet_comparison("holdings"), checks.spreadsheet_comparison("value")
    rows.append(row("Han Zheng's 27 × 27 spreadsheet: each cell is the expected return from that position",
                    f"{naive.n_cells} cells, 4 significant digits",
                    f"{holdings.n_match} of {holdings.n_cells} cells print the same",
                    _yes(holdings.n_match == holdings.n_cells),
                    f"cells are expected final winnings (b − r) + V(r, b), red cards left down the side; "
                    f"read as V with red across only {naive.n_match} match"))
    v143 = _value(doc.R_LIMIT_CARDS, doc.R_LIMIT_CARDS, "row")
    rows.append(row("R top-down runs up to 143 cards, worth 6.21519192, where it hits a stack limit",
                    f"{doc.R_LIMIT_VALUE}", f"V(143, 143) = {v143:.8f}", judge(f"{doc.R_LIMIT_VALUE}", v143),
                    "the value is that of 143 cards of each colour (286 in all); the stack limit is R's"))
    rows.append(row("A deck has 52! orders", "8 × 10⁶⁷", f"{float(math.factorial(52)):.3e}",
                    judge("8", math.factorial(52) / 1e67), "exact integer, at the one digit printed"))
    bnd = _stopping_boundary(26)
    rows.append(row("Intuitions 'EV 0, do not play' and 'quit as soon as you are negative' are both wrong",
                    "both wrong",
                    f"V = {float(exact):.4f} > 0; stop only once ahead by {bnd[26] - 26}+ with 26 red left",
                    _yes(float(exact) > 0 and bool(np.all(bnd[1:] > np.arange(1, 27)))),
                    "the stopping boundary lies strictly beyond b = r: never stop while level or behind"))
    v100k = _value(100_000, 100_000, "tiled")
    rows.append(row("Parallel C program: V(100,000, 100,000)", f"{doc.VALUE_100000}", f"{v100k:.6f}",
                    judge(f"{doc.VALUE_100000}", v100k), "tiled double-precision sweep, at the 6 decimals printed"))
    live = _live_cells(100_000, 100_000)
    rows.append(row("Skipping the stop region cuts off almost half the state space", "almost half",
                    f"{1 - live / 1e10:.1%} of the 10¹⁰ cells skipped at l = 100,000",
                    _yes(0.4 < 1 - live / 1e10 < 0.5),
                    "cells with V = 0 beyond the stopping boundary"))
    if frontier is not None:
        top = frontier.sweeps.iloc[-1]
        n_top = int(top.n)
        memory = _work(n_top, n_top, "tiled").bytes + 8.0 * (n_top + 1)
        rows.append(row("Top-down needs O(l²) time and space; bottom-up O(l²) time, O(l) space",
                        "O(l²) / O(l)", "tiled sweep keeps only tile edges: O(l) memory", "agrees",
                        f"the committed sweep to l = {n_top:,} (data/redblack_frontier.csv) held two edge arrays and "
                        f"the diagonal, about {memory / 1e6:,.0f} MB, where the square has "
                        f"{float(n_top + 1) ** 2:.1e} cells"))
        gpu = frontier.gpu_sweeps
        on_gpu = "" if gpu is None or not len(gpu) else (
            f"; V({int(gpu.n.iloc[-1]):,}, {int(gpu.n.iloc[-1]):,}) in {gpu.seconds.iloc[-1]:,.0f} s on "
            f"{gpu.device.iloc[-1]}")
        rows.append(row("Bottom-up C evaluates into the millions of cards in a reasonable time", "millions",
                        f"V({n_top:,}, {n_top:,}) = {top.value:.6f} in {top.seconds:,.0f} s here{on_gpu}", "context",
                        f"a running time on the document's hardware, not compared; ours is the resumable tiled "
                        f"sweep on {top.machine} (data/redblack_frontier.csv)"
                        + ("" if not on_gpu else ", and the CUDA sweep a session lent a GPU recorded "
                                                 "(data/redblack_gpu_runs.csv)")))
    else:
        rows.append(row("Top-down needs O(l²) time and space; bottom-up O(l²) time, O(l) space",
                        "O(l²) / O(l)", "tiled sweep keeps only tile edges: O(l) memory", "agrees",
                        "the tiled sweep holds two edge arrays of l + 1 doubles (and the diagonal if asked), never "
                        "the square"))
        rows.append(row("Bottom-up C evaluates into the millions of cards in a reasonable time", "millions",
                        "not read here", "context", "a running time on the document's hardware, not compared; "
                                                    "pass frontier=load_frontier() to quote the committed sweeps"))
    for program, seconds in (("C diagonal on a laptop, 100,000 cards (Clang / GCC)",
                              f"{doc.DIAGONAL_SECONDS['clang']:g} s / {doc.DIAGONAL_SECONDS['gcc']:g} s, "
                              f"then {doc.DIAGONAL2_SECONDS['clang']:g} s / {doc.DIAGONAL2_SECONDS['gcc']:g} s"),
                             ("Spin-lock diagonal, 16-core Threadripper, 12 threads (GCC)",
                              f"{doc.SPINLOCK_SECONDS['one thread']:g} s → {doc.SPINLOCK_SECONDS['12 threads']:g} s"),
                             ("Blocks of 400, 15 threads (Clang / GCC)",
                              f"{doc.BLOCKS_SECONDS['clang']:g} s / {doc.BLOCKS_SECONDS['gcc']:g} s"),
                             ("Blocks + skipping at l = 100,000; with Clang PGO",
                              f"{doc.SKIPPING_SECONDS:g} s; {doc.PGO_SECONDS['real']:g} s")):
        rows.append(row(f"Running time: {program}", seconds, "our times in the timing table", "context",
                        "different machines and compilers, not compared; both are set side by side, with our "
                        "machine and its load, in data/redblack_document_timings.csv"))
    return [_with_minus(r) for r in rows]


# ---------------------------------------------------------------------------
# 02: the simulation, the omniscient player, the fixed-1/2 mistake
# ---------------------------------------------------------------------------
def rows_02(checks, simulation, mistake, paths):
    from .simulation import _winnings_distribution
    from .solver import _value
    from .variants import _omniscient_value, _value_with_replacement

    exact = _value(26, 26, "row")
    w, p = _winnings_distribution(26, 26, False)
    sd = math.sqrt(float((w * w * p).sum() - exact ** 2))
    se_doc = sd / math.sqrt(doc.SIMULATION_GAMES)
    z_doc = (doc.SIMULATION_MEAN - exact) / se_doc
    rows = [row("R simulation of the optimal policy: mean of 10,000,000 games",
                f"{doc.SIMULATION_MEAN}", f"exact {exact:.7f}; standard error {se_doc:.5f}",
                within_error(doc.SIMULATION_MEAN, exact, se_doc),
                f"the R mean is {z_doc:+.2f} standard errors from the exact value (one game's "
                f"standard deviation {sd:.4f}, exact)", headline=True)]
    z = simulation.z_score(exact)
    rows.append(row("Simulation verifies the DP value", "verified",
                    f"{simulation.mean:.6f} ± {simulation.std_err:.6f} ({simulation.n_games:,} games)",
                    within_error(simulation.mean, exact, simulation.std_err),
                    f"z = {z:+.2f} against the exact {exact:.6f}"))
    ahead = int((paths.final > 0).sum())
    p_ahead, p_behind = float(p[w > 0].sum()), float(p[w < 0].sum())
    rows.append(row("49 sample games: optimal play looks risky but usually wins in the end", "usually wins",
                    f"ahead in {ahead} of our {paths.final.size}; exact P(ahead) = {p_ahead:.4f}, "
                    f"P(behind) = {p_behind:.0f}", _yes(p_ahead > 0.5 and p_behind == 0.0),
                    "exact distribution of the final winnings (forward DP over the policy)"))
    low, top = int(paths.paths.min()), int(w[p > 0].max())
    rows.append(row("Optimal play can go quite negative before quitting", "quite negative",
                    f"lowest point of our 49 games: {low}", _yes(low <= -5),
                    "the deck left is then mostly red, so drawing on is worth more than stopping"))
    rows.append(row("Sample-game plot drawn with winnings from −7 to 5", "y range −7 .. 5",
                    f"our games run from {low} to {int(paths.paths.max())}; final winnings reach {top}", "context",
                    f"a setting of the document's plot, not a claim about the game: a range ending at "
                    f"{doc.SAMPLE_GAMES_YLIM[1]} would cut off the games that stop at {top} "
                    f"(P = {float(p[w == top].sum()):.4f}), so our figure lets the range follow the data"))
    fixed = _value_with_replacement(26, 26)
    zm = mistake.z_score(fixed)
    rows.append(row("First R attempt with the chance of red fixed at 0.5 gave 2.86",
                    f"{doc.WITH_REPLACEMENT_MISTAKE}", f"{fixed:.6f} (its DP); simulated {mistake.mean:.4f}",
                    _yes(judge(f"{doc.WITH_REPLACEMENT_MISTAKE}", fixed) == "agrees"
                         and within_error(mistake.mean, fixed, mistake.std_err) == "agrees"),
                    f"that model's DP at the 2 decimals printed, and its own simulation: z = {zm:+.2f}"))
    wm, pm = _winnings_distribution(26, 26, True)
    rows.append(row("The mistake's value is higher: with p fixed at 0.5 good luck can be ridden further",
                    "higher", f"{fixed:.4f} > {exact:.4f}; its games end at 0 with P = {float(pm[wm == 0].sum()):.2f} "
                    f"and reach {int(wm[pm > 0].max())}", _yes(fixed > exact),
                    "exact distributions of both models"))
    omni = float(_omniscient_value(26, 26))
    rows.append(row("An omniscient player who knew the deck order could expect to win 4.04 (footnote 1)",
                    f"{doc.OMNISCIENT_26_26}", f"{omni:.6f}", judge(f"{doc.OMNISCIENT_26_26}", omni),
                    "expected maximum of the walk, exact by the reflection principle"))
    return [_with_minus(r) for r in rows]


# ---------------------------------------------------------------------------
# 03: the growth law, the fits, 133,787,000 cards
# ---------------------------------------------------------------------------
def rows_03(checks, values, extrapolation, frontier):
    from .asymptotics import bridge_constant
    from .solver import _value

    values = np.asarray(values, dtype=float)
    if values.size <= doc.FIT_N_MAX:
        raise ValueError(f"values must reach n = {doc.FIT_N_MAX:,}, got n = {values.size - 1:,}")
    alpha, c = bridge_constant()
    fn, fv = frontier.points()
    ffits, ex = frontier.fits(), frontier.extrapolation()
    sweep = dict(zip(frontier.sweeps.n.astype(int), frontier.sweeps.value.astype(float)))
    n_top = int(fn[-1])
    beyond = frontier.beyond()
    n_far, v_far = (int(beyond.n.iloc[-1]), float(beyond.value.iloc[-1])) if len(beyond) else (n_top, fv[-1])
    rows = [row("The value tends to 0.5 √l (abstract, 'Approximating')", "0.5",
                f"c = √π (1 − α²) = {c:.7f}", "differs",
                f"Brownian-bridge limit (Shepp 1969); V(n, n)/√n = {v_far / math.sqrt(n_far):.6f} "
                f"at n = {n_far:,} (the largest exact value{', a GPU sweep' if len(beyond) else ''}) and rising "
                f"towards c", headline=True)]
    rows += _fit_rows(checks, values, c)
    b, se = ffits.next_term(ex.model)
    corr_big = [fv[fn == k][0] - c * math.sqrt(k) for k in (fn[0], n_top)]
    rows.append(row("The intercept soaks up the staircase discretization (a constant)", "constant intercept",
                    f"V(n, n) − c√n = b n^−1/4 + …, b = {b:.4f} ± {se:.4f}", "differs",
                    f"fitted with c fixed on n = {ffits.n_min:,}..{n_top:,}; the correction is negative and "
                    f"shrinks from {corr_big[0]:.4f} at n = {int(fn[0]):,} to {corr_big[1]:.4f} at {n_top:,}"))
    rows.append(row("The walk starts and ends at 0: a Brownian bridge", "Brownian bridge",
                    f"bridge stopping level α = {alpha:.6f}", "agrees",
                    "the exact game stops within about half a dollar of α √(cards left), either side"))
    v100k = values[100_000] if values.size > 100_000 else _value(100_000, 100_000, "tiled")
    pred = {t: doc.SQRT_FIT_INTERCEPT + doc.SQRT_FIT_SLOPE * math.sqrt(t) for t in doc.SQRT_FIT_PREDICTIONS}
    truncated = all(0 <= pred[t] - x < 10 ** -len(f"{x}".split(".")[1]) for t, x in doc.SQRT_FIT_PREDICTIONS.items())
    rows.append(row("√ fit predicts 100k = 165.080028 ('not quite 165.076')", "165.080028",
                    f"{pred[100_000]:.6f}; exact {v100k:.6f}", _yes(truncated and pred[100_000] > v100k),
                    "the arithmetic is right, and so is the remark: the fit is 0.004 high"))
    best = extrapolation.iloc[:, 0] if getattr(extrapolation, "ndim", 1) == 2 else extrapolation
    big = [t for t in sorted(pred) if t >= 10_000_000]
    ours = {t: float(ffits.predict(ex.model, [t])[0]) for t in (1_000_000, *big)}
    v1m = sweep.get(1_000_000, ours[1_000_000])
    rows.append(row("√ fit predicts 1m = 522.0", "522.0",
                    f"{v1m:.6f} ({'exact sweep' if 1_000_000 in sweep else 'extrapolated'})",
                    judge("522.0", v1m),
                    f"the fit itself gives {pred[1_000_000]:.3f}, printed truncated; the true value rounds to 522.0"))
    exact10 = f"; exact V(10m) = {sweep[big[0]]:.4f}" if big[0] in sweep else ""
    v10m = sweep.get(big[0], ours[big[0]])
    rows.append(row("√ fit predicts 10m .. 100b", "1650.96 .. 165098.70",
                    f"{ours[big[0]]:.2f} .. {ours[big[-1]]:.2f}{exact10}",
                    judge(f"{doc.SQRT_FIT_PREDICTIONS[big[0]]:.2f}", v10m),
                    f"its slope exceeds c by {doc.SQRT_FIT_SLOPE - c:.1e}: {pred[big[0]] - ours[big[0]]:.2f} too "
                    f"high at 10m, {pred[big[-1]] - ours[big[-1]]:.1f} at 100b (arithmetic right, truncated)"))
    body, intro = ex.document_comparison().itertuples(index=False)
    unseen = ""
    if len(beyond):                                   # exact values the fits never saw: a test of them
        miss = max(abs(float(ffits.predict(ex.model, [int(k)])[0]) - v) for k, v in zip(beyond.n, beyond.value))
        unseen = ("; the same model predicts the GPU sweeps' "
                  + " and ".join(f"V({int(k):,})" for k in beyond.n) + f", which it never saw, to within {miss:.0e}")
    rows.append(row("V(133,787,000) computed in 9 days", f"{doc.VALUE_133M_BODY}",
                    f"{ex.estimate:,.5f} ± {ex.error:.5f} (extrapolated from n ≤ {n_top:,})",
                    _yes(bool(body.agrees)),
                    f"prints as 6038.22 with %g if in [{body.printed_low}, {body.printed_high}); the error bar "
                    f"adds a backtest, the models' spread, 2 SE and rounding; our own sweep (n ≤ "
                    f"{values.size - 1:,}) gives {best.min():,.4f} .. {best.max():,.4f}; double-precision drift "
                    f"at 133,787,000 is at most {checks.rounding_error_bound(doc.CARDS_133M):.4f}{unseen}"))
    rows.append(row("Introduction: 133.7 million cards have value 6,038.32", f"{doc.VALUE_133M_INTRO}",
                    f"{ex.estimate:,.2f}", _yes(bool(intro.agrees)),
                    f"{doc.VALUE_133M_INTRO - ex.estimate:.3f} above the estimate, "
                    f"{(doc.VALUE_133M_INTRO - ex.estimate) / ex.error:,.0f} times the error bar; 6,038.32 is the "
                    f"second fit's prediction (6,038.32303), not the computed value"))
    p1 = doc.SQRT_FIT_INTERCEPT + doc.SQRT_FIT_SLOPE * math.sqrt(doc.CARDS_133M)
    p2 = doc.SQRT_FIT2_INTERCEPT + doc.SQRT_FIT2_SLOPE * math.sqrt(doc.CARDS_133M)
    e1, e2 = [100 * (x / doc.VALUE_133M_BODY - 1) for x in (p1, p2)]
    rows.append(row("First fit at 133,787,000: 6,038.78162, error 0.009%",
                    f"{doc.SQRT_FIT_PREDICTION_133M}; {doc.SQRT_FIT_ERROR_133M_PERCENT}%", f"{p1:.5f}; {e1:.4f}%",
                    _all_agree([(f"{doc.SQRT_FIT_PREDICTION_133M}", p1), (f"{doc.SQRT_FIT_ERROR_133M_PERCENT}", e1)]),
                    "recomputed from its printed coefficients"))
    rows.append(row("Second fit at 133,787,000: 6,038.32303, error 0.0017% ('<0.002%' in the introduction)",
                    f"{doc.SQRT_FIT2_PREDICTION_133M}; {doc.SQRT_FIT2_ERROR_133M_PERCENT}%", f"{p2:.5f}; {e2:.5f}%",
                    _all_agree([(f"{doc.SQRT_FIT2_PREDICTION_133M}", p2), (f"{doc.SQRT_FIT2_ERROR_133M_PERCENT}", e2)]),
                    "in-sample: that fit contains the point it is judged on"))
    reading = frontier.block_reading
    if 2_000_000 in sweep and len(reading):
        hit = reading[(reading.value_plus_cash >= 818.05) & (reading.value_plus_cash < 818.15)]
        x = int(hit.x.iloc[(hit.value_plus_cash - doc.VALUE_2000000).abs().argmin()]) if len(hit) else None
        shown = (f"; V(2,000,000, {2_000_000 + x:,}) + {x} = "
                 f"{float(reading.value_plus_cash[reading.x == x].iloc[0]):.4f}" if x is not None else "")
        seconds = float(frontier.sweeps.seconds[frontier.sweeps.n == 2_000_000].iloc[0])
        machine = frontier.sweeps.machine[frontier.sweeps.n == 2_000_000].iloc[0]
        rows.append(row("l = 2m is worth 818.1 (about 2 min 10 s)", f"{doc.VALUE_2000000}",
                        f"V(2,000,000, 2,000,000) = {sweep[2_000_000]:.4f}{shown}", "differs",
                        f"the game with 2m cards of each colour is worth {sweep[2_000_000]:.2f} (a sweep of "
                        f"{seconds:,.0f} s on {machine}); 818.1 is what the document's C program prints when its "
                        f"BLOCK_SIZE does not divide 2,000,000"
                        + (f": it sweeps {x} black cards more and prints value plus cash at that corner "
                           f"(BLOCK_SIZE {', '.join(map(str, frontier.block_sizes(x)))} gives x = {x})"
                           if x is not None else "")))
    else:
        rows.append(row("l = 2m is worth 818.1 (about 2 min 10 s)", f"{doc.VALUE_2000000}",
                        f"c √2,000,000 = {c * math.sqrt(2e6):.2f}", "open",
                        "the square-root law says about 738.3, far from 818.1; no sweep to 2,000,000 committed"))
    rows += _run_rows(frontier)
    return [_with_minus(r) for r in rows]



def _run_rows(frontier):
    """The rows of notebook 03 about the document's 133,787,000-card run: its limits, its time, its speed-ups."""
    rows = []
    static = 2 * (doc.CARDS_133M + 1) * 8
    rows.append(row("133,787,000 is the largest l: higher needs static arrays the linker refuses",
                    f"{doc.CARDS_133M:,}", f"two edge arrays of l + 1 doubles: {static / 2 ** 31:.1%} of 2 GiB",
                    "context", f"a statement about the document's compiler and linker, not the game; the "
                               f"arithmetic fits ({'just under' if 0.99 < static / 2 ** 31 < 1 else 'not near'} the "
                               f"2 GiB of static data that x86-64's default code model allows)"))
    core_days = doc.CPU_CORE_MINUTES_133M / 1440
    rows.append(row("The run took 9 days, 51 CPU-core-days (184,331 CPU-core-minutes)",
                    f"{doc.CPU_CORE_DAYS_133M} core-days = {doc.CPU_CORE_MINUTES_133M:,} core-minutes",
                    f"{doc.CPU_CORE_MINUTES_133M:,} core-minutes = {core_days:.1f} core-days",
                    "context",
                    f"a running time on the document's hardware, not compared; its two figures "
                    f"{'agree' if abs(core_days - doc.CPU_CORE_DAYS_133M) < 1 else 'disagree'} with each other, "
                    f"and 9 days on {doc.THREADRIPPER_CORES} cores is at most "
                    f"{doc.DAYS_133M * doc.THREADRIPPER_CORES} core-days"))
    gpu = frontier.gpu_sweeps
    if gpu is not None and len(gpu):
        from ._costs import _work

        fast = gpu.iloc[int(gpu.cells_per_s.to_numpy().argmax())]
        hours = _work(doc.CARDS_133M, doc.CARDS_133M, "tiled").cells / fast.cells_per_s / 3600
        timed = (f"a CUDA sweep to n = {int(gpu.n.iloc[-1]):,} took {gpu.seconds.iloc[-1]:,.0f} s on "
                 f"{fast.device} ({fast.cells_per_s / 1e9:,.0f} billion cells per second: n = 133,787,000 in "
                 f"about {hours:.0f} hours at that pace, against the document's {doc.DAYS_133M} days); no cluster "
                 f"or ε-truncation timing is committed")
    else:
        timed = "no GPU or cluster timing is committed to set beside the suggestions"
    rows.append(row("Faster: caching, GPUs, clusters, ε-truncation (O(l) time)", "suggestions",
                    "checkpointed, Dask and CUDA sweeps exist (stoplib.redblack)", "open",
                    f"the CPU sweeps to n = {frontier.n_max:,} ran resumable on {frontier.largest.machine}; {timed}"))
    return rows

def _fit_rows(checks, values, c):
    """The rows of notebook 03 about the document's fits (on exact values, on float32 ones, stacked)."""
    import pandas as pd
    import statsmodels.formula.api as smf

    from .fits import _fit_growth, _fit_sqrt, _fit_stacked

    rows = []
    n_doc = np.r_[np.arange(doc.FIT_N_MAX + 1), doc.FIT_EXTRA_N]
    exact_fits = _fit_growth(n_doc, np.r_[values[: doc.FIT_N_MAX + 1], doc.FIT_EXTRA_VALUE])
    rse = {k: math.sqrt(r.scale) for k, r in exact_fits.results.items()}
    rows.append(row("The value grows as a square root: √ fits far better than log", "√",
                    f"residual SE {rse['sqrt']:.4f} (√) vs {rse['log']:.2f} (log)",
                    _yes(rse["sqrt"] < rse["log"] / 100),
                    "the document's three fits on exact values, n = 1..22,974 and 100,000"))
    log0 = float(exact_fits.log.predict(pd.DataFrame({"n": [1.0]}))[0])
    rows.append(row("The log fit is wildly inaccurate early on, hitting negative values", "negative early",
                    f"log fit at n = 1: {log0:.1f}", _yes(log0 < 0), "its residuals form a systematic arc"))
    v32 = np.round(checks.float32_balanced_values(doc.FIT_N_MAX), 6)
    drift = v32[-1] - values[doc.FIT_N_MAX]
    rows.append(row("Exact values V(n, n), n = 0..22,974 (the C program's text file)", "exact",
                    f"single precision: {drift:+.4f} at n = 22,974", "differs",
                    "the C program keeps a float table; our one-sweep float emulation reproduces the fits below "
                    "to about four significant digits or better, not to their last printed digits"))
    d32 = np.r_[v32, doc.FIT_EXTRA_VALUE]
    f32, sq0, st = _fit_growth(n_doc, d32), _fit_sqrt(n_doc, d32), _fit_stacked(n_doc, d32)

    lp = f32.log.params
    verdict, text = _refit([(f"{doc.LOG_FIT_INTERCEPT}", lp["Intercept"]), (f"{doc.LOG_FIT_SLOPE}", lp["np.log(n)"])],
                           1e-5)
    rows.append(row("log fit: coefficients", f"{doc.LOG_FIT_INTERCEPT} + {doc.LOG_FIT_SLOPE} log l",
                    f"{lp['Intercept']:.7f} + {lp['np.log(n)']:.7f} log l", verdict,
                    f"refitted on our float32 values: {text}"))
    q = f32.log.resid.quantile([0, 0.25, 0.5, 0.75, 1]).to_numpy()
    verdict, text = _refit([(f"{doc.LOG_FIT_RESIDUAL_SE}", math.sqrt(f32.log.scale)),
                            (f"{doc.LOG_FIT_R2}", f32.log.rsquared), (f"{doc.LOG_FIT_DF}", f32.log.df_resid),
                            (f"{doc.FIT_F_STATISTICS['log']:.0f}", f32.log.fvalue)]
                           + [(f"{x}", y) for x, y in zip(doc.LOG_FIT_RESIDUALS, q)], 1e-4)
    rows.append(row("log fit: residual SE, R², df, F, residual quartiles",
                    f"{doc.LOG_FIT_RESIDUAL_SE}, {doc.LOG_FIT_R2}, {doc.LOG_FIT_DF}, "
                    f"{doc.FIT_F_STATISTICS['log']:.0f}, "
                    f"max residual {doc.LOG_FIT_RESIDUALS[-1]}",
                    f"{math.sqrt(f32.log.scale):.5f}, {f32.log.rsquared:.6f}, {int(f32.log.df_resid)}, "
                    f"{f32.log.fvalue:.0f}, max residual {q[-1]:.4f}", verdict, f"float32 values: {text}"))
    sp = sq0.params
    verdict, text = _refit([(f"{doc.SQRT_FIT_INTERCEPT}", sp["Intercept"]),
                            (f"{doc.SQRT_FIT_SLOPE}", sp["np.sqrt(n)"])],
                           3e-3)
    rows.append(row("√ fit: V = −0.0186936 + 0.522088 √l", f"{doc.SQRT_FIT_INTERCEPT} + {doc.SQRT_FIT_SLOPE} √l",
                    f"{sp['Intercept']:.7f} + {sp['np.sqrt(n)']:.7f} √l", verdict,
                    f"float32 values with n = 0 kept (22,974 df, as printed): {text}; on exact values the slope is "
                    f"{exact_fits.sqrt.params['np.sqrt(n)']:.6f}"))
    verdict, text = _refit([(f"{doc.SQRT_FIT_RESIDUAL_SE}", math.sqrt(sq0.scale)), (f"{doc.SQRT_FIT_DF}", sq0.df_resid),
                            (f"{doc.FIT_F_STATISTICS['sqrt']:.5e}", sq0.fvalue),
                            (f"{doc.SQRT_FIT_RESIDUALS[-1]}", sq0.resid.max())], 1e-2)
    rows.append(row("√ fit: residual SE, df, F, largest residual",
                    f"{doc.SQRT_FIT_RESIDUAL_SE}, {doc.SQRT_FIT_DF}, {doc.FIT_F_STATISTICS['sqrt']:.5g}, "
                    f"{doc.SQRT_FIT_RESIDUALS[-1]}",
                    f"{math.sqrt(sq0.scale):.6f}, {int(sq0.df_resid)}, {sq0.fvalue:.5g}, {sq0.resid.max():.6f}",
                    verdict, f"{text}; the largest residual is minus the intercept, the point n = 0"))
    fp = exact_fits.log_sqrt.params
    rows.append(row("log + √ fit: coefficients", f"{doc.LOGSQRT_FIT_INTERCEPT} + {doc.LOGSQRT_FIT_LOG} log l "
                    f"+ {doc.LOGSQRT_FIT_SQRT} √l",
                    f"{fp['Intercept']:.4f} + {fp['np.log(n)']:.5f} log l + {fp['np.sqrt(n)']:.5f} √l", "differs",
                    f"the printed fit ran on the data stacked with the three fits' predictions "
                    f"({doc.LOGSQRT_FIT_DF:,} df = 4 × 22,975 − 3); that frame gives "
                    f"{st.params['np.log(n)']:.5f} log l + {st.params['np.sqrt(n)']:.6f} √l"))
    rows.append(row("log + √ fit: residual SE, R², df, F",
                    f"{doc.LOGSQRT_FIT_RESIDUAL_SE}, {doc.LOGSQRT_FIT_R2}, {doc.LOGSQRT_FIT_DF}, "
                    f"{doc.FIT_F_STATISTICS['log+sqrt']:.6g}",
                    f"{math.sqrt(st.scale):.5f}, {st.rsquared:.6f}, {int(st.df_resid)}, {st.fvalue:.6g}",
                    *_refit([(f"{doc.LOGSQRT_FIT_RESIDUAL_SE}", math.sqrt(st.scale)),
                             (f"{doc.LOGSQRT_FIT_R2}", st.rsquared), (f"{doc.LOGSQRT_FIT_DF}", st.df_resid),
                             (f"{doc.FIT_F_STATISTICS['log+sqrt']:.5e}", st.fvalue)], 1e-4)))
    frame = pd.DataFrame({"n": np.r_[n_doc[1:], doc.CARDS_133M], "value": np.r_[d32[1:], doc.VALUE_133M_BODY]})
    f2 = smf.ols("value ~ np.sqrt(n)", frame).fit()
    verdict, text = _refit([(f"{doc.SQRT_FIT2_INTERCEPT}", f2.params["Intercept"]),
                            (f"{doc.SQRT_FIT2_SLOPE}", f2.params["np.sqrt(n)"]),
                            (f"{doc.SQRT_FIT2_RESIDUAL_SE}", math.sqrt(f2.scale))], 1e-2)
    rows.append(row("√ fit including V(133,787,000) = 6,038.22",
                    f"{doc.SQRT_FIT2_INTERCEPT} + {doc.SQRT_FIT2_SLOPE} √l; residual SE {doc.SQRT_FIT2_RESIDUAL_SE}",
                    f"{f2.params['Intercept']:.7f} + {f2.params['np.sqrt(n)']:.7f} √l; residual SE "
                    f"{math.sqrt(f2.scale):.6f}",
                    verdict, f"{text}; its most negative residual ({f2.resid.min():.4f}) is the 133M point itself"))
    rows.append(row("Adding 133M: the slope gets slightly smaller, the intercept slightly bigger",
                    f"{doc.SQRT_FIT_SLOPE} → {doc.SQRT_FIT2_SLOPE}", f"c = {c:.6f} lies below both",
                    "agrees", "both fitted slopes approach c from above as the range grows, not 0.5"))
    return rows
