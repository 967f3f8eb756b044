"""Execute the workbook's notebooks headless (``make workbook`` and the tests).

Executing means really executing: every cell runs in a fresh kernel through
nbclient, and any error cell raises. In full mode the executed notebook, with
its outputs, is written back in place; in quick mode (``STOPLIB_QUICK=1``) it is
not, unless ``save_to`` is given.

Command line::

    python -m stoplib.notebooks run --mode full            # every notebook
    python -m stoplib.notebooks run --mode quick 01 04     # those whose name starts 01 or 04
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from contextlib import contextmanager
from pathlib import Path

from .config import OUTPUT_ENV, QUICK_ENV, project_root


def notebook_paths(root: Path | None = None) -> list[Path]:
    """All ``notebooks/NN_*.ipynb`` files, in order."""
    folder = (root or project_root()) / "notebooks"
    return sorted(p for p in folder.glob("[0-9][0-9]_*.ipynb") if ".ipynb_checkpoints" not in p.parts)


@contextmanager
def _environ(**values):
    old = {k: os.environ.get(k) for k in values}
    try:
        for k, v in values.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = str(v)
        yield
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def execute_notebook(path, quick: bool = True, timeout: int | None = None,
                     output_dir=None, save_to=None, kernel_name: str = "python3"):
    """Execute one notebook top to bottom and return the executed ``NotebookNode``.

    Parameters
    ----------
    path : str or Path
        The ``.ipynb`` file.
    quick : bool
        Run in quick mode (sets ``STOPLIB_QUICK=1`` for the kernel).
    timeout : int or None
        Per-cell timeout in seconds (None: no limit).
    output_dir : str or Path or None
        Where figures/ and data/ go (``STOPLIB_OUTPUT_DIR``); None: the project root.
    save_to : str or Path or None
        Write the executed notebook here (full mode writes in place by default).
    kernel_name : str
        Jupyter kernel to use.

    Raises
    ------
    nbclient.exceptions.CellExecutionError
        If any cell raises.
    """
    import nbformat
    from nbclient import NotebookClient

    path = Path(path)
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb, timeout=timeout, kernel_name=kernel_name, allow_errors=False,
        resources={"metadata": {"path": str(path.parent)}},
    )
    env = {QUICK_ENV: "1" if quick else "0", "STOPLIB_PROGRESS": "0" if quick else None,
           "MPLBACKEND": "module://matplotlib_inline.backend_inline"}
    if output_dir is not None:
        env[OUTPUT_ENV] = str(Path(output_dir).resolve())
    with _environ(**env):
        client.execute()
    if save_to is not None:
        nbformat.write(nb, str(save_to))
    return nb


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m stoplib.notebooks", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="cmd", required=True)
    run = sub.add_parser("run", help="execute notebooks headless")
    run.add_argument("--mode", choices=("full", "quick"), default="full")
    run.add_argument("--timeout", type=int, default=None, help="per-cell timeout in seconds")
    run.add_argument("prefixes", nargs="*", help="only notebooks whose file name starts with one of these")
    args = parser.parse_args(argv)

    paths = notebook_paths()
    if args.prefixes:
        paths = [p for p in paths if any(p.name.startswith(x) for x in args.prefixes)]
    if not paths:
        print("no notebooks matched", file=sys.stderr)
        return 1
    quick = args.mode == "quick"
    output_dir = None
    if quick and not os.environ.get(OUTPUT_ENV):
        # a quick run must never overwrite the full-mode figures/ and data/
        import tempfile
        output_dir = tempfile.mkdtemp(prefix="stoplib-quick-")
        print(f"quick mode: figures and tables go to {output_dir}", flush=True)
    failed = []
    for path in paths:
        start = time.perf_counter()
        print(f"[{args.mode}] {path.name} ...", flush=True)
        try:
            execute_notebook(path, quick=quick, timeout=args.timeout, output_dir=output_dir,
                             save_to=None if quick else path)
        except Exception as exc:  # report every failing notebook, then fail
            failed.append(path.name)
            print(f"  FAILED after {time.perf_counter() - start:.1f} s: {type(exc).__name__}: "
                  f"{str(exc)[-2000:]}", file=sys.stderr, flush=True)
            continue
        print(f"  ok in {time.perf_counter() - start:.1f} s", flush=True)
    if failed:
        print(f"{len(failed)} notebook(s) failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
