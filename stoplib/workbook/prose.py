"""Prose that cannot drift from the numbers, and currency that stays currency.

Two problems of notebook prose are solved here once:

1. **A dollar sign in Markdown.** JupyterLab typesets every ``$...$`` pair as TeX,
   even when written ``\\$`` or ``&#36;`` (MathJax scans the rendered page), so
   "+$1 ... $2.62" becomes run-together italics. What renders as a dollar sign in
   JupyterLab, nbviewer and GitHub alike is the HTML entity inside an element that
   MathJax is told to skip: ``<span class="tex2jax_ignore">&#36;</span>``
   (:data:`DOLLAR`). :func:`money` writes amounts that way.
2. **Numbers in sentences.** A sentence that quotes a computed number is rendered
   from the value (:func:`md`), with the same rounding as the table beside it.
3. **A star that is notation.** ``τ*`` and ``V*`` put an asterisk in prose, and an
   asterisk closes emphasis: ``*stop at τ* = 56*`` renders "stop at τ" in italics and
   a stray asterisk after it. :func:`markdown_problems` parses the Markdown as
   CommonMark does and names such slips; :func:`md` and :func:`caption` refuse a
   text that has one, and the notebook tests check every Markdown cell the same way.

Examples
--------
>>> money(2.624475549)
'<span class="tex2jax_ignore">&#36;</span>2.62'
>>> money(-1, digits=0, sign=True)
'−<span class="tex2jax_ignore">&#36;</span>1'
>>> plain(money(1, digits=0, sign=True))
'+$1'
"""
from __future__ import annotations

import html
import re

from ..util.validate import check_bool, check_int, check_real, check_str

__all__ = ["DOLLAR", "money", "escape", "plain", "md", "number", "percent", "scientific", "CAPTION", "caption",
           "markdown_problems", "READER_FACING"]

#: The callables whose result is meant for a reader (a sentence, a caption, a table, a figure, a
#: verdict table), by their dotted names. A notebook cell that computes one of these must show it:
#: as the cell's last expression or through ``display``. One that is followed by other statements,
#: printed, or kept in a name nobody reads is thrown away by Jupyter without a word;
#: ``tests/workbook/test_shown.py`` reads every notebook's code for such a value.
READER_FACING = (
    "stoplib.workbook.prose.md",
    "stoplib.workbook.prose.caption",
    "stoplib.workbook.tables.show",
    "stoplib.workbook.verdicts.styler",
    "stoplib.workbook.style.show",
    "IPython.display.Markdown",
    "IPython.display.HTML",
    "IPython.display.Image",
    "IPython.display.Latex",
)

#: A dollar sign that no Markdown renderer turns into mathematics.
DOLLAR = '<span class="tex2jax_ignore">&#36;</span>'

_TAGS = re.compile(r"<[^>]+>")


def _check_number(name, value):
    return check_real(name, value)


def money(amount, digits: int = 2, sign: bool = False, thousands: bool = True) -> str:
    """An amount of money for Markdown: ``$2.62``, ``+$1``, ``−$1``, ``$6,038.22``.

    Parameters
    ----------
    amount : real
        The amount in dollars.
    digits : int
        Decimals shown.
    sign : bool
        Show ``+`` for positive amounts (a minus sign is always shown).
    thousands : bool
        Group thousands with commas.
    """
    amount = _check_number("amount", amount)
    digits = check_int("digits", digits, 0, 15)
    sign = check_bool("sign", sign)
    thousands = check_bool("thousands", thousands)
    magnitude = f"{abs(float(amount)):{',' if thousands else ''}.{int(digits)}f}"
    negative = float(amount) < 0 and float(magnitude.replace(",", "")) != 0
    prefix = "−" if negative else ("+" if sign and float(amount) > 0 else "")
    return f"{prefix}{DOLLAR}{magnitude}"


def escape(text: str) -> str:
    """Plain text made safe for Markdown or HTML: ``<``, ``&`` escaped, every ``$`` a :data:`DOLLAR`.

    Examples
    --------
    >>> plain(escape("a <b> costs $3 & $4"))
    'a <b> costs $3 & $4'
    """
    check_str("text", text, 10**6)
    return html.escape(text, quote=False).replace("$", DOLLAR)


def plain(text: str) -> str:
    """The text a reader sees: tags removed, entities decoded (for tests and plain output)."""
    check_str("text", text, 10**6)
    return html.unescape(_TAGS.sub("", text))


def number(value, digits: int = 2, thousands: bool = True) -> str:
    """A number with fixed decimals and thousands separators, minus as U+2212.

    Examples
    --------
    >>> number(-1234.5, 1)
    '−1,234.5'
    """
    value = _check_number("value", value)
    digits = check_int("digits", digits, 0, 15)
    thousands = check_bool("thousands", thousands)
    text = f"{abs(float(value)):{',' if thousands else ''}.{int(digits)}f}"
    return ("−" if float(value) < 0 and float(text.replace(",", "")) != 0 else "") + text


def percent(fraction, digits: int = 1) -> str:
    """A fraction as a percentage: ``0.184`` -> ``'18.4%'``.

    Examples
    --------
    >>> percent(0.1843)
    '18.4%'
    """
    fraction = _check_number("fraction", fraction)
    digits = check_int("digits", digits, 0, 15)
    return f"{100 * float(fraction):.{int(digits)}f}%"


_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def scientific(value, digits: int = 3) -> str:
    """A number in scientific notation as a reader writes it, not as code prints it (``1.3351e-04``).

    Written in plain text (outside ``$...$``): a mantissa with ``digits`` decimals, ``×``, and a
    power of ten with a superscript exponent; minus as U+2212; no power for exponent 0.

    Examples
    --------
    >>> scientific(0.000133507, 4)
    '1.3351 × 10⁻⁴'
    >>> scientific(-2.5e12, 1), scientific(3.14159, 2)
    ('−2.5 × 10¹²', '3.14')
    """
    value = _check_number("value", value)
    digits = check_int("digits", digits, 0, 15)
    mantissa, exponent = f"{float(value):.{int(digits)}e}".split("e")
    mantissa = mantissa.replace("-", "−")
    power = int(exponent)
    return mantissa if power == 0 else f"{mantissa} × 10{str(power).translate(_SUPERSCRIPT)}"


#: Characters after which a literal ``*`` can only be a stray emphasis marker (``curves.* With``).
_STRAY_AFTER = ".,;:!?)]}"
#: Letters whose star is notation (``τ*``, ``α*``): emphasis that ends on one was closed by that star.
_SYMBOLS = "αβγδεζηθικλμνξοπρστυφχψωΔΓΘΛΞΠΣΦΨΩ"


def markdown_problems(text: str) -> list[str]:
    """Emphasis slips in a Markdown text, as a CommonMark renderer reads it (an empty list: none).

    Two slips are found: an asterisk that renders literally right after punctuation (the
    closing half of an emphasis that something else closed), and emphasis that ends on a
    Greek letter (closed by the star of ``τ*``, not by the writer's). Code spans and math
    are left alone.

    Examples
    --------
    >>> for problem in markdown_problems("*It vanishes at τ* = 56 with five dice.* Then ..."):
    ...     print(problem)
    emphasis closed by the star of "τ*" (…It vanishes at τ*); write the symbol outside the emphasis
    a stray "*" after "." (…with five dice.*): an emphasis marker that closes nothing
    >>> markdown_problems("**Figure.** It vanishes at τ* = 56; `a*` and $x^*$ are fine, so is 2 * 3.")
    []
    """
    from markdown_it import MarkdownIt

    check_str("text", text, 10**6)
    problems = []
    for block in MarkdownIt("commonmark").parse(text):
        if block.type != "inline":
            continue
        before = ""                      # the text rendered so far in this paragraph
        for tok in block.children or ():
            if tok.type == "text":
                content = tok.content
                for i, ch in enumerate(content):
                    prev = content[i - 1] if i else before[-1:]
                    if ch == "*" and prev and prev in _STRAY_AFTER:
                        context = (before + content[:i + 1])[-16:].lstrip()
                        problems.append(f'a stray "*" after "{prev}" (…{context}): an emphasis marker that '
                                        "closes nothing")
                before += content
            elif tok.type in ("em_close", "strong_close") and before[-1:] and before[-1] in _SYMBOLS:
                tail = before[-16:].lstrip()
                problems.append(f'emphasis closed by the star of "{before[-1]}*" (…{tail}*); write the symbol '
                                "outside the emphasis")
            elif tok.type in ("code_inline", "softbreak", "hardbreak"):
                before += tok.content or " "
    return problems


def md(text: str):
    """Display-ready Markdown (an ``IPython.display.Markdown``) rendered from values.

    A text with an emphasis slip (:func:`markdown_problems`) is refused with a ``ValueError``.
    """
    from IPython.display import Markdown

    check_str("text", text, 10**6)
    problems = markdown_problems(text)
    if problems:
        raise ValueError("the Markdown would not render as written: " + "; ".join(problems))
    return Markdown(text)


#: How every figure caption starts (one convention in every notebook).
CAPTION = "**Figure.**"


def caption(text: str):
    """A figure's caption, displayed as Markdown under the figure: ``**Figure.** text``.

    The caption's first sentence says what the figure shows (its message); the rest
    explains how to read it. A static caption written in a Markdown cell starts the
    same way (``**Figure.** ...``); ``tests/workbook/test_notebooks.py`` checks both.

    Examples
    --------
    >>> caption("V(r, b) by position.").data
    '**Figure.** V(r, b) by position.'
    """
    text = check_str("text", text, 10**5, allow_empty=False).strip()
    if text.startswith(("*Figure", "**Figure", "Figure")):
        raise ValueError("write the caption's text only; caption() adds the '**Figure.**' lead")
    return md(f"{CAPTION} {text}")
