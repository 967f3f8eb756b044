"""stoplib: exact and fast solutions of card and dice games, behind a research workbook.

``import stoplib as sl`` is all a notebook needs: ``sl.redblack.value(26, 26)``.

The tree
--------
Three layers; a layer imports only from the layers below it, and no game imports
another game (``make test`` checks both with import-linter, see ``.importlinter``)::

    notebooks/                      the essays (they import only public names)
    stoplib/<game>/                 one subpackage per game, the same rooms in each
        redblack/  fields/  tenthousand/  cardcounter/  holdem/
    stoplib/workbook/               workbook services: quick mode and output folders,
                                    figure/table export, progress bars, the notebook runner
    stoplib/util/                   numeric utilities: validation, random streams, timing

The rooms of a game
-------------------
Every game subpackage uses the same file names for the same concern, wherever
the concern exists for that game (hold'em, for one, has no Monte Carlo room):

``__init__.py``
    The public API, name by name, in ``__all__``. Nothing else is public.
``rules.py``
    The rules and the state encoding: constants, card/dice/state notation and
    the checks that turn user input into a valid state.
``solver.py``
    The fast solver: numba kernels (private, ``_name``) behind validated public
    functions. Large kernel sets live in ``_kernels.py`` beside it (a game-specific
    room's kernels in ``_<room>_kernels.py``).
``twins.py``
    The independent twins the tests compare the solver with: exact fractions,
    brute force, slow reference implementations.
``simulation.py``
    Monte Carlo play of the game, seeded and reproducible.
``document.py``
    The numbers the source document prints, transcribed once with a pointer to
    where they appear. Facts only.
``claims.py``
    The document's claims checked: tables that set our numbers beside the
    document's and say whether they agree.
``plots.py``
    ``plot_*`` functions that draw on an ``Axes`` (or an explicit ``Figure``)
    they are given.
``widgets.py``
    The ipywidgets panels the notebooks show, thin wrappers over the API.

A game adds rooms of its own where it has a concern the others lack
(``redblack/asymptotics.py``, ``redblack/variants.py``, ``tenthousand/pig_game.py``, ``fields/game.py``,
``cardcounter/strategy.py``, ``holdem/evaluator.py``, ``holdem/local_search.py``,
``holdem/distributed.py``); a module name never equals a public function's name.
"""
from .workbook import is_quick, pick, figures_dir, data_dir, save_figure, save_table, load_table, progress
from .util import as_generator
from .workbook import style, prose, verdicts, references, show_table
from .workbook.prose import caption

# One subpackage per game. Their central functions share names (``value``,
# ``simulate``, ``win_probability``), so the games are exported as modules.
from . import redblack, fields, tenthousand, cardcounter, holdem  # noqa: E402

__version__ = "0.1.0"

__all__ = [
    "is_quick", "pick", "figures_dir", "data_dir",
    "save_figure", "save_table", "load_table", "as_generator", "progress", "style", "prose",
    "verdicts", "references", "show_table", "caption",
    "redblack", "fields", "tenthousand", "cardcounter", "holdem",
]
