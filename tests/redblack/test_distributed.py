"""Tests of stoplib.redblack.distributed: the tiled wavefront as a Dask graph gives the bits of
the in-process kernel, on a 2-worker LocalCluster, from an address or a Client, and resumed
from its checkpoint with another number of workers."""
import os
import signal
import time
from operator import attrgetter

import numpy as np
import pytest

from stoplib import redblack as rb
from stoplib.redblack import checkpoint as ckm
from stoplib.redblack import distributed
from stoplib.redblack.distributed import _Grid, dask_sweep, default_block
from stoplib.redblack.solver import _tiled

VD = attrgetter("value", "diag")          # of a SweepResult


@pytest.fixture(scope="module")
def cluster():
    from dask.distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                      dashboard_address=None) as lc, Client(lc) as client:
        yield lc, client


@pytest.mark.parametrize("n_red, n_black, tile, block", [
    (3000, 3000, 64, 512),      # 6 x 6 big tiles
    (1500, 2600, 64, 512),      # unbalanced, last big tiles partial
    (2600, 1500, 64, 384),
    (200, 200, 32, 32),         # big tile = small tile
])
def test_two_worker_cluster_bit_identical(cluster, n_red, n_black, tile, block):
    v, d = VD(_tiled(n_red, n_black, tile=tile, n_diag=n_red + 1))
    r = dask_sweep(n_red, n_black, tile=tile, block=block, n_diag=n_red + 1, scheduler=cluster[1])
    assert r.value == v and r.diag.tobytes() == d.tobytes()
    assert r.method == "dask" and r.tasks == _Grid(n_red, n_black, tile, block).rows * \
        _Grid(n_red, n_black, tile, block).cols


def test_default_local_cluster_and_public_methods():
    # scheduler=None: a fresh 2-worker LocalCluster, closed afterwards
    ref = rb.balanced_values(2000, tile=64)
    got = rb.balanced_values(2000, tile=64, method="dask")
    assert got.tobytes() == ref.tobytes()
    assert rb.value(600, 900, method="dask") == rb.value(600, 900, method="tiled")
    assert rb.value(0, 5, method="dask") == 0.0 and rb.value(5, 0, method="dask") == 5.0


def test_scheduler_address_and_client(cluster):
    lc, client = cluster
    ref = _tiled(1200, 1200, tile=64).value
    assert rb.value(1200, 1200, method="dask", scheduler=lc.scheduler_address) == \
        rb.value(1200, 1200, method="tiled")
    assert dask_sweep(1200, 1200, tile=64, block=256, scheduler=client).value == ref


def test_dead_big_tiles_return_zeros(cluster):
    # a wide deck: most big tiles lie in the stop region
    n_red, n_black = 400, 6000
    r = dask_sweep(n_red, n_black, tile=32, block=512, scheduler=cluster[1])
    assert r.value == _tiled(n_red, n_black, tile=32).value == 0.0
    assert rb.value(2000, 2100, method="dask", scheduler=cluster[1]) == rb.value(2000, 2100, "tiled")


def test_resume_with_other_workers_bit_identical(cluster, tmp_path, monkeypatch):
    n, tile, block = 2500, 64, 512
    ref = _tiled(n, n, tile=tile, n_diag=n + 1).diag
    path = tmp_path / "dask.ckpt"
    real_save = ckm.Checkpointer.save
    calls = []

    def save_then_die(self, progress, arrays):
        real_save(self, progress, arrays)
        calls.append(progress["blocks_done"])
        if len(calls) == 4 and not progress["complete"]:
            raise RuntimeError("worker lost")

    monkeypatch.setattr(ckm.Checkpointer, "save", save_then_die)
    with pytest.raises(RuntimeError, match="worker lost"):
        dask_sweep(n, n, tile=tile, block=block, n_diag=n + 1, scheduler=cluster[1],
                   checkpoint=path, checkpoint_every=0.0)
    monkeypatch.setattr(ckm.Checkpointer, "save", real_save)
    info = ckm.checkpoint_info(path)["progress"]
    assert not info["complete"] and 0 < info["blocks_done"] < info["blocks"]
    # resume on a fresh single-worker cluster: the same bits
    r = dask_sweep(n, n, tile=tile, block=block, n_diag=n + 1, n_workers=1, checkpoint=path)
    assert r.diag.tobytes() == ref.tobytes()
    assert ckm.checkpoint_info(path)["progress"]["complete"]
    # a finished checkpoint answers at once; another method's parameters do not fit it
    assert dask_sweep(n, n, tile=tile, block=block, n_diag=n + 1, scheduler=cluster[1],
                      checkpoint=path).tasks == 0
    with pytest.raises(ckm.CheckpointError, match="another computation"):
        _tiled(n, n, tile=tile, n_diag=n + 1, checkpoint=path)


def test_ctrl_c_saves_and_resumes(cluster, tmp_path, monkeypatch):
    n, tile, block = 3000, 64, 512
    ref = _tiled(n, n, tile=tile).value
    path = tmp_path / "int.ckpt"
    fast_block = distributed._run_block

    marks = tmp_path / "calls"
    marks.mkdir()

    def slow_block(*args):  # Dask ships a copy of it to the worker: count calls in files
        out = fast_block(*args)
        time.sleep(0.1)
        (marks / str(time.monotonic_ns())).touch()
        if len(list(marks.iterdir())) == 3:  # Ctrl-C part-way
            os.kill(os.getpid(), signal.SIGINT)
        return out

    monkeypatch.setattr(distributed, "_run_block", slow_block)
    with pytest.raises(KeyboardInterrupt):
        dask_sweep(n, n, tile=tile, block=block, scheduler=cluster[1], checkpoint=path,
                   checkpoint_every=1e9)
    info = ckm.checkpoint_info(path)["progress"]
    assert 0 < info["blocks_done"] < info["blocks"]
    monkeypatch.setattr(distributed, "_run_block", fast_block)
    assert dask_sweep(n, n, tile=tile, block=block, scheduler=cluster[1],
                      checkpoint=path).value == ref


def test_default_block():
    assert default_block(1_000_000, 1_000_000, 2048, 2) % 2048 == 0
    assert default_block(100, 100, 64, 8) == distributed.MIN_BLOCK
    g = _Grid(1_000_000, 1_000_000, 2048, default_block(1_000_000, 1_000_000, 2048, 2))
    assert g.rows == g.cols == 16


def test_bad_arguments(cluster):
    with pytest.raises(ValueError, match="multiple of tile"):
        dask_sweep(100, 100, tile=32, block=48, scheduler=cluster[1])
    with pytest.raises(ValueError, match="block must be"):
        dask_sweep(100, 100, tile=32, block=16, scheduler=cluster[1])
    with pytest.raises(ValueError, match="scheduler is for method='dask'"):
        rb.balanced_values(10, scheduler=cluster[1])
    with pytest.raises(TypeError, match="scheduler must be"):
        dask_sweep(100, 100, tile=32, scheduler=42)
    with pytest.raises(ValueError, match="n_workers"):
        dask_sweep(100, 100, n_workers=0)
    with pytest.raises(ValueError, match="n_diag"):
        dask_sweep(100, 100, n_diag=102, scheduler=cluster[1])
    with pytest.raises(TypeError, match="n_red"):
        dask_sweep(1.5, 100)
    with pytest.raises(ValueError, match="method"):
        rb.balanced_values(10, method="row")


@pytest.mark.slow
def test_worker_processes_bit_identical():
    """Workers in separate processes (as on a real cluster): edges cross process boundaries."""
    from dask.distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as lc, Client(lc) as client:
        r = dask_sweep(4000, 4000, tile=64, block=512, n_diag=4001, scheduler=client)
    v, d = VD(_tiled(4000, 4000, tile=64, n_diag=4001))
    assert r.value == v and r.diag.tobytes() == d.tobytes()
    assert np.all(np.diff(d[1:]) > 0)


def test_cluster_estimate():
    from stoplib.redblack.distributed import cluster_estimate, workers_for

    one = cluster_estimate(200_000, 200_000, 1, 1e9, overhead=0.0)
    assert one.efficiency == pytest.approx(1.0)               # one worker is never idle
    assert one.hours * 3600 * 1e9 == pytest.approx(one.cells)
    four = cluster_estimate(200_000, 200_000, 4, 1e9, overhead=0.0)
    assert one.hours / 4 <= four.hours < one.hours / 2
    w = workers_for(200_000, 200_000, four.hours, 1e9, overhead=0.0)
    assert w.workers <= 4 and w.hours <= four.hours
    with pytest.raises(ValueError, match="rate"):
        cluster_estimate(100, 100, 1, -1.0)
    with pytest.raises(ValueError, match="hours"):
        workers_for(100, 100, 0, 1e9)
