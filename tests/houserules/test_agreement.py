"""House rules: the questions, the agreement file, and ``garou house pick|show|diff|list``."""

from __future__ import annotations

import datetime
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from garou import houserules
from garou.core.catalogue import say
from garou.core.reader import parse_yaml
from garou.core.writer import dump_yaml
from garou.houserules import (
    Agreement,
    AgreementExistsError,
    agreed,
    build_agreement,
    custom_decision,
    diff_agreements,
    load_agreement,
    make_setup,
    questions,
    render_agreement,
    save_agreement,
)
from garou.rules import DataFileError, UnknownIdError
from garou.rules.distribution import Distribution, UnsoundSetupError
from tests.conftest import REPO

AGREEMENTS = REPO / "tests" / "data" / "agreements"
GOOD = AGREEMENTS / "good-loup-garou.yaml"


def line_of(path: Path, needle: str, occurrence: int = 1) -> int:
    """Return the 1-based line of the ``occurrence``-th line of ``path`` containing needle."""
    seen = 0
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            seen += 1
            if seen == occurrence:
                return number
    raise AssertionError(f"{needle!r} not in {path}")


def defaults_of(game) -> dict[str, str]:
    return {q.id: q.default.option for q in questions(game)}


def other_option(question) -> str:
    """Return an option of ``question`` that is not its default."""
    return next(o.id for o in question.options if o.id != question.default.option)


# --- questions come from the data --------------------------------------------------------


def test_questions_are_the_contested_cases_then_the_settings(book):
    for game in book.games.values():
        expected = [e.id for e in game.contested()] + [e.id for e in game.settings()]
        assert [q.id for q in questions(game)] == expected
        assert expected, f"{game.id} has no question to settle"
        for q in questions(game):
            assert len(q.options) >= 2
            assert q.default is not None and q.default.option in [o.id for o in q.options]


def test_a_case_is_found_by_full_id_short_id_or_tail(book):
    game = book.game("loup-garou")
    question = questions(game)[0]
    tail = question.short.removeprefix(f"{question.kind}-")
    for name in (question.id, question.short, tail):
        assert houserules.find_question(game, name) == question
    with pytest.raises(UnknownIdError, match="garou house list"):
        houserules.find_question(game, question.id + "-nope")


def test_an_option_is_found_by_id_number_or_label_in_either_language(book):
    question = questions(book.game("mafia"))[0]
    last = question.options[-1]
    for answer in (last.id, str(len(question.options)), last.label.fr, last.label.en.upper()):
        assert houserules.find_option(question, answer) == last
    with pytest.raises(UnknownIdError) as error:
        houserules.find_option(question, "0")
    for option in question.options:
        assert option.id in str(error.value)


# --- the file: writing, reading, round trips ----------------------------------------------


def test_the_written_file_has_comments_listing_the_options(book, tmp_path):
    game = book.game("loup-garou")
    agreement = build_agreement(game, table="Jeudi", date="2025-03-14")
    path = save_agreement(agreement, tmp_path / "accord.yaml", book=book, lang="en")
    text = path.read_text(encoding="utf-8")
    for q in questions(game):
        assert f"# {q.title.en}" in text
        for o in q.options:
            assert f"#   {o.id} = " in text
    assert load_agreement(path, book) == Agreement(
        game.id, "Jeudi", "2025-03-14", agreement.decisions, None, str(path)
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_agreement_survives_a_round_trip(book, tmp_path_factory, data):
    game = book.game(data.draw(st.sampled_from(sorted(book.games))))
    choices = {q.id: data.draw(st.sampled_from([o.id for o in q.options])) for q in questions(game)}
    text = (
        st.text(st.characters(categories=("L", "N", "P", "S", "Zs")), min_size=1, max_size=30)
        .map(str.strip)
        .filter(bool)
    )
    options = data.draw(st.lists(text, min_size=2, max_size=4, unique=True))
    question = data.draw(text)
    table = data.draw(st.none() | text)
    agreement = build_agreement(game, choices, table=table, date="2025-01-01")
    own = custom_decision(1, question, options, data.draw(st.sampled_from(options)))
    agreement = Agreement(game.id, table, agreement.date, (*agreement.decisions, own), None)
    path = tmp_path_factory.mktemp("trip") / "accord.yaml"
    save_agreement(agreement, path, book=book)
    again = load_agreement(path, book)
    assert again.decisions == agreement.decisions
    assert (again.table, again.date, again.game) == (table, "2025-01-01", game.id)
    for decision in again.decisions[:-1]:
        assert decision.default == (decision.option == defaults_of(game)[decision.case])


def test_dump_yaml_keeps_accents_and_quotes_what_yaml_would_misread():
    data = {"question": "Sorcière : « oui » ?", "yes": "no", "n": "1", "date": "2025-03-14"}
    text = dump_yaml(data)
    assert "Sorcière" in text
    assert parse_yaml(text, "x") == data


def test_a_hand_written_agreement_loads_with_its_custom_question_and_setup(book):
    agreement = load_agreement(GOOD, book)
    assert agreement.game == "loup-garou"
    assert agreement.date == "2025-03-14"
    assert agreement.decision("lg-contested-witch-self-save").option == "never"
    own = agreement.decision("custom:1")
    assert own.custom and own.option == "jamais" and own.choices == ("jamais", "après sa mort")
    assert agreement.setup.players == 8 and sum(agreement.setup.roles.values()) == 8


BAD_FILES = [
    # file, the text of the line the problem is on, words the message must hold
    ("unknown-case.yaml", "hunter-shoots-twice", ["unknown case", "lg-contested-seer-sees"]),
    ("unknown-option.yaml", "the-aura", ["unknown option", "exact-role", "camp-only"]),
    ("missing-decision.yaml", "decisions:", ["missing decision", "lg-setting-captain"]),
    ("wrong-game.yaml", "lg-contested-witch-self-save", ["question of loup-garou", "mafia"]),
    ("unknown-game.yaml", "game:", ["unknown game", "loup-garou", "mafia"]),
    ("malformed.yaml", "   lg-contested-witch-two-potions", ["not valid YAML"]),
    ("duplicate-key.yaml", "mf-setting-speech: turbo", ["duplicate key"]),
    ("yes-no.yaml", ": no", ["unknown option 'no'", "most-votes"]),
    ("bad-date.yaml", "date:", ["not a date", "YYYY-MM-DD"]),
    # Only the 'game' line, with the game the decisions belong to: no cascade of
    # "missing decision" and "question of loup-garou" lines.
    ("game-says-mafia.yaml", "game:", ["decisions are questions of loup-garou", "loup-garou'"]),
    ("a-list.yaml", "- game", ["is a list"]),
    ("null-count.yaml", "mafia:", ["missing count", "setup.roles.mafia"]),
]


@pytest.mark.parametrize(("name", "needle", "words"), BAD_FILES)
def test_a_bad_agreement_is_rejected_with_file_line_and_choices(
    monkeypatch, book, garou, name, needle, words
):
    monkeypatch.setenv("GAROU_LANG", "en")  # the messages checked are English
    path = AGREEMENTS / name
    with pytest.raises(DataFileError) as error:
        load_agreement(path, book)
    assert [p.line for p in error.value.problems] == [line_of(path, needle)]
    result = garou("house", "show", str(path))
    assert result.exit_code == 1
    assert f"{path}:{line_of(path, needle)}" in result.stderr
    for word in words:
        assert word in result.stderr
    assert "Traceback" not in result.stderr


def test_every_problem_of_a_file_is_reported_at_once(book, tmp_path):
    path = tmp_path / "accord.yaml"
    path.write_text(
        "game: mafia\ncolour: red\ndecisions:\n  mf-contested-majority: plenty\n"
        "custom:\n  - question: Pause ?\n    options: [oui]\n    answer: oui\n"
        "setup:\n  players: 10\n  roles: {mafieux: 3, citoyen: 6}\n",
        encoding="utf-8",
    )
    with pytest.raises(DataFileError) as error:
        load_agreement(path, book)
    lines = {p.line for p in error.value.problems}
    assert {2, 4, 7} <= lines
    assert len(error.value.problems) >= 5  # + two missing decisions, + the card count


# --- saving never loses anything ------------------------------------------------------------


def test_save_refuses_to_overwrite_without_force(book, tmp_path):
    path = tmp_path / "accord.yaml"
    path.write_text("mine\n", encoding="utf-8")
    agreement = build_agreement(book.game("mafia"))
    with pytest.raises(AgreementExistsError, match="--force"):
        save_agreement(agreement, path)
    assert path.read_text(encoding="utf-8") == "mine\n"
    save_agreement(agreement, path, force=True)
    assert load_agreement(path, book).decisions == agreement.decisions


def test_a_saved_file_gets_the_usual_permissions(book, tmp_path):
    umask = os.umask(0o022)
    try:
        path = save_agreement(build_agreement(book.game("mafia")), tmp_path / "accord.yaml")
    finally:
        os.umask(umask)
    assert path.stat().st_mode & 0o777 == 0o644


def test_save_into_a_missing_folder_says_so(book, tmp_path):
    with pytest.raises(houserules.AgreementWriteError, match="does not exist"):
        save_agreement(build_agreement(book.game("mafia")), tmp_path / "nope" / "a.yaml")


@pytest.mark.parametrize("force", [False, True])
def test_an_interrupted_save_leaves_no_file_and_no_temp_file(book, tmp_path, monkeypatch, force):
    path = tmp_path / "accord.yaml"
    if force:
        path.write_text("mine\n", encoding="utf-8")

    def interrupt(_fd):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupt)
    with pytest.raises(KeyboardInterrupt):
        save_agreement(build_agreement(book.game("mafia")), path, force=force)
    assert sorted(p.name for p in tmp_path.iterdir()) == (["accord.yaml"] if force else [])
    if force:
        assert path.read_text(encoding="utf-8") == "mine\n"


# --- the lookup knows the agreement ---------------------------------------------------------


def test_agreed_gives_the_chosen_option_in_the_language(book):
    agreement = load_agreement(GOOD, book)
    game = book.game("loup-garou")
    case = "lg-contested-witch-self-save"
    chosen = game.entry(case).options
    never = next(o for o in chosen if o.id == "never")
    for lang in ("fr", "en"):
        found = agreed(agreement, case, lang)
        assert found["case"] == case and found["option"] == "never"
        assert found["text"] == never.label.get(lang)
    assert agreed(agreement, "custom:1", "en")["text"] == "jamais"
    not_a_question = next(e for e in game.entries if e.kind == "rule")
    assert agreed(agreement, not_a_question.id, "fr") is None


# --- garou house pick: non-interactive --------------------------------------------------------


def test_pick_defaults_writes_every_default(garou, book, tmp_path):
    out = tmp_path / "accord.yaml"
    result = garou("house", "pick", "--game", "mafia", "--defaults", "--out", str(out), "--json")
    assert result.exit_code == 0, result.stderr
    assert result.json()["path"] == str(out)
    agreement = load_agreement(out, book)
    assert {d.case: d.option for d in agreement.decisions} == defaults_of(book.game("mafia"))
    assert all(d.default for d in agreement.decisions)
    assert agreement.date == datetime.date.today().isoformat()


def test_pick_set_accepts_full_and_short_ids_and_numbers_and_labels(garou, book, tmp_path):
    game = book.game("loup-garou")
    first, second, third = questions(game)[:3]
    out = tmp_path / "accord.yaml"
    last_of_second = second.options[-1]
    result = garou(
        "house", "pick", "--game", "loup-garou", "--out", str(out),
        "--set", f"{first.id}={other_option(first)}",
        "--set", f"{second.short}={len(second.options)}",
        "--set", f"{third.short.removeprefix(third.kind + '-')}={third.options[-1].label.fr}",
        "--table", "Jeudi", "--date", "2025-03-14",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    agreement = load_agreement(out, book)
    assert agreement.decision(first.id).option == other_option(first)
    assert agreement.decision(second.id).option == last_of_second.id
    assert agreement.decision(third.id).option == third.options[-1].id
    assert (agreement.table, agreement.date) == ("Jeudi", "2025-03-14")


@pytest.mark.parametrize(
    ("setting", "code", "words"),
    [
        ("lg-contested-nope=always", 2, ["not a question", "garou house list"]),
        ("witch-self-save=perhaps", 2, ["not an option", "always", "never"]),
        ("witch-self-save", 2, ["CASE=OPTION"]),
    ],
)
def test_pick_rejects_a_bad_set(monkeypatch, garou, tmp_path, setting, code, words):
    monkeypatch.setenv("GAROU_LANG", "en")  # the messages checked are English
    out = tmp_path / "accord.yaml"
    result = garou("house", "pick", "--game", "loup-garou", "--set", setting, "-o", str(out))
    assert result.exit_code == code
    for word in words:
        assert word in result.stderr
    assert not out.exists()


def test_pick_from_an_agreement_keeps_it_and_changes_what_is_set(garou, book, tmp_path):
    out = tmp_path / "accord.yaml"
    base = load_agreement(GOOD, book)
    result = garou(
        "house", "pick", "--from", str(GOOD), "--set", "seer-sees=exact-role", "-o", str(out)
    )
    assert result.exit_code == 0, result.stderr
    agreement = load_agreement(out, book)
    assert agreement.decision("lg-contested-seer-sees").option == "exact-role"
    others = [d for d in agreement.decisions if d.case != "lg-contested-seer-sees"]
    assert others == [d for d in base.decisions if d.case != "lg-contested-seer-sees"]
    assert (agreement.table, agreement.date, agreement.setup) == (
        base.table,
        base.date,
        base.setup,
    )
    diff = diff_agreements(base, agreement)
    assert [d.case for d in diff] == ["lg-contested-seer-sees"]


def test_pick_records_a_setup(garou, book, tmp_path):
    out = tmp_path / "accord.yaml"
    result = garou(
        "house", "pick", "--game", "loup-garou", "--defaults", "-o", str(out),
        "--players", "8", "--roles", "Loup-Garou=2,Voyante,villageois=5",
        "--names", "Ana,Bea,Cy,Dan,Eve,Fox,Gil,Hal",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    setup = load_agreement(out, book).setup
    assert setup.roles == {"loup-garou": 2, "voyante": 1, "villageois": 5}
    assert setup.players == 8 and setup.names[0] == "Ana"


@pytest.mark.parametrize(
    "spec", ["loup-garou=2,villageois=5", "loup-garou=4,villageois=4", "loup-garou=1,voyante=7"]
)
def test_pick_rejects_a_setup_the_verifier_rejects(garou, book, tmp_path, spec):
    from garou.rules.distribution import check_distribution, make_distribution, parse_roles

    game = book.game("loup-garou")
    verdict = check_distribution(game, make_distribution(game, parse_roles(spec), 8))
    assert not verdict.ok
    out = tmp_path / "accord.yaml"
    result = garou(
        "house", "pick", "--game", "loup-garou", "--defaults", "-o", str(out),
        "--players", "8", "--roles", spec,
    )  # fmt: skip
    assert result.exit_code == 1
    for failure in verdict.failures:  # said by the CLI (English until it says them in fr)
        assert failure.message.en in result.stderr or failure.message.fr in result.stderr
    assert not out.exists()
    with pytest.raises(UnsoundSetupError) as caught:
        make_setup(game, 8, spec)
    assert [c.id for c in caught.value.failures] == [c.id for c in verdict.failures]
    for lang in ("fr", "en"):
        said = caught.value.message(lang)
        assert all(c.message.get(lang) in said for c in verdict.failures)


@pytest.mark.parametrize(
    ("args", "code", "words"),
    [
        (["--players", "8", "--roles", "loup-garou=2,capitaine,villageois=5"], 2, ["status"]),
        (["--players", "8"], 2, ["--roles"]),
        (["--roles", "loup-garou=2,voyante,villageois=5", "--names", "Ana,Bea"], 2, ["2 names"]),
        (["--roles", "loup-garou=two"], 2, ["whole number"]),
    ],
)
def test_pick_rejects_a_setup_it_cannot_read(monkeypatch, garou, tmp_path, args, code, words):
    monkeypatch.setenv("GAROU_LANG", "en")  # the messages checked are English
    out = tmp_path / "accord.yaml"
    result = garou("house", "pick", "--game", "loup-garou", "--defaults", "-o", str(out), *args)
    assert result.exit_code == code, result.stderr
    for word in words:
        assert word in result.stderr
    assert not out.exists()


def test_pick_counts_the_players_from_the_cards(garou, book, tmp_path):
    out = tmp_path / "accord.yaml"
    spec = "mafieux=2,don,sherif,citoyen=6"
    result = garou(
        "house", "pick", "--game", "mafia", "--defaults", "-o", str(out), "--roles", spec
    )
    assert result.exit_code == 0, result.stderr
    assert load_agreement(out, book).setup.players == 10


def test_pick_never_overwrites_without_force(monkeypatch, garou, book, tmp_path):
    monkeypatch.setenv("GAROU_LANG", "en")  # the messages checked are English
    out = tmp_path / "accord.yaml"
    out.write_text("our own notes\n", encoding="utf-8")
    result = garou("house", "pick", "--game", "mafia", "--defaults", "-o", str(out))
    assert result.exit_code == 1
    assert "already exists" in result.stderr and "--force" in result.stderr
    assert out.read_text(encoding="utf-8") == "our own notes\n"
    forced = garou("house", "pick", "--game", "mafia", "--defaults", "-o", str(out), "--force")
    assert forced.exit_code == 0
    assert load_agreement(out, book).game == "mafia"


def test_pick_needs_a_game(garou, tmp_path):
    result = garou("house", "pick", "--defaults", "-o", str(tmp_path / "a.yaml"))
    assert result.exit_code == 2
    assert "--game" in result.stderr


# --- garou house pick: interactive ------------------------------------------------------------


def test_the_walk_asks_every_question_and_asks_again_after_a_typo(garou, book, tmp_path):
    game = book.game("loup-garou")
    every = questions(game)
    answers = ["", "nonsense", str(len(every[1].options))] + [""] * (len(every) - 2)
    answers += ["Peut-on parler aux morts ?", "oui", "non", "", "2", ""]  # own question
    answers += ["8", "loup-garou=2,voyante,villageois=5", ""]  # setup, no names
    answers += ["Les Loups du jeudi", "2025-03-14"]
    out = tmp_path / "accord.yaml"
    result = garou(
        "house", "pick", "--game", "loup-garou", "-o", str(out), input="\n".join(answers) + "\n"
    )
    assert result.exit_code == 0, result.stderr
    # Said in the user's language (French here), with how to answer.
    assert "nonsense\u00a0» n'est pas une option" in result.stdout
    assert say("house.type-range", "fr", n=len(every[1].options)) in result.stdout
    for q in every:
        assert q.title.fr in result.stdout
    agreement = load_agreement(out, book)
    assert agreement.decision(every[0].id).default
    assert agreement.decision(every[1].id).option == every[1].options[-1].id
    own = agreement.decision("custom:1")
    assert (own.question.fr, own.option, own.choices) == (
        "Peut-on parler aux morts ?",
        "non",
        ("oui", "non"),
    )
    assert agreement.setup.players == 8
    assert (agreement.table, agreement.date) == ("Les Loups du jeudi", "2025-03-14")


def test_the_walk_from_an_agreement_preselects_its_answers(garou, book, tmp_path):
    out = tmp_path / "accord.yaml"
    base = load_agreement(GOOD, book)
    # Enter on every question, no new own question; setup, table and date come from the file.
    answers = [""] * len(questions(book.game("loup-garou"))) + ["", "", ""]
    result = garou(
        "house", "pick", "--from", str(GOOD), "--ask", "-o", str(out),
        input="\n".join(answers) + "\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    again = load_agreement(out, book)
    assert again.decisions == base.decisions
    assert (again.table, again.date, again.setup) == (base.table, base.date, base.setup)


def test_ctrl_c_at_a_prompt_writes_nothing(garou, tmp_path, monkeypatch):
    from rich.prompt import Prompt

    asked = []

    def ask(cls, prompt, default=None, **kwargs):  # the terminal: Ctrl-C at the third
        asked.append(prompt)
        if len(asked) == 3:
            raise KeyboardInterrupt
        return default or ""

    monkeypatch.setattr(Prompt, "ask", classmethod(ask))  # rich's prompt, not garou's code
    out = tmp_path / "accord.yaml"
    result = garou("house", "pick", "--game", "loup-garou", "-o", str(out))
    assert result.exit_code == 130
    assert "rien n'a été écrit" in result.stderr  # GAROU_LANG=fr
    assert list(tmp_path.glob("*.yaml")) == [] and list(tmp_path.glob(".accord*")) == []


def test_input_ending_early_writes_nothing(monkeypatch, garou, tmp_path):
    monkeypatch.setenv("GAROU_LANG", "en")  # the messages checked are English
    out = tmp_path / "accord.yaml"
    result = garou("house", "pick", "--game", "loup-garou", "-o", str(out), input="\n")
    assert result.exit_code == 1
    assert "nothing was written" in result.stderr
    assert not out.exists()


# --- show, diff, list --------------------------------------------------------------------------


def test_show_prints_the_decisions_and_their_json(garou, book):
    agreement = load_agreement(GOOD, book)
    human = garou("house", "show", str(GOOD))
    assert human.exit_code == 0
    assert agreement.table in human.stdout
    for d in agreement.decisions:
        assert d.answer.fr.split()[0] in human.stdout
    data = garou("house", "show", str(GOOD), "--json", "--lang", "en").json()
    assert data["game"] == "loup-garou"
    assert [d["case"] for d in data["decisions"]] == [d.case for d in agreement.decisions]
    assert data["decisions"][0]["answer"] == agreement.decisions[0].answer.en
    assert data["setup"]["players"] == 8


def test_diff_names_what_two_tables_decided_differently(garou, book, tmp_path):
    game = book.game("mafia")
    first = questions(game)[0]
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    save_agreement(build_agreement(game), a)
    save_agreement(build_agreement(game, {first.id: other_option(first)}), b)
    data = garou("house", "diff", str(a), str(b), "--json").json()
    assert data["same"] is False
    assert [d["case"] for d in data["differences"]] == [first.id]
    assert data["differences"][0]["left"]["option"] == first.default.option
    human = garou("house", "diff", str(a), str(b))
    assert human.exit_code == 0 and first.id in human.stdout
    same = garou("house", "diff", str(a), str(a), "--lang", "en")
    assert same.exit_code == 0 and "decided the same" in same.stdout
    assert garou("house", "diff", str(a), str(a), "--json").json()["same"] is True


def test_diff_matches_the_tables_own_questions_by_text(book):
    game = book.game("mafia")
    base = build_agreement(game)
    ask = custom_decision(1, "Pause ?", ["oui", "non"], "oui")
    other = custom_decision(1, "Pause ?", ["oui", "non"], "non")
    only = custom_decision(2, "Musique ?", ["oui", "non"], "oui")
    left = Agreement(game.id, None, None, (*base.decisions, ask), None)
    right = Agreement(game.id, None, None, (*base.decisions, only, other), None)
    found = {(d.question.fr, d.left is None, d.right is None) for d in diff_agreements(left, right)}
    assert found == {("Pause ?", False, False), ("Musique ?", True, False)}


def test_diff_of_two_games_fails(monkeypatch, garou, book, tmp_path):
    monkeypatch.setenv("GAROU_LANG", "en")  # the messages checked are English
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    save_agreement(build_agreement(book.game("mafia")), a)
    save_agreement(build_agreement(book.game("loup-garou")), b)
    result = garou("house", "diff", str(a), str(b))
    assert result.exit_code == 1 and "nothing to compare" in result.stderr


def test_list_gives_every_question_with_options_and_who_proposes_the_default(garou, book):
    data = garou("house", "list", "--game", "loup-garou", "--json").json()
    game = book.game("loup-garou")
    assert [q["case"] for q in data] == [q.id for q in questions(game)]
    for item, q in zip(data, questions(game), strict=True):
        assert [o["id"] for o in item["options"]] == [o.id for o in q.options]
        assert item["default"]["by"] == ("garou" if q.default.addition else "document")
        assert [o["id"] for o in item["options"] if o["default"]] == [q.default.option]
    human = garou("house", "list", "--game", "mafia")
    assert human.exit_code == 0
    for q in questions(book.game("mafia")):
        assert q.id in human.stdout


def test_render_without_the_rules_still_reads_back(book, tmp_path):
    agreement = build_agreement(book.game("mafia"))
    path = tmp_path / "bare.yaml"
    path.write_text(render_agreement(agreement), encoding="utf-8")
    assert load_agreement(path, book).decisions == agreement.decisions


# --- review fixes: what people type is shown as typed --------------------------------------

MARKUP = ["[/bold]", "[bold red]x[/]", "Q [/bold] ?", "[link=file:///etc]y[/link]"]


def test_show_and_diff_print_markup_in_user_text_as_written(garou, book, tmp_path):
    game = book.game("loup-garou")
    base = build_agreement(game, date="2025-03-14")
    own = custom_decision(1, MARKUP[2], [MARKUP[1], MARKUP[3]], MARKUP[1])
    setup = Distribution("loup-garou", 8, {"loup-garou": 2, "voyante": 1, "villageois": 5})
    setup = Distribution("loup-garou", 8, setup.roles, names=("[i]Ana[/i]", *"BCDEFGH"))
    left = Agreement(game.id, MARKUP[0], base.date, (*base.decisions, own), setup)
    a = save_agreement(left, tmp_path / "[b]a.yaml", book=book)
    shown = garou("house", "show", str(a))
    assert shown.exit_code == 0, shown.stderr
    for text in (MARKUP[0], MARKUP[2], MARKUP[1], "[i]Ana[/i]"):
        assert text in shown.stdout
    other = custom_decision(1, MARKUP[2], [MARKUP[1], MARKUP[3]], MARKUP[3])
    b = save_agreement(
        Agreement(game.id, None, None, (*base.decisions, other), None), tmp_path / "b.yaml"
    )
    diff = garou("house", "diff", str(a), str(b))
    assert diff.exit_code == 0, diff.stderr
    for text in (MARKUP[2], MARKUP[1], MARKUP[3], "[b]a.yaml"):
        assert text in diff.stdout


def test_pick_table_name_with_markup_reads_back_and_shows(garou, book, tmp_path):
    out = tmp_path / "rm.yaml"
    picked = garou("house", "pick", "-g", "lg", "--defaults", "--table", MARKUP[0], "-o", str(out))
    assert picked.exit_code == 0, picked.stderr
    assert load_agreement(out, book).table == MARKUP[0]
    shown = garou("house", "show", str(out))
    assert shown.exit_code == 0 and MARKUP[0] in shown.stdout


def test_a_table_name_or_a_question_too_long_is_refused_at_its_line_and_never_written(
    garou, book, tmp_path
):
    from garou.core.names import MAX_TEXT

    long = "T" * (MAX_TEXT + 1)
    written = tmp_path / "accord.yaml"
    lines = ["game: loup-garou", f"table: {long}", "decisions: {}", "custom:",
             f"  - question: {long}", "    options: [a, b]", "    answer: a"]  # fmt: skip
    written.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(DataFileError) as caught:
        load_agreement(written, book)
    message = str(caught.value)
    assert "accord.yaml:2 (table)" in message and "accord.yaml:5 (custom[0].question)" in message
    assert f"at most {MAX_TEXT}" in message
    out = tmp_path / "picked.yaml"
    run = garou("house", "pick", "-g", "lg", "--defaults", "--table", long, "-o", str(out),
                "--lang", "en")  # fmt: skip
    assert run.exit_code == 2 and "table: 'TTT" in run.stderr
    assert f"at most {MAX_TEXT}" in run.stderr
    assert not out.exists()
    kept = garou("house", "pick", "-g", "lg", "--defaults", "--table", long[1:], "-o", str(out))
    assert kept.exit_code == 0 and load_agreement(out, book).table == long[1:]


def test_the_walk_prints_typed_options_as_written(garou, tmp_path, book):
    every = questions(book.game("mafia"))
    answers = [""] * len(every) + [MARKUP[2], MARKUP[1], "plain", "", "1", ""]
    answers += ["", "", "2025-03-14"]
    out = tmp_path / "accord.yaml"
    result = garou("house", "pick", "-g", "mafia", "-o", str(out), input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.stderr
    assert f"1. {MARKUP[1]}" in result.stdout
    assert load_agreement(out, book).decision("custom:1").option == MARKUP[1]


# --- review fixes: nothing but regular files is written ------------------------------------


@pytest.mark.parametrize("force", [False, True])
def test_a_fifo_is_never_replaced(monkeypatch, garou, book, tmp_path, force):
    monkeypatch.setenv("GAROU_LANG", "en")  # the messages checked are English
    import stat

    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    with pytest.raises(houserules.AgreementWriteError, match="not a regular file"):
        save_agreement(build_agreement(book.game("mafia")), fifo, force=force)
    flags = ["--force"] if force else []
    result = garou("house", "pick", "-g", "mafia", "--defaults", "-o", str(fifo), *flags)
    assert result.exit_code == 1
    assert "not a regular file" in result.stderr
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert [p.name for p in tmp_path.iterdir() if p.name != "cache"] == ["pipe.yaml"]


def test_a_folder_is_refused_before_any_question(garou, tmp_path):
    result = garou("house", "pick", "-g", "mafia", "-o", str(tmp_path), "--force")
    assert result.exit_code == 1 and "folder" in result.stderr


def test_force_writes_through_a_symlink_and_keeps_it(garou, book, tmp_path):
    shared = tmp_path / "shared" / "accord.yaml"
    shared.parent.mkdir()
    shared.write_text("old\n", encoding="utf-8")
    link = tmp_path / "accord.yaml"
    link.symlink_to(shared)
    refused = garou("house", "pick", "-g", "mafia", "--defaults", "-o", str(link))
    assert refused.exit_code == 1 and shared.read_text(encoding="utf-8") == "old\n"
    result = garou("house", "pick", "-g", "mafia", "--defaults", "-o", str(link), "--force")
    assert result.exit_code == 0, result.stderr
    assert link.is_symlink() and link.resolve() == shared.resolve()
    assert load_agreement(shared, book).game == "mafia"


def test_an_empty_output_name_is_a_usage_error(monkeypatch, garou, tmp_path):
    monkeypatch.setenv("GAROU_LANG", "en")  # the messages checked are English
    result = garou("house", "pick", "-g", "mafia", "--defaults", "-o", "")
    assert result.exit_code == 2
    assert "empty" in result.stderr and "already exists" not in result.stderr


# --- review fixes: --json output is JSON, even when asking ---------------------------------


def test_the_walk_with_json_keeps_stdout_for_the_json(garou, book, tmp_path):
    every = questions(book.game("mafia"))
    answers = [""] * len(every) + ["", "", "", "2025-03-14"]
    out = tmp_path / "accord.yaml"
    result = garou(
        "house", "pick", "-g", "mafia", "-o", str(out), "--json", input="\n".join(answers) + "\n"
    )
    assert result.exit_code == 0, result.stderr
    assert result.json()["path"] == str(out)
    assert every[0].title.fr in result.stderr


# --- review fixes: dates ------------------------------------------------------------------


@pytest.mark.parametrize("date", ["2024-13-45", "abc", "", "2024-02-30", "20240101", "2024-1-5"])
def test_pick_rejects_a_date_that_is_not_one(monkeypatch, garou, tmp_path, date):
    monkeypatch.setenv("GAROU_LANG", "en")  # the messages checked are English
    out = tmp_path / "accord.yaml"
    result = garou("house", "pick", "-g", "mafia", "--defaults", "--date", date, "-o", str(out))
    assert result.exit_code == 2
    assert "YYYY-MM-DD" in result.stderr
    assert not out.exists()


def test_the_date_prompt_asks_again_until_it_gets_a_date(garou, book, tmp_path):
    every = questions(book.game("mafia"))
    answers = [""] * len(every) + ["", "", "", "2024-02-30", "someday", "2024-02-29"]
    out = tmp_path / "accord.yaml"
    result = garou("house", "pick", "-g", "mafia", "-o", str(out), input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.stderr
    assert "2024-02-30" in result.stdout and "someday" in result.stdout
    assert load_agreement(out, book).date == "2024-02-29"


@settings(max_examples=60, deadline=None)
@given(day=st.dates(), text=st.text(max_size=12))
def test_iso_date_takes_real_dates_only(day, text):
    assert houserules.iso_date(day) == day.isoformat()
    assert houserules.iso_date(day.isoformat()) == day.isoformat()
    found = houserules.iso_date(text)
    if found is not None:
        assert datetime.date.fromisoformat(found).isoformat() == found == text.strip()
    assert houserules.iso_date(datetime.datetime(2025, 3, 14, 10, 0)) is None


def test_build_agreement_refuses_a_bad_date(book):
    from garou.rules import UsageError

    with pytest.raises(UsageError, match="YYYY-MM-DD"):
        build_agreement(book.game("mafia"), date="2025-02-29")


def test_a_non_mapping_file_is_named_in_words(monkeypatch, garou, tmp_path):
    monkeypatch.setenv("GAROU_LANG", "en")  # the messages checked are English
    for text, words in (("- a\n", "a list"), ("just words\n", "a text"), ("42\n", "a number")):
        path = tmp_path / "odd.yaml"
        path.write_text(text, encoding="utf-8")
        result = garou("house", "show", str(path))
        assert result.exit_code == 1
        assert f"this file is {words}" in result.stderr and "Located" not in result.stderr


# --- review fixes: the language is followed -------------------------------------------------


def _ui(lang: str) -> dict[str, str]:
    """The house commands' catalogue templates in ``lang`` (``house.choice`` as "choice")."""
    from garou.core import catalogue

    return {
        key.removeprefix("house."): catalogue.template_of(key, lang, count=2)
        for key in catalogue.messages()
        if key.startswith("house.")
    }


def test_every_word_of_house_is_a_catalogue_key_of_its_own():
    import re

    from garou.cli.commands import house
    from garou.core import catalogue

    assert not hasattr(house, "_UI") and not hasattr(house, "_tn")
    source = Path(house.__file__).read_text(encoding="utf-8")
    used = set(re.findall(r'_t\(\s*\w+,\s*"([\w?-]+)"', source))
    assert used and not [k for k in used if not catalogue.has(f"house.{k}")]
    assert catalogue.check_catalogue() == []


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_show_diff_list_and_pick_speak_the_language(garou, book, tmp_path, lang):
    ui = _ui(lang)
    shown = garou("house", "show", str(GOOD), "--lang", lang)
    for key in ("col-decision", "kept-default", "changed", "setup-line"):
        assert ui[key].split("{")[0].strip() in shown.stdout, key
    listed = garou("house", "list", "-g", "loup-garou", "--lang", lang)
    assert ui["col-question"] in listed.stdout
    whose = {ui["garou-proposes"] if q.default.addition else ui["document-usual"]
             for q in questions(book.game("loup-garou"))}  # fmt: skip
    assert all(w in listed.stdout for w in whose)
    game = book.game("mafia")
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    save_agreement(build_agreement(game), a)
    save_agreement(
        build_agreement(game, {questions(game)[0].id: other_option(questions(game)[0])}), b
    )
    diff = garou("house", "diff", str(a), str(b), "--lang", lang)
    assert say("house.differences", lang, count=1) in diff.stdout
    same = garou("house", "diff", str(a), str(a), "--lang", lang)
    assert ui["same"].split("{b}")[1].strip() in " ".join(same.stdout.split())
    out = tmp_path / "accord.yaml"
    answers = [""] * len(questions(game)) + ["", "", "", ""]
    picked = garou("house", "pick", "-g", "mafia", "-o", str(out), "--lang", lang,
                   input="\n".join(answers) + "\n")  # fmt: skip
    assert picked.exit_code == 0, picked.stderr
    for key in ("choice", "why", "custom-question", "players-prompt", "table-prompt"):
        assert ui[key].split("{")[0].strip() in picked.stdout, key
    written = ui["wrote"].split("{")[0].strip()
    assert written in picked.stdout


# --- review fixes: Mafia examples for Mafia, and the setup prompts ---------------------------


def _example_after(marker: str, text: str) -> str:
    return " ".join(text.split()).split(marker, 1)[1].split()[0].strip(",")


def test_a_mafia_setup_without_roles_gets_a_mafia_example(garou, book, tmp_path):
    from garou.rules.distribution import check_distribution, make_distribution, parse_roles

    game = book.game("mafia")
    out = tmp_path / "accord.yaml"
    result = garou("house", "pick", "-g", "mafia", "--defaults", "--players", "10", "-o", str(out))
    assert result.exit_code == 2
    spec = _example_after("--roles ", result.stderr)
    dist = make_distribution(game, parse_roles(spec, game))
    assert not dist.unknown and check_distribution(game, dist).ok


def test_the_walk_shows_the_games_cards_and_enter_skips_them(garou, book, tmp_path):
    from garou.rules.distribution import example_roles

    game = book.game("mafia")
    answers = [""] * len(questions(game)) + ["", "10", "", "", "2025-03-14"]
    out = tmp_path / "accord.yaml"
    result = garou("house", "pick", "-g", "mafia", "-o", str(out), "--lang", "en",
                   input="\n".join(answers) + "\n")  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert example_roles(game, 10) in result.stdout
    assert "loup-garou" not in result.stdout
    assert load_agreement(out, book).setup is None


def test_a_bad_set_gets_an_example_of_the_game(monkeypatch, garou, book):
    monkeypatch.setenv("GAROU_LANG", "en")  # the messages checked are English
    result = garou("house", "pick", "-g", "mafia", "--set", "nothing", "--defaults")
    assert result.exit_code == 2
    case, _, option = _example_after("e.g. ", result.stderr).partition("=")
    question = houserules.find_question(book.game("mafia"), case)
    assert houserules.find_option(question, option)


@pytest.mark.parametrize(
    ("players", "words"),
    [("0", "0 players"), ("-2", "-2 players"), ("abc", "whole number"), ("1000", "100")],
)
def test_pick_reports_a_bad_player_count_itself(monkeypatch, garou, tmp_path, players, words):
    monkeypatch.setenv("GAROU_LANG", "en")  # the messages checked are English
    out = tmp_path / "accord.yaml"
    result = garou("house", "pick", "-g", "lg", "--defaults", "--players", players, "-o", str(out))
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: --players") and words in result.stderr
    assert "--roles" not in result.stderr and "╭" not in result.stderr
    assert not out.exists()


# --- small things a table noticed --------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "iso"),
    [
        ("14/03/2025", "2025-03-14"),
        ("4/3/2025", "2025-03-04"),
        ("14.03.2025", "2025-03-14"),
        ("2025-03-14", "2025-03-14"),
        ("31/04/2025", None),
        ("03/14/2025", None),
        ("14/03/25", None),
    ],
)
def test_a_date_is_read_in_french_or_iso(typed, iso):
    from garou.houserules import iso_date

    assert iso_date(typed) == iso


def test_pick_takes_a_french_date_and_writes_it_iso(garou, tmp_path):
    out = tmp_path / "a.yaml"
    r = garou("house", "pick", "-g", "mafia", "--defaults", "--date", "14/03/2025", "-o", str(out))
    assert r.exit_code == 0, r.stderr
    assert "date: '2025-03-14'" in out.read_text() or "date: 2025-03-14" in out.read_text()
    bad = garou("house", "pick", "-g", "mafia", "--defaults", "--date", "31/02/2025",
                "-o", str(tmp_path / "b.yaml"))  # fmt: skip
    assert bad.exit_code == 2 and "31/02/2025" in bad.stderr


def test_an_option_is_found_by_an_unambiguous_start_of_its_label(book):
    from garou.houserules import find_option, find_question

    game = book.game("loup-garou")
    seer = find_question(game, "seer-sees")
    assert find_option(seer, "seul").id == "camp-only"  # "Seulement le camp"
    assert find_option(seer, "ONLY the").id == "camp-only"
    assert find_option(seer, "le rôle").id == "exact-role"
    witch = find_question(game, "witch-self-save")
    assert find_option(witch, "jam").id == "never"
    with pytest.raises(UnknownIdError) as caught:
        find_option(witch, "o")  # "Oui, n'importe quelle nuit" and "Only on the first night"
    said = caught.value.message("fr")
    assert "always" in said and "first-night-only" in said and "never" not in said
    # Both options of the witch's potions start with a word the other lacks; "Oui" is one.
    potions = find_question(game, "witch-two-potions")
    assert find_option(potions, "oui").id == "both-allowed"


def test_diff_compares_the_setups_and_the_names(garou, book, tmp_path):
    game = book.game("loup-garou")
    from garou.houserules import diff_setups

    def accord(name, roles, names):
        setup = make_setup(game, len(names), roles, names, "fr")
        path = tmp_path / name
        save_agreement(build_agreement(game, setup=setup), path)
        return path

    a = accord("a.yaml", "loup-garou=2,villageois=4", ["Éloïse", "Bob", "Chloé", "D", "E", "F"])
    b = accord("b.yaml", "loup-garou=2,villageois=4", ["eloise", "BOB", "chloe", "D", "E", "F"])
    c = accord("c.yaml", "loup-garou=2,voyante=1,villageois=3", ["Éloïse", "Bob", "Chloé", "D",
                                                                "E", "Zoé"])  # fmt: skip
    same = garou("house", "diff", str(a), str(b))
    assert same.exit_code == 0 and str(b) in " ".join(same.stdout.split())
    assert diff_setups(load_agreement(a, book), load_agreement(b, book)) == []
    parts = [d.part for d in diff_setups(load_agreement(a, book), load_agreement(c, book))]
    assert parts == ["roles", "names"]
    shown = garou("house", "diff", str(a), str(c), "--lang", "en")
    assert "setup.roles" in shown.stdout and "setup.names" in shown.stdout
    assert "Voyante" not in shown.stdout and "Seer" in shown.stdout
    data = garou("house", "diff", str(a), str(c), "--json").json()
    assert not data["same"] and [d["part"] for d in data["setup"]] == ["roles", "names"]


def test_the_command_to_run_next_is_never_wrapped(garou, tmp_path):
    out = tmp_path / ("un-nom-de-fichier-assez-long-pour-depasser-la-ligne" + "-x" * 20 + ".yaml")
    r = garou("house", "pick", "-g", "mafia", "--defaults", "-o", str(out), env={"COLUMNS": "40"})
    assert r.exit_code == 0, r.stderr
    assert f"garou house show {out}" in r.stdout.splitlines()[-1]


def test_an_output_name_with_a_line_break_cannot_break_the_file(garou, book, tmp_path):
    out = tmp_path / "accord\nformat: autre\ngame: mafia.yaml"
    r = garou("house", "pick", "-g", "loup-garou", "--defaults", "-o", str(out))
    assert r.exit_code == 0, r.stderr
    text = out.read_text(encoding="utf-8")
    assert all(line.startswith("#") or ":" in line or not line.strip() or line.startswith(" ")
               for line in text.splitlines())  # fmt: skip
    again = load_agreement(out, book)
    assert again.game == "loup-garou"
    assert "\\x0a" in text  # the name is written escaped, on the comment's one line


def test_two_names_for_one_player_are_refused_whatever_their_case_and_accents(book, tmp_path):
    from garou.rules import UsageError

    game = book.game("loup-garou")
    names = ["Éloïse", "Bob", "Chloé", "eloise", "E", "F"]
    with pytest.raises(UsageError) as caught:
        make_setup(game, 6, "loup-garou=2,villageois=4", names)
    assert "eloise" in caught.value.message("en") and "Éloïse" in caught.value.message("fr")
    path = tmp_path / "a.yaml"
    path.write_text(
        "format: garou-agreement/1\ngame: loup-garou\ndecisions: {}\nsetup:\n  players: 6\n"
        "  roles: {loup-garou: 2, villageois: 4}\n"
        "  names: [Éloïse, Bob, CHLOÉ, chloe, E, F]\n",
        encoding="utf-8",
    )
    with pytest.raises(DataFileError) as found:
        load_agreement(path, book)
    said = found.value.problems
    assert any(p.path == "setup.names" and p.line == 7 for p in said), said


def test_the_interview_reads_answers_without_a_terminal(book):
    """The interview's logic is houserules': the command only prompts and prints."""
    from garou.houserules import interview as iv

    game = book.game("loup-garou")
    asked = iv.interview(game)
    assert [q.id for q in asked] == [q.id for q in questions(game)]
    seer = next(q for q in asked if q.id == "lg-contested-seer-sees")
    kept = iv.preselected(seer, None)
    assert kept is not None and seer.options[kept - 1].id == seer.default.option
    assert iv.read_choice(seer, "", kept, "fr") == seer.default.option
    assert iv.read_choice(seer, "seul", kept, "fr") == "camp-only"
    with pytest.raises(iv.AnswerError) as caught:
        iv.read_choice(seer, "nonsense", kept, "en")
    assert "nonsense" in caught.value.message("en") and caught.value.hint is not None
    assert iv.read_custom_option(["oui"], " non ") == "non"
    with pytest.raises(iv.AnswerError):
        iv.read_custom_option(["oui"], "")  # fewer than two options
    with pytest.raises(iv.AnswerError):
        iv.read_custom_option(["Oui", "non"], "OUI")
    assert iv.read_custom_answer(["oui", "non"], "2") == "non"
    assert iv.read_custom_answer(["Été", "hiver"], "ete") == "Été"
    assert iv.read_players("") is None and iv.read_players("8") == 8
    with pytest.raises(iv.AnswerError):
        iv.read_players("huit")
    assert iv.read_date("14/03/2025", "2025-01-01") == "2025-03-14"


@pytest.mark.parametrize(
    ("name", "fr", "en"),
    [
        ("unknown-option.yaml", "option inconnue", "unknown option"),
        ("unknown-case.yaml", "cas inconnu", "unknown case"),
        ("bad-date.yaml", "n'est pas une date", "is not a date"),
    ],
)
def test_an_agreement_files_problems_are_said_in_the_users_language(book, name, fr, en):
    with pytest.raises(DataFileError) as caught:
        load_agreement(AGREEMENTS / name, book)
    french = " ".join(p.say("fr") for p in caught.value.problems)
    english = " ".join(p.say("en") for p in caught.value.problems)
    assert fr in french and en not in french
    assert en in english and fr not in english


# --- the one reader: every value as written, each problem located ------------------------

ODD = ["No", "~", "010", "1e3", "yes", "null", "true", "12"]
"""Texts YAML 1.1 would read as false, None, 8, a date, true, a number."""


def _odd_agreement(tmp_path, **changes):
    text = GOOD.read_text(encoding="utf-8")
    text = text.replace("table: Les Loups du jeudi", "table: 010")
    text = text.replace("options: [jamais, après sa mort]", "options: [yes, no, ~]")
    text = text.replace("answer: jamais", "answer: no")
    text += f"  names: [{', '.join(ODD)}]\n"
    for old, new in changes.items():
        assert old in text
        text = text.replace(old, new)
    path = tmp_path / "accord.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_an_agreements_texts_yaml_would_retype_survive_house_show(book, garou, tmp_path):
    path = _odd_agreement(tmp_path)
    agreement = load_agreement(path, book)
    assert agreement.table == "010" and agreement.setup.names == tuple(ODD)
    own = agreement.decision("custom:1")
    assert own.choices == ("yes", "no", "~") and own.option == "no"
    shown = garou("house", "show", str(path), "--json", "--lang", "en").json()
    assert shown["table"] == "010" and shown["setup"]["names"] == ODD
    out = tmp_path / "again.yaml"
    save_agreement(agreement, out, book=book)
    again = load_agreement(out, book)
    assert (again.table, again.setup.names, again.decisions) == (
        "010",
        tuple(ODD),
        agreement.decisions,
    )


@pytest.mark.parametrize(
    "old, new, path, en, fr",
    [
        ("players: 8", "players: eight", "setup.players", "whole number", "nombre entier"),
        ("voyante: 1", "voyante: '1'", "setup.roles.voyante", "whole number", "nombre"),
        ("table: 010", "tabel: 010", "tabel", "unknown key 'tabel'", "clé inconnue"),
        ("answer: no", "answer: maybe", "custom[0].answer", "maybe", "maybe"),
        ("  lg-setting-captain: with-captain\n", "", "decisions.lg-setting-captain",
         "missing decision", "il manque"),
        ("  lg-setting-debate: advised\n", "  lg-setting-debate: advised\n  lg-setting-debate: x\n",
         "decisions.lg-setting-debate", "duplicate key", "en double"),
    ],
)  # fmt: skip
def test_an_agreements_problem_is_said_with_file_line_and_key_in_both_languages(
    book, garou, tmp_path, old, new, path, en, fr
):
    file = _odd_agreement(tmp_path, **{old: new})
    english = garou("house", "show", str(file), "--lang", "en")
    french = garou("house", "show", str(file), "--lang", "fr")
    assert english.exit_code == french.exit_code == 1
    assert "accord.yaml:" in english.stderr and f"({path})" in english.stderr
    assert en in english.stderr and fr in french.stderr and f"({path})" in french.stderr
    data = garou("house", "show", str(file), "--json", "--lang", "en").json()
    (problem,) = data["error"]["where"]
    assert problem["path"] == path and problem["line"] >= 1 and en in problem["message"]


def test_the_setup_library_takes_the_cards_as_values_as_well_as_typed(book):
    """houserules.make_setup takes values (a mapping, pairs), not only the typed text."""
    from garou.rules import UsageError

    game = book.game("loup-garou")
    typed = make_setup(game, 8, "loup-garou=2,voyante,villageois=5")
    assert make_setup(game, 8, {"loup-garou": 2, "voyante": None, "villageois": 5}) == typed
    assert make_setup(game, 8, [("Loup-Garou", 2), ("voyante", 1), ("villageois", 5)]) == typed
    with pytest.raises(UsageError):
        make_setup(game, 8, {"loup-garou": 0, "villageois": 8})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_an_agreement_is_written_only_if_house_show_reads_it_back(book, tmp_path_factory, data):
    from garou.core.errors import UsageError

    game = book.game("loup-garou")
    text = st.text(min_size=1, max_size=12).map(str.strip).filter(bool)
    table = data.draw(text)
    question = data.draw(text)
    options = data.draw(st.lists(text, min_size=2, max_size=3, unique=True))
    agreement = build_agreement(game, {}, table=table, date="2025-01-01")
    own = custom_decision(1, question, options, options[0])
    agreement = Agreement(game.id, table, agreement.date, (*agreement.decisions, own), None)
    path = tmp_path_factory.mktemp("trip") / "accord.yaml"
    try:
        save_agreement(agreement, path, book=book)
    except UsageError:
        assert not path.exists()
        return
    again = load_agreement(path, book)
    assert again.table == table and again.decisions[-1].choices == own.choices


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_agreement_naming_a_case_of_a_rules_folder_read_without_it_says_to_give_it(
    garou, book, tmp_path, lang
):
    # Made with `--rules-dir` (a house case), read without it: the unknown case is said
    # with how to give the folder (--rules-dir, GAROU_RULES_DIR for `garou game`); read
    # with another folder, the folder was given: the plain unknown case.
    from garou.rules import load_rules
    from tests.helpers import HOUSE_ROLE_AND_CASE, rules_folder

    folder = rules_folder(tmp_path, HOUSE_ROLE_AND_CASE)
    out = tmp_path / "ua.yaml"
    made = garou("house", "pick", "--game", "loup-garou", "--defaults", "--rules-dir",
                 str(folder), "-o", str(out))  # fmt: skip
    assert made.exit_code == 0, made.stderr
    with pytest.raises(DataFileError) as refused:
        load_agreement(out, book)
    said = refused.value.message(lang)
    assert "lg-house-night-talk" in said
    assert ("unknown case" if lang == "en" else "cas inconnu") in said
    assert "--rules-dir" in said and "GAROU_RULES_DIR=" in said, said
    shown = garou("--lang", lang, "house", "show", str(out))
    assert shown.exit_code == 1 and "--rules-dir" in shown.stderr
    assert garou("house", "show", str(out), "--rules-dir", str(folder)).exit_code == 0
    other = tmp_path / "other"
    other.mkdir()
    (other / "h.yaml").write_text(HOUSE_ROLE_AND_CASE.replace("night-talk", "day-talk"), "utf-8")
    with pytest.raises(DataFileError) as plain:
        load_agreement(out, load_rules(other, cache=False))
    assert "GAROU_RULES_DIR" not in plain.value.message(lang)
