"""A public callable without a fuzz spec (or a stated exemption) fails the suite."""
import importlib
import inspect
import pkgutil

import stoplib
from specs import EXEMPT, SPECS


def public_callables():
    """``{canonical name: where it is listed}`` for every callable in every public ``__all__``."""
    found = {}
    modules = [stoplib] + [importlib.import_module(i.name) for i in pkgutil.walk_packages(stoplib.__path__, "stoplib.")
                           if not any(p.startswith("_") for p in i.name.split("."))]
    for module in modules:
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name)
            if inspect.ismodule(obj) or not callable(obj):
                continue
            canonical = f"{getattr(obj, '__module__', module.__name__)}.{getattr(obj, '__qualname__', name)}"
            found.setdefault(canonical, f"{module.__name__}.{name}")
    return found


def test_every_public_callable_is_fuzzed_or_exempt_with_a_reason():
    covered = {s.target for s in SPECS}
    missing = sorted(f"{listed} (defined as {canonical})" for canonical, listed in public_callables().items()
                     if canonical not in covered and canonical not in EXEMPT)
    assert not missing, "public callables without a fuzz spec in tests/fuzz/specs/:\n" + "\n".join(missing)
    assert all(isinstance(r, str) and len(r) > 10 for r in EXEMPT.values()), "every exemption states its reason"


def test_specs_name_real_public_callables():
    known = public_callables()
    stale = sorted(t for t in [s.target for s in SPECS] + list(EXEMPT) if t not in known)
    assert not stale, "fuzz specs for names that are not public callables:\n" + "\n".join(stale)
