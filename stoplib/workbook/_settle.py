"""What a rerun changes without changing what a notebook shows, taken out before it is saved (private:
:func:`stoplib.workbook.runner.execute_notebook` calls :func:`settle`).

A rerun that computes the same results must leave the committed notebook byte for byte as it was:
only timings may change, and the notebooks that show them. Run to run, an executed notebook still
differs in its cells' timestamps, in memory addresses inside reprs, in the random ids of styled
tables and widgets, and in how the kernel split a cell's printing into messages; and JupyterLab
strips the ``<style>`` blocks of a notebook it does not trust, so a styled table's look goes unless
it is written on its cells.
"""
from __future__ import annotations

import re

from ..util.validate import check_str

__all__ = []

#: A repr that names a memory address (``<pandas.io.formats.style.Styler at 0x7f26fc180910>``).
_ADDRESS = re.compile(r" at 0x[0-9a-f]+>")
#: The random id pandas gives a styled table (``<table id="T_db0af">`` and its CSS rules).
_STYLER_ID = re.compile(r'<table id="T_([0-9a-f]{5})"')
_WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
_WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def settle(nb, name: str):
    """Take out of an executed notebook what changes from run to run without changing what it shows.

    A rerun that computes the same results must leave the committed notebook byte for byte as it
    was (only timings may change, and the notebooks that show them), so after execution:

    - the cells' execution timestamps (``metadata.execution``) are removed;
    - a plain-text repr's memory address is dropped (``<...Styler at 0x7f...>`` → ``<...Styler>``);
    - each styled table's random id (``T_db0af``) becomes one named by its place: ``T_c7o0t0``
      (cell 7, output 0, table 0), unique in the notebook;
    - each widget's random model id becomes one drawn from ``name`` and its order of appearance,
      in the outputs and in the saved widget state alike.

    ``nb`` is changed in place and returned.

    Examples
    --------
    >>> import nbformat
    >>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("x")])
    >>> nb.cells[0].outputs = [nbformat.v4.new_output("execute_result", execution_count=1, data={
    ...     "text/html": '<table id="T_1a2b3">#T_1a2b3_row0', "text/plain": "<Styler at 0x7f00>"})]
    >>> out = settle(nb, "01_demo").cells[0].outputs[0].data
    >>> out["text/html"], out["text/plain"]
    ('<table id="T_c1o0t0">#T_c1o0t0_row0', '<Styler>')
    """
    import json
    import uuid

    import nbformat

    check_str("name", name, 200, allow_empty=False)
    widget_ids = []
    for number, cell in enumerate(nb.cells, 1):
        cell.get("metadata", {}).pop("execution", None)
        if cell.get("outputs"):
            cell.outputs = _merge_streams(cell.outputs)
        for k, output in enumerate(cell.get("outputs", [])):
            data = output.get("data", {})
            if isinstance(data.get("text/plain"), str):
                data["text/plain"] = _ADDRESS.sub(">", data["text/plain"])
            html_text = data.get("text/html")
            if isinstance(html_text, str):
                for t, old in enumerate(dict.fromkeys(_STYLER_ID.findall(html_text))):
                    html_text = html_text.replace(f"T_{old}", f"T_c{number}o{k}t{t}")
                data["text/html"] = _inline_styles(html_text)
            view = data.get(_WIDGET_VIEW)
            if isinstance(view, dict) and view.get("model_id"):
                widget_ids.append(view["model_id"])
    state = nb.get("metadata", {}).get("widgets", {}).get(_WIDGET_STATE, {}).get("state", {})
    widget_ids += list(state)
    renames = {old: uuid.uuid5(uuid.NAMESPACE_URL, f"stoplib/{name}/{k}").hex
               for k, old in enumerate(dict.fromkeys(widget_ids))}
    if renames:
        text = json.dumps(nb)
        for old, new in renames.items():
            text = text.replace(old, new)
        nb.clear()
        nb.update(nbformat.from_dict(json.loads(text)))
    return nb


def _merge_streams(outputs: list) -> list:
    """Consecutive printed outputs of one stream as one: how the kernel splits a cell's printing
    into messages depends on how long the cell runs between prints, not on what it prints.

    Examples
    --------
    >>> import nbformat
    >>> out = [nbformat.v4.new_output("stream", name="stdout", text="a\\n"),
    ...        nbformat.v4.new_output("stream", name="stdout", text="b\\n")]
    >>> [o.text for o in _merge_streams(out)]
    ['a\\nb\\n']
    """
    merged = []
    for output in outputs:
        last = merged[-1] if merged else None
        if (output.get("output_type") == "stream" and last is not None and last.get("output_type") == "stream"
                and last.get("name") == output.get("name")):
            last["text"] = last.get("text", "") + output.get("text", "")
        else:
            merged.append(output)
    return merged


_STYLE_BLOCK = re.compile(r'<style type="text/css">(.*?)</style>', re.S)
_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
_ID_TAG = re.compile(r'<(td|th|tr|table|caption)\b([^>]*?)\bid="([^"]+)"([^>]*)>')


def _inline_styles(html_text: str) -> str:
    """A styled table's CSS copied onto its cells as ``style`` attributes, the ``<style>`` block kept.

    JupyterLab strips ``<style>`` elements from the outputs of a notebook it does not trust, which
    is every notebook a reader opens before running it, and a styled table then loses its
    colours and alignment (a verdict table its blue and orange); inline styles survive. Rules
    are applied in their order, so a later one still wins.

    Examples
    --------
    >>> html = ('<style type="text/css">#T_a th {text-align: left;} #T_a_row0_col0 {color: white;}</style>'
    ...         '<table id="T_a"><tr><th id="T_a_level0_col0" class="col_heading">A</th></tr>'
    ...         '<tr><td id="T_a_row0_col0" class="data">1</td></tr></table>')
    >>> out = _inline_styles(html)
    >>> 'id="T_a_row0_col0" class="data" style="color: white"' in out, 'style="text-align: left"' in out
    (True, True)
    >>> 'id="T_a_row0_col0" class="data" style="text-align: left"' in _inline_styles(
    ...     html.replace("#T_a_row0_col0 {color: white;}", "#T_a td.col0 {text-align: left;}"))
    True
    """
    block = _STYLE_BLOCK.search(html_text)
    if block is None:
        return html_text
    by_id, th_of, column_of = {}, {}, {}
    for selectors, body in _RULE.findall(block.group(1)):
        props = "; ".join(p.strip() for p in body.split(";") if p.strip())
        if not props:
            continue
        for selector in (x.strip() for x in selectors.split(",")):
            if re.fullmatch(r"#[\w-]+", selector):
                by_id.setdefault(selector[1:], []).append(props)
            elif re.fullmatch(r"#[\w-]+ th", selector):
                th_of.setdefault(selector[1:-3], []).append(props)
            elif re.fullmatch(r"#[\w-]+ td\.col\d+", selector):
                table, column = selector[1:].split(" td.")
                column_of.setdefault((table, column), []).append(props)
    if not by_id and not th_of and not column_of:
        return html_text

    def styled(match):
        tag, before, ident, after = match.groups()
        props = [p for table, rules in th_of.items() if tag == "th" and ident.startswith(f"{table}_") for p in rules]
        props += [p for (table, column), rules in column_of.items()
                  if tag == "td" and ident.startswith(f"{table}_") and ident.endswith(f"_{column}") for p in rules]
        props += by_id.get(ident, [])
        if not props or "style=" in before + after:
            return match.group(0)
        return f'<{tag}{before}id="{ident}"{after.rstrip()} style="{"; ".join(props)}">'

    head, tail = html_text[:block.end()], html_text[block.end():]
    return head + _ID_TAG.sub(styled, tail)
