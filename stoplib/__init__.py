"""stoplib: exact and fast solutions of card and dice games, behind a research workbook.

Each game lives in its own module (``stoplib.redblack``, ``stoplib.fields``,
``stoplib.tenthousand``, ``stoplib.cardcounter``, ``stoplib.holdem``); shared
helpers handle quick mode, figure export, tables, random state and progress.
``import stoplib as sl`` is all a notebook needs.
"""
from .config import is_quick, pick, figures_dir, data_dir
from .figures import save_figure
from .tables import save_table, load_table
from .rng import as_generator
from .progress import progress

__version__ = "0.1.0"

__all__ = [
    "is_quick", "pick", "figures_dir", "data_dir",
    "save_figure", "save_table", "load_table", "as_generator", "progress",
]
