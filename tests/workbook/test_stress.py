"""The short stall test of CI: a small widget notebook, 3 times, with both cores loaded.

The stall it guards against (jupyter/nbclient issue 312) needs only a cell that displays
ipywidgets while the shell channel is polled: the notebook here displays three workbook
panels (slider, text box, dropdown, Save button and a figure, like the chapters' panels),
an ipywidgets Output widget written from a callback, and a plain figure, in 8 cells, so
three runs under load take seconds rather than the minutes of a chapter notebook.
``make stress`` runs the long version (every chapter's widget notebook, 20 times each).
"""
import nbformat
import pytest

from stoplib.workbook.stress import stress

CELLS = [
    "import ipywidgets as widgets\nfrom stoplib.workbook import panel as P, style",
    "def render(a, b):\n    fig, ax = style.figure(figsize=(3, 2))\n    ax.plot([0, 1], [a, b])\n"
    "    return P.View(fig, f'sum = {a + b}')",
    "P.Panel({'a': P.int_slider('a', 2, 0, 10), 'b': P.int_box('b', 3, 0, 20)}, render, notebook='99_stress',"
    " name='one')",
    "P.Panel({'a': P.int_slider('a', 5, 0, 10), 'b': P.dropdown('b', [1, 2, 3], 2)}, render, notebook='99_stress',"
    " name='two')",
    "out = widgets.Output()\nwith out:\n    print('written from inside an Output widget')\nout",
    "slider = widgets.IntSlider(3)\nlabel = widgets.Label()\n"
    "slider.observe(lambda change: setattr(label, 'value', str(change['new'])), names='value')\n"
    "slider.value = 7\nwidgets.VBox([slider, label])",
    "P.Panel({'a': P.int_slider('a', 1, 0, 10), 'b': P.text_box('b', '4')}, lambda a, b: render(a, int(b)),"
    " notebook='99_stress', name='three')",
    "fig, ax = style.figure(figsize=(3, 2))\n_ = ax.plot([1, 2, 3])\nstyle.show(fig)",
]


@pytest.mark.notebook
def test_widget_notebook_reruns_never_stall_under_load(capsys, tmp_path):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source) for source in CELLS]
    path = tmp_path / "99_widget_stress.ipynb"
    nbformat.write(nb, str(path))
    result = stress([path], repeat=3, load=2, bound=120)
    assert result.ok, result.table() + "\n" + capsys.readouterr().out
    assert len(result.seconds[path.stem]) == 3
