"""Lists of names and NAME=VALUE pairs as a person types them on one line.

One syntax for every command and every prompt that takes several names (``--names``,
``--deal``, ``-p``, ``--votes``, ``--hunter-shoots``, the names typed at ``garou game play``):
items are separated by commas (a prompt also takes ``;``), a pair by ``=`` (an answer by
``:``), and a name holding one of these characters is written in double quotes, a double
quote inside it doubled::

    read_list('Ana, "Jean, fils", Zoé')          → ['Ana', 'Jean, fils', 'Zoé']
    read_pairs('"x=y"=loup,Bob=voyante')          → [('x=y', 'loup'), ('Bob', 'voyante')]
    quote_name('Jean, fils')                      → '"Jean, fils"'

:func:`quote_name` writes a name so that these functions read it back whole: every line
garou prints for a user to type again (a ``Next:`` command, a hint) goes through it, and
:func:`shell_word` writes a word of such a line (a file's path) so that the shell reads it
back whole.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence

from .errors import UsageError

QUOTE = '"'
SPECIAL = ',;=:"'
"""The characters that cut a list or a pair: a name holding one is written in quotes."""


def split_outside_quotes(text: str, seps: str) -> list[str]:
    """Split ``text`` at each of ``seps`` outside double quotes; the pieces keep their quotes
    (for the next split), :func:`unquote` removes them.

    ``'"Smith, J"=loup,Bob'`` split at "," gives ``['"Smith, J"=loup', 'Bob']``. Raise
    UsageError when a quote is left open.
    """
    parts: list[str] = []
    current: list[str] = []
    quoted = False
    for char in text:
        if char == QUOTE:
            quoted = not quoted  # a doubled quote toggles twice: still inside
        if char in seps and not quoted:
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    if quoted:
        raise UsageError("play.option-open-quote", value=text)
    parts.append("".join(current))
    return parts


def unquote(text: str) -> str:
    """Return the name ``text`` writes: trimmed, its quotes removed, ``""`` inside quotes
    read as one ``"``."""
    out: list[str] = []
    text = text.strip()
    quoted = False
    i = 0
    while i < len(text):
        char = text[i]
        if char == QUOTE:
            if quoted and text[i + 1 : i + 2] == QUOTE:
                out.append(QUOTE)
                i += 2
                continue
            quoted = not quoted
        else:
            out.append(char)
        i += 1
    return "".join(out).strip()


def quote_name(name: str) -> str:
    """Return ``name`` as :func:`unquote` reads it back: in double quotes when it holds one of
    :data:`SPECIAL`, its own quotes doubled."""
    if any(c in name for c in SPECIAL):
        return QUOTE + name.replace(QUOTE, QUOTE * 2) + QUOTE
    return name


def quote_names(names: Iterable[str], sep: str = ",") -> str:
    """Return ``names`` as one list :func:`read_list` reads back."""
    return sep.join(quote_name(n) for n in names)


def raw_items(values: str | Sequence[str] | None, seps: str = ",") -> list[str]:
    """Return the items of ``values`` (one text, or an option's repeated values), each still
    quoted as typed (for :func:`read_pair`); empty items are dropped."""
    if values is None:
        return []
    texts = [values] if isinstance(values, str) else list(values)
    items = (piece.strip() for text in texts for piece in split_outside_quotes(text, seps))
    return [item for item in items if item]


def read_list(values: str | Sequence[str] | None, seps: str = ",") -> list[str]:
    """Return the names of ``values``: split at ``seps`` outside quotes, unquoted."""
    names = (unquote(item) for item in raw_items(values, seps))
    return [name for name in names if name]


def read_pair(item: str, seps: str = "=") -> tuple[str, str | None]:
    """Split ``item`` at the first of ``seps`` outside quotes: (name, value), both unquoted;
    (name, None) when it holds none. Either side may come back empty: the caller says
    what it expected."""
    for sep in seps:
        parts = split_outside_quotes(item, sep)
        if len(parts) > 1:
            return unquote(parts[0]), unquote(sep.join(parts[1:]))
    return unquote(item), None


def read_pairs(
    values: str | Sequence[str] | None, seps: str = "=", *, option: str, example: str
) -> list[tuple[str, str]]:
    """Return the NAME=VALUE pairs of ``values`` in order; raise UsageError on an item that
    is not a pair (naming ``option`` and how to write it: ``example``) or a name given twice
    (names compared as players type them: case and accents aside)."""
    from .names import fold

    pairs: list[tuple[str, str]] = []
    seen: set[str] = set()
    for item in raw_items(values):
        name, value = read_pair(item, seps)
        if not name or not value:
            raise UsageError("play.option-form", option=option, value=item, example=example)
        if fold(name) in seen:
            raise UsageError("play.option-twice", option=option, name=name)
        seen.add(fold(name))
        pairs.append((name, value))
    return pairs


def shell_word(text: str | bytes | os.PathLike[str] | os.PathLike[bytes]) -> str:
    """Return ``text`` (a path, a name) as one shell word that pastes whole and stays on one
    line: every command garou prints for a user to type quotes its paths here.

    A printable text comes back as it is, quoted when the shell needs it (``shlex.quote``:
    spaces, quotes, ``$``). Anything else is written in Bash's ``$'...'`` form, printable
    whatever it holds: a byte of a file name that is not UTF-8 (``os.fsdecode``'s
    surrogate escape) as ``\\xff``, the very byte; a control character as ``\\x1b`` or
    ``\\u0085``; so that it neither moves the terminal nor hides part of the command.
    """
    import shlex

    word = os.fsdecode(text)
    if word.isprintable():
        return shlex.quote(word)
    escaped = []
    for char in word:
        code = ord(char)
        if 0xDC80 <= code <= 0xDCFF:  # a byte of the name that is not UTF-8
            escaped.append(f"\\x{code - 0xDC00:02x}")
        elif char in "\\'":
            escaped.append("\\" + char)
        elif char.isprintable():
            escaped.append(char)
        elif code < 0x80:
            escaped.append(f"\\x{code:02x}")
        else:  # Bash writes \u in the locale's encoding (\x would be one lone byte)
            escaped.append(f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}")
    return "$'" + "".join(escaped) + "'"
