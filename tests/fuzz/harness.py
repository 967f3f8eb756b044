"""The fuzz harness: every call runs in a worker subprocess, so a crash or a hang is observed, not suffered.

A :class:`Spec` names one public callable and a *valid* baseline call (small and
cheap); the fuzz test replaces one argument at a time with a bad value drawn by
hypothesis and sends the call to a :class:`WorkerPool`. The outcome must be a
return or a ``ValueError``/``TypeError`` (subclasses included) within
:data:`TIME_BOUND` seconds; anything else (another exception, a crash of the
interpreter, a hang) is a failure. Values that cannot cross a process boundary
(axes, figures, temporary folders) are built in the worker from a :class:`Make`.
"""
from __future__ import annotations

import importlib
import multiprocessing as mp
import os
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field

#: Seconds one call may take before it counts as a hang.
TIME_BOUND = float(os.environ.get("STOPLIB_FUZZ_TIME_BOUND", "30"))
#: The work budget inside the worker (seconds): a bigger request must be refused, fast.
WORKER_BUDGET_SECONDS = "2"
#: Exceptions a bad input may raise.
ACCEPTED = ("ValueError", "TypeError")


@dataclass(frozen=True)
class Make:
    """A value built inside the worker: ``Make("tests_fuzz_factories.axes")`` or any dotted callable."""

    path: str
    args: tuple = ()
    kwargs: dict = field(default_factory=dict)

    def build(self):
        module, _, name = self.path.rpartition(".")
        obj = getattr(importlib.import_module(module), name)
        args = [a.build() if isinstance(a, Make) else a for a in self.args]
        kwargs = {k: (v.build() if isinstance(v, Make) else v) for k, v in self.kwargs.items()}
        return obj(*args, **kwargs)


@dataclass
class Spec:
    """One public callable and a valid, cheap baseline call of it.

    Attributes
    ----------
    target : str
        ``module.qualname`` where the object is defined (``obj.__module__ + "." + obj.__qualname__``).
    kwargs : dict
        The baseline keyword arguments (values or :class:`Make`).
    args : tuple
        Baseline positional arguments, for callables that take them positionally only.
    fuzz : tuple or None
        The keyword arguments to fuzz (None: all of ``kwargs``).
    extra_bad : dict
        Argument name -> extra bad values for it (duplicate cards, wrong-length decks ...).
    max_examples : int
        Hypothesis examples (each is one call with one argument replaced).
    """

    target: str
    kwargs: dict = field(default_factory=dict)
    args: tuple = ()
    fuzz: tuple | None = None
    extra_bad: dict = field(default_factory=dict)
    max_examples: int = 25

    @property
    def fuzzed(self) -> tuple:
        return tuple(self.kwargs) if self.fuzz is None else tuple(self.fuzz)


@dataclass(frozen=True)
class Outcome:
    kind: str          # "ok", "raise", "crash", "hang"
    detail: str = ""   # exception type and message, exit code, result type
    accepted_types: tuple = ()
    seconds: float = 0.0

    @property
    def acceptable(self) -> bool:
        if self.kind == "ok":
            return True
        if self.kind == "raise":
            return any(name in ACCEPTED for name in self.accepted_types)
        return False


def resolve(target: str):
    """The object named ``module.qualname``."""
    parts = target.split(".")
    for k in range(len(parts) - 1, 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:k]))
        except ImportError:
            continue
        for name in parts[k:]:
            obj = getattr(obj, name)
        return obj
    raise ImportError(target)


def _worker(conn, env):  # runs in the subprocess
    os.environ.update(env)
    # relative paths a fuzzed call writes (a save_to of "26") land in the temporary folder
    work = os.path.join(env["STOPLIB_FUZZ_TMP"], "cwd")
    os.makedirs(work, exist_ok=True)
    os.chdir(work)
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    import stoplib  # noqa: F401  (import once: later calls measure the call, not the import)

    while True:
        try:
            request = conn.recv()
        except EOFError:
            return
        target, args, kwargs = request
        start = time.perf_counter()
        try:
            function = resolve(target)
            args = [a.build() if isinstance(a, Make) else a for a in args]
            kwargs = {k: (v.build() if isinstance(v, Make) else v) for k, v in kwargs.items()}
            result = function(*args, **kwargs)
            reply = ("ok", type(result).__name__, ())
        except BaseException as exc:  # report every exception type, the parent judges
            names = tuple(c.__name__ for c in type(exc).__mro__)
            last = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
            where = f" at {os.path.basename(last.filename)}:{last.lineno}" if last else ""
            reply = ("raise", f"{type(exc).__name__}: {str(exc)[:300]}{where}", names)
        plt.close("all")
        conn.send(reply + (time.perf_counter() - start,))


class WorkerPool:
    """One worker subprocess at a time; restarted after a crash or a hang."""

    def __init__(self):
        self.tmp = tempfile.mkdtemp(prefix="stoplib-fuzz-")
        self.env = {"STOPLIB_QUICK": "1", "STOPLIB_PROGRESS": "0", "STOPLIB_OUTPUT_DIR": self.tmp,
                    "STOPLIB_MAX_SECONDS": WORKER_BUDGET_SECONDS, "MPLBACKEND": "Agg",
                    "STOPLIB_FUZZ_TMP": self.tmp}
        self.process = None
        self.conn = None
        self.calls = 0
        self.counts = {"ok": 0, "raise": 0, "crash": 0, "hang": 0, "bad": 0}
        self.failures: list[str] = []
        self.targets: set[str] = set()
        self.started = time.perf_counter()

    def _start(self):
        ctx = mp.get_context("spawn")
        parent, child = ctx.Pipe()
        # not a daemon: a public function may start processes of its own (stress, Dask)
        self.process = ctx.Process(target=_worker, args=(child, self.env), daemon=False)
        self.process.start()
        child.close()
        self.conn = parent

    def _kill(self):
        if self.process is not None:
            self.process.kill()
            self.process.join(10)
        self.process = None
        self.conn = None

    def call(self, target: str, args=(), kwargs=None, timeout: float = TIME_BOUND) -> Outcome:
        if self.process is None or not self.process.is_alive():
            self._start()
        self.calls += 1
        self.targets.add(target)
        start = time.perf_counter()
        self.conn.send((target, tuple(args), dict(kwargs or {})))
        # the first call of a fresh worker also pays for importing stoplib
        if not self.conn.poll(timeout + 60 * (self.calls == 1)):
            self._kill()
            outcome = Outcome("hang", f"no answer within {timeout:g} s")
        else:
            try:
                kind, detail, names, seconds = self.conn.recv()
                outcome = Outcome(kind, detail, names, seconds)
            except (EOFError, OSError):
                self.process.join(5)
                code = self.process.exitcode
                self._kill()
                outcome = Outcome("crash", f"the interpreter died (exit code {code})",
                                  seconds=time.perf_counter() - start)
        self.counts[outcome.kind] += 1
        if not outcome.acceptable:
            self.counts["bad"] += 1
        return outcome

    def close(self):
        if self.conn is not None:
            self.conn.close()
        self._kill()

    def summary(self) -> str:
        seconds = time.perf_counter() - self.started
        c = self.counts
        return (f"fuzz: {len(self.targets)} public callables, {self.calls} calls in {seconds:.0f} s: "
                f"{c['ok']} returned, {c['raise']} raised ({c['bad']} unacceptable outcomes), "
                f"{c['crash']} crashes, {c['hang']} hangs")


def describe_call(target, args, kwargs) -> str:
    shown = [repr(a)[:60] for a in args] + [f"{k}={v!r}"[:80] for k, v in kwargs.items()]
    return f"{target}({', '.join(shown)})"


sys.setrecursionlimit(max(sys.getrecursionlimit(), 3000))
