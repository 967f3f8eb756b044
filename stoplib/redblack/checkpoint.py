"""The red/black card game ("Problem 14"): checkpoints of long sweeps, written so that nothing is lost.

A sweep of the recursion of :mod:`stoplib.redblack.rules`::

    V(0, b) = 0,  V(r, 0) = r,
    V(r, b) = max(0, r/(r+b) (V(r-1, b) + 1) + b/(r+b) (V(r, b-1) - 1))

over the square ``[0..n]^2`` by tiles keeps only a *frontier*: the bottom row
of the last tile done in each tile column (``rowbuf``), the right column of
the last tile done in each tile row (``colbuf``), the balanced values
``V(i, i)`` passed so far (``diag``) and, for :func:`stopping_boundary`, the
first zero of each row passed (``bnd``). Everything the rest of the sweep
needs is in those arrays and a few integers saying where the wavefront is, so
a checkpoint is the frontier written to a file; resuming from it gives the
same bits as an uninterrupted run, because every tile is then computed from
the same inputs by the same code.

:func:`stoplib.redblack.balanced_values` and :func:`stoplib.redblack.value`
take ``checkpoint=PATH``: the sweep writes its frontier to ``PATH`` every
``checkpoint_every`` seconds, when it finishes, and when it receives Ctrl-C
(SIGINT) or SIGTERM; the same call again resumes from the file (or returns at
once if the file holds a finished sweep). A run killed outright (SIGKILL, a
power cut) loses at most the work since the last write.

The file
--------
One file, written atomically: to a temporary file beside ``PATH``, flushed
and ``fsync``-ed, renamed over ``PATH`` (``os.replace``), and the directory
``fsync``-ed, so ``PATH`` always holds either the old checkpoint or the new
one, never a mixture. Layout::

    MAGIC (28 bytes)  header length (8 bytes, little-endian)  header (JSON)
    the arrays' bytes, one after the other          SHA-256 of all the above (32 bytes)

The header records the format version, the parameters of the sweep (which
must equal the resuming call's), the progress (where the wavefront is,
seconds spent, cells done) and each array's name, dtype and shape. Reading
checks the magic, the length, the checksum and the parameters, in that order,
and raises :class:`CheckpointError` (a ``ValueError``) saying what is wrong:
a file that is not a checkpoint, a truncated or corrupt one, or one written
by a different computation. Never a wrong value.

The one driver of every sweep, in process, Dask or CUDA, is
``stoplib.redblack._sweep.drive``: it alone uses :class:`Checkpointer` (load,
save at the interval, at the end and on a signal); each method gives it only its step.

Source
------
Gwern Branwen et al., "Problem 14 Dynamic Programming Solutions", gwern.net,
October 2022 (https://gwern.net/problem-14),
ends with a
block-and-skip C program that ran 9 days on 16 cores for 133,787,000 cards of
each colour, with nothing to resume from had it stopped.
"""
from __future__ import annotations

import hashlib
import json
import math
import os
import signal
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..util.validate import MissingFileError, check_path, check_real

__all__ = ["CheckpointError", "Frontier", "write_checkpoint", "read_checkpoint",
           "checkpoint_info", "Checkpointer", "FORMAT_VERSION", "DEFAULT_INTERVAL"]

#: Bumped whenever the layout or the meaning of a field changes.
FORMAT_VERSION = 1
#: Seconds between two checkpoint writes of a running sweep (``checkpoint_every``).
DEFAULT_INTERVAL = 300.0

_MAGIC = b"STOPLIB-REDBLACK-CHECKPOINT\n"
_DIGEST = 32


class CheckpointError(ValueError):
    """A checkpoint file that cannot be used: not a checkpoint, truncated,
    corrupt, of another format version, or written by another computation."""


#: Kinds of NumPy dtypes a checkpoint may hold (bool, ints, floats): never objects.
_ARRAY_KINDS = "biuf"


def _check_scalars(name: str, d) -> dict:
    """``d`` as a dict of str -> JSON scalar (bool, int, finite float, str or None)."""
    if not isinstance(d, dict):
        raise TypeError(f"{name} must be a dict, got {type(d).__name__}")
    out = {}
    for k, v in d.items():
        if not isinstance(k, str):
            raise TypeError(f"{name}: keys must be str, got {type(k).__name__} {k!r}")
        if isinstance(v, np.generic) and not isinstance(v, (np.integer, np.floating, np.bool_)):
            raise TypeError(f"{name}[{k!r}] must be a bool, int, float, str or None, got {type(v).__name__}")
        if isinstance(v, np.generic):
            v = v.item()
        if v is not None and not isinstance(v, (bool, int, float, str)):
            raise TypeError(f"{name}[{k!r}] must be a bool, int, float, str or None, got {type(v).__name__}")
        if isinstance(v, float) and not math.isfinite(v):
            raise ValueError(f"{name}[{k!r}] must be finite, got {v}")
        if isinstance(v, int) and not isinstance(v, bool) and abs(v) >= 2**63:
            raise ValueError(f"{name}[{k!r}] must fit in 64 bits, got {v}")
        out[k] = v
    return out


def _check_arrays(d) -> dict:
    if not isinstance(d, dict):
        raise TypeError(f"arrays must be a dict of str -> numpy.ndarray, got {type(d).__name__}")
    for k, a in d.items():
        if not isinstance(k, str):
            raise TypeError(f"arrays: keys must be str, got {type(k).__name__} {k!r}")
        if not isinstance(a, np.ndarray):
            raise TypeError(f"arrays[{k!r}] must be a numpy.ndarray, got {type(a).__name__}")
        if a.dtype.kind not in _ARRAY_KINDS:
            raise TypeError(f"arrays[{k!r}] must hold bools, ints or floats, got dtype {a.dtype}")
    return dict(d)


@dataclass
class Frontier:
    """The state of a sweep: what it computes, where it is, and its arrays.

    Attributes
    ----------
    params : dict
        What the sweep computes (``n_red``, ``n_black``, ``tile``, ``method`` ...);
        a resuming call must ask for exactly the same. Keys are str, values
        bools, ints, finite floats, str or None.
    progress : dict
        Where the wavefront is (``dt`` tile anti-diagonals done, ...),
        ``complete``, ``seconds`` spent so far and ``cells`` done (estimated);
        the same kinds of values as ``params``.
    arrays : dict of str to numpy.ndarray
        ``rowbuf``, ``colbuf``, ``diag``, ``bnd``, and whatever else the
        method needs (bools, ints or floats).

    Examples
    --------
    >>> Frontier({"n_red": 3}, {"dt": 1}, {"rowbuf": np.zeros(4)}).params
    {'n_red': 3}
    >>> Frontier({"n_red": 3}, {"dt": 1}, {"rowbuf": [0.0]})
    Traceback (most recent call last):
    ...
    TypeError: arrays['rowbuf'] must be a numpy.ndarray, got list
    """

    params: dict
    progress: dict
    arrays: dict = field(default_factory=dict)

    def __post_init__(self):
        self.params = _check_scalars("params", self.params)
        self.progress = _check_scalars("progress", self.progress)
        self.arrays = _check_arrays(self.arrays)

    def require(self, path, arrays: dict, progress: tuple = ()) -> None:
        """Check that this frontier (read from ``path``) holds what a driver needs.

        ``arrays`` maps a name to ``(dtype, length)``, ``progress`` names the int
        entries (non-negative) it must have. A checkpoint whose parameters match but
        whose contents do not (an edited file with a recomputed checksum, a bug) gives
        a :class:`CheckpointError`, never an ``IndexError`` or a wrong value.
        """
        for name, (dtype, length) in arrays.items():
            a = self.arrays.get(name)
            if a is None or a.dtype != np.dtype(dtype) or a.shape != (length,):
                got = "missing" if a is None else f"dtype {a.dtype}, shape {a.shape}"
                raise CheckpointError(f"checkpoint {path} does not fit this sweep: array {name!r} "
                                      f"should be {np.dtype(dtype)} of length {length}, got {got}")
        for name in progress:
            v = self.progress.get(name)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise CheckpointError(f"checkpoint {path} does not fit this sweep: progress {name!r} "
                                      f"should be an int >= 0, got {v!r}")


def _jsonable(d: dict) -> dict:
    return _check_scalars("params", d)


def _as_path(path) -> Path:
    return check_path("path", path)


def write_checkpoint(path, frontier: Frontier) -> Path:
    """Write ``frontier`` to ``path`` atomically (temporary file, fsync, rename).

    Parameters
    ----------
    path : str or os.PathLike
        The checkpoint file; its folder must exist.
    frontier : Frontier

    Returns
    -------
    pathlib.Path
        ``path``.

    Examples
    --------
    >>> import tempfile, os
    >>> p = os.path.join(tempfile.mkdtemp(), "run.ckpt")
    >>> f = Frontier({"n_red": 3}, {"dt": 1}, {"rowbuf": np.arange(4.0)})
    >>> write_checkpoint(p, f).name
    'run.ckpt'
    >>> read_checkpoint(p, {"n_red": 3}).arrays["rowbuf"].tolist()
    [0.0, 1.0, 2.0, 3.0]
    """
    path = _as_path(path)
    if not isinstance(frontier, Frontier):
        raise TypeError(f"frontier must be a Frontier, got {type(frontier).__name__}")
    if not path.parent.is_dir():
        raise ValueError(f"path: folder {str(path.parent)!r} does not exist")
    arrays = {k: np.ascontiguousarray(v) for k, v in frontier.arrays.items()}
    header = {
        "format": "stoplib.redblack checkpoint",
        "version": FORMAT_VERSION,
        "params": _jsonable(frontier.params),
        "progress": _jsonable(frontier.progress),
        "arrays": [{"name": k, "dtype": a.dtype.str, "shape": list(a.shape)}
                   for k, a in arrays.items()],
    }
    head = json.dumps(header, sort_keys=True).encode()
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}-{threading.get_ident()}")
    digest = hashlib.sha256()
    try:
        with open(tmp, "wb") as fh:
            for chunk in (_MAGIC, len(head).to_bytes(8, "little"), head):
                fh.write(chunk)
                digest.update(chunk)
            for a in arrays.values():
                mem = memoryview(a.reshape(-1).view(np.uint8)) if a.size else b""
                fh.write(mem)
                digest.update(mem)
            fh.write(digest.digest())
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            tmp.unlink()
        except FileNotFoundError:
            pass
        raise
    try:  # make the rename itself durable
        fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError:  # some file systems cannot fsync a directory
        pass
    return path


def _read_header(fh, path, size):
    magic = fh.read(len(_MAGIC))
    if magic != _MAGIC:
        raise CheckpointError(f"{path} is not a stoplib.redblack checkpoint (wrong magic bytes)")
    raw = fh.read(8)
    if len(raw) != 8:
        raise CheckpointError(f"checkpoint {path} is truncated (no header length)")
    n_head = int.from_bytes(raw, "little")
    if n_head > size:
        raise CheckpointError(f"checkpoint {path} is truncated or corrupt (header length "
                              f"{n_head} > file size {size})")
    head = fh.read(n_head)
    if len(head) != n_head:
        raise CheckpointError(f"checkpoint {path} is truncated (header cut short)")
    try:
        header = json.loads(head.decode())
        if not isinstance(header, dict):
            raise TypeError(f"the header is a {type(header).__name__}, not an object")
        arrays = []
        for a in header["arrays"]:
            name, dt, shape = a["name"], np.dtype(a["dtype"]), a["shape"]
            if not isinstance(name, str) or dt.kind not in _ARRAY_KINDS or not isinstance(shape, list) or \
                    not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 2**62 for x in shape):
                raise ValueError(f"array entry {str(a)[:80]} is not a name, a bool/int/float dtype and a shape")
            arrays.append((name, dt, tuple(shape)))
        for key in ("params", "progress"):
            _check_scalars(key, header[key])
        header["version"]  # noqa: B018
    except (ValueError, KeyError, TypeError, RecursionError) as err:
        raise CheckpointError(f"checkpoint {path} has a corrupt header ({err})") from None
    return raw, head, header, arrays


def _nbytes(dt, shape) -> int:
    return dt.itemsize * math.prod(shape)


def _open_checkpoint(path):
    """``path`` checked (a str or path-like naming an existing file); returns it and its size."""
    path = _as_path(path)
    if not path.exists():
        raise MissingFileError(2, "no checkpoint at this path", str(path))
    if not path.is_file():
        raise CheckpointError(f"{path} is not a checkpoint file (it is a folder or a special file)")
    return path, path.stat().st_size


def checkpoint_info(path) -> dict:
    """The header of a checkpoint (parameters and progress), without reading its arrays.

    Only the magic and the header are checked (not the checksum): use it to
    see how far a run got.

    Examples
    --------
    >>> import tempfile, os
    >>> p = os.path.join(tempfile.mkdtemp(), "run.ckpt")
    >>> _ = write_checkpoint(p, Frontier({"n_red": 3}, {"dt": 1, "complete": False}))
    >>> checkpoint_info(p)["progress"]
    {'complete': False, 'dt': 1}
    """
    path, size = _open_checkpoint(path)
    with open(path, "rb") as fh:
        header = _read_header(fh, path, size)[2]
    return {"version": header["version"], "params": header["params"],
            "progress": header["progress"], "bytes": size}


def read_checkpoint(path, params: dict | None = None) -> Frontier:
    """Read and verify a checkpoint; ``params``, if given, must equal the file's.

    Parameters
    ----------
    path : str or os.PathLike
    params : dict or None
        The parameters of the computation that wants to resume from it.

    Returns
    -------
    Frontier

    Raises
    ------
    stoplib.util.validate.MissingFileError
        If there is no file at ``path`` (a ``FileNotFoundError`` and a ``ValueError``).
    CheckpointError
        If the file is not a checkpoint, is truncated or corrupt (checksum),
        has another format version, or was written for other parameters (the
        message lists the differences).

    Examples
    --------
    >>> import tempfile, os
    >>> p = os.path.join(tempfile.mkdtemp(), "run.ckpt")
    >>> _ = write_checkpoint(p, Frontier({"n_red": 3}, {"dt": 1}))
    >>> read_checkpoint(p, {"n_red": 4})
    Traceback (most recent call last):
    ...
    stoplib.redblack.checkpoint.CheckpointError: checkpoint ... was written for another computation: ...n_red is 3...
    """
    path, size = _open_checkpoint(path)
    if params is not None:
        params = _check_scalars("params", params)
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        raw, head, header, specs = _read_header(fh, path, size)
        for chunk in (_MAGIC, raw, head):
            digest.update(chunk)
        need = len(_MAGIC) + 8 + len(head) + sum(_nbytes(dt, shape) for _, dt, shape in specs) + _DIGEST
        if size != need:
            raise CheckpointError(f"checkpoint {path} is truncated or has trailing bytes: "
                                  f"{size} bytes, the header says {need}")
        arrays = {}
        for name, dt, shape in specs:
            nbytes = _nbytes(dt, shape)
            buf = bytearray(nbytes)
            got = fh.readinto(buf) if nbytes else 0
            if got != nbytes:
                raise CheckpointError(f"checkpoint {path} is truncated (array {name!r})")
            digest.update(buf)
            arrays[name] = np.frombuffer(buf, dtype=dt).reshape(shape).copy()
        stored = fh.read(_DIGEST)
    if stored != digest.digest():
        raise CheckpointError(f"checkpoint {path} is corrupt: its SHA-256 checksum does not "
                              f"match its contents")
    if header.get("format") != "stoplib.redblack checkpoint" or header["version"] != FORMAT_VERSION:
        raise CheckpointError(f"checkpoint {path} has format version {header['version']!r}; "
                              f"this stoplib reads version {FORMAT_VERSION}")
    if params is not None:
        want = params
        have = header["params"]
        diff = [f"{k} is {have.get(k, '(missing)')!r} in the file, {want.get(k, '(missing)')!r} here"
                for k in sorted(set(want) | set(have)) if have.get(k) != want.get(k)]
        if diff:
            raise CheckpointError(
                f"checkpoint {path} was written for another computation: " + "; ".join(diff)
                + ". Resume with the same arguments, or remove the file to start afresh.")
    return Frontier(params=header["params"], progress=header["progress"], arrays=arrays)


class Checkpointer:
    """What a sweep's driver uses: load at start, save at an interval, on the
    end, and on SIGINT/SIGTERM.

    Use it as a context manager around the sweep loop. Inside, SIGINT and
    SIGTERM (in the main thread) only set :attr:`stop_signal`; the driver
    calls :meth:`due` after each chunk of work and :meth:`save` when it says
    so, and :meth:`finish_interrupted` once it has saved on a signal, which
    re-raises it: ``KeyboardInterrupt`` for SIGINT, the previous handler (by
    default: terminate) for SIGTERM.

    Parameters
    ----------
    path : str, os.PathLike or None
        None: no file, no signal handling (every method is a no-op).
    params : dict
        The sweep's parameters (written, and checked on resume).
    every : float
        Seconds between two writes.

    Examples
    --------
    >>> ck = Checkpointer(None, {"n_red": 3})
    >>> ck.load() is None, ck.due()
    (True, False)
    """

    def __init__(self, path, params: dict, every: float = DEFAULT_INTERVAL):
        self.path = None if path is None else _as_path(path)
        self.params = _check_scalars("params", params)
        self.every = check_real("every", every, 0.0)
        self.stop_signal = None
        self._last = time.monotonic()
        self._old = {}
        self.writes = 0

    # -- loading -------------------------------------------------------------
    def load(self) -> Frontier | None:
        """The frontier stored at ``path`` (checked against ``params``), or None."""
        if self.path is None or not self.path.exists():
            return None
        return read_checkpoint(self.path, self.params)

    # -- signals -------------------------------------------------------------
    def _handler(self, signum, frame):  # noqa: ARG002
        if self.stop_signal is None:
            self.stop_signal = signum

    def __enter__(self):
        self._last = time.monotonic()
        if self.path is not None and threading.current_thread() is threading.main_thread():
            for sig in (signal.SIGINT, signal.SIGTERM):
                self._old[sig] = signal.signal(sig, self._handler)
        return self

    def _restore(self):
        for sig, old in self._old.items():
            signal.signal(sig, old if old is not None else signal.SIG_DFL)
        self._old = {}

    def __exit__(self, *exc):
        self._restore()
        return False

    # -- saving --------------------------------------------------------------
    def due(self) -> bool:
        """True when a write is due: the interval has passed, or a signal came."""
        if self.path is None:
            return False
        return self.stop_signal is not None or time.monotonic() - self._last >= self.every

    def save(self, progress: dict, arrays: dict) -> None:
        """Write the frontier now (atomically) and restart the interval."""
        if self.path is None:
            return
        write_checkpoint(self.path, Frontier(self.params, dict(progress), arrays))
        self.writes += 1
        self._last = time.monotonic()

    def finish_interrupted(self) -> None:
        """After the save that a signal asked for: restore the old handlers and
        re-raise the signal."""
        sig = self.stop_signal
        if sig is None:
            return
        self._restore()
        if sig == signal.SIGINT:
            raise KeyboardInterrupt(f"interrupted; the sweep's frontier is saved in {self.path} "
                                    f"(the same call resumes from it)")
        signal.raise_signal(sig)
        raise SystemExit(128 + int(sig))  # the old handler returned: stop anyway
