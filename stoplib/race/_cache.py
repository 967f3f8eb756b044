"""The disk cache of the solved races: checked when read back, never trusted blindly.

Private. The pattern of ``stoplib/holdem/_tables.py``: files live in
``$STOPLIB_CACHE_DIR``, else ``$XDG_CACHE_HOME/stoplib``, else ``~/.cache/stoplib`` (outside
the repository; the repository's own ``.stoplib-cache/`` is git-ignored for those who point
the variable there), are written atomically (temporary file and rename), are ``.npz``
without pickle, and hold a JSON header beside the arrays. The header names the format
version, the parameters of the solve, a SHA-256 digest of the source files that
compute it, and a SHA-256 digest of the header and every array's name, dtype, shape and
bytes. A file is used only if all of these match what is asked and what this code is;
anything else (missing, truncated, another version, edited, computed by other code) is
None, and the caller solves again and rewrites it.
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile
from functools import lru_cache
from pathlib import Path

import numpy as np

__all__: list[str] = []   # private: used by stoplib.race.solver

FORMAT_VERSION = 1
#: The modules whose code decides the cached numbers: a change to any of them is a new cache.
SOURCES = ("_kernels.py", "_two.py", "_dice.py", "models.py", "_farkle.py", "_solitaire.py", "solver.py", "_cache.py")


def cache_dir() -> Path:
    """``$STOPLIB_CACHE_DIR``, else ``$XDG_CACHE_HOME/stoplib``, else ``~/.cache/stoplib``."""
    env = os.environ.get("STOPLIB_CACHE_DIR")
    if env:
        return Path(env)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "stoplib"


@lru_cache(maxsize=None)
def source_digest() -> str:
    here = Path(__file__).resolve().parent
    h = hashlib.sha256()
    for name in SOURCES:
        h.update(name.encode())
        if (here / name).is_file():
            h.update((here / name).read_bytes())
    return h.hexdigest()


def path_for(name: str, params: dict) -> Path:
    key = hashlib.sha256(json.dumps(params, sort_keys=True).encode()).hexdigest()[:20]
    return cache_dir() / f"race-{name}-v{FORMAT_VERSION}-{key}.npz"


def _digest(header: dict, arrays: dict) -> str:
    h = hashlib.sha256(json.dumps(header, sort_keys=True).encode())
    for name in sorted(arrays):
        arr = np.ascontiguousarray(arrays[name])
        h.update(name.encode())
        h.update(str(arr.dtype).encode())
        h.update(str(arr.shape).encode())
        h.update(arr.tobytes())
    return h.hexdigest()


def save(name: str, params: dict, arrays: dict, scalars: dict) -> Path | None:
    """Write atomically; on a read-only or missing home, keep going without a cache (None)."""
    path = path_for(name, params)
    header = {"format": FORMAT_VERSION, "name": name, "params": params, "scalars": scalars,
              "source": source_digest()}
    header["digest"] = _digest(header, arrays)
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.stem, suffix=".tmp.npz", dir=path.parent)
        with os.fdopen(fd, "wb") as fh:
            np.savez(fh, header=np.array(json.dumps(header, sort_keys=True)), **arrays)
        os.replace(tmp, path)
        return path
    except OSError:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        return None


def load(name: str, params: dict, spec: dict):
    """``(arrays, scalars)`` from the cache, or None unless every check passes.

    ``spec`` maps each array's name to ``(dtype, shape)``; float arrays must be finite.
    """
    path = path_for(name, params)
    try:
        with np.load(path, allow_pickle=False) as data:
            if set(data.files) != {"header", *spec}:
                return None
            header = json.loads(str(data["header"]))
            arrays = {}
            for key, (dtype, shape) in spec.items():
                arr = data[key]
                if arr.dtype != np.dtype(dtype) or arr.shape != tuple(shape):
                    return None
                if arr.dtype.kind == "f" and not np.isfinite(arr).all():
                    return None
                arrays[key] = np.ascontiguousarray(arr)
    except Exception:  # noqa: BLE001 - missing, truncated, not an npz, bad JSON ...: solve again
        return None
    if not isinstance(header, dict) or header.get("format") != FORMAT_VERSION or header.get("name") != name:
        return None
    if header.get("params") != json.loads(json.dumps(params)) or header.get("source") != source_digest():
        return None
    stored = header.pop("digest", None)
    if stored != _digest(header, arrays):
        return None
    return arrays, header["scalars"]
