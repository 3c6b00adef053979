"""``garou search --explain``: each hit's place and the verdict, accounted for."""

from __future__ import annotations

import math

import pytest

QUERIES = [
    "can the witch drink both potions the same night",
    "égalité au vote du village",
    "lynch tie",
    "sorcirre potion",
    "que fait le capitaine quand il meurt",
    "sorcière",  # a role named alone: its own entry first
    "combien de temps dure le débat",  # a duration asked
    "can I vote for myself",  # a word that changes the question
    "le shérif à la mafia",  # a game named
    "le maire et son écharpe",  # two words for one thing, counted once
]


@pytest.mark.parametrize("query", QUERIES)
def test_the_explanation_accounts_for_every_hit_s_rank(searcher, query):
    result = searcher.search(query, lang="en", limit=8, explain=True)
    explanation = result.explanation
    assert explanation is not None and result.hits
    scores = [explanation.hits[h.id].score for h in result.hits]
    assert scores == [h.score for h in result.hits]
    assert scores == sorted(scores, reverse=True)  # ordered as shown
    for hit in result.hits:
        why = explanation.hits[hit.id]
        assert why.matches, hit.id  # some word of the query placed it
        # what the words add is the lexical score, and its factors make the score
        assert math.isclose(sum(m.score for m in why.matches), why.lexical, rel_tol=1e-9)
        assert math.isclose(math.prod(v for _, v in why.factors) * why.lexical, hit.score,
                            rel_tol=1e-9)  # fmt: skip
        assert all(value != 1.0 for _, value in why.factors)


def test_the_factors_that_place_a_hit_are_named(searcher):
    def factors(query: str, entry: str) -> set[str]:
        result = searcher.search(query, lang="en", limit=8, explain=True)
        return {name for name, _ in result.explanation.hits[entry].factors}

    assert "own" in factors("sorcière", "lg-role-sorciere")
    assert "definition" in factors("la sorcière peut-elle boire deux potions", "lg-role-sorciere")
    assert "coverage" in factors("can the witch drink both potions the same night",
                                 "lg-witch-potions")  # fmt: skip
    result = searcher.search("le shérif à la mafia", lang="en", limit=200, explain=True)
    other = [h for h in result.hits if h.game != "mafia"]
    assert other and all(
        "other-game" in {n for n, _ in result.explanation.hits[h.id].factors} for h in other
    )
    data = result.to_dict()["hits"][-1]["why"]
    assert {"score", "lexical", "factors", "matched"} <= data.keys()


def test_the_explanation_costs_nothing_when_not_asked(searcher):
    result = searcher.search("chasseur amoureux", lang="en")
    assert result.explanation is None and "why" not in result.to_dict()


def test_a_match_only_through_a_synonym_names_the_synonym(searcher):
    # "lynch" is in no ruling: a synonym group (lookup.synonyms) takes it to the vote.
    result = searcher.search("lynch", lang="en", explain=True)
    why = result.explanation.hits[result.hits[0].id]
    [match] = why.matches
    assert match.words == "lynch" and match.via in ("synonym", "alias")
    assert match.phrase != "lynch"
    assert match.phrase in str(result.to_dict()["hits"][0]["why"]["matched"])


def test_a_typo_names_its_correction(searcher):
    result = searcher.search("sorcirre", lang="fr", explain=True)
    assert result.corrected
    why = result.explanation.hits[result.hits[0].id]
    assert any(m.typed == "sorcirre" and m.words == "sorciere" for m in why.matches)
    matched = result.to_dict()["hits"][0]["why"]["matched"]
    assert any(m.get("typed") == "sorcirre" for m in matched)


@pytest.mark.parametrize(
    ("query", "rule"),
    [
        ("can the witch steal a potion", "act"),
        ("que fait le salvateur ?", "outside"),
        ("1=1", "no-words"),
    ],
)
def test_a_not_covered_verdict_names_the_rule_that_decided(searcher, query, rule):
    result = searcher.search(query, lang="en", explain=True)
    assert not result.answered
    verdict = result.explanation.verdict
    assert verdict.rule == rule
    assert result.to_dict()["why"] == {"answered": False, "reason": rule, "rule": rule}


def test_a_weighed_verdict_gives_its_terms_which_add_up_to_its_probability(searcher):
    result = searcher.search("le chasseur peut-il tirer sur un amoureux", lang="fr", explain=True)
    verdict = result.explanation.verdict
    assert verdict.rule is None and verdict.probability is not None
    z = verdict.intercept + sum(t.contribution for t in verdict.terms)
    assert math.isclose(1 / (1 + math.exp(-z)), verdict.probability, rel_tol=1e-9)
    assert verdict.answered == (verdict.probability >= verdict.threshold)
    said = result.to_dict()["why"]
    assert said["threshold"] == round(verdict.threshold, 4) > 0
    assert said["probability"] == round(verdict.probability, 4)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_command_explains_in_the_catalogue_s_words(garou, lang):
    from garou.core.catalogue import say

    done = garou("search", "lynch", "tie", "--explain", "--lang", lang, "-n", "2")
    assert done.exit_code == 0
    out = " ".join(done.stdout.split())
    assert say("search.explain.heading", lang) in out
    assert say("search.explain.verdict", lang) in out
    data = garou("search", "lynch", "tie", "--explain", "--json", "--lang", lang).json()
    assert all("why" in hit for hit in data["hits"]) and "why" in data
    plain = garou("search", "lynch", "tie", "--json", "--lang", lang).json()
    assert "why" not in plain and all("why" not in hit for hit in plain["hits"])


def test_the_web_search_shows_the_why_of_each_hit_on_demand(private_cache):
    from html.parser import HTMLParser

    from garou.core.catalogue import say
    from garou.web import create_app

    html = create_app().test_client().get("/search?q=lynch+tie&lang=en").text

    class Details(HTMLParser):
        def __init__(self):
            super().__init__()
            self.count, self.open = 0, 0

        def handle_starttag(self, tag, attrs):
            if tag == "details" and ("class", "why") in attrs:
                self.count += 1
                self.open += any(name == "open" for name, _ in attrs)

    found = Details()
    found.feed(html)
    assert found.count >= 3 and found.open == 0  # the hits' and the verdict's, closed
    assert say("web.search.why-verdict", "en") in html


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_hit_shown_whole_is_explained_even_beyond_the_limit(searcher, lang):
    from garou.lookup.explain import explanation_lines

    result = searcher.search("vote", lang=lang, limit=1, explain=True)
    assert len(result.per_game) == 2 and len(result.hits) == 1  # the other game's: beyond
    headings = " ".join(heading for heading, _ in explanation_lines(result, lang, searcher.say))
    assert all(f"({hit.id})" in headings for hit in result.in_full), headings


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(
    "query",
    [
        "1=1",
        "le salvateur peut-il se protéger lui-même",
        "combien de loups pour 12 joueurs",
        "chasseur amoureux",
    ],
)
def test_the_verdict_s_why_says_no_internal_code(searcher, lang, query):
    from garou.lookup.explain import verdict_lines
    from garou.lookup.verdict import REASONS

    why = searcher.search(query, lang=lang, explain=True).explanation.verdict
    said = " ".join(verdict_lines(why, searcher.say, lang))
    said = said.replace("\xa0", " ").replace("\u202f", " ")  # French typography's spaces
    quoted = [c for c in REASONS if f"« {c} »" in said or f"“{c}”" in said]
    # A feature's id said bare: an English word in French ("score" is French too), an id
    # with a hyphen in either language.
    bare = [
        t.feature
        for t in why.terms
        if ("-" in t.feature or lang == "fr")
        and t.feature != "score"
        and f" {t.feature} " in f" {said.replace(',', ' ')} "
    ]
    assert not quoted + bare, said


def test_the_french_why_writes_numbers_with_a_decimal_comma(searcher):
    import re

    from garou.lookup.explain import explanation_lines

    result = searcher.search("le chasseur peut-il tirer sur un amoureux", lang="fr", explain=True)
    lines = [line for _, said in explanation_lines(result, "fr", searcher.say) for line in said]
    assert lines and not [line for line in lines if re.search(r"\d\.\d", line)], lines


def test_every_reason_and_feature_of_the_verdict_is_said_in_both_languages():
    from garou.core.catalogue import messages
    from garou.lookup import verdict

    said = messages()
    keys = [f"search.explain.reason.{r}" for r in verdict.REASONS]
    keys += [f"search.explain.feature.{f}" for f in verdict.FEATURES]
    assert [k for k in keys if set(said.get(k, {})) != {"fr", "en"}] == []


def test_numbers_are_written_as_the_language_writes_them():
    from garou.lookup.explain import _number

    assert _number(3.14159, "en") == "3.14" and _number(3.14159, "fr") == "3,14"
    assert _number(-0.5, "fr", signed=True) == "-0,50" and _number(0.5, "en", True) == "+0.50"
    assert _number(0.0, "en") == "0.00"
    assert _number(0.001, "en", signed=True) == "+1.0e-03"


def test_the_verdict_and_the_hit_lines_say_their_numbers_and_the_correction(searcher):
    from garou.core.catalogue import say
    from garou.lookup.explain import hit_lines, verdict_lines

    for lang in ("en", "fr"):
        result = searcher.search("sorcirre potion", lang=lang, explain=True)
        why = result.explanation.verdict
        line = verdict_lines(why, say, lang)[0]
        for value in (why.probability, why.threshold):
            written = f"{value:.2f}"
            assert (written.replace(".", ",") if lang == "fr" else written) in line
        lines = hit_lines(result.explanation.hits[result.hits[0].id], say, lang)
        assert any(say("search.explain.corrected", lang, typed="sorcirre") in x for x in lines)
    ruled = searcher.search("que fait le salvateur ?", lang="en", explain=True)
    [line] = verdict_lines(ruled.explanation.verdict, say, "en")
    assert say("search.explain.reason.outside", "en") in line


def test_a_factor_too_small_for_two_decimals_is_written_in_full(searcher):
    from garou.core.catalogue import say
    from garou.lookup.explain import hit_lines

    result = searcher.search("le shérif à la mafia", lang="en", limit=200, explain=True)
    other = next(h for h in result.hits if h.game != "mafia")
    lines = hit_lines(result.explanation.hits[other.id], say, "en")
    assert any(line.startswith("× 1.0e-06") for line in lines), lines
