"""Names as people type them: folding accents and case, finding roles, picking a language."""

from __future__ import annotations

import difflib
import os
import unicodedata
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from .errors import UnknownGameError, UnknownIdError, UnknownLanguageError, safe_text, shown

if TYPE_CHECKING:  # only annotations: a search on a fresh index must not build the model
    from garou.rules.model import Game, Role

    from .catalogue import Phrase

LANG_ENV = "GAROU_LANG"
"""Environment variable that sets the language when --lang is not given."""

_LIGATURES = str.maketrans({"œ": "oe", "Œ": "oe", "æ": "ae", "Æ": "ae", "’": "'", "ß": "ss"})


HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp"})
"""The Unicode categories of the characters no name may hold: control characters (a
newline, a tab, a terminal escape), format characters (a zero-width space or joiner, a
direction mark, a soft hyphen: invisible), surrogates (an undecodable byte), private use,
line and paragraph separators."""


BLANK_LETTERS = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u180e\u2800\u3164\uffa0")
"""Characters that draw nothing although Unicode files them as letters or marks (the Hangul
fillers, the blank Braille pattern, the grapheme joiner, the Khmer and Mongolian invisible
vowels): « Ana\u3164 » would show as a second « Ana »."""


def hidden_character(text: str) -> str | None:
    """Return the first character of ``text`` a name may not hold (:data:`HIDDEN_CATEGORIES`,
    :data:`BLANK_LETTERS`): one that moves the terminal or that nobody sees, so that two
    names that look the same are never two players; None when there is none."""
    return next(
        (c for c in text if unicodedata.category(c) in HIDDEN_CATEGORIES or c in BLANK_LETTERS),
        None,
    )


def shown_length(text: str) -> int:
    """How many characters ``text`` shows once trimmed: composed (NFC), so that an accent
    typed as a letter and a combining mark counts once."""
    return len(unicodedata.normalize("NFC", text.strip()))


MAX_NAME = 40
"""The longest player's name, in characters, on every face (a phone's seat table, a
printed protocol): the terminal, a file, an import and the web refuse a longer one alike."""
MAX_TEXT = 500
"""The longest free text a person types, in characters: a game's or a table's name, a
reason (``--why``), a note, a table's own question or answer. A paragraph at most, on
every face: the terminal's options, the web's forms, ``game import``, agreement files."""


def escaped(text: str) -> str:
    """Return ``text`` with every character no name may hold written as its code (a
    terminal escape as ``\\x1b``, a direction mark as ``\\u202e``): fit to print."""
    return "".join(
        f"\\u{ord(c):04x}" if hidden_character(c) is not None else c for c in safe_text(text)
    )


def _beginning(text: str, width: int = 24) -> str:
    return escaped(text[:width] + "…" if len(text) > width else text)


def name_problem(name: str) -> Phrase | None:
    """Return what makes ``name`` no player's name, said, or None: a character nobody sees
    or that moves the terminal (:func:`hidden_character`), nothing but spaces, or more than
    :data:`MAX_NAME` characters once trimmed. The one rule of a name, whatever face it is
    typed on."""
    from .catalogue import phrase

    found = hidden_character(name)
    if found is not None:
        code = f"U+{ord(found):04X}"
        return phrase("game.refused.hidden-character", text=_beginning(name, 60), code=code)
    if not any(unicodedata.category(c)[0] not in "ZM" for c in name):
        return phrase("core.name.blank")  # nothing but spaces and marks: nothing shown
    length = shown_length(name)
    if length > MAX_NAME:
        return phrase("game.names.too-long", name=_beginning(name.strip()), length=length,
                      most=MAX_NAME)  # fmt: skip
    return None


def text_problem(text: str, field: object = None) -> Phrase | None:
    """Return what makes ``text`` no free text garou keeps, said, or None: a character
    nobody sees or that moves the terminal, or more than :data:`MAX_TEXT` characters once
    trimmed. ``field`` (an option, a form's field, a key) is named in the message when given
    (a file's message names its key itself). The one rule of every free text."""
    from .catalogue import phrase

    found = hidden_character(text)
    if found is not None:
        code = f"U+{ord(found):04X}"
        said = phrase("core.text.hidden-character", text=_beginning(text, 60), code=code)
    else:
        length = shown_length(text)
        if length <= MAX_TEXT:
            return None
        said = phrase("core.text.too-long", text=_beginning(text.strip()), length=length,
                      most=MAX_TEXT)  # fmt: skip
    return said if field is None else phrase("core.text.field", field=field, problem=said)


def fold(text: str) -> str:
    """Return ``text`` lowercased, without accents, ligatures spelled out, spaces trimmed,
    and without the invisible characters (a zero-width space: ``A\u200bna`` is ``ana``)."""
    text = "".join(c for c in text if unicodedata.category(c) != "Cf")
    text = text.translate(_LIGATURES)
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(stripped.lower().replace("_", "-").split())


class Either:
    """Words said as "A, B or C" in the language of the message they go in."""

    def __init__(self, items: Iterable[Any]):
        self.items = list(items)

    def get(self, lang: str) -> str:
        """Return the words joined with "or" in ``lang``."""
        from .catalogue import join

        return join(self.items, lang, "or")


def closest(word: str, candidates: list[str], n: int = 3) -> list[str]:
    """Return up to ``n`` candidates that look like ``word`` (folded comparison)."""
    folded = {fold(c): c for c in candidates}
    matches = difflib.get_close_matches(fold(word), list(folded), n=n, cutoff=0.6)
    return [folded[m] for m in matches]


def role_names(role: Role) -> set[str]:
    """Return every folded name a role answers to (id, names, aliases, plural forms)."""
    names = {role.id, role.name.fr, role.name.en, *role.aliases.all()}
    folded = {fold(n) for n in names}
    folded |= {n.replace("-", " ") for n in folded} | {n.replace(" ", "-") for n in folded}
    folded |= {n + "s" for n in folded if not n.endswith("s")}
    return folded


def resolve_role(game: Game, name: str) -> Role:
    """Return the role of ``game`` called ``name`` in French or English, accents optional.

    Raise UnknownIdError naming the closest roles; a status (captain, lovers) gets the
    explanation that it is not a card.
    """
    wanted = fold(name)
    for role in game.roles:
        if wanted in role_names(role):
            return role
    for status in game.statuses:
        names = {
            fold(n) for n in (status.id, status.name.fr, status.name.en, *status.aliases.all())
        }
        if wanted in names:
            raise UnknownIdError(
                "rules.status-not-card",
                name=shown(name),
                game=game.info.name,
                status=status.name,
                summary=status.summary,
            )
    every = {n: r.id for r in game.roles for n in role_names(r)}
    near = []
    for match in closest(wanted, list(every), n=5):
        if every[match] not in near:
            near.append(every[match])
    from .catalogue import phrase

    # The roles by their names in the message's language ("Sorcière", not the id
    # "sorciere"): a name is accepted wherever an id is (role_names).
    named = {r.id: r.name for r in game.roles}
    hint = phrase("rules.did-you-mean", near=Either(named[i] for i in near[:3]))
    raise UnknownIdError(
        "rules.unknown-role",
        name=shown(name),
        game=game.info.name,
        near=hint if near else "",
        roles=[r.name for r in game.roles],
    )


_LANG_WORDS = {"fr": "fr", "francais": "fr", "french": "fr",
               "en": "en", "english": "en", "anglais": "en"}  # fmt: skip


def _language_code(value: str) -> str | None:
    head = fold(value).replace("-", "_").split("_")[0].split(".")[0]
    return _LANG_WORDS.get(head)


def resolve_language(lang: str | None = None) -> str:
    """Return the language to use: ``lang``, else $GAROU_LANG, else the locale, else French."""
    for value, origin in ((lang, "--lang"), (os.environ.get(LANG_ENV), f"${LANG_ENV}")):
        if value:
            code = _language_code(value)
            if code is None:
                raise UnknownLanguageError(
                    "rules.unknown-language", value=shown(value), origin=origin
                )
            return code
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        code = _language_code(os.environ.get(var, ""))
        if code:
            return code
    return "fr"


def game_names(games: Mapping[str, Any]) -> dict[str, list[str]]:
    """Return, for each game of ``games`` (id → :class:`~rules.model.Game`), every name it
    answers to: its id, its names in both languages and its aliases."""
    return {
        gid: [gid, game.info.name.fr, game.info.name.en, *game.info.aliases.all()]
        for gid, game in games.items()
    }


def find_game(name: str, names: Mapping[str, Iterable[str]]) -> str | None:
    """Return the id of the game called ``name`` (an id, a name in either language or an
    alias, accents and case optional; see :func:`game_names`), None if none is."""
    if name in names:
        return name
    wanted = fold(name)
    for gid, said in names.items():
        if wanted in {fold(n) for n in said} | {fold(gid)}:
            return gid
    return None


def near_games(name: str, names: Mapping[str, Iterable[str]]) -> list[str]:
    """Return the ids of the games whose id, names or aliases look like ``name``, closest
    first: a close spelling (``mafai``, ``werwolf``), or one being the start or a word of
    the other (``loup`` → ``loup-garou``); at least three letters for the last two."""
    wanted = fold(name)
    if not wanted:
        return []
    scores: dict[str, float] = {}
    for gid, said in names.items():
        best = 0.0
        for candidate in {fold(gid), *(fold(n) for n in said)} - {""}:
            ratio = difflib.SequenceMatcher(None, wanted, candidate).ratio()
            short, long = sorted((wanted, candidate), key=len)
            words = set(candidate.replace("-", " ").split())
            if len(short) >= 3 and (long.startswith(short) or wanted in words):
                ratio = max(ratio, 0.6)
            best = max(best, ratio)
        if best >= 0.6:
            scores[gid] = best
    return sorted(scores, key=lambda gid: -scores[gid])


def unknown_game(name: str, names: Mapping[str, Iterable[str]]) -> UnknownGameError:
    """Return the error that refuses the game ``name``: the closest games (did you mean
    « mafia » ?) and the games accepted. Every place that reads a game's name (options,
    setup, agreement and table files, web forms) says this one message."""
    from .catalogue import phrase

    games = ", ".join(names)
    typed = safe_text(name if len(name) <= 40 else name[:39] + "…")
    near = near_games(name, names)
    if not near:
        return UnknownGameError("core.unknown-game", game=typed, games=games)
    quoted = Either(phrase("core.game-quoted", name=gid) for gid in near)
    return UnknownGameError("core.unknown-game-near", game=typed, near=quoted, games=games)
