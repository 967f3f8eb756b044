"""What the browser test does with each notebook's panels, and the values it expects.

Each game has a module here (``redblack.py``, ``fields.py`` ...) defining
``SCENARIOS = {"NN_notebook": function}``. A scenario is ``function(nb, server)``:
``nb`` is a :class:`lab.NotebookPage` after Run All; it operates every kind of
control the notebook's panels hold (slider, text box, dropdown, button, check box)
and checks each output against the API, computed in the test.
"""
import importlib
import pkgutil

SCENARIOS = {}
for _info in pkgutil.iter_modules(__path__):
    _module = importlib.import_module(f"{__name__}.{_info.name}")
    for _name, _function in getattr(_module, "SCENARIOS", {}).items():
        assert _name not in SCENARIOS, f"two scenarios for {_name}"
        SCENARIOS[_name] = _function
