"""Workbook services: what the notebooks and the games share to run, show and save results.

- :mod:`.config`: quick mode (``STOPLIB_QUICK``) and the output folders;
- :mod:`.export`: the one helper that writes figures (``figures/``) and tables (``data/``);
- :mod:`.progressbar`: tqdm progress bars that respect ``STOPLIB_PROGRESS``;
- :mod:`.style`: the one figure style (palette, text sizes) and pyplot-free figures;
- :mod:`.prose`: currency that renders as a dollar sign, sentences rendered from values;
- :mod:`.panel`: the interactive panels every game's ``widgets.py`` builds on;
- :mod:`.verdicts`: the verdict tables (one schema, one rule for agrees/differs/open/context, one look);
- :mod:`.tables`: every table a reader sees, with human headers and formatted numbers, and its LaTeX twin;
- :mod:`.references`: the bibliography (``references.bib``) and each notebook's reference list;
- :mod:`.runner`: the headless notebook runner behind ``make workbook`` and the tests;
- :mod:`.site`: ``make site``, the executed notebooks as a static site (Jupyter Book 1);
- :mod:`.app`: ``make app``, the chapters' panels as a Voila dashboard, generated from the notebooks.

This layer sits below the games and above :mod:`stoplib.util`; it imports no game.
"""
from .config import is_quick, pick, project_root, output_root, figures_dir, data_dir
from .export import save_figure, save_table, load_table
from .progressbar import progress
from .tables import show as show_table
from . import verdicts, references

__all__ = ["is_quick", "pick", "project_root", "output_root", "figures_dir", "data_dir",
           "save_figure", "save_table", "load_table", "progress", "show_table", "verdicts", "references"]
