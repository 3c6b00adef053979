"""The "rules do not say" judgement (lookup/verdict.py), one class of question per block.

Each case is a question written for its class (none is taken from a relevance set), in both
languages, out of scope and, beside them, in scope: the judgement must say "not covered"
to the first and still answer the second. ``SearchResult.answered`` is the one judgement of
``garou search``, ``garou show``'s "did you mean" and the live game's lookup. The questions
are one table, ``CASES`` (class, query, expected), driving one test; the classes' other
properties (the words an act is read from, a nickname's syllable…) have their own tests.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from garou.core.catalogue import say
from garou.lookup import Searcher, quantity, verdict
from garou.lookup.analysis import fold_chars
from tests.helpers import builtin_searcher


@pytest.fixture(scope="module")
def searcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Searcher]:
    """One searcher on the built-in rules (its own cache) for the whole module."""
    with builtin_searcher(tmp_path_factory.mktemp("cache")) as opened:
        yield opened


def _folded_texts(searcher: Searcher, docnum: int) -> list[str]:
    """The entry's title, text and options, both languages, folded (as the verdict reads them)."""
    parts = searcher.entry_parts(docnum)
    return [fold_chars(p[lang]).lower() for p in parts for lang in ("fr", "en") if p.get(lang)]


def _answered(searcher: Searcher, query: str, game: str | None = None) -> bool:
    return searcher.search(query, game=game, lang="fr").answered


# --- what a case expects ------------------------------------------------------------------------

NOT_COVERED = "not covered"
"""The judgement says the rules do not answer the question."""
ANSWERED = "answered"
"""The judgement answers the question."""


@dataclass(frozen=True)
class First:
    """Answered, with one of ``entries`` as the first hit."""

    entries: tuple[str, ...]


@dataclass(frozen=True)
class Outside:
    """Not covered, naming ``role`` as a role of other editions, the reason said so."""

    role: str


@dataclass(frozen=True)
class NoneOutside:
    """Answered, naming no role of other editions."""


@dataclass(frozen=True)
class Nickname:
    """Answered, first hit among ``entries``, the query corrected to the role ``name``."""

    entries: tuple[str, ...]
    name: str


@dataclass(frozen=True)
class RuleFires:
    """Not covered, or answered while ``feature`` fires on the first hit: the fitted judgement
    weighs the rule with the rest and may answer."""

    feature: str


@dataclass(frozen=True)
class Uncorrected:
    """Answered, and no word of the query corrected into another."""


SEER = ("lg-role-voyante", "lg-contested-seer-sees")

CASES = [
    # 1. a role of other editions, typed in two words or with a stop word
    ("1-other-editions", "que voit exactement la voyante d'aura ?", Outside("voyante-aura")),
    ("1-other-editions", "the aura seer checks a player, what does she learn",
     Outside("voyante-aura")),
    ("1-other-editions", "can the wolf hound decide which side he plays for",
     Outside("chien-loup")),
    ("1-other-editions", "the body guard protects someone each night?", Outside("salvateur")),
    ("1-these-rules", "que voit la voyante pendant la nuit ?", NoneOutside()),
    ("1-these-rules", "what does the seer learn about a card", NoneOutside()),
    # 2. a predicate only the other game's rules are about
    ("2-other-game", "au loup-garou, quelle pénalité pour un joueur qui parle la nuit ?",
     RuleFires("other-game")),
    ("2-other-game", "in werewolf is a player disqualified for talking at night",
     RuleFires("other-game")),
    ("2-game-asked", "en mafia, un joueur peut-il être disqualifié ?", ANSWERED),
    ("2-game-asked", "in werewolf, can the dead talk", ANSWERED),
    # 3. declining an act the rules do not say may be declined
    ("3-declining", "can the hunter decline to shoot when he dies", NOT_COVERED),
    ("3-declining", "le capitaine peut-il renoncer à son badge ?", NOT_COVERED),
    ("3-the-act", "le chasseur tire-t-il quand il meurt ?", ANSWERED),
    ("3-the-act", "peut-on s'abstenir de voter en mafia ?", ANSWERED),
    # 4. a duration the entry states of something else
    ("4-other-duration", "combien de temps dure le vote du village ?", RuleFires("quantity")),
    ("4-other-duration", "how long does a whole game of werewolf last", NOT_COVERED),
    ("4-duration-asked", "combien de temps a un joueur pour parler en mafia ?", ANSWERED),
    ("4-duration-asked", "how long is a player's speech in mafia", ANSWERED),
    # 5. an act the subject's entry does not say
    ("5-act-not-had", "la voyante peut-elle tuer quelqu'un ?", NOT_COVERED),
    ("5-act-not-had", "can the seer poison a player", NOT_COVERED),
    ("5-act-not-had", "cupidon peut-il changer de couple en cours de partie ?", NOT_COVERED),
    ("5-act-not-had", "can cupid change the lovers later on", NOT_COVERED),
    ("5-act-not-had", "les loups peuvent-ils épargner leur victime ?", NOT_COVERED),
    ("5-act-not-had", "can the witch steal a potion from someone", NOT_COVERED),
    ("5-act-had", "can the hunter shoot a wolf when he dies", ANSWERED),
    ("5-act-had", "le chasseur peut-il tirer sur n'importe qui ?", ANSWERED),
    ("5-act-had", "le capitaine peut-il départager une égalité ?", ANSWERED),
    ("5-act-had", "can the witch use her poison on a wolf", ANSWERED),
    # 6. advice: reading the other players
    ("6-advice", "comment démasquer les loups ?", NOT_COVERED),
    ("6-advice", "quel est le meilleur moyen de repérer un menteur ?", NOT_COVERED),
    ("6-advice", "how can I tell who is lying in werewolf", NOT_COVERED),
    ("6-advice", "how do I spot the wolves early", NOT_COVERED),
    ("6-advice", "how do I convince the others I am a villager", NOT_COVERED),
    # 7. precision: the subject rule reads the game asked and the main clause
    ("7-other-games-word", "in werewolf, what does the cop learn at night", ANSWERED),
    ("7-other-games-word", "does the mayor break a tied vote in mafia", ANSWERED),
    ("7-other-games-word", "le maire départage-t-il les égalités en mafia ?", ANSWERED),
    ("7-circumstance", "do players keep their eyes closed while the witch is called", ANSWERED),
    ("7-circumstance", "les joueurs ferment-ils les yeux quand la sorcière est appelée ?",
     ANSWERED),
    # 8. recall: a subject is in an entry that speaks of its group
    # The role's camp, named after in the entry's title, keywords or aliases.
    ("8-group", "le chasseur gagne-t-il quand il ne reste plus de loups ?",
     First(("lg-win-village",))),
    ("8-group", "la sorcière gagne quand le village a éliminé tous les loups ?",
     First(("lg-win-village",))),
    # A camp whichever it is: "when a team wins, each of its members…".
    ("8-group", "en score Classic, combien reçoit le Don quand la mafia gagne ?",
     First(("mf-scoring-classic",))),
    ("8-group", "in classic scoring what does a citizen get when the town wins?",
     First(("mf-scoring-classic",))),
    # Every player: "each player gets one of the roles; nobody knows anyone else's".
    ("8-group", "un citoyen connaît-il le rôle des autres joueurs au début ?",
     First(("mf-dealing",))),
    ("8-group", "does a citizen know anyone else's role when the cards are dealt?",
     First(("mf-dealing",))),
    ("8-investigator", "au loup-garou, que voit le détective la nuit ?", First(SEER)),
    ("8-investigator", "le flic peut-il se tromper au loup-garou ?", First(SEER)),
    ("8-investigator", "in werewolf, who does the cop check at night?", First(SEER)),
    ("8-investigator", "can the investigator be wrong in werewolf?", First(SEER)),
    # 9. recall: a quantity stated otherwise than a number ("chaque nuit", "each night",
    # "à usage unique", "once" state how many times)
    ("9-frequency", "combien de fois la voyante peut-elle regarder par nuit ?",
     First(("lg-role-voyante",))),
    ("9-frequency", "how many times per night does the seer look at a card?",
     First(("lg-role-voyante",))),
    ("9-frequency", "how many times can the sheriff check a player each night?",
     First(("mf-night",))),
    # "Temps de parole" (keywords: discours): "un joueur parle au plus 60 secondes" is the
    # speech's length, though the sentence says "parle", not "discours".
    ("9-named-after", "combien de temps dure le discours au vote à la mafia ?",
     First(("mf-speech",))),
    ("9-common-word", "combien de temps dure une partie de mafia ?", RuleFires("quantity")),
    ("9-common-word", "how long does a werewolf night last?", NOT_COVERED),
    # 10. recall: a role's nickname counts as the role
    ("10-nickname", "la vovo elle voit quoi ?", Nickname(SEER, "voyante")),
    ("10-nickname", "what does the vovo see at night?", Nickname(SEER, "voyante")),
    ("10-nickname", "chacha il tire quand ?",
     Nickname(("lg-hunter-shot", "lg-role-chasseur"), "chasseur")),
    # 11. recall: the act done to each other, said in the words of the same act (the first
    # night: the mafiosi "agree aloud", "make acquaintance", "see each other")
    ("11-each-other", "do the mafiosi recognise each other on the first night?",
     First(("mf-first-night",))),
    ("11-each-other", "do the mafiosi speak to each other during the first night?",
     First(("mf-first-night",))),
    ("11-each-other", "les mafieux discutent-ils mutuellement la première nuit ?",
     First(("mf-first-night",))),
    ("11-each-other", "est-ce que les mafieux se parlent mutuellement la première nuit ?",
     First(("mf-first-night",))),
    ("11-other-act", "can the mafiosi protect each other?", NOT_COVERED),
    ("11-other-act", "les mafieux peuvent-ils se voter mutuellement ?", RuleFires("essential")),
    # 12. a word of how a question asks is never a typo: "permis" is no "parmi", "vont" no
    # "voit", "actually" no "actuelle", "like" no "life"
    ("12-question-word", "est-ce que c'est permis de parler la nuit ?", Uncorrected()),
    ("12-question-word", "les loups vont-ils tuer chaque nuit ?", Uncorrected()),
    ("12-question-word", "can the witch actually save herself?", Uncorrected()),
    ("12-question-word", "is the don like a boss?", Uncorrected()),
]  # fmt: skip


@pytest.mark.parametrize(
    ("klass", "query", "expected"),
    CASES,
    ids=[f"{klass}-{i}" for i, (klass, _, _) in enumerate(CASES)],
)
def test_the_judgement_of_each_class_of_question(searcher, klass, query, expected):
    match expected:
        case Outside(role):
            judged = searcher.search(query, lang="en")
            assert not judged.answered
            assert role in [o.id for o in judged.outside]
            [reason] = judged.not_covered(say, "fr")
            assert "n'est pas un rôle de ces règles" in reason.replace("\u00a0", " ")
        case NoneOutside():
            judged = searcher.search(query)
            assert judged.answered and judged.outside == []
        case First(entries):
            assert searcher.search(query, lang="fr").hits[0].id in entries
            assert _answered(searcher, query)
        case Nickname(entries, name):
            result = searcher.search(query, lang="fr")
            assert result.hits[0].id in entries
            assert result.corrected is not None and name in fold_chars(result.corrected).lower()
            assert _answered(searcher, query)
        case RuleFires(feature):
            judged = searcher.search(query, lang="fr").verdict
            fired = judged is not None and judged.features.get(feature) == 1.0
            assert not _answered(searcher, query) or fired
        case Uncorrected():
            assert searcher.search(query, lang="fr").corrected is None
            assert _answered(searcher, query)
        case _:
            assert _answered(searcher, query) is (expected == ANSWERED)


# --- 5. the act is the word after the modal ------------------------------------------------------


def test_the_act_is_the_word_after_the_modal():
    assert verdict.act_groups("la sorciere peut-elle encore voler une potion", {"sorciere"}) == [
        ["voler"]
    ]
    assert verdict.act_groups("les loups peuvent-ils epargner leur victime", {"loups"}) == [
        ["epargner"]
    ]
    assert verdict.act_groups("can the seer look twice", {"seer"}) == [["look"]]
    assert verdict.act_groups("le loup peut-il se devorer", {"loup"}) == []  # the reflexive


# --- 7. acts joined by and/or -------------------------------------------------------------------


def test_acts_joined_by_and_or_or_are_one_question():
    assert verdict.act_groups("la sorciere peut-elle empoisonner et sauver", {"sorciere"}) == [
        ["empoisonner", "sauver"]
    ]
    assert verdict.act_groups("can the hunter shoot or spare a wolf", {"hunter"}) == [
        ["shoot", "spare"]
    ]


# --- 9. a frequency is a number only when how many times is asked -------------------------------


def test_a_frequency_is_no_number_unless_how_many_times_is_asked():
    texts = ["chaque nuit, elle decouvre la carte d'un joueur"]
    assert quantity.answers_quantity("combien de fois regarde-t-elle ?", texts)
    assert not quantity.answers_quantity("combien de joueurs regarde-t-elle ?", texts)


# --- 10. no nickname of no role or of several ---------------------------------------------------


def test_a_doubled_syllable_of_no_role_or_of_several_is_no_nickname(searcher):
    assert searcher._nickname("papa") is None  # no role begins with "pa"
    assert searcher._nickname("lolo") is None  # "loup-garou", "lovers"…: which one?
    assert searcher._nickname("vovo") == "voyante"


@pytest.mark.parametrize(
    "query",
    ["quelle astuce pour gagner avec les loups", "tips for a new seer",
     "how do I get better at lying when I'm a wolf"],
)  # fmt: skip
def test_a_word_of_advice_the_first_hit_does_not_speak_of_decides_alone(searcher, query):
    # A hard rule, as a role of other editions is: the fitted model never weighs it.
    from garou.lookup import verdict

    answer_all = _answer_all()
    result = searcher.search(query)
    assert not result.answered and result.verdict.reason == "advice"
    assert result.verdict.features == {} and result.verdict.probability is None
    hit = searcher._scorer.docnum(result.hits[0].id)
    judged = verdict.judge(searcher, hit, searcher._judged(), query, model=answer_all)
    assert judged.reason == "advice"
    # Without the advice word the same model answers: the word alone decided.
    plain = verdict.judge(searcher, hit, [m for m in searcher._judged() if not m[0].advice],
                           query, model=answer_all)  # fmt: skip
    assert plain.answered


def _answer_all():  # a model that answers everything it weighs
    from garou.lookup import verdict

    return verdict.Model(verdict.FEATURES, (50.0,) + (0.0,) * len(verdict.FEATURES),
                          0.5, (0.0,) * len(verdict.FEATURES))  # fmt: skip


@pytest.mark.parametrize(
    "query",
    ["how many seconds does the hunter get to shoot", "is there a time limit for the seer",
     "combien de temps la sorcière a-t-elle pour choisir ?",
     "quel délai pour le vote du capitaine ?"],
)  # fmt: skip
def test_a_duration_asked_of_a_ruling_stating_none_decides_alone(searcher, query):
    # Asked only how long: the rulings stating a duration come first (the debate's,
    # of another thing: the weighed rule says so); of a first hit that states no duration
    # at all, the rules do not say, whatever a model would weigh.
    from garou.lookup import quantity, verdict

    result = searcher.search(query)
    # (the first hit states a duration of something else: weighed, the rule fires)
    assert result.verdict.features.get("quantity", 1.0) == 1.0
    assert result.answered is False or result.verdict.features
    hit = searcher._scorer.docnum(result.hits[0].id)
    judged = verdict.judge(searcher, hit, searcher._judged(), query, model=_answer_all())
    stated = quantity.states_duration(_folded_texts(searcher, hit))
    assert judged.answered is stated  # weighed only when the hit states a duration
    for other in (h for h in result.hits[1:] if h.game == result.hits[0].game):
        number = searcher._scorer.docnum(other.id)
        if not quantity.states_duration(_folded_texts(searcher, number)):
            alone = verdict.judge(searcher, number, searcher._judged(), query,
                                   model=_answer_all())  # fmt: skip
            assert not alone.answered and alone.reason == "quantity" and alone.features == {}
            break


@pytest.mark.parametrize(
    "query",
    ["combien de temps dure le débat ?", "how long is the farewell speech in mafia",
     "werewolf with 8 players: how many wolves and how long will it last?"],
)  # fmt: skip
def test_a_duration_stated_or_a_count_asked_beside_it_is_weighed(searcher, query):
    # The hit states a duration, or the question also counts something (the wolves): the
    # hard rule stays out; the model weighs.
    from garou.lookup import quantity, verdict
    from garou.lookup.analysis import fold_chars

    result = searcher.search(query)
    hit = searcher._scorer.docnum(result.hits[0].id)
    judged = verdict.judge(searcher, hit, searcher._judged(), query, model=_answer_all())
    assert judged.answered, judged
    folded = fold_chars(query).lower()
    assert quantity.asks_duration(folded)
    assert not quantity.asks_only_duration(folded) or quantity.states_duration(
        _folded_texts(searcher, hit)
    )


@pytest.mark.parametrize(
    "query",
    ["can the seer kill a player", "le chasseur peut-il ressusciter quelqu'un ?",
     "can the hunter protect a player at night", "cupidon peut-il tuer un amoureux ?"],
)  # fmt: skip
def test_an_act_the_role_does_not_have_decides_alone(searcher, query):
    from garou.lookup import verdict

    result = searcher.search(query)
    assert not result.answered and result.verdict.reason == "act"
    assert result.verdict.features == {}
    hit = searcher._scorer.docnum(result.hits[0].id)
    judged = verdict.judge(searcher, hit, searcher._judged(), query, model=_answer_all())
    assert judged.reason == "act"


OTHER_VERBS = [
    ("can the witch drink both potions the same night", "lg-contested-witch-two-potions"),
    ("can the witch throw both potions the same night", "lg-contested-witch-two-potions"),
    ("can the witch pour both potions in one night", "lg-contested-witch-two-potions"),
    ("can the witch use up both potions the same night", "lg-contested-witch-two-potions"),
    ("la sorcière peut-elle boire ses deux potions la même nuit", "lg-contested-witch-two-potions"),
    ("la sorcière peut-elle verser ses deux potions la même nuit",
     "lg-contested-witch-two-potions"),
    ("la sorcière peut-elle lancer ses deux potions la même nuit",
     "lg-contested-witch-two-potions"),
    ("can the hunter shoot someone when he dies", "lg-hunter-shot"),
    ("can the hunter fire at someone when he dies", "lg-hunter-shot"),
    ("le chasseur peut-il tirer sur quelqu'un en mourant", "lg-hunter-shot"),
]  # fmt: skip


@pytest.mark.parametrize(("query", "entry"), OTHER_VERBS)
def test_a_role_s_known_act_in_another_verb_is_answered(searcher, query, entry):
    result = searcher.search(query, lang="en")
    assert result.hits[0].id == entry
    assert result.answered, result.verdict


@pytest.mark.parametrize(
    "query",
    [
        "les loups peuvent-ils désigner un autre loup",
        "les loups-garous peuvent-ils désigner leur victime",
        "can the wolves pick another wolf",
        "can the werewolves choose their victim",
    ],
)
def test_the_wolves_choosing_in_any_verb_is_answered_by_a_wolves_entry(searcher, query):
    result = searcher.search(query, lang="fr")
    assert result.answered, result.verdict
    assert "wol" in result.hits[0].id or "loup" in result.hits[0].id


@pytest.mark.parametrize(
    "query",
    [
        "can the witch steal a potion",
        "la sorcière peut-elle voler une potion",
        "can the witch sell her potions",
        "can the seer kill",
        "can the witch fly",
        "can the hunter juggle",
        "la voyante peut-elle tuer",
    ],
)
def test_an_act_the_role_does_not_have_is_still_not_covered(searcher, query):
    result = searcher.search(query, lang="en")
    assert not result.answered
    assert result.verdict is not None and result.verdict.reason == "act"
