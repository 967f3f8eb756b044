"""Values the fuzz worker builds itself (they cannot cross a process boundary)."""
import os


def axes():
    from stoplib.workbook.style import figure
    return figure()[1]


def figure():
    from stoplib.workbook.style import figure as make
    return make()[0]


def tmp_dir():
    import tempfile
    return tempfile.mkdtemp(dir=os.environ.get("STOPLIB_FUZZ_TMP"))


def tmp_file(name="result.txt"):
    return os.path.join(tmp_dir(), name)


def noop_function():
    """A callable to time."""
    return lambda: None


def frame():
    import pandas as pd
    return pd.DataFrame({"n": [1, 2], "value": [0.5, 0.85]})


def saved_table_name():
    from stoplib.workbook.export import save_table
    save_table(frame(), "fuzz_table")
    return "fuzz_table"


def verdict_table(notebook="01_redblack_dp"):
    import pandas as pd
    return pd.DataFrame({"notebook": [notebook, notebook], "claim": ["value", "fit"],
                         "document": ["$2.62", "0.5"], "ours": ["2.624476", "0.5220"],
                         "verdict": ["agrees", "differs"], "evidence": ["exact fraction", "bridge constant"],
                         "headline": [True, False]})


def readme_root():
    """A project root with a README holding the markers, verdict tables and thumbnails."""
    from pathlib import Path

    from stoplib.workbook import readme
    root = Path(tmp_dir())
    (root / "data").mkdir()
    (root / "figures").mkdir()
    for notebook, (_, thumb) in readme.CHAPTERS.items():
        verdict_table(notebook).to_csv(root / "data" / f"{notebook}_verdicts.csv", index=False)
        (root / "figures" / thumb).write_bytes(b"\x89PNG\r\n\x1a\n")
    (root / "README.md").write_text(f"# x\n\n{readme.START}\n{readme.END}\n")
    return root


def tiny_notebook():
    import nbformat
    from pathlib import Path
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("x = 1")]
    path = Path(tmp_dir()) / "99_fuzz.ipynb"
    nbformat.write(nb, str(path))
    return path


def notebook_root():
    """A project root with notebooks/99_fuzz.ipynb."""
    import shutil
    from pathlib import Path
    root = Path(tmp_dir())
    (root / "notebooks").mkdir()
    shutil.copy(tiny_notebook(), root / "notebooks" / "99_fuzz.ipynb")
    return root


def notebook_run():
    from stoplib.workbook.runner import NotebookRun
    return [NotebookRun("01_x", 1.5, 2, 1)]


def controls():
    from stoplib.workbook import panel
    return {"a": panel.int_slider("a", 2, 0, 10)}


def render_function():
    from stoplib.workbook import panel

    def render(a):
        return panel.View(None, f"a = {a}")
    return render


def one_element_list(x=1):
    return [x]


# --- redblack ---
def rb_cuda_simulator(value=None):
    """Switch this worker's numba to its CUDA simulator (as ``NUMBA_ENABLE_CUDASIM=1`` would at
    start-up) and return ``value``: ``cuda_sweep`` is fuzzed in the simulator when no GPU is
    lent. numba reads the variable when ``numba.cuda`` is first imported, so a real
    ``numba.cuda`` already imported (``gpu_available()`` imports it) is dropped and imported
    again; nothing else in stoplib uses ``numba.cuda``."""
    import sys

    import numba
    from numba import config

    if not config.ENABLE_CUDASIM:
        os.environ["NUMBA_ENABLE_CUDASIM"] = "1"
        config.ENABLE_CUDASIM = 1
        for name in [m for m in sys.modules if m == "numba.cuda" or m.startswith("numba.cuda.")
                     or m == "stoplib.redblack._gpu_kernels"]:
            del sys.modules[name]
        if "cuda" in vars(numba):
            delattr(numba, "cuda")
        from stoplib.redblack import gpu
        gpu._kernel.cache_clear()
        import numba.cuda  # noqa: F401  (now the simulator)
    return value


def rb_frontier():
    """A small checkpoint frontier (``stoplib.redblack.checkpoint.Frontier``)."""
    import numpy as np

    from stoplib.redblack.checkpoint import Frontier
    return Frontier({"n_red": 3}, {"dt": 1, "complete": False},
                    {"rowbuf": np.arange(4.0), "bnd": np.zeros(0, dtype=np.int64)})


def rb_checkpoint(kind="good"):
    """A checkpoint file in a fresh temporary folder: ``good``, or spoilt in one way
    (``truncated``, ``flipped``, ``empty``, ``garbage``, ``header``, ``huge_header``,
    ``trailing``, ``folder``, ``missing``)."""
    from pathlib import Path

    from stoplib.redblack.checkpoint import write_checkpoint
    path = Path(tmp_dir()) / "run.ckpt"
    if kind == "folder":
        path.mkdir()
        return path
    if kind == "missing":
        return path
    write_checkpoint(path, rb_frontier())
    data = bytearray(path.read_bytes())
    if kind == "truncated":
        data = data[: len(data) // 2]
    elif kind == "flipped":
        data[-40] ^= 0x01
    elif kind == "empty":
        data = bytearray()
    elif kind == "garbage":
        data = bytearray(b"\x00\xff" * 100)
    elif kind == "header":
        start = data.index(b"{")
        data[start: start + 1] = b"["
    elif kind == "huge_header":
        data[28:36] = (2**62).to_bytes(8, "little")
    elif kind == "trailing":
        data += b"more"
    path.write_bytes(bytes(data))
    return path

