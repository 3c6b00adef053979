"""The review's findings of the fixrev-b wave (review 3: 5, 6, 10, 12, 13): each test fails
on the tree before its fix."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from garou.game import script, session
from garou.game.journal import open_journal
from tests.conftest import REPO, play_then_stop

NAMES = ["Ana", "Bob", "Cid", "Dee", "Eve", "Fay"]
ROLES = {"loup-garou": 2, "voyante": 1, "sorciere": 1, "villageois": 2}
DEAL = {"Ana": "voyante", "Bob": "loup-garou", "Eve": "loup-garou", "Cid": "sorciere"}
LONE = {"loup-garou": 1, "voyante": 1, "sorciere": 1, "villageois": 3}
LONE_DEAL = {"Ana": "voyante", "Bob": "loup-garou", "Cid": "sorciere"}
NIGHT1 = [("call", {"step": "couple"}), ("look", {"target": "Dee", "role": "villageois"})]
TO_WITCH = [*NIGHT1, ("kill", {"victim": "Fay"})]
TO_SELF = [*NIGHT1, ("kill", {"victim": "Cid"})]
WITCH_KILLED_NIGHT_2 = [
    *NIGHT1,
    ("kill", {"victim": "Fay"}),
    ("potions", {}),
    ("dawn", {}),
    ("election", {"captain": "Ana"}),
    ("vote", {"votes": {}}),
    ("look", {"target": "Dee"}),
    ("kill", {"victim": "Cid"}),
]


def _start(agreement: dict[str, str], roles=ROLES, deal=DEAL) -> dict[str, Any]:
    return {"game": "loup-garou", "name": None, "players": NAMES, "roles": roles,
            "agreement": agreement, "table": None, "date": None, "deal": deal}  # fmt: skip


def _game(db: Path, book, agreement, events, roles=ROLES, deal=DEAL) -> int:
    with open_journal(db) as journal:
        game_id = session.new_game(journal, book, _start(agreement, roles, deal))
        for kind, data in events:
            session.record(journal, book, game_id, kind, data, "en")
    return game_id


def _last(garou, db: Path) -> dict[str, Any]:
    return yaml.safe_load(garou("game", "export", "--db", str(db)).stdout)["events"][-1]


# --- 5, 6: every agreed house rule that changes what the night asks is applied -------------

WOLVES = "lg-contested-wolves-unanimous"
TWO = "lg-contested-witch-two-potions"
SELF = "lg-contested-witch-self-save"
# (case, option, setup, events, answers, asked, never asked, the event recorded)
CASES = [
    (WOLVES, "agree-or-gm", "two", NIGHT1, ["Fay", "no"], "you decided", "their majority",
     {"kind": "kill", "victim": "Fay", "decided": "game-master"}),
    (WOLVES, "wolf-majority", "two", NIGHT1, ["Fay", "no"], "their majority", "you decided",
     {"kind": "kill", "victim": "Fay", "decided": "majority"}),
    (WOLVES, "agree-or-gm", "lone", NIGHT1, ["Fay"], "Which victim", "wolves agree",
     {"kind": "kill", "victim": "Fay"}),
    (WOLVES, "wolf-majority", "lone", NIGHT1, ["Fay"], "Which victim", "wolves agree",
     {"kind": "kill", "victim": "Fay"}),
    (TWO, "one-per-night", "two", TO_WITCH, ["yes"], "save Fay", "she poison",
     {"kind": "potions", "save": True}),
    (TWO, "both-allowed", "two", TO_WITCH, ["yes", "Dee"], "she poison", "no poison",
     {"kind": "potions", "save": True, "poison": "Dee"}),
    (SELF, "never", "two", TO_SELF, [""], "she poison", "save Cid",
     {"kind": "potions"}),
    (SELF, "first-night-only", "two", TO_SELF, ["yes"], "save Cid", "she poison",
     {"kind": "potions", "save": True}),
    (SELF, "first-night-only", "two", WITCH_KILLED_NIGHT_2, [""], "she poison", "save Cid",
     {"kind": "potions"}),
    (SELF, "always", "two", WITCH_KILLED_NIGHT_2, ["yes"], "save Cid", "she poison",
     {"kind": "potions", "save": True}),
]  # fmt: skip


@pytest.mark.parametrize(
    ("case", "option", "wolves", "events", "answers", "asked", "never", "recorded"), CASES
)
def test_the_terminal_asks_only_what_the_agreement_allows(
    garou, tmp_path, book, case, option, wolves, events, answers, asked, never, recorded
):
    db = tmp_path / "g.sqlite"
    roles, deal = (ROLES, DEAL) if wolves == "two" else (LONE, LONE_DEAL)
    _game(db, book, {case: option}, events, roles, deal)
    run = garou("game", "play", "--db", str(db), "--lang", "en", input="\n".join(answers) + "\nq\n")
    out = " ".join(run.stdout.split())
    assert asked in out and never not in out, out
    assert "Error" not in out
    assert _last(garou, db) == recorded


@pytest.mark.parametrize(
    ("case", "option", "wolves", "events", "answers", "asked", "never", "recorded"), CASES
)
def test_the_script_says_what_the_agreement_allows(
    tmp_path, book, case, option, wolves, events, answers, asked, never, recorded
):
    roles, deal = (ROLES, DEAL) if wolves == "two" else (LONE, LONE_DEAL)
    game_id = _game(tmp_path / "g.sqlite", book, {case: option}, events, roles, deal)
    with open_journal(tmp_path / "g.sqlite") as journal:
        step = script.next_step(session.load(journal, book, game_id, "en").state)
    if recorded["kind"] == "kill":
        assert step.disagree == recorded.get("decided", None if wolves == "lone" else "wolves")
    else:
        assert step.can_save == ("save" in recorded)
        assert step.one_potion == (option == "one-per-night" or case != TWO)


def _web_form(recorded: dict[str, Any], one_potion: bool) -> dict[str, str]:
    """The game master's taps for ``recorded`` on the page's form."""
    form = {k: v for k, v in recorded.items() if k in ("victim", "poison")}
    if "decided" in recorded:
        form["disagreed"] = recorded["decided"]
    if recorded["kind"] == "potions" and one_potion:
        form = {"one_potion": "life" if recorded.get("save") else "none"}
    elif "save" in recorded:
        form["save"] = "yes" if recorded["save"] else "no"
    return form


@pytest.mark.parametrize(
    ("case", "option", "wolves", "events", "answers", "asked", "never", "recorded"), CASES
)
def test_the_web_form_offers_only_what_the_agreement_allows(
    tmp_path, book, case, option, wolves, events, answers, asked, never, recorded
):
    pytest.importorskip("flask")
    from garou.web import WebConfig, create_app
    from tests.web.test_game import GameMaster

    db = tmp_path / "g.sqlite"
    roles, deal = (ROLES, DEAL) if wolves == "two" else (LONE, LONE_DEAL)
    game_id = _game(db, book, {case: option}, events, roles, deal)
    gm = GameMaster(create_app(WebConfig(db=db)).test_client(), game_id)
    page = gm.page()
    saving = "save" in recorded
    one = 'data-potion="one"' in page
    if recorded["kind"] == "kill":
        assert ("data-disagree" in page) == (wolves != "lone")
        if wolves != "lone":
            assert f'data-disagree="{recorded["decided"]}"' in page
    else:
        # a save and a poison are one choice at a one-potion table; no save the table forbids
        assert one == (option == "one-per-night" or (case != TWO and saving))
        assert ('name="save"' in page or 'value="life"' in page) == saving
        assert 'name="poison"' not in page if one else 'name="poison"' in page
        assert ('data-cue="no-self-save"' in page) == (case == SELF and not saving)
    response = gm.send(recorded["kind"], _web_form(recorded, one))
    assert response.status_code == 303, response.text
    assert _last_event(db) == recorded


def _last_event(db: Path) -> dict[str, Any]:
    with open_journal(db) as journal:
        event = journal.events(1)[-1]
        return {"kind": event.kind, **event.data}


# --- 10: a Ctrl-C inside a night step keeps the step's answers -----------------------------

WITHOUT = lambda *names: {k: v for k, v in DEAL.items() if k not in names}  # noqa: E731
# (the deal known, events before, answers before the stop, answers after, the event recorded)
STOPS = [
    (WITHOUT("Ana"), [("call", {"step": "couple"})], ["Ana", "Dee"], ["Villager"],
     {"kind": "look", "by": ["Ana"], "target": "Dee", "role": "villageois"}),
    (WITHOUT("Bob", "Eve"), NIGHT1, ["Bob, Eve"], ["Fay", "no"],
     {"kind": "kill", "by": ["Bob", "Eve"], "victim": "Fay", "decided": "game-master"}),
    (WITHOUT("Cid"), TO_WITCH, ["Cid", "yes"], ["Dee"],
     {"kind": "potions", "by": ["Cid"], "save": True, "poison": "Dee"}),
]  # fmt: skip


@pytest.mark.parametrize("stop", ["ctrl-c", "eof"])
@pytest.mark.parametrize(("deal", "events", "before", "after", "recorded"), STOPS)
def test_a_stop_inside_a_night_step_keeps_its_answers(
    garou, tmp_path, book, monkeypatch, stop, deal, events, before, after, recorded
):
    db = tmp_path / "g.sqlite"
    _game(db, book, {TWO: "both-allowed"}, events, ROLES, deal)
    play_then_stop(garou, monkeypatch, str(db), before, "Nobody\n", stop)
    assert _last(garou, db)["kind"] != recorded["kind"]  # nothing recorded yet
    run = garou("game", "play", "--db", str(db), "--lang", "en", input="\n".join(after) + "\nq\n")
    out = " ".join(run.stdout.split())
    assert "Who wakes up" not in out and "answer" in out  # resumed in the step, said so
    assert "Error" not in out
    assert _last(garou, db) == recorded


def test_a_refused_web_form_comes_back_with_its_answers(tmp_path, book):
    pytest.importorskip("flask")
    from garou.web import WebConfig, create_app
    from tests.web.test_game import GameMaster

    db = tmp_path / "g.sqlite"
    game_id = _game(db, book, {SELF: "never", TWO: "both-allowed"}, TO_SELF, ROLES, WITHOUT("Cid"))
    gm = GameMaster(create_app(WebConfig(db=db)).test_client(), game_id)
    response = gm.send("potions", {"by": ["Cid"], "save": "yes", "poison": "Dee"})
    assert response.status_code == 400  # the witch named is the victim: no self-save here
    page = response.get_data(as_text=True)
    assert '<input type="checkbox" name="by" value="Cid" checked>' in page
    assert 'name="poison" value="Dee" checked' in page
    assert 'name="save" value="yes" checked' in page


# --- 12: French agreement and elision, by mechanism ----------------------------------------

NAMED = {"name", "names", "target", "voter", "player", "players", "by", "shooter", "chooser",
         "who", "captain", "nominee", "lover", "partner", "a", "b", "club", "role", "roles",
         "deaths", "old", "seat", "suspects"}  # fmt: skip
"""The fields that hold a name a person typed or a role's name (any may start with a vowel)."""


def unelided(messages) -> list[str]:
    """Every French template writing « de {name} » (a name field) instead of {name:de}."""
    import re

    found = []
    for key, texts in messages.items():
        forms = texts.get("fr")
        for template in forms.values() if isinstance(forms, dict) else [forms]:
            for match in re.finditer(r"(?<![\w'’])de \{(\w+)\}", template):
                if match.group(1) in NAMED:
                    found.append(f"{key}: {match.group(0)}")
    return found


def test_no_french_template_puts_de_before_a_name_without_elision():
    from garou.core import catalogue

    assert unelided(catalogue.messages()) == []


def test_the_elision_check_finds_de_before_a_name():
    messages = {"x.a": {"fr": "les bulletins de {names}", "en": "-"},
                "x.b": {"fr": {"one": "le tir {name:de}", "other": "de {count}"}, "en": "-"},
                "x.c": {"fr": "le tir de {name}", "en": "-"}}  # fmt: skip
    assert unelided(messages) == ["x.a: de {names}", "x.c: de {name}"]


@pytest.mark.parametrize(
    ("value", "fr"),
    [("Alice", "les bulletins d'Alice"), ("Bruno", "les bulletins de Bruno"),
     (["Émile", "Bruno"], "les bulletins d'Émile et Bruno")],
)  # fmt: skip
def test_the_ballots_kept_are_said_with_de_elided(value, fr):
    from garou.core.catalogue import say

    said = say("fixb.play.ballots-kept", "fr", count=2, names=value).replace("\u00a0", " ")
    assert fr in said


def test_a_camps_article_is_lowercase_and_contracted_mid_sentence(book):
    from garou.core.catalogue import say

    village = book.game("loup-garou").camp("village").name
    wolves = book.game("loup-garou").camp("loups").name
    said = say("win.no-minority-left", "fr", minority=wolves, camp=village)
    assert said.startswith("Plus aucun joueur des loups-garous") and "victoire du village" in said
    assert say("game.play.winner", "fr", camp=village).endswith("Victoire\u00a0: le village\u00a0!")
    assert say("game.play.winner", "en", camp=village).endswith("Victory: the village!")
    assert say("game.story.winner", "fr", camp=village) == "Victoire\u00a0: le village."
    assert say("game.story.winner", "fr", camp="Le village") == "Victoire\u00a0: le village."
    assert say("game.story.winner", "en", camp=village) == "Victory: the village."


ROLE_SENTENCES = [
    # (roles, events, event refused, words of the refusal (fr))
    ({"loup-garou": 1, "voyante": 1, "villageois": 4},
     [("call", {"step": "couple"}), ("call", {"step": "voyante"}),
      ("kill", {"victim": "Cid", "by": ["Bob"]})], ("potions", {"save": True}),
     "Sorcière n'est pas distribuée : appelez-la"),
    ({"loup-garou": 1, "sorciere": 1, "villageois": 4}, [], ("look", {"target": "Bob"}),
     "Voyante n'est pas distribuée : appelez-la"),
    ({"loup-garou": 1, "voyante": 1, "villageois": 4}, [], ("couple", {"lovers": ["Bob", "Cid"]}),
     "Cupidon n'est pas distribué : appelez-le"),
]  # fmt: skip


@pytest.mark.parametrize(("roles", "events", "refused", "words"), ROLE_SENTENCES)
def test_a_sentence_about_a_role_agrees_with_its_name(
    tmp_path, book, roles, events, refused, words
):
    from garou.game.errors import IllegalEventError

    game_id = _game(tmp_path / "g.sqlite", book, {}, events, roles, {})
    with open_journal(tmp_path / "g.sqlite") as journal, pytest.raises(IllegalEventError) as e:
        session.record(journal, book, game_id, *refused, "fr")
    raised = e
    assert words in raised.value.message("fr").replace("\u00a0", " ")


@pytest.mark.parametrize(
    ("role", "cards", "fr"),
    [("sorciere", 1, "Morte : appelez-la"), ("chasseur", 1, "Mort : appelez-le"),
     ("loup-garou", 2, "Morts : appelez-les")],
)  # fmt: skip
def test_the_dead_roles_cue_agrees_with_the_role_and_its_cards(book, role, cards, fr):
    from garou.core.catalogue import say
    from garou.game.table import role_form

    form = role_form([book.game("loup-garou").role(role)], cards)
    assert fr in say(f"fixg.cue.dead.{form}", "fr").replace("\u00a0", " ")
    step = script.Step("call", cue=script.DEAD, form=form)
    assert step.cue_key == f"fixg.cue.dead.{form}"


@pytest.mark.parametrize(
    ("lang", "said"), [("fr", "une partie de Loup-Garou"), ("en", "a Werewolf")]
)
def test_a_game_is_named_by_its_name_not_its_id(garou, tmp_path, book, lang, said):
    db = tmp_path / "g.sqlite"
    _game(db, book, {}, [], ROLES, DEAL)
    for args in (["protocol", "1"], ["points", "1"], ["fouls", "Ana", "--id", "1"]):
        run = garou("game", *args, "--db", str(db), "--lang", lang)
        assert run.exit_code != 0 and said in run.stderr.replace("\u00a0", " "), (args, run.stderr)
        assert "loup-garou" not in run.stderr
    pytest.importorskip("flask")
    from garou.web import WebConfig, create_app

    client = create_app(WebConfig(db=db)).test_client()
    listed = client.get(f"/game?lang={lang}").get_data(as_text=True)
    assert "· Werewolf</span>" in listed if lang == "en" else "· Loup-Garou</span>" in listed
    assert "· loup-garou</span>" not in listed


# --- 13: the small things ------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_web_refusal_says_its_rule_and_nothing_recorded_once(tmp_path, book, lang):
    import html
    import re

    pytest.importorskip("flask")
    from garou.web import WebConfig, create_app
    from tests.web.test_game import GameMaster

    db = tmp_path / "g.sqlite"
    game_id = _game(db, book, {}, [*NIGHT1, ("kill", {"victim": "Fay"})])
    gm = GameMaster(create_app(WebConfig(db=db)).test_client(), game_id, lang)
    response = gm.send("kill", {"victim": "Dee"})  # a stale form: the wolves were recorded
    assert response.status_code == 400
    box = re.search(r"data-refused>(.*?)</div>", response.get_data(as_text=True), re.S)
    assert box
    text = html.unescape(box.group(1)).lower()
    assert (
        len(re.findall(r"nothing (?:is|was) recorded|rien n.(?:est|a été) enregistré", text)) == 1
    )
    assert text.count("lg-night") == 2  # the link's address and its words, nothing else


def test_a_typo_at_a_prompt_gets_a_suggestion_and_a_card_its_aliases(garou, tmp_path, book):
    db = tmp_path / "g.sqlite"
    _game(db, book, {}, [("call", {"step": "couple"})], ROLES, WITHOUT("Eve"))
    run = garou("game", "play", "--db", str(db), "--lang", "en", input="Dae\nDee\nwolf\nq\n")
    out = " ".join(run.stdout.split())
    assert "'Dae': did you mean Dee?" in out
    assert _last(garou, db) == {"kind": "look", "target": "Dee", "role": "loup-garou"}
    run = garou("game", "play", "--db", str(db), "--lang", "fr", input="Fya\nq\n")
    assert "« Fya » : vouliez-vous dire Fay ?" in " ".join(run.stdout.split()).replace("\xa0", " ")


def test_the_crown_asks_for_one_player_and_says_so():
    from garou.cli.commands.mafia_play import MafiaSession

    session = MafiaSession.__new__(MafiaSession)
    session.lang, shown = "en", []
    answers = iter(["Ana, Cal", "Cla", "Cal"])
    session.show = lambda text, style="": shown.append(text)  # type: ignore[method-assign]
    session.prompt = lambda question, default=None: next(answers)  # type: ignore[method-assign]
    session.seat_numbers = lambda options: {}  # type: ignore[method-assign]
    assert session.name("Crown", ["Ana", "Cal"], empty=True) == "Cal"
    assert not any("one or more" in s for s in shown), shown
    assert sum("Choose among" in s for s in shown) == 2 and "'Cla': did you mean Cal?" in shown


def test_every_table_column_header_starts_with_a_capital_in_both_games():
    from garou.core import catalogue

    headers = [k for k in catalogue.messages() if k.startswith("game.cli.col.")]
    headers += [f"protocol.label.{c}" for c in ("seat", "player", "role")]  # Mafia's status
    assert len(headers) > 7
    for key in headers:
        for lang in ("fr", "en"):
            text = catalogue.say(key, lang)
            assert text[:1].isupper() or not text[:1].isalpha(), (key, lang, text)


@pytest.mark.parametrize(
    "args",
    [
        ["-p", "--json"],
        ["-p", "Ana=loup", "--dead", "--json"],
        ["-p", "Ana=loup", "--captain", "--json"],
    ],
)
def test_an_option_given_no_value_does_not_take_the_next_one(garou, args):
    run = garou("win", "-g", "lg", *args, "--lang", "en")
    assert run.exit_code == 2
    assert "takes a value, not the option --json" in run.stdout + run.stderr
    assert "players.--json" not in run.stdout + run.stderr


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "Victory: the Town!"), ("fr", "Victoire : la Ville !")]
)
def test_the_end_of_a_mafia_evening_is_a_sentence_to_read(garou, tmp_path, lang, said):
    db = str(tmp_path / "g.sqlite")
    garou("game", "import", str(REPO / "tests/data/games/mafia-town-wins.yaml"), "--db", db)
    # the last vote's player gives the farewell first (three questions: Enter for none)
    out = garou("game", "play", "--db", db, "--lang", lang, input="\n\n\nq\n").stdout
    read = [line for line in out.splitlines() if said.split()[0] in line]
    out = " ".join(out.split()).replace("\xa0", " ")
    assert said in out and "finie, victoire" not in out
    assert read and not any("won by" in line for line in read)


def test_a_mafia_evening_without_date_is_dated_the_day_it_is_created(garou, tmp_path):
    import datetime

    db = str(tmp_path / "g.sqlite")
    names = ",".join(str(n) for n in range(1, 11))
    run = garou("game", "new", "--game", "mafia", "--names", names, "--seed", "2", "--db", db)
    assert run.exit_code == 0, run.stderr
    exported = yaml.safe_load(garou("game", "export", "--db", db).stdout)
    assert exported["game"]["date"] == datetime.date.today().isoformat()


def test_the_fouls_lookup_answers_for_the_player_asked_and_knows_who_left(garou, tmp_path):
    db = str(tmp_path / "g.sqlite")
    garou("game", "import", str(REPO / "tests/data/games/mafia-fouls.yaml"), "--db", db)
    gus = garou("game", "fouls", "Gus", "--db", db, "--lang", "en").stdout
    assert "Gus" in gus and "Jon" not in gus  # Jon's fouls are not the question
    jon = " ".join(
        garou("game", "fouls", "Jon", "insults", "--db", db, "--lang", "en").stdout.split()
    )
    assert "Jon has already left the table (disqualified)" in jon
    assert "with this one" not in jon  # no new foul counted on a player who is out


@pytest.mark.parametrize(
    ("args", "what"),
    [(["check", "{f}"], "not a setup"), (["cascade", "--state", "{f}"], "not a table state"),
     (["game", "import", "{f}"], "not a game record"),
     (["game", "new", "--setup", "{f}"], "not a setup")],
)  # fmt: skip
def test_an_agreement_given_for_another_file_is_said_to_be_one(garou, tmp_path, args, what):
    agreement = tmp_path / "accord.yaml"
    garou("house", "pick", "-g", "loup-garou", "--defaults", "-o", str(agreement))
    db = ["--db", str(tmp_path / "g.sqlite")] if args[0] == "game" else []
    run = garou(*[a.format(f=agreement) for a in args], *db, "--lang", "en")
    assert run.exit_code != 0
    said = " ".join(run.stderr.split())
    assert f"this file is a table agreement (garou house pick), {what}" in said
    assert "unknown key" not in said and said.count("Error") == 1


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_mafia_deal_placeholder_names_the_role_in_the_language(book, lang):
    from garou.core.catalogue import say

    name, role = (
        say("judge.new.deal-help", lang).replace("\xa0", " ").split(" : " if lang == "fr" else ": ")
    )
    assert role == book.game("mafia").role("sherif").name.get(lang)
