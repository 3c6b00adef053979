"""Words as the search reads them, with no search engine: folding, stop words, elisions,
plurals, and the matching key of a phrase.

Pure Python (no Whoosh), so that ``garou.lookup.vocabulary`` (``outside_of``, called by
``garou show``) costs nothing to import. :mod:`garou.lookup.analysis` builds the analysis
chains of the index from these pieces; change any behaviour here and bump its
``ANALYZER_VERSION``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

TOKEN_PATTERN = r"\w+(?:['’ʼ‘\-‐‑]\w+)*"
"""A word, with its inner apostrophes and hyphens (l'égalité, loup-garou, can't)."""

_LIGATURES = str.maketrans(
    {"œ": "oe", "Œ": "oe", "æ": "ae", "Æ": "ae", "ß": "ss", "’": "'", "ʼ": "'", "‘": "'",
     "‐": "-", "‑": "-"}
)  # fmt: skip


def fold_chars(text: str) -> str:
    """Return ``text`` lowercased, without accents, with œ/æ spelled out, one apostrophe and
    one hyphen, character by character (its length and spaces kept, for the analysis).

    Not :func:`garou.core.names.fold`, which folds a *name* as typed (spaces tidied,
    ``_`` read as ``-``) to compare it with another name."""
    text = text.translate(_LIGATURES)
    if not text.isascii():
        decomposed = unicodedata.normalize("NFKD", text)
        text = "".join(c for c in decomposed if not unicodedata.combining(c))
    return text.lower()


# --- word lists (folded) -------------------------------------------------------------------


def _wordset(text: str) -> frozenset[str]:
    return frozenset(fold_chars(w) for w in text.split())


NEGATIONS = _wordset(
    "ne n pas jamais personne sans aucun aucune rien ni non nul nulle guere "
    "not no nor never nobody none nothing without cannot neither"
)
"""Words that carry a negation: never stop words."""

_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")

FRENCH_STOPS = _wordset(
    # Whoosh's French list, minus the negations and "même" (la même nuit).
    "ai aie aient aies ait as au aura aurai auraient aurais aurait auras aurez auriez "
    "aurions aurons auront aux avaient avais avait avec avez aviez avions avons ayant "
    "ayante ayantes ayants ayez ayons c ce ces d dans de des du elle en es est et eu eue "
    "eues eurent eus eusse eussent eusses eussiez eussions eut eux eûmes eût eûtes "
    "furent fus fusse fussent fusses fussiez fussions fut fûmes fût fûtes il j je l la "
    "le leur lui m ma mais me mes moi mon nos notre nous on ont ou par pour qu que qui s "
    "sa se sera serai seraient serais serait seras serez seriez serions serons seront "
    "ses soient sois soit sommes son sont soyez soyons suis sur t ta te tes toi ton tu "
    "un une vos votre vous y à étaient étais était étant étante étantes étants étiez "
    "étions été étée étées étés êtes "
    # Question words and fillers players type around the words that matter.
    "les cette cet ceux celle celles celui dont lors donc alors si "
    "ca cela ceci ça quoi quel quelle quels quelles comment quand où il ils elles "
    "passe arrive fonctionne marche"
) - NEGATIONS | _LETTERS - {"x"}
"""French stop words, folded."""

ENGLISH_STOPS = (
    _wordset(
        # Whoosh's English list, minus the negations, the reflexives (save herself), "don"
        # (the Mafia role) and the words that change a ruling (before, after, same, only...).
        "a about above am an and another any are as at be because been being below but by "
        "can did do does doing during for from further had has have having he her here hers "
        "him his how i if in into is it its just me my of on or our ours she should so some "
        "such than that "
        "the their theirs them then there these they this those through to too very was we "
        "were what when where which while who whom why will with you your yours "
        # Question words and fillers.
        "happens happen happened what's whats would could shall let lets i'm work works"
    )
    - NEGATIONS
    | _LETTERS
)
"""English stop words, folded."""

ALL_STOPS = FRENCH_STOPS | ENGLISH_STOPS
"""Words dropped from the unstemmed field and from synonym matching."""

_FRENCH_ELISIONS = _wordset("l d j m n s t c qu jusqu lorsqu puisqu quoiqu presqu quelqu")
_ENGLISH_CONTRACTIONS = {"s": "", "re": "", "ll": "", "ve": "", "d": "", "m": ""}
_NOT_FORMS = {"can't": ("can", "not"), "won't": ("will", "not"), "shan't": ("shall", "not"),
              "cannot": ("can", "not")}  # fmt: skip
_KEEP_WHOLE = {"aujourd'hui": "aujourdhui", "o'clock": "oclock"}
_CHAT = {
    # French texting: question words, "je peux", ordinals, abbreviations.
    "koi": ("quoi",), "kwa": ("quoi",), "ki": ("qui",), "ke": ("que",), "kel": ("quel",),
    "kelle": ("quelle",), "pk": ("pourquoi",), "pq": ("pourquoi",), "pkoi": ("pourquoi",),
    "qd": ("quand",), "kan": ("quand",), "kand": ("quand",), "cmt": ("comment",),
    "cb": ("combien",), "cbn": ("combien",), "cmb": ("combien",),
    "tt": ("tout",), "tjs": ("toujours",), "tjrs": ("toujours",), "ds": ("dans",),
    "pr": ("pour",), "bcp": ("beaucoup",), "jpeux": ("je", "peux"), "jpx": ("je", "peux"),
    "jsuis": ("je", "suis"), "chui": ("je", "suis"), "ya": ("il", "y", "a"),
    "1er": ("premier",), "1ere": ("premiere",), "1re": ("premiere",),
    "2e": ("deuxieme",), "2eme": ("deuxieme",), "3e": ("troisieme",), "3eme": ("troisieme",),
    "pts": ("points",), "mdr": (), "ptdr": (), "stp": (), "svp": (), "dsl": (),
    # English texting, and negations typed without their apostrophe.
    "u": ("you",), "ur": ("your",), "r": ("are",), "wat": ("what",), "wut": ("what",),
    "wot": ("what",), "cuz": ("because",), "coz": ("because",), "bc": ("because",),
    "b4": ("before",), "nite": ("night",), "2nite": ("tonight",), "tonite": ("tonight",),
    "gonna": ("going", "to"), "wanna": ("want", "to"), "gotta": ("have", "to"),
    "lol": (), "pls": (), "plz": (), "thx": (), "idk": (),
    "cant": ("can", "not"), "doesnt": ("does", "not"), "isnt": ("is", "not"),
    "didnt": ("did", "not"), "wasnt": ("was", "not"), "arent": ("are", "not"),
    "shouldnt": ("should", "not"), "couldnt": ("could", "not"), "wouldnt": ("would", "not"),
    "hasnt": ("has", "not"), "havent": ("have", "not"),
}  # fmt: skip
"""Words as players text them, and what they stand for (garou's table, not the rules'):
"c koi" is « c'est quoi », "cant" is "can not"; the laughs and the pleases say nothing."""

IRREGULAR = {
    # English plurals the Porter stemmer leaves apart from their singular.
    "wolves": "wolf", "werewolves": "werewolf", "lives": "life", "knives": "knife",
    "men": "man", "women": "woman", "people": "person", "mafiosi": "mafioso",
    "townsfolk": "townsperson", "children": "child", "thieves": "thief",
}  # fmt: skip
"""Irregular English forms mapped to their singular before stemming."""


def singular(word: str) -> str:
    """Return ``word`` without a plural -s when it is long enough to have one (garous)."""
    if len(word) > 3 and word[-1] == "s" and word[-2] != "s":
        return word[:-1]
    return word


def split_word(token: str) -> list[str]:
    """Split one folded token into words: elisions dropped, contractions expanded.

    ``l'egalite`` gives ``egalite``; ``n'est`` gives ``ne est``; ``can't`` gives
    ``can not``; ``witch's`` gives ``witch``; hyphenated compounds are left whole.
    """
    if token in _NOT_FORMS:
        return list(_NOT_FORMS[token])
    if token in _CHAT:
        return list(_CHAT[token])
    if "'" not in token:
        return [token]
    if token in _KEEP_WHOLE:
        return [_KEEP_WHOLE[token]]
    parts = [p for p in token.split("'") if p]
    out: list[str] = []
    while parts and parts[0] in _FRENCH_ELISIONS and len(parts) > 1:
        head = parts.pop(0)
        if head == "n":
            out.append("ne")
    if len(parts) == 2 and parts[1] == "t" and parts[0].endswith("n"):
        out += [parts[0][:-1], "not"]
        return out
    if len(parts) >= 2 and parts[-1] in _ENGLISH_CONTRACTIONS:
        parts.pop()
    return out + parts


_WORD = re.compile(TOKEN_PATTERN)


def words(text: str) -> list[str]:
    """Return the folded words of ``text``: elisions dropped, compounds split, stop words kept."""
    out: list[str] = []
    for match in _WORD.finditer(fold_chars(text)):
        for word in split_word(match.group()):
            out.extend(p for p in word.split("-") if p)
    return out


def is_stop(word: str) -> bool:
    """Return True for a folded stop word (negations are never stop words)."""
    return word in ALL_STOPS and word not in NEGATIONS


SELF_PRONOUNS = frozenset({"moi", "toi", "lui", "elle", "soi", "nous", "vous", "eux", "elles"})
"""Pronouns that make "même" mean oneself ("elle-même"); alone, "même" is "same"."""


def key(text: str) -> tuple[str, ...]:
    """Return the matching key of a phrase: its folded, singular words without stop words.

    "elle-même", "lui-même", "eux-mêmes"... are all "soi même" (oneself): the pronoun is a
    stop word, and without it they would key as "même", the word of "la même nuit"."""
    found = words(text)
    out: list[str] = []
    for place, word in enumerate(found):
        after = found[place + 1] if place + 1 < len(found) else ""
        if word in SELF_PRONOUNS and after in ("meme", "memes"):
            out.append("soi")
        elif not is_stop(word):
            out.append(IRREGULAR.get(word, singular(word)))
    return tuple(out)


_ARTICLES = frozenset({
    "le", "la", "les", "l", "un", "une", "des", "de", "du", "d", "au", "aux", "a", "à", "en",
    "se", "s", "the", "an", "of", "to",
})  # fmt: skip
"""Stop words a phrase loses without changing its meaning ("la nuit" is "nuit")."""


def collapsed(text: str) -> bool:
    """Return True when a phrase of several words keys as one word because its other words
    are stop words that carry meaning ("one another" is "one", "last will" is "last",
    "qui en premier" is "premier", "nuit 1" is "nuit"): as a synonym it would stand for
    that word everywhere. Articles are no loss ("la nuit", "à égalité")."""
    parts = text.split()
    return len(parts) > 1 and len(key(text)) == 1 and any(
        not key(p) and fold_chars(p).lower().strip("'’") not in _ARTICLES
        and fold_chars(p).lower().split("'")[0] not in _ARTICLES
        for p in parts
    )  # fmt: skip


def gaps(text: str) -> tuple[int, ...]:
    """Return how many stop words sit between each two words of ``key(text)``.

    "maître du jeu" gives (1,): a query may leave the "du" out, but "first at night" does
    not match "first night", whose gap is 0.
    """
    found: list[int] = []
    count = None
    for word in words(text):
        if is_stop(word):
            if count is not None:
                count += 1
            continue
        if count is not None:
            found.append(count)
        count = 0
    return tuple(found)


_CONTRACTED = {
    "du": ("de", "le"), "des": ("de", "le"), "d": ("de",), "au": ("a", "le"),
    "aux": ("a", "le"), "la": ("le",), "les": ("le",), "l": ("le",), "an": ("a",),
}  # fmt: skip
"""The stop words a linking word is made of (« du » is « de le »)."""
BREAK = "|"
"""Said between two words of a query that punctuation separates: no phrase spans it."""


def linking(word: str) -> tuple[str, ...]:
    """Return what the folded stop word ``word`` links with: « du » is « de » and « le »."""
    return _CONTRACTED.get(word, (word,))


def gap_words(text: str) -> frozenset[str]:
    """Return the stop words that sit between the words of ``key(text)``, as
    :func:`linking` says them: « capitaine de la mafia » gives {de, le}. A query's words
    match the phrase only if the stop words between them are among those (« capitaine en
    mafia » is not « capitaine de la mafia »)."""
    found: set[str] = set()
    pending: list[str] = []
    started = False
    for word in words(text):
        if is_stop(word):
            if started:
                pending.append(word)
            continue
        for stop in pending:
            found.update(linking(stop))
        pending = []
        started = True
    return frozenset(found)


_RUN = re.compile(r"[^\W_]+")


def spellings(texts: Iterable[str], keep: Iterable[str] = ()) -> dict[str, str]:
    """Return how the words of ``texts`` are written, by folded word: the most frequent
    lowercased form (accented ones first at equal counts), where it differs from the
    folded word or the folded word is in ``keep``."""
    counts: dict[str, dict[str, int]] = {}
    for text in texts:
        for run in _RUN.findall(unicodedata.normalize("NFC", text)):
            forms = counts.setdefault(fold_chars(run), {})
            forms[run.lower()] = forms.get(run.lower(), 0) + 1
    kept = set(keep)
    out = {}
    for folded, forms in counts.items():
        best = max(forms, key=lambda f: (forms[f], not f.isascii(), f))
        if best != folded or folded in kept:
            out[folded] = best
    return out
