"""The fuzz specs: one module per area (``util.py``, ``workbook.py``, ``redblack.py`` ...).

Each module defines ``SPECS`` (a list of :class:`harness.Spec`: a valid, cheap baseline
call of one public callable) and ``EXEMPT`` (a dict ``target -> reason`` for public
names that are not fuzzed, with the reason: result records built by the API, constants
that happen to be callable ...). ``test_coverage.py`` fails when a public callable has
neither.
"""
import importlib
import pkgutil

SPECS = []
EXEMPT = {}
for _info in pkgutil.iter_modules(__path__):
    _module = importlib.import_module(f"{__name__}.{_info.name}")
    SPECS.extend(getattr(_module, "SPECS", []))
    EXEMPT.update(getattr(_module, "EXEMPT", {}))
_seen = set()
for _spec in SPECS:
    assert _spec.target not in _seen, f"two fuzz specs for {_spec.target}"
    _seen.add(_spec.target)
