"""Interactive panels for the notebooks: controls, a readout, a figure, a message, a Save button.

Every game's ``widgets.py`` builds its panels from :class:`Panel` and the control
helpers here, so that all panels behave the same way:

- the figure is drawn on an explicit ``Figure`` (:func:`stoplib.workbook.style.figure`)
  and sent as a complete PNG image (never through pyplot's global state);
- a request out of range or refused by the API is shown as a message, and nothing
  is clamped: a control built with a value outside its range raises ``ValueError``;
- a "Save figure" button writes PNG, SVG and PDF through the one export helper,
  named after the panel's parameters, and says where it wrote;
- a saved notebook opened without a running kernel (or untrusted, as a fresh clone
  is) shows a static picture of the panel and a one-line hint, not widget repr text.

The DOM classes ``stoplib-panel``, ``stoplib-readout``, ``stoplib-figure`` and
``stoplib-message`` let the browser test find the parts.
"""
from __future__ import annotations

import html
import re
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable

import ipywidgets as widgets

from ..util.validate import check_bool, check_callable, check_int, check_real, check_str
from .export import _NAME, FORMATS, save_figure
from .style import COLORS, png_bytes

__all__ = ["DRAW_LOCK", "View", "Panel", "int_slider", "float_slider", "int_box", "float_box", "dropdown",
           "text_box", "toggle", "slug", "HINT"]

#: One lock for every panel: ipykernel 7 may handle widget messages on several threads
#: ("subshells"), and two redraws (or a redraw and a save) of shared state at once can
#: send a blank or cropped picture. Reading the controls, rendering, showing and saving
#: happen under this lock.
DRAW_LOCK = threading.RLock()

#: What a reader sees in place of a panel when no kernel runs it.
HINT = "A picture of an interactive panel: run the notebook (Run > Run All Cells) to use its controls."

_SLUG = re.compile(r"[^A-Za-z0-9_.-]+")
_TAGS = re.compile(r"<[^>]+>")


@dataclass
class View:
    """What a panel shows for one set of control values.

    Attributes
    ----------
    figure : matplotlib.figure.Figure or None
        The picture (drawn on an explicit Figure), or None for a text-only panel.
    readout : str
        One line of HTML with the key numbers (the browser test reads it).
    """

    figure: object = None
    readout: str = ""

    def __post_init__(self):
        from matplotlib.figure import Figure

        if self.figure is not None and not isinstance(self.figure, Figure):
            raise TypeError(f"figure must be a matplotlib Figure or None, got {type(self.figure).__name__}")
        check_str("readout", self.readout, 10_000)


def slug(values: dict) -> str:
    """A file-name stem from control values: ``{"n_red": 29, "n_black": 26}`` -> ``"n_red29-n_black26"``.

    Examples
    --------
    >>> slug({"n_red": 29, "n_black": 26})
    'n_red29-n_black26'
    >>> slug({"deck": "2c 3d/x"})
    'deck2c_3d_x'
    """
    if not isinstance(values, dict):
        raise TypeError(f"values must be a dict of control values, got {type(values).__name__}")
    parts = []
    for key, value in values.items():
        if isinstance(value, float):
            value = f"{value:g}"
        parts.append(_SLUG.sub("_", f"{key}{value}").strip("_"))
    return "-".join(parts)[:120] or "panel"


def _check_width(width):
    check_str("width", width, 40)
    if not re.fullmatch(r"\d+(\.\d+)?(em|px|%|ex|rem)", width):
        raise ValueError(f"width must be a CSS length such as '12em' or '200px', got {width!r}")
    return width


def _layout(description: str, width: str) -> widgets.Layout:
    """A layout whose ``width`` is that of the input itself: the label's width is added to it,
    so a long description never squeezes the box (a 2-digit count must show 2 digits)."""
    if width.endswith("em") and not width.endswith("rem"):
        total = float(width[:-2]) + 0.62 * len(description) + 1.0
        width = f"{total:.1f}em"
    return widgets.Layout(width=width)


def _check_range(description, value, low, high, integer=False):
    check_str("description", description, 80)
    check = check_int if integer else check_real
    low = check("min", low)
    high = check("max", high)
    if low > high:
        raise ValueError(f"min must be <= max, got {low} > {high}")
    value = check(description or "value", value)
    if not (low <= value <= high):
        raise ValueError(f"{description} must be in {low}..{high}, got {value}")
    return value, low, high


def int_slider(description: str, value: int, min: int, max: int, step: int = 1,
               continuous_update: bool = False, width: str = "20em") -> widgets.IntSlider:
    """An ``IntSlider`` that refuses a starting value outside ``min..max`` (no silent clamp).

    Examples
    --------
    >>> int_slider("red", 26, 0, 300).value
    26
    >>> int_slider("red", 400, 0, 300)
    Traceback (most recent call last):
    ...
    ValueError: red must be in 0..300, got 400
    """
    value, min, max = _check_range(description, value, min, max, integer=True)
    step = check_int("step", step, 1, max - min if max > min else 1)
    continuous_update = check_bool("continuous_update", continuous_update)
    width = _check_width(width)
    return widgets.IntSlider(value=value, min=min, max=max, step=step, description=description,
                             continuous_update=continuous_update, style={"description_width": "initial"},
                             layout=_layout(description, width))


def float_slider(description: str, value: float, min: float, max: float, step: float,
                 continuous_update: bool = False, readout_format: str = ".2f",
                 width: str = "20em") -> widgets.FloatSlider:
    """A ``FloatSlider`` that refuses a starting value outside ``min..max``."""
    value, min, max = _check_range(description, value, min, max)
    step = check_real("step", step, 0.0)
    if not 0 < step <= (max - min if max > min else 1.0):
        raise ValueError(f"step must be in (0, max - min], got {step:g}")
    continuous_update = check_bool("continuous_update", continuous_update)
    check_str("readout_format", readout_format, 20)
    try:
        format(0.5, readout_format)
    except ValueError:
        raise ValueError(f"readout_format must be a format spec such as '.2f', got {readout_format!r}") from None
    width = _check_width(width)
    return widgets.FloatSlider(value=value, min=min, max=max, step=step, description=description,
                               continuous_update=continuous_update, readout_format=readout_format,
                               style={"description_width": "initial"}, layout=_layout(description, width))


class _Bounded:
    """Mixin: a text box that remembers its valid range; the panel checks it on every change."""

    bounds: tuple = (None, None)


class _IntBox(widgets.IntText, _Bounded):
    pass


class _FloatBox(widgets.FloatText, _Bounded):
    pass


def int_box(description: str, value: int, min: int, max: int, width: str = "7em") -> widgets.IntText:
    """A whole-number text box with a valid range. Unlike ``BoundedIntText`` it never clamps:
    a value typed outside ``min..max`` makes the panel show a message instead. ``width``
    is the width of the box itself (in ``em``, the label's width is added).

    Examples
    --------
    >>> box = int_box("decks", 6, 1, 8)
    >>> box.value, box.bounds
    (6, (1, 8))
    """
    value, min, max = _check_range(description, value, min, max, integer=True)
    width = _check_width(width)
    box = _IntBox(value=value, description=description, style={"description_width": "initial"},
                  layout=_layout(description, width))
    box.bounds = (min, max)
    return box


def float_box(description: str, value: float, min: float, max: float, width: str = "8em") -> widgets.FloatText:
    """A number text box with a valid range (see :func:`int_box`)."""
    value, min, max = _check_range(description, value, min, max)
    width = _check_width(width)
    box = _FloatBox(value=value, description=description, style={"description_width": "initial"},
                    layout=_layout(description, width))
    box.bounds = (min, max)
    return box


def dropdown(description: str, options, value) -> widgets.Dropdown:
    """A ``Dropdown`` whose starting value must be one of ``options``.

    ``options`` is a sequence of values or of ``(label, value)`` pairs.
    """
    check_str("description", description, 80)
    if isinstance(options, (str, bytes)) or not isinstance(options, (list, tuple)):
        raise TypeError(f"options must be a list or tuple, got {type(options).__name__}")
    options = list(options)
    if not options or len(options) > 10_000:
        raise ValueError(f"options must hold 1..10000 choices, got {len(options)}")
    values = [o[1] if isinstance(o, tuple) and len(o) == 2 else o for o in options]
    try:
        found = any(value is v or (type(value) is type(v) and value == v) for v in values)
    except Exception:  # noqa: BLE001 - an uncomparable value is simply not an option
        found = False
    if not found:
        raise ValueError(f"{description} must be one of {values}, got {value!r}")
    return widgets.Dropdown(options=options, value=value, description=description,
                            style={"description_width": "initial"})


def text_box(description: str, value: str, width: str = "32em", placeholder: str = "") -> widgets.Text:
    """A free-text box (cards, decks); the panel's render function parses and checks it."""
    check_str("description", description, 80)
    check_str(description or "value", value, 10_000)
    check_str("placeholder", placeholder, 200)
    width = _check_width(width)
    return widgets.Text(value=value, description=description, placeholder=placeholder,
                        continuous_update=False, style={"description_width": "initial"},
                        layout=_layout(description, width))


def toggle(description: str, value: bool) -> widgets.Checkbox:
    """A check box; the starting value must be a bool."""
    check_str("description", description, 80)
    value = check_bool(description or "value", value)
    return widgets.Checkbox(value=value, description=description, indent=False)


class Panel(widgets.VBox):
    """Controls, a readout line, a figure, a message line and a "Save figure" button.

    The panel computes once per interaction: ``render`` computes one result and hands it
    to both the readout and the plot (the ``View`` it returns holds both), so nothing is
    computed twice for one redraw.

    Parameters
    ----------
    controls : dict
        Keyword name -> control widget; ``render`` is called with these keywords.
    render : callable
        ``render(**values) -> View``. It may raise ``ValueError``/``TypeError`` for a
        request it refuses; the panel then shows the message and keeps its last picture.
    notebook, name : str
        Saved figures are named ``<notebook>-<name>-<parameters>``.
    title : str
        A heading shown above the controls.
    buttons : sequence of ipywidgets widgets
        Extra widgets for the button row, before the Save button (buttons, menus); their
        handlers call :meth:`refresh` or :meth:`show`.
    above : sequence of ipywidgets widgets
        Widgets shown between the button row and the readout (a game board).
    save : bool
        Whether the panel has a Save button (panels without a figure do not).
    dpi : int
        Resolution of the figure shown (and of the static picture).
    settings : callable, optional
        ``settings(values) -> str``: the settings line of the static picture (default:
        ``label = value`` for every control).
    stem : callable, optional
        ``stem(values) -> str``: the file-name stem of a saved figure, after the panel's
        name (default: :func:`slug` of the values shown).

    Notes
    -----
    Redraws and saves of every panel take turns under :data:`DRAW_LOCK`. A redraw renders
    the new picture before it changes anything on screen, and sets the readout last, so
    whoever sees a new readout (a reader, the browser test) also sees its picture. A saved
    figure is named after the values it shows, never after a refused request.
    """

    def __init__(self, controls: dict, render: Callable[..., View], *, notebook: str, name: str,
                 title: str = "", buttons=(), above=(), save: bool = True, dpi: int = 100,
                 settings: Callable | None = None, stem: Callable | None = None):
        if not isinstance(controls, dict):
            raise TypeError(f"controls must be a dict of name -> widget, got {type(controls).__name__}")
        if not controls or not all(isinstance(k, str) and k.isidentifier() for k in controls):
            raise ValueError("controls must map 1 or more keyword names to widgets")
        bad = [k for k, c in controls.items() if not isinstance(c, widgets.ValueWidget)]
        if bad:
            raise TypeError(f"controls {bad} are not ipywidgets value widgets")
        check_callable("render", render)
        for label, text in (("notebook", notebook), ("name", name)):
            check_str(label, text, 120)
            if not _NAME.match(text):
                raise ValueError(f"{label} must be a plain file-name stem (letters, digits, _ . -), got {text!r}")
        check_str("title", title, 500)
        for label, group in (("buttons", buttons), ("above", above)):
            if not isinstance(group, (list, tuple)) or not all(isinstance(b, widgets.DOMWidget) for b in group):
                raise TypeError(f"{label} must be a list or tuple of ipywidgets widgets")
        save = check_bool("save", save)
        dpi = check_int("dpi", dpi, 20, 300)
        for label, fn in (("settings", settings), ("stem", stem)):
            if fn is not None:
                check_callable(label, fn)
        self.controls = controls
        self.render = render
        self.notebook = notebook
        self.name = name
        self.dpi = dpi
        self._settings = settings
        self._stem = stem
        self.figure = None
        self._held = 0
        self.view = View()
        self.shown_values: dict = {}
        self.saved: list = []
        self.readout = widgets.HTML(value="")
        self.readout.add_class("stoplib-readout")
        self.image = widgets.Image(format="png", layout=widgets.Layout(max_width="100%", height="auto"))
        self.image.add_class("stoplib-figure")
        self.message = widgets.HTML(value="")
        self.message.add_class("stoplib-message")
        self.save_button = widgets.Button(description="Save figure", icon="download",
                                          tooltip="Write PNG, SVG and PDF to figures/")
        self.save_button.on_click(lambda _: self.save())
        row = list(buttons) + ([self.save_button] if save else [])
        children = []
        if title:
            children.append(widgets.HTML(value=f"<b>{html.escape(title)}</b>"))
        children.append(widgets.HBox(list(controls.values()),
                                     layout=widgets.Layout(flex_flow="row wrap")))
        if row:
            children.append(widgets.HBox(row, layout=widgets.Layout(flex_flow="row wrap")))
        children += [*above, self.readout, self.message, self.image]
        super().__init__(children=children)
        self.add_class("stoplib-panel")
        for control in controls.values():
            control.observe(lambda change: self.refresh(), names="value")
        self.refresh()

    # -- state -----------------------------------------------------------------------------
    def values(self) -> dict:
        """The current control values, by keyword."""
        return {key: control.value for key, control in self.controls.items()}

    def _check_bounds(self, values):
        for key, control in self.controls.items():
            low, high = getattr(control, "bounds", (None, None))
            if low is None:
                continue
            value = values[key]
            if not (low <= value <= high):
                label = control.description or key
                raise ValueError(f"{label} must be in {low}..{high}, got {value}")

    def refuse(self, exc) -> bool:
        """Show a refused request as a message; the picture and the readout stay as they were."""
        self.message.value = (f'<span style="color:{COLORS["vermillion"]}">{html.escape(str(exc))}'
                              " (the picture below is unchanged)</span>")
        return False

    def refresh(self) -> bool:
        """Redraw for the current values; show a message instead when they are refused.

        Inside :meth:`hold` it does nothing (and returns False): the hold redraws once at its end.
        """
        with DRAW_LOCK:
            return False if self._held else self._refresh()

    @contextmanager
    def hold(self):
        """Set several controls with one redraw: inside, their changes do not redraw; one redraw at the end.

        Examples
        --------
        >>> panel = Panel({"k": int_box("k", 1, 0, 9)}, lambda k: View(readout=f"k = {k}"), notebook="00_demo",
        ...               name="demo", save=False)
        >>> with panel.hold():
        ...     panel.controls["k"].value = 5
        ...     panel.readout.value
        'k = 1'
        >>> panel.readout.value
        'k = 5'
        """
        with DRAW_LOCK:
            self._held += 1
            try:
                yield self
            finally:
                self._held -= 1
            if not self._held:
                self._refresh()

    def _refresh(self) -> bool:
        values = self.values()
        try:
            self._check_bounds(values)
            view = self.render(**values)
            if not isinstance(view, View):
                raise TypeError(f"render must return a View, got {type(view).__name__}")
        except (ValueError, TypeError) as exc:
            return self.refuse(exc)
        self._show(view)
        self.shown_values = values
        return True

    def show(self, view: View) -> None:
        """Display ``view`` (used by :meth:`refresh` and by extra buttons)."""
        if not isinstance(view, View):
            raise TypeError(f"render must return a View, got {type(view).__name__}")
        with DRAW_LOCK:
            self._show(view)

    def _show(self, view: View) -> None:
        png = png_bytes(view.figure, dpi=self.dpi) if view.figure is not None else None  # before any change
        self.view = view
        self.figure = view.figure
        self.message.value = ""
        if png is not None:
            self.image.value = png
            self.image.layout.display = None
        else:
            self.image.layout.display = "none"
        self.readout.value = view.readout    # last: a new readout means its picture is shown

    def save(self) -> list:
        """Write the current figure as PNG, SVG and PDF; return the paths and say where."""
        with DRAW_LOCK:
            return self._save()

    def _save(self) -> list:
        if self.figure is None:
            self.message.value = "There is no figure to save."
            return []
        # named after what the picture shows: the values of the last successful render
        values = self.shown_values or self.values()
        stem = f"{self.name}-{self._stem(values) if self._stem else slug(values)}"
        self.saved = save_figure(self.figure, self.notebook, stem, formats=FORMATS)
        folder = self.saved[0].parent
        names = ", ".join(p.name for p in self.saved)
        self.message.value = f"Saved {html.escape(names)} in {html.escape(str(folder))}"
        return self.saved

    # -- the picture a reader sees without a kernel ------------------------------------------
    def settings_text(self) -> str:
        """The settings line of the static picture."""
        if self._settings is not None:
            return str(self._settings(self.values()))
        return "   ".join(f"{c.description or k} = {c.value}" for k, c in self.controls.items())

    def snapshot(self):
        """A static picture of the panel: its settings, its readout and the hint above its figure.

        Every line is wrapped to the picture's width (and re-wrapped narrower until it fits),
        the hint line sits above the figure, never under it, and the figure is placed pixel
        for pixel at the panel's resolution (render the snapshot at ``self.dpi``).
        """
        return _snapshot(self)

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs) or {}
        bundle["text/plain"] = HINT
        try:
            with DRAW_LOCK:
                bundle["image/png"] = png_bytes(self.snapshot(), dpi=self.dpi)
        except Exception:  # a picture is a courtesy; the live panel must still display
            pass
        return bundle


_LINE_EM = 1.45      # line height of the snapshot's text, in ems
_FONT = 9.0          # its size in points


def _snapshot(panel):
    import io
    import textwrap

    import matplotlib.image as mpimg
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    from .style import context

    has_image = panel.figure is not None
    if has_image:
        picture = mpimg.imread(io.BytesIO(png_bytes(panel.figure, dpi=panel.dpi)), format="png")
        pic_w, pic_h = picture.shape[1] / panel.dpi, picture.shape[0] / panel.dpi
    else:
        pic_w, pic_h = 6.0, 0.0
    width = max(pic_w, 6.0)
    readout = html.unescape(_TAGS.sub("", panel.view.readout or ""))
    texts = [(panel.settings_text(), {"family": "monospace"}), (readout, {}),
             (HINT, {"style": "italic", "color": COLORS["grey"]})]
    margin = 0.08                                           # inches either side of the text
    chars = max(int((width - 2 * margin) * 72 / (0.62 * _FONT)), 20)
    for _ in range(12):                                     # re-wrap narrower until every line fits
        blocks = [(textwrap.wrap(t, chars) or [""], extra) for t, extra in texts if t]
        n_lines = sum(len(b) for b, _ in blocks)
        line = _LINE_EM * _FONT / 72
        head_h = n_lines * line + 0.5 * line * (len(blocks) - 1) + 2 * margin
        with context():
            fig = Figure(figsize=(width, pic_h + head_h), dpi=panel.dpi)
            canvas = FigureCanvasAgg(fig)
            renderer = canvas.get_renderer()
            total_h = pic_h + head_h
            head = fig.add_axes((0, pic_h / total_h, 1, head_h / total_h))
            head.axis("off")
            y = head_h - margin
            fits = True
            for block, extra in blocks:
                for text in block:
                    t = head.text(margin / width, y / head_h, text, fontsize=_FONT, va="top",
                                  transform=head.transAxes, **extra)
                    t.set_in_layout(False)
                    fits &= t.get_window_extent(renderer).x1 <= fig.bbox.x1 - 1
                    y -= line
                y -= 0.5 * line
        if fits:
            break
        chars = int(chars * 0.9)
    if has_image:
        ax = fig.add_axes(((width - pic_w) / 2 / width, 0, pic_w / width, pic_h / total_h))
        ax.imshow(picture, interpolation="none", aspect="auto")
        ax.axis("off")
    return fig
