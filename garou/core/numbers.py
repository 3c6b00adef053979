"""The one rule for a whole number a person types: plain ASCII digits ``0``-``9``, nothing else.

Python's ``str.isdigit()`` also says yes to ``²``, ``③`` and ``٣``; ``int()`` then fails on the
first two and reads the third as 3. Every place that reads a typed count, number or index asks
here instead, so that such a text is refused with garou's own message, never a traceback, and
never read as a number the person did not type.
"""

from __future__ import annotations

import re

_WHOLE = re.compile(r"[0-9]+")


def is_whole_number(text: str) -> bool:
    """Whether ``text`` (as given: not trimmed) is a whole number written in ASCII digits."""
    return _WHOLE.fullmatch(text) is not None


def whole_number(text: str, max_digits: int | None = None) -> int | None:
    """Return ``text`` read as a whole number in ASCII digits, or None when it is not one (or
    when it is longer than ``max_digits`` digits, so that no huge ``int()`` is ever made)."""
    if not is_whole_number(text) or (max_digits is not None and len(text) > max_digits):
        return None
    return int(text)
