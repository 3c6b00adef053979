"""The "rules do not say" judgement (lookup/coverage.py), one class of question per test.

Each test asks questions written for it (none is taken from a relevance set), in both
languages, out of scope and, beside them, in scope: the judgement must say "not covered"
to the first and still answer the second. ``Searcher.judge`` is the one judgement of
``garou search``, ``garou show``'s "did you mean" and the live game's lookup.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from garou.lookup import Searcher, coverage, outside_of, quantity
from garou.lookup import index as lookup_index
from garou.lookup.analysis import fold_chars


@pytest.fixture(scope="module")
def searcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Searcher]:
    """One searcher on the built-in rules (its own cache) for the whole module."""
    folder: Path = tmp_path_factory.mktemp("cache")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("XDG_CACHE_HOME", str(folder))
        mp.delenv("GAROU_RULES_DIR", raising=False)
        lookup_index.open_index().close()
        with Searcher() as opened:
            yield opened


def _answered(searcher: Searcher, query: str, game: str | None = None) -> bool:
    judged = searcher.judge(query, game=game, lang="fr")
    result = searcher.search(query, game=game, lang="fr")
    assert judged.answered == result.answered  # one judgement for every caller
    return judged.answered


# --- 1. a role of other editions, typed in two words or with a stop word ----------------------


@pytest.mark.parametrize(
    ("query", "outside"),
    [
        ("que voit exactement la voyante d'aura ?", "voyante-aura"),
        ("the aura seer checks a player, what does she learn", "voyante-aura"),
        ("can the wolf hound decide which side he plays for", "chien-loup"),
        ("the body guard protects someone each night?", "salvateur"),
    ],
)
def test_a_role_of_other_editions_typed_apart_is_named_and_not_covered(searcher, query, outside):
    judged = searcher.judge(query, lang="en")
    assert not judged.answered
    assert outside in [o.id for o in judged.outside]
    assert "n'est pas un rôle de ces règles" in judged.reason().say("fr").replace("\u00a0", " ")


def test_show_names_a_role_of_other_editions_typed_apart():
    assert [o.id for o in outside_of("wolf hound")] == ["chien-loup"]
    assert [o.id for o in outside_of("la voyante d'aura")] == ["voyante-aura"]
    assert outside_of("voyante") == [] and outside_of("the seer") == []


@pytest.mark.parametrize(
    "query", ["que voit la voyante pendant la nuit ?", "what does the seer learn about a card"]
)
def test_the_seer_of_these_rules_is_no_aura_seer(searcher, query):
    judged = searcher.judge(query)
    assert judged.answered and judged.outside == []


# --- 2. a predicate only the other game's rules are about -------------------------------------


@pytest.mark.parametrize(
    "query",
    [
        "au loup-garou, quelle pénalité pour un joueur qui parle la nuit ?",
        "in werewolf is a player disqualified for talking at night",
    ],
)
def test_a_topic_of_the_other_game_only_is_not_covered(searcher, query):
    assert not _answered(searcher, query)


@pytest.mark.parametrize(
    "query", ["en mafia, un joueur peut-il être disqualifié ?", "in werewolf, can the dead talk"]
)
def test_a_topic_of_the_game_asked_is_answered(searcher, query):
    assert _answered(searcher, query)


# --- 3. declining an act the rules do not say may be declined ---------------------------------


@pytest.mark.parametrize(
    "query",
    ["can the hunter decline to shoot when he dies", "le capitaine peut-il renoncer à son badge ?"],
)
def test_declining_an_act_no_entry_rules_on_is_not_covered(searcher, query):
    assert not _answered(searcher, query)


@pytest.mark.parametrize(
    "query", ["le chasseur tire-t-il quand il meurt ?", "peut-on s'abstenir de voter en mafia ?"]
)
def test_the_act_itself_or_a_ruled_refusal_is_answered(searcher, query):
    assert _answered(searcher, query)


# --- 4. a duration the entry states of something else ------------------------------------------


@pytest.mark.parametrize(
    "query",
    ["combien de temps dure le vote du village ?", "how long does a whole game of werewolf last"],
)
def test_a_duration_stated_of_something_else_is_not_covered(searcher, query):
    assert not _answered(searcher, query)


@pytest.mark.parametrize(
    "query",
    [
        "combien de temps a un joueur pour parler en mafia ?",
        "how long is a player's speech in mafia",
    ],
)
def test_a_duration_stated_of_the_thing_asked_is_answered(searcher, query):
    assert _answered(searcher, query)


# --- 5. an act the subject's entry does not say -----------------------------------------------


@pytest.mark.parametrize(
    "query",
    [
        "la voyante peut-elle tuer quelqu'un ?",
        "can the seer poison a player",
        "cupidon peut-il changer de couple en cours de partie ?",
        "can cupid change the lovers later on",
        "les loups peuvent-ils épargner leur victime ?",
        "can the witch steal a potion from someone",
    ],
)
def test_an_act_a_role_does_not_have_is_not_covered(searcher, query):
    # The act rule fires on the subject's entry; the fitted judgement (on by default) weighs
    # it with the rest, and may answer (held out: blind set wrongly not covered 0.083 ->
    # 0.060, out of scope said not covered 0.583 -> 0.639). Under the hand rules, a veto.
    answered = _answered(searcher, query)
    verdict = searcher.search(query, lang="fr").verdict
    assert not answered or (verdict is not None and verdict.features.get("act") == 1.0)


@pytest.mark.parametrize(
    "query",
    [
        "can the hunter shoot a wolf when he dies",
        "le chasseur peut-il tirer sur n'importe qui ?",
        "le capitaine peut-il départager une égalité ?",
        "can the witch use her poison on a wolf",
    ],
)
def test_an_act_the_role_has_is_answered(searcher, query):
    assert _answered(searcher, query)


def test_the_act_is_the_word_after_the_modal():
    assert coverage.acts("la sorciere peut-elle encore voler une potion", {"sorciere"}) == ["voler"]
    assert coverage.acts("les loups peuvent-ils epargner leur victime", {"loups"}) == ["epargner"]
    assert coverage.acts("can the seer look twice", {"seer"}) == ["look"]
    assert coverage.acts("le loup peut-il se devorer", {"loup"}) == []  # the reflexive rule's


# --- 6. advice: reading the other players ------------------------------------------------------


@pytest.mark.parametrize(
    "query",
    [
        "comment démasquer les loups ?",
        "quel est le meilleur moyen de repérer un menteur ?",
        "how can I tell who is lying in werewolf",
        "how do I spot the wolves early",
        "how do I convince the others I am a villager",
    ],
)
def test_how_to_read_the_other_players_is_not_covered(searcher, query):
    assert not _answered(searcher, query)


# --- 7. precision: the subject rule reads the game asked and the main clause --------------------


@pytest.mark.parametrize(
    "query",
    [
        "in werewolf, what does the cop learn at night",
        "does the mayor break a tied vote in mafia",
        "le maire départage-t-il les égalités en mafia ?",
    ],
)
def test_a_role_named_by_the_other_games_word_is_read_in_the_game_asked(searcher, query):
    assert _answered(searcher, query)


@pytest.mark.parametrize(
    "query",
    [
        "do players keep their eyes closed while the witch is called",
        "les joueurs ferment-ils les yeux quand la sorcière est appelée ?",
    ],
)
def test_a_role_named_only_in_a_clause_of_circumstance_is_no_subject(searcher, query):
    assert _answered(searcher, query)


def test_circumstance_words_are_those_of_the_clause_only():
    assert coverage.circumstance_words("do players close their eyes while the witch is called") == {
        "the", "witch", "is", "called"
    }  # fmt: skip
    assert "hunter" not in coverage.circumstance_words("when the hunter dies does the hunter shoot")


def test_acts_joined_by_and_or_or_are_one_question():
    assert coverage.act_groups("la sorciere peut-elle empoisonner et sauver", {"sorciere"}) == [
        ["empoisonner", "sauver"]
    ]
    assert coverage.act_groups("can the hunter shoot or spare a wolf", {"hunter"}) == [
        ["shoot", "spare"]
    ]


# --- 8. recall: a subject is in an entry that speaks of its group --------------------------------


@pytest.mark.parametrize(
    ("query", "entry"),
    [
        # The role's camp, named after in the entry's title, keywords or aliases.
        ("le chasseur gagne-t-il quand il ne reste plus de loups ?", "lg-win-village"),
        ("la sorcière gagne quand le village a éliminé tous les loups ?", "lg-win-village"),
        # A camp whichever it is: "when a team wins, each of its members…".
        ("en score Classic, combien reçoit le Don quand la mafia gagne ?", "mf-scoring-classic"),
        ("in classic scoring what does a citizen get when the town wins?", "mf-scoring-classic"),
        # Every player: "each player gets one of the roles; nobody knows anyone else's".
        ("un citoyen connaît-il le rôle des autres joueurs au début ?", "mf-dealing"),
        ("does a citizen know anyone else's role when the cards are dealt?", "mf-dealing"),
    ],
)
def test_a_role_is_the_subject_of_an_entry_about_its_group(searcher, query, entry):
    result = searcher.search(query, lang="fr")
    assert result.hits[0].id == entry
    assert _answered(searcher, query)


def test_a_camp_acting_in_an_entry_is_no_group_the_question_is_about(searcher):
    # "the village votes" in the wolves' victory does not make it about the village's
    # members; the village's victory, named after the camp, is.
    searcher.search("le chasseur", lang="fr")
    (hunter, _), *_ = searcher._matched
    for entry, speaks in (("lg-win-wolves", False), ("lg-win-village", True)):
        docnum = searcher._scorer.docnum(entry)
        texts = [t.lower() for p in searcher.entry_parts(docnum) for t in p.values()]
        assert coverage.speaks_of_group(searcher, docnum, hunter, texts) is speaks


@pytest.mark.parametrize(
    "query",
    [
        "au loup-garou, que voit le détective la nuit ?",
        "le flic peut-il se tromper au loup-garou ?",
        "in werewolf, who does the cop check at night?",
        "can the investigator be wrong in werewolf?",
    ],
)
def test_the_other_games_investigator_is_read_as_the_seer(searcher, query):
    result = searcher.search(query, lang="fr")
    assert result.hits[0].id in ("lg-role-voyante", "lg-contested-seer-sees")
    assert _answered(searcher, query)


# --- 9. recall: a quantity stated otherwise than a number -------------------------------------


@pytest.mark.parametrize(
    ("query", "entry"),
    [
        ("combien de fois la voyante peut-elle regarder par nuit ?", "lg-role-voyante"),
        ("how many times per night does the seer look at a card?", "lg-role-voyante"),
        ("how many times can the sheriff check a player each night?", "mf-night"),
    ],
)
def test_how_many_times_is_answered_by_a_frequency_stated(searcher, query, entry):
    # "chaque nuit", "each night", "à usage unique", "once" state how many times.
    assert searcher.search(query, lang="fr").hits[0].id == entry
    assert _answered(searcher, query)


def test_a_frequency_is_no_number_unless_how_many_times_is_asked():
    texts = ["chaque nuit, elle decouvre la carte d'un joueur"]
    assert quantity.answers_quantity("combien de fois regarde-t-elle ?", texts)
    assert not quantity.answers_quantity("combien de joueurs regarde-t-elle ?", texts)


@pytest.mark.parametrize(
    ("query", "entry"),
    [("combien de temps dure le discours au vote à la mafia ?", "mf-speech")],
)
def test_a_duration_in_an_entry_named_after_the_thing_is_the_things(searcher, query, entry):
    # "Temps de parole" (keywords: discours): "un joueur parle au plus 60 secondes" is the
    # speech's length, though the sentence says "parle", not "discours".
    assert searcher.search(query, lang="fr").hits[0].id == entry
    assert _answered(searcher, query)


@pytest.mark.parametrize(
    "query", ["combien de temps dure une partie de mafia ?", "how long does a werewolf night last?"]
)
def test_a_common_word_names_no_entry_whose_durations_would_be_its(searcher, query):
    assert not _answered(searcher, query)


# --- 10. recall: a role's nickname counts as the role ---------------------------------------


@pytest.mark.parametrize(
    ("query", "entries", "name"),
    [
        ("la vovo elle voit quoi ?", ("lg-role-voyante", "lg-contested-seer-sees"), "voyante"),
        ("what does the vovo see at night?", ("lg-role-voyante", "lg-contested-seer-sees"),
         "voyante"),
        ("chacha il tire quand ?", ("lg-hunter-shot", "lg-role-chasseur"), "chasseur"),
    ],
)  # fmt: skip
def test_a_doubled_first_syllable_is_the_roles_nickname(searcher, query, entries, name):
    result = searcher.search(query, lang="fr")
    assert result.hits[0].id in entries
    assert result.corrected is not None and name in fold_chars(result.corrected).lower()
    assert _answered(searcher, query)


def test_a_doubled_syllable_of_no_role_or_of_several_is_no_nickname(searcher):
    assert searcher._nickname("papa") is None  # no role begins with "pa"
    assert searcher._nickname("lolo") is None  # "loup-garou", "lovers"…: which one?
    assert searcher._nickname("vovo") == "voyante"


# --- 11. recall: the act done to each other, said in the words of the same act ----------------


@pytest.mark.parametrize(
    "query",
    [
        "do the mafiosi recognise each other on the first night?",
        "do the mafiosi speak to each other during the first night?",
        "les mafieux discutent-ils mutuellement la première nuit ?",
        "est-ce que les mafieux se parlent mutuellement la première nuit ?",
    ],
)
def test_the_act_done_to_each_other_may_be_said_in_the_words_of_the_same_act(searcher, query):
    # The first night: the mafiosi "agree aloud", "make acquaintance", "see each other".
    assert searcher.search(query, lang="fr").hits[0].id == "mf-first-night"
    assert _answered(searcher, query)


@pytest.mark.parametrize(
    "query",
    ["can the mafiosi protect each other?", "les mafieux peuvent-ils se voter mutuellement ?"],
)
def test_an_act_of_another_kind_done_to_each_other_is_still_not_covered(searcher, query):
    assert not _answered(searcher, query)


# --- 12. a word of how a question asks is never a typo ------------------------------------------


@pytest.mark.parametrize(
    "query",
    [
        "est-ce que c'est permis de parler la nuit ?",
        "les loups vont-ils tuer chaque nuit ?",
        "can the witch actually save herself?",
        "is the don like a boss?",
    ],
)
def test_a_question_word_is_not_corrected_into_another_word(searcher, query):
    # "permis" is no "parmi", "vont" no "voit", "actually" no "actuelle", "like" no "life".
    result = searcher.search(query, lang="fr")
    assert result.corrected is None
    assert _answered(searcher, query)
