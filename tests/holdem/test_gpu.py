"""Tests of stoplib.holdem.gpu: ``score_decks(method="cuda")`` in numba's CUDA simulator against
the CPU kernel (outcome for outcome: the ranks are integers), and its clear errors.

``NUMBA_ENABLE_CUDASIM=1`` must be set before numba is imported, and pytest has imported numba
long before this module runs, so the simulator runs in a child process; nothing is skipped. On
a machine with a real GPU, ``test_real_gpu_or_clear_error`` compares it with the CPU kernel too.
"""
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from stoplib.holdem import parse_deck, score_decks
from stoplib.holdem import gpu
from stoplib.holdem.document import EXAMPLE_DECK, TEN_DECKS

ROOT = Path(__file__).resolve().parents[2]
#: (players, seat) pairs compared in the simulator: the first and the last seat of each table.
TABLES = [(n, s) for n in (2, 3, 6, 9, 22) for s in sorted({1, n})]

CHILD = textwrap.dedent("""
    import json, sys
    import numpy as np
    from stoplib.holdem import gpu, parse_deck, score_decks
    from stoplib.holdem.document import EXAMPLE_DECK, TEN_DECKS
    from stoplib.util.budget import BudgetError
    tables = json.loads(sys.argv[1])
    out = {"simulated": gpu.simulated(), "available": gpu.gpu_available()}
    # the article's decks, the sorted deck, a deck sorted by suit (flushes at most cuts), random decks
    by_suit = [r * 4 + s for s in range(4) for r in range(13)]
    decks = np.array([parse_deck(EXAMPLE_DECK)] + [parse_deck(d) for d in TEN_DECKS] + [range(52), by_suit]
                     + list(np.argsort(np.random.default_rng(2026).random((4, 52)), axis=1)))
    for n, seat in tables:
        cuda = score_decks(decks, seat, n, method="cuda")
        cpu = score_decks(decks, seat, n, parallel=False)
        out[f"{n}/{seat}"] = [cuda.dtype.str, list(cuda.shape), cuda.tolist(), cpu.tolist()]
    # several chunks, the last one partial
    gpu.CHUNK = 4
    out["chunks"] = [score_decks(decks, 2, 3, method="cuda").tolist(), score_decks(decks, 2, 3).tolist()]
    out["empty"] = list(score_decks(np.empty((0, 52), np.int64), method="cuda").shape)
    try:  # the simulator's budget refuses, at once, what it would take hours to run
        score_decks(np.tile(np.arange(52), (100_000, 1)), method="cuda")
        out["refused"] = ""
    except BudgetError as e:
        out["refused"] = str(e)
    # numba-cuda warns at each launch of few blocks: score_decks silences that warning, no other
    import warnings
    from numba.core.errors import NumbaPerformanceWarning
    real_kernel = gpu._kernel
    class Noisy:
        def __getitem__(self, config):
            def launch(*args):
                warnings.warn(NumbaPerformanceWarning("\\x1b[1mGrid size 1 will likely result in GPU "
                                                      "under-utilization due to low occupancy."))
                warnings.warn("another warning")
                real_kernel()[config](*args)
            return launch
    gpu._kernel = lambda: Noisy()
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        out["noisy"] = score_decks(decks[:2], method="cuda").tolist() == score_decks(decks[:2]).tolist()
    gpu._kernel = real_kernel
    out["warnings"] = sorted({str(w.message) for w in seen})
    print(json.dumps(out))
""")


@pytest.fixture(scope="module")
def simulator(run_in_cuda_simulator):
    return run_in_cuda_simulator(CHILD, json.dumps(TABLES))


def test_simulator_is_on_but_not_a_gpu(simulator):
    assert simulator["simulated"] is True
    assert simulator["available"] is False


@pytest.mark.parametrize("n_players, seat", TABLES)
def test_cuda_equals_cpu_outcome_for_outcome(simulator, n_players, seat):
    dtype, shape, cuda, cpu = simulator[f"{n_players}/{seat}"]
    assert dtype == "|i1" and shape == [17, 52]
    assert cuda == cpu
    assert {v for row in cpu for v in row} == {-1, 0, 1}   # wins, ties and losses all met


def test_the_articles_decks_win_every_cut_in_the_simulator(simulator):
    wins = [sum(v == 1 for v in row) for row in simulator["2/1"][2][:11]]
    assert wins == [52] * 11


def test_chunks_and_empty_input(simulator):
    cuda, cpu = simulator["chunks"]
    assert cuda == cpu
    assert simulator["empty"] == [0, 52]


def test_the_simulator_budget_refuses_big_calls(simulator):
    assert "method='cuda'" in simulator["refused"] and "simulator" in simulator["refused"]


def _decks():
    return np.array([parse_deck(EXAMPLE_DECK)] + [parse_deck(d) for d in TEN_DECKS])


def test_real_gpu_or_clear_error():
    decks = _decks()
    if gpu.gpu_available():  # a real device: the same outcomes as the CPU
        rng = np.random.default_rng(5)
        decks = np.concatenate([decks, np.argsort(rng.random((5000, 52)), axis=1)])
        for n, seat in TABLES:
            assert np.array_equal(score_decks(decks, seat, n, method="cuda"), score_decks(decks, seat, n))
    else:
        with pytest.raises(ValueError, match="needs a CUDA GPU.*NUMBA_ENABLE_CUDASIM=1"):
            score_decks(decks, method="cuda")


def test_bad_method_names_the_valid_ones():
    with pytest.raises(ValueError, match="method must be one of 'cpu', 'cuda'; got 'gpu'"):
        score_decks(_decks(), method="gpu")
    with pytest.raises(TypeError, match="method"):
        score_decks(_decks(), method=None)


def test_importing_stoplib_leaves_numba_cuda_alone():
    code = "import sys, stoplib.holdem, stoplib.redblack; print('numba.cuda' in sys.modules)"
    proc = subprocess.run([sys.executable, "-c", code], env=dict(os.environ, PYTHONPATH=str(ROOT)),
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.strip() == "False"


def test_the_low_occupancy_warning_is_silenced_and_no_other(simulator):
    assert simulator["noisy"] is True
    assert simulator["warnings"] == ["another warning"]
