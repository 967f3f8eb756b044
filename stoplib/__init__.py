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

# One module per game. Their central functions share names (``value``, ``simulate``,
# ``win_probability``), so the games are re-exported as modules: ``sl.redblack.value``.
from . import redblack, redblack_sim, redblack_asymptotics  # noqa: E402
from . import fields, tenthousand, pig, cardcounter, holdem  # noqa: E402

__version__ = "0.1.0"

__all__ = [
    "is_quick", "pick", "figures_dir", "data_dir",
    "save_figure", "save_table", "load_table", "as_generator", "progress",
    "redblack", "redblack_sim", "redblack_asymptotics",
    "fields", "tenthousand", "pig", "cardcounter", "holdem",
]
