"""Fuzz specs of stoplib.util: validation, random streams, timing, the budget, the CUDA device."""
from harness import Make, Spec

SPECS = [
    Spec("stoplib.util.validate.check_int", kwargs=dict(name="n", value=5, low=0, high=10)),
    Spec("stoplib.util.validate.check_choice", kwargs=dict(name="method", value="row", choices=("row", "tiled"))),
    Spec("stoplib.util.validate.check_real", kwargs=dict(name="x", value=0.5, low=0.0, high=1.0, allow_nan=False,
                                                      allow_inf=False)),
    Spec("stoplib.util.validate.check_bool", kwargs=dict(name="flag", value=True)),
    Spec("stoplib.util.validate.check_str", kwargs=dict(name="deck", value="Ah", max_length=100, allow_empty=True)),
    Spec("stoplib.util.validate.check_instance", kwargs=dict(name="seed", value=3, cls=int)),
    Spec("stoplib.util.validate.check_callable", kwargs=dict(name="fn", value=len)),
    Spec("stoplib.util.validate.check_path", kwargs=dict(name="root", value=".", must_exist=False, kind=None)),
    Spec("stoplib.util.rng.as_generator", kwargs=dict(seed=3)),
    Spec("stoplib.util.rng.kernel_seed", kwargs=dict(seed=3)),
    Spec("stoplib.util.timing.median_time", kwargs=dict(fn=Make("factories.noop_function"), repeats=3),
         fuzz=("repeats", "setup")),
    Spec("stoplib.util.timing.median_seconds", kwargs=dict(fn=Make("factories.noop_function"), repeats=3),
         fuzz=("fn", "repeats")),
    Spec("stoplib.util.budget.Estimate", kwargs=dict(what="a sweep", seconds=1.0, bytes=1e6, basis="1e9 cells/s")),
    Spec("stoplib.util.budget.check", kwargs=dict(estimate=Make("stoplib.util.budget.Estimate", ("x", 1.0, 1.0)))),
    Spec("stoplib.util.budget.allow", kwargs=dict(seconds=10.0, bytes=1e9)),
    Spec("stoplib.util.budget.describe_seconds", kwargs=dict(seconds=5400.0)),
    Spec("stoplib.util.budget.describe_bytes", kwargs=dict(n_bytes=3e9)),
    Spec("stoplib.util.budget.limits"),
    Spec("stoplib.util.timing.machine"),
    Spec("stoplib.util.timing.load_average"),
    Spec("stoplib.util.timing.stamp"),
    Spec("stoplib.util.cuda.gpu_available"),
    Spec("stoplib.util.cuda.simulated"),
    Spec("stoplib.util.cuda.quiet_low_occupancy"),
]

_KERNEL = ("a numba kernel for other kernels (uint64/int64 state in, state and a number out); from Python a "
           "wrong type raises numba's TypingError at dispatch, before any code runs")
EXEMPT = {
    "stoplib.util.rng.mix64": _KERNEL,
    "stoplib.util.rng.stream_start": _KERNEL,
    "stoplib.util.rng.next_u53": _KERNEL,
    "stoplib.util.rng.next_uniform": _KERNEL,
    "stoplib.util.rng.next_below": _KERNEL,
    "stoplib.util.cuda.check_cuda": ("takes no argument: raises ValueError exactly where numba has neither a "
                                     "device nor its simulator (tests/holdem/test_gpu.py, tests/redblack/test_gpu.py)"),
    "stoplib.util.budget.BudgetError": "an exception class: raised by the API, its argument is the message",
    "stoplib.util.validate.MissingFileError": ("an exception class (FileNotFoundError and ValueError): "
                                               "raised by the API"),
}
