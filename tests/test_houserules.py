"""House rules: the questions, the agreement file, and ``garou house pick|show|diff|list``."""

from __future__ import annotations

import datetime
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import houserules
from houserules import (
    Agreement,
    AgreementExistsError,
    agreed,
    build_agreement,
    custom_decision,
    diff_agreements,
    load_agreement,
    questions,
    render_agreement,
    save_agreement,
)
from rules import DataFileError, UnknownIdError
from rules.reader import parse_yaml
from rules.writer import dump_yaml

AGREEMENTS = Path(__file__).parent / "data" / "agreements"
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
    ("yes-no.yaml", ": no", ["in quotes", "most-votes"]),
]


@pytest.mark.parametrize(("name", "needle", "words"), BAD_FILES)
def test_a_bad_agreement_is_rejected_with_file_line_and_choices(book, garou, name, needle, words):
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
        ("lg-contested-nope=always", 1, ["not a question", "garou house list"]),
        ("witch-self-save=perhaps", 1, ["not an option", "always", "never"]),
        ("witch-self-save", 2, ["CASE=OPTION"]),
    ],
)
def test_pick_rejects_a_bad_set(garou, tmp_path, setting, code, words):
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
    from rules.setup import check_distribution, make_distribution, parse_roles

    game = book.game("loup-garou")
    verdict = check_distribution(game, make_distribution(game, parse_roles(spec), 8))
    assert not verdict.ok
    out = tmp_path / "accord.yaml"
    result = garou(
        "house", "pick", "--game", "loup-garou", "--defaults", "-o", str(out),
        "--players", "8", "--roles", spec,
    )  # fmt: skip
    assert result.exit_code == 1
    for failure in verdict.failures:
        assert failure.message.fr in result.stderr
    assert not out.exists()


@pytest.mark.parametrize(
    ("args", "code", "words"),
    [
        (["--players", "8", "--roles", "loup-garou=2,capitaine,villageois=5"], 1, ["status"]),
        (["--players", "8"], 2, ["--roles"]),
        (["--roles", "loup-garou=2,voyante,villageois=5", "--names", "Ana,Bea"], 2, ["2 names"]),
        (["--roles", "loup-garou=two"], 2, ["whole number"]),
    ],
)
def test_pick_rejects_a_setup_it_cannot_read(garou, tmp_path, args, code, words):
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


def test_pick_never_overwrites_without_force(garou, book, tmp_path):
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
    assert "'nonsense' is not an option" in result.stdout
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
    from garou.commands import house

    asked = []

    def ask(prompt, default=None):
        asked.append(prompt)
        if len(asked) == 3:
            raise KeyboardInterrupt
        return default or ""

    monkeypatch.setattr(house, "ask", ask)
    out = tmp_path / "accord.yaml"
    result = garou("house", "pick", "--game", "loup-garou", "-o", str(out))
    assert result.exit_code == 130
    assert "nothing was written" in result.stderr
    assert list(tmp_path.glob("*.yaml")) == [] and list(tmp_path.glob(".accord*")) == []


def test_input_ending_early_writes_nothing(garou, tmp_path):
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
    same = garou("house", "diff", str(a), str(a))
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


def test_diff_of_two_games_fails(garou, book, tmp_path):
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
