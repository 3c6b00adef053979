"""The one rule for a whole number a person types: plain ASCII digits ``0``-``9``, nothing else,
and no larger than :data:`MAX_INT`.

Python's ``str.isdigit()`` also says yes to ``²``, ``③`` and ``٣``; ``int()`` then fails on the
first two and reads the third as 3. Every place that reads a typed count, number or index asks
here instead, so that such a text is refused with garou's own message, never a traceback, and
never read as a number the person did not type. A number that is written right but too large
(``99999999999999999999``) is said as such by :func:`too_large`, with the bound: never "not a
number", and never an ``int()`` of thousands of digits (which Python refuses with a traceback).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .catalogue import Phrase

MAX_INT = 2**63 - 1
"""Largest whole number garou reads (SQLite's): a count, a seat, an id, a seed beyond it is no
number any table needs, and the journal could not hold it."""

_WHOLE = re.compile(r"[0-9]+")
_WRITTEN = re.compile(r"[-+]?(?:[0-9](?:_?[0-9])*(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?")
"""A number as a file or an option writes it: a sign, digits (``_`` between them), a decimal
point, an exponent."""


def is_whole_number(text: str) -> bool:
    """Whether ``text`` (as given: not trimmed) is a whole number written in ASCII digits, no
    larger than :data:`MAX_INT` (so that ``int(text)`` is safe and fits the journal)."""
    return _WHOLE.fullmatch(text) is not None and not too_large(text)


def whole_number(text: str, max_digits: int | None = None) -> int | None:
    """Return ``text`` read as a whole number in ASCII digits, or None when it is not one (or
    when it is longer than ``max_digits`` digits, or larger than :data:`MAX_INT`)."""
    if not is_whole_number(text) or (max_digits is not None and len(text) > max_digits):
        return None
    return int(text)


def too_large(text: str) -> bool:
    """Whether ``text`` is a number written right (a sign, digits, ``_`` between them, a
    decimal point, an exponent: ``99999999999999999999``, ``-1e400``) whose size is beyond
    :data:`MAX_INT`: the number readers then say :func:`too_large_said`, not "not a number"."""
    from decimal import Decimal, localcontext

    written = text.strip()
    if _WRITTEN.fullmatch(written) is None:
        return False
    mantissa, _, exponent = written.replace("_", "").lower().partition("e")
    if not any(c in "123456789" for c in mantissa):
        return False  # zero, at any exponent
    if len(exponent.lstrip("+-").lstrip("0")) > 6:  # 1e9999999: beyond Decimal's exponents
        return not exponent.startswith("-")
    number, shift = Decimal(mantissa), int(exponent or "0")
    magnitude = number.adjusted() + shift  # the power of ten of its first digit
    if magnitude != len(str(MAX_INT)) - 1:
        return magnitude > len(str(MAX_INT)) - 1
    with localcontext() as exact:  # as many digits as it has: no rounding
        exact.prec = len(mantissa) + 40
        return abs(number.scaleb(shift)) > MAX_INT


def too_large_said(text: str) -> Phrase:
    """The message of a number :func:`too_large`: the number (its beginning) and the bound."""
    from .catalogue import phrase
    from .errors import shown

    return phrase("core.number.too-large", value=shown(text.strip(), 30), most=MAX_INT)
