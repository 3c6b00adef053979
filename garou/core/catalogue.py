"""Every word garou shows a user, in every language, looked up in one place.

The texts live in ``core/messages/*.yaml``, one file per capability, one mapping
of key → language → template. A template is a ``str.format`` string; where the wording
depends on a number it is a mapping of plural forms (``one``/``other``) picked by
:func:`plural_form`, the one plural rule of each language. French typography (the
non-breaking space before ``: ; ? !`` and inside « », elision and contraction) is applied
here and nowhere else, so a template is written with ordinary spaces.

    say("vote.tie", "fr", votes=3, names="Alice et Bob")

A value may be a :class:`Phrase` (a message not yet put in a language), anything with a
``get(lang)`` method (the rule data's ``Text``), or a list, said as "A, B et C". The
format spec ``de``, ``le`` or ``que`` elides in French: ``"la mort {name:de}"`` gives
« la mort d'Alice » and « la mort de Bob »; in English it is ignored.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping
from dataclasses import field
from functools import cache
from pathlib import Path
from typing import Any

from .records import record

LANGUAGES = ("fr", "en")
"""The languages every message exists in."""

PLURAL_FORMS = ("one", "other")

_NBSP = "\u00a0"
_NNBSP = "\u202f"
_STOPS = (".", "!", "?", "…")
_STOPPED = "\x00"
"""Marks a value that ends a sentence, in :class:`_Formatter`'s output only."""
_VOWELS = tuple("aeiouyhAEIOUYHàâäéèêëîïôöùûüÀÂÄÉÈÊËÎÏÔÖÙÛÜœŒ")
_ELISIONS = {"de": ("de ", "d'"), "le": ("le ", "l'"), "la": ("la ", "l'"), "que": ("que ", "qu'")}
_CONTRACTIONS = ((" de le ", " du "), (" de les ", " des "), (" à le ", " au "),
                 (" à les ", " aux "), ("(de le ", "(du "), ("(à le ", "(au "))  # fmt: skip
_LIST_WORDS = {"and": {"fr": "et", "en": "and"}, "or": {"fr": "ou", "en": "or"}}


def plural_form(count: int, lang: str) -> str:
    """Return the plural form ``count`` takes in ``lang``: French puts 0 and 1 in "one"."""
    if lang == "fr":
        return "one" if abs(count) < 2 else "other"
    return "one" if count == 1 else "other"


@record
class Phrase:
    """A message chosen but not yet put in a language: a key and its values."""

    key: str
    """The catalogue key ("vote.tie")."""
    values: Mapping[str, Any] = field(default_factory=dict)
    """The values its template names."""
    count: int | None = None
    """The number that picks the plural form, when the template has forms."""

    def say(self, lang: str) -> str:
        """Return the message in ``lang``.

        A ``count`` among the values (a Phrase built directly, not by :func:`phrase`) is the
        count: it picks the plural form and fills ``{count}``, as :func:`phrase`'s would.
        """
        if "count" in self.values:
            values = dict(self.values)
            given = values.pop("count")
            count = self.count if self.count is not None else given
            return say(self.key, lang, count=count, **values)
        return say(self.key, lang, count=self.count, **self.values)


def phrase(key: str, /, count: int | None = None, **values: Any) -> Phrase:
    """Return the :class:`Phrase` ``key`` with ``values``, to be said later in a language.

    ``count`` picks the plural form and is also the template's ``{count}``.
    """
    return Phrase(key, values, count)


class Verbatim(str):
    """A quotation (a document's heading or title, a name as written): said as it is, its
    capital kept mid-sentence where a value's article is otherwise lowered."""


def verbatim(text: str) -> Verbatim:
    """Return ``text`` marked as a quotation (:class:`Verbatim`)."""
    return Verbatim(text)


_ARTICLES = {"fr": ("Le ", "La ", "Les ", "L'", "L’"), "en": ("The ",)}
"""Capitalised articles a value (a camp's name: « Le village ») may start with."""
_SENTENCE_START = '.!?«“"(\n'
"""The marks after which a value starts a sentence or a label in brackets (its capital is
kept)."""


class _Formatter(string.Formatter):
    def __init__(self, lang: str):
        self.lang = lang
        self.before = ""

    def parse(self, format_string: str) -> Any:
        # the literal text before each field, for format_field (called right after each)
        for literal, name, spec, conversion in super().parse(format_string):
            self.before = literal
            yield literal, name, spec, conversion

    def format_field(self, value: Any, format_spec: str) -> str:
        text = render_value(value, self.lang)
        # mid-sentence, a value's article is not capitalised (« Victoire : le village »)
        before = self.before.rstrip()
        if (
            not isinstance(value, Verbatim)
            and before
            and before[-1] not in _SENTENCE_START
            and text.startswith(_ARTICLES.get(self.lang, ()))
        ):
            text = text[0].lower() + text[1:]
        if format_spec and format_spec not in _ELISIONS:
            return format(text, format_spec)
        if text.endswith(_STOPS):  # the template's own full stop after it is dropped (say)
            text += _STOPPED
        if format_spec in _ELISIONS:
            if self.lang != "fr":
                return text
            full, short = _ELISIONS[format_spec]
            return (short if text.startswith(_VOWELS) else full) + text
        return text


def render_value(value: Any, lang: str) -> str:
    """Return ``value`` as text in ``lang`` (a Phrase, a Text, a list, a number...)."""
    if isinstance(value, Phrase):
        return value.say(lang)
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return say("word.yes" if value else "word.no", lang)
    if isinstance(value, float):
        return format_number(value, lang)
    if isinstance(value, list | tuple):
        return join(value, lang)
    if isinstance(value, Mapping):  # as YAML writes it, never Python's {'a': 1}
        from .errors import shown

        return shown(value)
    getter = getattr(value, "get", None)
    if callable(getter):
        return str(getter(lang))
    return str(value)


def format_number(value: float, lang: str, digits: int = 2) -> str:
    """Return ``value`` with ``digits`` decimals, with a decimal comma in French."""
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if lang == "fr" else text


def join(items: Iterable[Any], lang: str, word: str = "and") -> str:
    """Return ``items`` said as "A, B and C" (``word`` "or": "A, B or C")."""
    said = [render_value(item, lang) for item in items]
    if len(said) <= 1:
        return "".join(said)
    return f"{', '.join(said[:-1])} {_LIST_WORDS[word][lang]} {said[-1]}"


def typeset(text: str, lang: str) -> str:
    """Return ``text`` with the typography of ``lang`` (French: no-break spaces before
    : ; ? !, inside « », and a narrow one before %)."""
    if lang != "fr":
        return text
    for mark in ":;?!":
        text = text.replace(f" {mark}", f"{_NBSP}{mark}")
    text = text.replace("« ", f"«{_NBSP}").replace(" »", f"{_NBSP}»")
    return text.replace(" %", f"{_NNBSP}%")  # "0,1 %": a narrow no-break space


def say(key: str, lang: str, /, count: int | None = None, **values: Any) -> str:
    """Return message ``key`` in ``lang`` with ``values`` filled in.

    ``count`` picks the plural form when the template has forms; it is also available to
    the template as ``{count}``.
    """
    template = template_of(key, lang, count)
    if count is not None:
        values.setdefault("count", count)
    text = _Formatter(lang).vformat(template, (), values)
    # A value that ends a sentence ("… a disqualified player.") followed by the template's
    # own full stop: one stop, not "player.." (the mark is put by _Formatter, never typed).
    text = text.replace(_STOPPED + ".", "").replace(_STOPPED, "")
    if lang == "fr":
        for long, short in _CONTRACTIONS:
            text = text.replace(long, short)
    return text


def template_of(key: str, lang: str, count: int | None = None) -> str:
    """Return the raw template of ``key`` in ``lang`` (typeset), for ``count`` when plural."""
    try:
        forms = messages()[key][lang]
    except KeyError:
        raise KeyError(f"no message {key!r} in {lang!r}") from None
    if isinstance(forms, Mapping):
        forms = forms[plural_form(count if count is not None else 2, lang)]
    return typeset(forms, lang)


def has(key: str) -> bool:
    """Return True when ``key`` is a message of the catalogue."""
    return key in messages()


@cache
def messages() -> dict[str, dict[str, Any]]:
    """Return every message: key → language → template or plural forms.

    The parsed catalogue is kept in garou's cache folder, keyed by the catalogue files'
    names and bytes (:func:`garou.core.files.parsed`): a run reads no YAML unless a file
    changed.
    """
    from .files import parsed

    sources = [(path.name, path.read_bytes()) for path in catalogue_files()]
    keyed = b"".join(name.encode() + b"\0" + raw + b"\0" for name, raw in sources)
    return parsed("messages", keyed, lambda: _parse(sources))


def _parse(sources: list[tuple[str, bytes]]) -> dict[str, dict[str, Any]]:
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    found: dict[str, dict[str, Any]] = {}
    for _, raw in sources:
        data = yaml.load(raw.decode("utf-8"), Loader=loader) or {}
        for key, texts in data.items():
            found[str(key)] = texts
    return found


def catalogue_files() -> list[Any]:
    """Return the catalogue's YAML files, sorted."""
    folder = Path(__file__).parent / "messages"  # what resources.files would give
    return sorted((p for p in folder.iterdir() if p.name.endswith(".yaml")), key=lambda p: p.name)


def placeholders(template: str) -> set[str]:
    """Return the names of the fields ``template`` fills in."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def check_catalogue() -> list[str]:
    """Return every problem of the catalogue: a language or form missing, fields differing.

    Keys must be unique, in a file and across files; every key has a template in each
    language, with the same fields; plural forms are exactly ``one`` and ``other``.
    """
    import yaml

    problems: list[str] = []
    seen: dict[str, str] = {}
    for path in catalogue_files():
        text = path.read_text(encoding="utf-8")
        data = yaml.safe_load(text) or {}
        if not isinstance(data, dict):
            problems.append(f"{path.name}: not a mapping of keys")
            continue
        # YAML keeps the last of two equal keys: the first message would be lost unseen.
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        written: set[str] = set()
        for key_node, _ in node.value if isinstance(node, yaml.MappingNode) else ():
            if key_node.value in written:
                line = key_node.start_mark.line + 1
                problems.append(f"{path.name}:{line}: {key_node.value}: written twice in the file")
            written.add(key_node.value)
        for key, texts in data.items():
            where = f"{path.name}: {key}"
            if key in seen:
                problems.append(f"{where}: also in {seen[key]}")
            seen[key] = path.name
            if not isinstance(texts, dict) or set(texts) != set(LANGUAGES):
                problems.append(f"{where}: needs exactly the languages {LANGUAGES}")
                continue
            fields: dict[str, set[str]] = {}
            for lang, forms in texts.items():
                if isinstance(forms, dict):
                    if set(forms) != set(PLURAL_FORMS):
                        problems.append(f"{where}.{lang}: plural forms must be one and other")
                        continue
                    for form, template in forms.items():
                        if not isinstance(template, str):
                            problems.append(f"{where}.{lang}.{form}: not a text")
                            continue
                        fields[f"{lang}.{form}"] = placeholders(template) - {"count"}
                elif isinstance(forms, str):
                    fields[lang] = placeholders(forms)
                else:
                    problems.append(f"{where}.{lang}: not a text")
            if len({frozenset(f) for f in fields.values()}) > 1:
                detail = "; ".join(f"{k}: {sorted(v)}" for k, v in sorted(fields.items()))
                problems.append(f"{where}: the fields differ between languages ({detail})")
    return problems
