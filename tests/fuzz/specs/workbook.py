"""Fuzz specs of stoplib.workbook: configuration, export, style, panels, prose, runner, README."""
from harness import Make, Spec

FIG = Make("factories.figure")
TMP = Make("factories.tmp_dir")

SPECS = [
    # config
    Spec("stoplib.workbook.config.is_quick"),
    Spec("stoplib.workbook.config.pick", kwargs=dict(full=10, quick=1)),
    Spec("stoplib.workbook.config.project_root"),
    Spec("stoplib.workbook.config.output_root"),
    Spec("stoplib.workbook.config.figures_dir"),
    Spec("stoplib.workbook.config.data_dir"),
    # export
    Spec("stoplib.workbook.export.save_figure",
         kwargs=dict(fig=FIG, notebook="99_fuzz", name="f", formats=("png",), dpi=40)),
    Spec("stoplib.workbook.export.save_table", kwargs=dict(df=Make("factories.frame"), name="t", index=False)),
    Spec("stoplib.workbook.export.load_table", kwargs=dict(name=Make("factories.saved_table_name"))),
    # style
    Spec("stoplib.workbook.style.apply"),
    Spec("stoplib.workbook.style.context"),
    Spec("stoplib.workbook.style.styled", kwargs=dict(fn=Make("factories.noop_function"))),
    Spec("stoplib.workbook.style.figure", kwargs=dict(nrows=1, ncols=2, figsize=(4, 3), squeeze=True)),
    Spec("stoplib.workbook.style.small_text", kwargs=dict(fig=FIG, min_pt=8.0)),
    Spec("stoplib.workbook.style.png_bytes", kwargs=dict(fig=FIG, dpi=40)),
    Spec("stoplib.workbook.style.show", kwargs=dict(fig=FIG, dpi=40)),
    # progress bars
    Spec("stoplib.workbook.progressbar.enabled"),
    Spec("stoplib.workbook.progressbar.progress", kwargs=dict(iterable=(1, 2), total=2, desc="x", disable=True)),
    # prose
    Spec("stoplib.workbook.prose.money", kwargs=dict(amount=2.62, digits=2, sign=False, thousands=True)),
    Spec("stoplib.workbook.prose.number", kwargs=dict(value=1234.5, digits=1, thousands=True)),
    Spec("stoplib.workbook.prose.percent", kwargs=dict(fraction=0.184, digits=1)),
    Spec("stoplib.workbook.prose.plain", kwargs=dict(text="<b>$</b>1")),
    Spec("stoplib.workbook.prose.escape", kwargs=dict(text="a <b> costs $3")),
    Spec("stoplib.workbook.prose.md", kwargs=dict(text="**bold**")),
    # panels
    Spec("stoplib.workbook.panel.slug", kwargs=dict(values={"n": 3})),
    Spec("stoplib.workbook.panel.int_slider", kwargs=dict(description="red", value=26, min=0, max=300, step=1,
                                                          continuous_update=False, width="20em")),
    Spec("stoplib.workbook.panel.float_slider", kwargs=dict(description="p", value=0.5, min=0.0, max=1.0, step=0.1,
                                                            continuous_update=False, readout_format=".2f",
                                                            width="20em")),
    Spec("stoplib.workbook.panel.int_box", kwargs=dict(description="decks", value=6, min=1, max=8, width="8em")),
    Spec("stoplib.workbook.panel.float_box", kwargs=dict(description="x", value=0.5, min=0.0, max=1.0,
                                                         width="8em")),
    Spec("stoplib.workbook.panel.dropdown", kwargs=dict(description="d", options=["a", "b"], value="a")),
    Spec("stoplib.workbook.panel.text_box", kwargs=dict(description="deck", value="Ah Kd", width="20em",
                                                        placeholder="")),
    Spec("stoplib.workbook.panel.toggle", kwargs=dict(description="t", value=True)),
    Spec("stoplib.workbook.panel.View", kwargs=dict(figure=None, readout="x")),
    Spec("stoplib.workbook.panel.Panel", kwargs=dict(controls=Make("factories.controls"),
                                                     render=Make("factories.render_function"),
                                                     notebook="99_fuzz", name="p", title="", buttons=(),
                                                     save=True, dpi=40)),
    # runner (each accepted call runs a one-cell notebook in a fresh kernel: few examples)
    Spec("stoplib.workbook.runner.cell_limit", kwargs=dict(quick=True)),
    Spec("stoplib.workbook.runner.notebook_paths", kwargs=dict(root=Make("factories.notebook_root"))),
    Spec("stoplib.workbook.runner.format_summary", kwargs=dict(rows=Make("factories.notebook_run"))),
    Spec("stoplib.workbook.runner.execute_notebook",
         kwargs=dict(path=Make("factories.tiny_notebook"), quick=True, timeout=60, output_dir=TMP, save_to=None,
                     kernel_name="python3", on_cell=None, poll_log=None),
         fuzz=("path", "quick", "timeout", "output_dir", "save_to", "kernel_name", "on_cell", "poll_log"),
         max_examples=5),
    Spec("stoplib.workbook.runner.run_notebooks",
         kwargs=dict(paths=[], quick=True, timeout=60, output_dir=TMP, stream=None), max_examples=5),
    Spec("stoplib.workbook.stress.stress",
         kwargs=dict(paths=[], repeat=1, load=0, bound=30.0, client="bounded", stream=None), max_examples=5),
    # README
    Spec("stoplib.workbook.readme.check_verdicts", kwargs=dict(table=Make("factories.verdict_table"), notebook=None)),
    Spec("stoplib.workbook.readme.load_verdicts", kwargs=dict(root=Make("factories.readme_root"))),
    Spec("stoplib.workbook.readme.render_block", kwargs=dict(root=Make("factories.readme_root"))),
    Spec("stoplib.workbook.readme.chapters", kwargs=dict(root=Make("factories.readme_root"))),
    Spec("stoplib.workbook.readme.thumbnail", kwargs=dict(notebook="04_increasing_fields", width=20,
                                                          root=Make("factories.readme_root"))),
    Spec("stoplib.workbook.readme.update_readme", kwargs=dict(root=Make("factories.readme_root"), check=True)),
]

EXEMPT = {
    "stoplib.workbook.runner.NotebookError": "an exception class, raised by the runner with what failed",
    "stoplib.workbook.runner.NotebookRun": "a result record built by run_notebooks (one line of the summary)",
    "stoplib.workbook.stress.StressResult": "a result record built by stress() (runs and failures)",
}
