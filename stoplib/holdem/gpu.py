"""Hold'em decks scored on a CUDA GPU (numba-cuda): ``score_decks(..., method="cuda")``.

Document 004 (Jeremy Kun, "Optimally Stacking the Deck – Texas Hold 'Em", Math ∩
Programming, 9 April 2012) values a deck by dealing each of its 52 cuts; the CPU
kernel of :mod:`stoplib.holdem.solver` does one deck per loop iteration. Here one
CUDA thread deals one cut of one deck (:mod:`stoplib.holdem._gpu_kernels`): it sums
the board key once, ranks the seat's hand, then each opponent's until one beats the
seat, and writes 1 (win), 0 (tie) or -1 (loss). The ranks are the evaluator's
integers, so the outcomes equal the CPU kernel's exactly.

The evaluator's tables go to the device once per process; the decks go in chunks of
:data:`CHUNK` (as uint8 codes), so device memory stays about ``104 * CHUNK`` bytes
whatever the number of decks. On an NVIDIA H200 the kernel alone scores 900 million
two-player and 200 million 22-player decks per second, and the public call about
5 million for any table size: the host's checks of the int64 decks take 60% of its
time, their conversion to uint8 25% and the transfers 5%
(``benchmarks/bench_holdem_search.py --gpu``, ``data/holdem_gpu_decks_per_second.csv``).
Testing without a GPU: with ``NUMBA_ENABLE_CUDASIM=1`` set before numba is imported,
numba runs the same kernel in its CUDA simulator (Python threads: a few decks only;
``tests/holdem/test_gpu.py``).
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..util.cuda import check_cuda, gpu_available, quiet_low_occupancy, simulated
from ._costs import _score_decks_cuda_estimate
from ._tables import load_tables
from .rules import N_CUTS

__all__ = ["gpu_available", "simulated", "BLOCK", "CHUNK"]

#: Threads per CUDA block (one thread per cut of a deck).
BLOCK = 128
#: Decks per transfer and launch.
CHUNK = 1 << 20


@lru_cache(maxsize=1)
def _kernel():
    """The kernel (:func:`._gpu_kernels.make_score_decks`), compiled at its first launch."""
    from ._gpu_kernels import make_score_decks

    return make_score_decks()


@lru_cache(maxsize=1)
def _device_tables():
    """The evaluator's ``card_keys``, ``card_bits`` and ``packed`` on the device, copied once."""
    from numba import cuda

    t = load_tables()
    return cuda.to_device(t.card_keys), cuda.to_device(t.card_bits), cuda.to_device(t.packed)


def _cuda_ready(n_decks: int, n_players: int) -> None:
    """Before :func:`_score_decks_cuda`: ValueError without a device (or the simulator), then the budget."""
    check_cuda()
    _score_decks_cuda_estimate(n_decks, n_players, simulated())


def _launch(d_decks, n: int, seat0: int, d_outs) -> None:
    """Enqueue the kernel on decks already on the device: one thread per cut."""
    threads = d_decks.shape[0] * N_CUTS
    with quiet_low_occupancy():  # a few decks fill few blocks: numba would warn at each call
        _kernel()[-(-threads // BLOCK), BLOCK](d_decks, n, seat0, *_device_tables(), d_outs)


def _score_decks_cuda(arr: np.ndarray, n: int, seat0: int) -> np.ndarray:
    """``outs`` (int8, shape (m, 52)) of checked int64 decks for seat ``seat0`` (0-based) of ``n``."""
    from numba import cuda

    m = arr.shape[0]
    outs = np.empty((m, N_CUTS), np.int8)
    for lo in range(0, m, CHUNK):
        hi = min(m, lo + CHUNK)
        d_decks = cuda.to_device(arr[lo:hi].astype(np.uint8))
        d_outs = cuda.device_array((hi - lo, N_CUTS), np.int8)
        _launch(d_decks, n, seat0, d_outs)
        d_outs.copy_to_host(outs[lo:hi])
    return outs
