"""A small Sphinx extension for the workbook's site (loaded by site/_config.yml).

A notebook links to another chapter as ``NN_name.ipynb``. MyST turns such links in Markdown
cells into links to the chapter's page; links inside HTML *outputs* (the index's table of
chapters is one) are raw HTML, which Sphinx leaves alone. This rewrites, in every page, each
``href="NN_name.ipynb"`` (with or without an anchor) whose notebook is a page of the book
to ``href="NN_name.html"``, so every link between chapters opens the chapter's page. An
anchor is rewritten as Sphinx names sections: JupyterLab's ``#References`` (the heading's
text) becomes ``#references`` (lower case, runs of other characters as one hyphen).

It also leaves out the ipywidgets state MyST-NB would embed in each chapter's page (a script
of up to a few hundred kB that only ipywidgets' embed scripts read, and the site loads none:
each panel shows its static picture).
"""
import re

_LINK = re.compile(r'href="(?P<doc>[0-9][0-9]_[A-Za-z0-9_.-]+)\.ipynb(?P<anchor>#[^"]*)?"')


def _rewrite(app, pagename, templatename, context, doctree):
    body = context.get("body")
    if not body:
        return
    docs = app.env.all_docs

    def page(match):
        doc = match.group("doc")
        if doc not in docs:
            return match.group(0)
        anchor = match.group("anchor") or ""
        if anchor:
            anchor = "#" + re.sub(r"[^a-z0-9]+", "-", anchor[1:].lower()).strip("-")
        return f'href="{app.builder.get_relative_uri(pagename, doc)}{anchor}"'

    context["body"] = _LINK.sub(page, body)


def _drop_widget_state(app, env):
    for data in getattr(env, "nb_metadata", {}).values():
        data.get("js_files", {}).pop("ipywidgets_state", None)


def setup(app):
    app.connect("html-page-context", _rewrite)
    app.connect("env-updated", _drop_widget_state)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
