"""The setup verifier, ``garou check`` and ``garou suggest``.

Expectations come from the documents as written (the player-count table, the classic
Mafia distribution), not from the data, so that a data error makes a test fail.
"""

from __future__ import annotations

import json
import re
import string
import tempfile
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from garou.rules import DataFileError, GarouError, UnknownIdError, UsageError, fold, load_rules
from garou.rules.distribution import (
    MAX_PLAYERS,
    NoSoundDistributionError,
    check_distribution,
    example_roles,
    make_distribution,
    parse_roles,
    read_setup,
    suggest_distribution,
)
from garou.rules.odds import village_win_chance
from tests.conftest import REPO
from tests.helpers import lg_setup

SETUPS = REPO / "tests" / "data" / "setups"


# The player-count table of loup-garou.txt, as the document writes it.
WOLVES_BY_PLAYERS = {
    **dict.fromkeys(range(4, 6), 1),
    **dict.fromkeys(range(6, 10), 2),
    **dict.fromkeys(range(10, 14), 3),
    **dict.fromkeys(range(14, 17), 4),
    **dict.fromkeys(range(17, 19), 5),
}


# The classic distribution of mafia.txt: 6 citizens, 1 sheriff, 2 mafia, 1 don.
CLASSIC_MAFIA = {"citoyen": 6, "sherif": 1, "mafia": 2, "don": 1}


BOOK = load_rules()  # hypothesis tests cannot take the session fixture


LG = BOOK.game("loup-garou")


MF = BOOK.game("mafia")


def verdict_of(game, roles, players=None):
    return check_distribution(game, make_distribution(game, roles, players))


def check(verdict, check_id):
    found = [c for c in verdict.checks if c.id == check_id]
    assert len(found) == 1, [c.id for c in verdict.checks]
    return found[0]


def wolves_and_villagers(players, wolves):
    roles = {"villageois": players - wolves} if players > wolves else {}
    if wolves:
        roles["loup-garou"] = wolves
    return roles


@pytest.mark.parametrize("players", range(1, 26))
def test_the_wolf_count_follows_the_documents_table(players):
    expected = WOLVES_BY_PLAYERS.get(players)
    if expected is None:
        for wolves in {1, max(1, players // 3)}:
            if wolves >= players:
                continue
            result = check(verdict_of(LG, wolves_and_villagers(players, wolves)), "wolf-count")
            assert result.status == "fail"
            assert "4" in result.message.en and "18" in result.message.en  # what the table covers
            assert result.entry == "lg-wolf-count"
            assert result.fix is not None
        return
    right = verdict_of(LG, wolves_and_villagers(players, expected))
    assert check(right, "wolf-count").status == "pass"
    assert right.ok
    for wrong in (expected - 1, expected + 1):
        if wrong < 1 or wrong >= players:
            continue
        result = check(verdict_of(LG, wolves_and_villagers(players, wrong)), "wolf-count")
        assert result.status == "fail"
        assert f"{expected} " in result.message.en and f"{wrong}." in result.message.en
        assert result.fix is not None
    suggested = suggest_distribution(LG, players)
    assert suggested.roles["loup-garou"] == expected


def test_the_fix_for_a_missing_wolf_names_the_swap():
    verdict = verdict_of(LG, {"loup-garou": 2, "villageois": 7, "voyante": 1, "sorciere": 1})
    result = check(verdict, "wolf-count")
    assert result.status == "fail"
    villager, wolf = LG.role("villageois").name, LG.role("loup-garou").name
    assert result.fix is not None
    assert f"1 {villager.en} card with 1 {wolf.en} card" in result.fix.en
    assert f"1 carte {villager.fr} par 1 carte {wolf.fr}" in result.fix.fr


def test_the_fix_never_breaks_the_power_threshold_to_add_a_wolf():
    # Four power roles for four villagers: taking a villager would break the threshold.
    roles = {"loup-garou": 2, "villageois": 4, "voyante": 1, "sorciere": 1, "chasseur": 1}
    verdict = verdict_of(LG, roles | {"cupidon": 1})
    fix = check(verdict, "wolf-count").fix
    assert fix is not None and LG.role("villageois").name.en not in fix.en


def test_outside_the_table_the_fix_says_how_to_get_back_into_it():
    small = check(verdict_of(LG, {"loup-garou": 1, "villageois": 2}), "wolf-count")
    assert small.fix is not None and "4" in small.fix.en
    big = check(verdict_of(LG, {"loup-garou": 6, "villageois": 19}), "wolf-count")
    assert big.fix is not None and "2 tables of 12 or 13" in big.fix.en


@pytest.mark.parametrize("players", range(2, 26))
def test_the_wolves_must_be_strictly_fewer_at_the_start(players):
    for wolves in range(1, players):
        result = check(verdict_of(LG, wolves_and_villagers(players, wolves)), "wolves-fewer")
        assert result.entry == "lg-wolves-fewer"
        assert result.status == ("pass" if wolves < players - wolves else "fail")


def test_power_roles_may_equal_the_simple_villagers_but_not_exceed_them():
    at_limit = {"loup-garou": 3, "villageois": 4, "voyante": 1, "sorciere": 1, "chasseur": 1}
    assert check(verdict_of(LG, at_limit | {"cupidon": 1}), "power-limit").status == "pass"
    over = at_limit | {"villageois": 3, "cupidon": 1}
    result = check(verdict_of(LG, over, players=11), "power-limit")
    assert result.status == "fail"
    assert result.entry == "lg-power-threshold"
    assert result.fix is not None and LG.role("villageois").name.en in result.fix.en
    # The fix keeps the roles recommended for a first group.
    assert LG.role("cupidon").name.en in result.fix.en


def test_every_power_role_counts_and_no_other_does():
    power = {r.id for r in LG.roles if r.power}
    assert {"voyante", "sorciere", "chasseur"} <= power
    assert not {"loup-garou", "villageois"} & power


def test_the_cards_must_add_up_to_the_players():
    short = check(verdict_of(LG, {"loup-garou": 2, "villageois": 5}, players=8), "roles-sum")
    assert short.status == "fail"
    assert short.fix is not None and "1 " in short.fix.en
    assert check(verdict_of(LG, {"loup-garou": 2, "villageois": 6}), "roles-sum").status == "pass"
    over = verdict_of(LG, {"loup-garou": 2, "villageois": 7}, players=8)
    assert check(over, "roles-sum").status == "fail"
    assert over.village_win is None


def test_the_captain_is_a_status_not_a_card():
    verdict = verdict_of(LG, {"loup-garou": 2, "villageois": 5, "capitaine": 1})
    result = check(verdict, "known-roles")
    assert result.status == "fail"
    status = next(s for s in LG.statuses if s.id == "capitaine")
    assert result.entry == status.entry_id
    assert "status" in result.message.en and "statut" in result.message.fr
    assert status.summary.en in result.message.en
    assert not verdict.ok


@pytest.mark.parametrize(
    "typo, meant", [("voyente", "voyante"), ("sorcire", "sorciere"), ("chaseur", "chasseur")]
)
def test_an_unknown_role_gets_the_closest_ones(typo, meant):
    result = check(verdict_of(LG, {"loup-garou": 2, "villageois": 5, typo: 1}), "known-roles")
    assert result.status == "fail"
    assert result.fix is not None and meant in result.fix.en


def test_an_unknown_role_with_nothing_close_gets_the_list():
    result = check(verdict_of(LG, {"loup-garou": 2, "villageois": 5, "xqzw": 1}), "known-roles")
    assert result.fix is not None
    assert all(r.id in result.fix.en for r in LG.roles)


def test_the_first_group_advice():
    without = verdict_of(LG, {"loup-garou": 2, "villageois": 6})
    advice = check(without, "first-group")
    assert advice.status == "advice" and advice.entry == "lg-first-group"
    assert advice.fix is not None and LG.role("voyante").name.en in advice.fix.en
    assert without.ok  # advice is not a violation
    with_them = verdict_of(LG, {"loup-garou": 2, "villageois": 4, "voyante": 1, "sorciere": 1})
    assert check(with_them, "first-group").status == "pass"


def test_what_the_table_says_of_fourteen_to_sixteen_players_mentions_the_captain():
    # loup-garou.txt: "14 à 16 | 4 | Le débat devient difficile à tenir sans capitaine."
    for players in (14, 15, 16):
        advice = check(verdict_of(LG, wolves_and_villagers(players, 4)), "table-gives")
        assert advice.status == "advice"
        assert "capitaine" in fold(advice.message.fr)


def test_absent_night_roles_are_still_called():
    advice = check(verdict_of(LG, {"loup-garou": 2, "villageois": 6}), "call-absent")
    assert advice.entry == LG.night.call_absent.entry
    assert LG.role("sorciere").name.en in advice.message.en


def test_the_classic_mafia_distribution_is_sound():
    verdict = verdict_of(MF, CLASSIC_MAFIA)
    assert verdict.ok
    assert check(verdict, "composition").status == "pass"
    assert verdict.distribution.players == 10


@pytest.mark.parametrize("role", sorted(CLASSIC_MAFIA))
@pytest.mark.parametrize("delta", [-1, 1])
def test_any_other_mafia_count_is_reported_with_the_classic_one(role, delta):
    roles = dict(CLASSIC_MAFIA)
    roles[role] += delta
    roles = {r: n for r, n in roles.items() if n}
    verdict = verdict_of(MF, roles)
    assert not verdict.ok
    result = check(verdict, "composition")
    assert result.status == "fail" and result.entry == "mf-composition"
    for r, n in CLASSIC_MAFIA.items():
        assert f"{n} {MF.role(r).name.en} card" in result.message.en
    assert check(verdict, "player-count").status == "fail"
    # The same cards for exactly 10 players: the count is right, the cards are not.
    fixed_players = verdict_of(MF, roles, players=10)
    assert check(fixed_players, "player-count").status == "pass"
    assert check(fixed_players, "composition").status == "fail"


def test_a_loup_garou_role_in_mafia_is_unknown():
    verdict = verdict_of(MF, {"citoyen": 5, "sherif": 1, "mafia": 2, "don": 1, "voyante": 1})
    assert check(verdict, "known-roles").status == "fail"
    assert check(verdict, "composition").status == "fail"


def test_the_baseline_is_the_exact_chance_and_says_what_it_is():
    verdict = verdict_of(LG, {"loup-garou": 2, "villageois": 4, "voyante": 1, "sorciere": 1})
    assert verdict.village_win == village_win_chance(6, 2, first_kill_night=1)
    assert "23%" in verdict.baseline.en
    assert "not a prediction" in verdict.baseline.en
    assert "power roles do not change it" in verdict.baseline.en
    assert "pas une prédiction" in verdict.baseline.fr


@pytest.mark.parametrize("game, roles", [(LG, {"loup-garou": 2, "villageois": 6}),
                                         (MF, CLASSIC_MAFIA)])  # fmt: skip
def test_the_baseline_names_both_camps_as_the_data_names_them_inside_the_sentence(game, roles):
    # The camps are the data's names, only their first letter lowered to sit mid-sentence
    # ("one victim of the werewolves a night", "the village would win"), in both languages.
    baseline = verdict_of(game, roles).baseline
    minority = game.camp(game.minority_roles()[0].camp).name
    players = game.camp(game.info.players).name

    def inside(name, lang):
        text = name.get(lang)
        return text[:1].lower() + text[1:]

    assert f"one victim of {inside(minority, 'en')} a night" in baseline.en
    assert f"), {inside(players, 'en')} would win" in baseline.en
    assert f"), {inside(players, 'fr')} gagner" in baseline.fr
    for lang in ("en", "fr"):
        assert inside(players, lang) != players.get(lang)  # the data's names are capitalised


def test_power_roles_do_not_change_the_baseline():
    plain = verdict_of(LG, {"loup-garou": 2, "villageois": 6})
    powered = verdict_of(LG, {"loup-garou": 2, "villageois": 3, "voyante": 1, "chasseur": 2})
    assert plain.village_win == powered.village_win


def test_mafia_starts_with_a_day():
    verdict = verdict_of(MF, CLASSIC_MAFIA)
    assert verdict.village_win == village_win_chance(7, 3, first_kill_night=2)


def test_a_roles_spec():
    assert parse_roles("loup-garou=2, voyante ,sorcière,villageois=4,") == [
        ("loup-garou", 2),
        ("voyante", 1),
        ("sorcière", 1),
        ("villageois", 4),
    ]


@pytest.mark.parametrize(
    "spec",
    ["", ",", "voyante,,sorciere", "=2", "voyante=", "voyante=two", "voyante=-1", "voyante=0",
     "voyante=1.5", "voyante=1_0", f"voyante={10**9}", "voyante=２"],
)  # fmt: skip
def test_a_bad_roles_spec_is_a_usage_error(spec):
    with pytest.raises(UsageError):
        parse_roles(spec)


@pytest.mark.parametrize(
    "roles",
    [
        [("loup-garou", 1), ("wolf", 1)],
        [("voyante", 1), ("Voyante", 1)],
        [("xyz", 1), ("XYZ", 2)],
    ],
)
def test_a_role_written_twice_is_a_usage_error(roles):
    with pytest.raises(UsageError, match="once"):
        make_distribution(LG, roles)


@pytest.mark.parametrize("players", [0, -3, 10**9, MAX_PLAYERS + 1])
def test_bad_player_counts_are_usage_errors(players):
    with pytest.raises(UsageError):
        make_distribution(LG, {"loup-garou": 1, "villageois": 3}, players)


def test_the_example_setup_files():
    game, dist = read_setup(SETUPS / "first-game.yaml", BOOK)
    assert game.id == "loup-garou" and dist.players == 8 and len(dist.names) == 8
    assert check_distribution(game, dist).ok
    game, dist = read_setup(SETUPS / "mafia-classic.yaml", BOOK)
    assert dist.roles == CLASSIC_MAFIA and dist.players == 10
    assert check_distribution(game, dist).ok
    game, dist = read_setup(SETUPS / "big-evening.yaml", BOOK)
    verdict = check_distribution(game, dist)
    assert not verdict.ok
    known = check(verdict, "known-roles")
    assert "big-evening.yaml:10" in known.message.en  # the line of 'capitaine'


@pytest.mark.parametrize(
    "text, line, where",
    [
        ("- game: loup-garou\n", 1, "a mapping"),
        ("game: loup-garou\nroles: {loup-garou: 1}\ncolour: red\n", 3, "unknown key"),
        ("roles:\n  loup-garou: 1\n", 1, "missing required key 'game'"),
        ("game: echecs\nroles:\n  loup-garou: 1\n", 1, "unknown game"),
        ("game: loup-garou\n", 1, "missing required key 'roles'"),
        ("game: loup-garou\nroles: [voyante]\n", 2, "expected a mapping"),
        ("game: loup-garou\nplayers: many\nroles: {loup-garou: 1}\n", 2, "whole number"),
        ("game: loup-garou\nplayers: 0\nroles: {loup-garou: 1}\n", 2, "needs players"),
        ("game: loup-garou\nroles:\n  loup-garou: 1\n  villageois: 1000000000\n", 4, "100"),
        ("game: loup-garou\nroles:\n  loup-garou: 1\n  villageois: -2\n", 4, "leave the role"),
        ("game: loup-garou\nroles:\n  loup-garou: 1\n  villageois: -2\n", 4, "at least 1"),
        ("game: loup-garou\nroles:\n  loup-garou:\n  villageois: 7\n", 3, "missing count"),
        ("game: loup-garou\nroles:\n  loup-garou: ~\n  voyante:\n", 3, "(roles.loup-garou)"),
        ("game: loup-garou\nroles:\n  loup-garou: 1\n  villageois: 2.5\n", 4, "whole number"),
        ("game: loup-garou\nroles:\n  voyante: 1\n  Voyante: 1\n", 4, "once"),
        ("game: loup-garou\nroles:\n  voyante: 1\n  voyante: 1\n", 4, "duplicate key"),
        ("game: loup-garou\nroles: {loup-garou: 1, villageois: 3}\nnames: [A, B]\n", 3, "2 names"),
        ("game: loup-garou\nroles: {loup-garou: 1, villageois: 1}\nnames: [A, a]\n", 3, "already"),
        ("game: loup-garou\nroles: {loup-garou: 1\n", None, "not valid YAML"),
        ("game: loup-garou\nroles: {loup-garou: 99999999999999999999}\n", 2, "too large: at most"),
        ("game: loup-garou\nplayers: 1e400\nroles: {loup-garou: 1}\n", 2, "'1e400' is too large"),
        # a player's name breaking the rule of a name: its line and its key, not only its text
        (
            "game: loup-garou\nroles: {loup-garou: 1, villageois: 1}\nnames:\n  - A\n  - "
            + "B" * 5000
            + "\n",
            5,
            "(names[1]): the name 'BBB",
        ),  # fmt: skip
        (
            "game: loup-garou\nroles: {loup-garou: 1, villageois: 1}\nnames: [A, 'B\u200bob']\n",
            3,
            "(names[1]): 'B\\u200bob' holds an invisible",
        ),  # fmt: skip
    ],
)
def test_a_malformed_setup_file_says_where(tmp_path, text, line, where):
    path = tmp_path / "setup.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataFileError) as caught:
        read_setup(path, BOOK)
    message = str(caught.value)
    assert where in message
    if line is not None:
        assert f"setup.yaml:{line}" in message


def test_a_missing_setup_file(tmp_path):
    with pytest.raises(DataFileError, match="no such file"):
        read_setup(tmp_path / "nope.yaml", BOOK)


def test_a_suggestion_takes_the_roles_asked_for():
    dist = suggest_distribution(LG, 10, [("voyante", 1), ("witch", 1), ("chasseur", 1)])
    assert dist.roles == {"loup-garou": 3, "villageois": 4, "voyante": 1, "sorciere": 1,
                          "chasseur": 1}  # fmt: skip


def test_no_suggestion_when_the_power_roles_do_not_fit():
    with pytest.raises(NoSoundDistributionError, match="at most 2 power role"):
        suggest_distribution(LG, 5, [("voyante", 1), ("sorciere", 1), ("chasseur", 1)])


def test_no_suggestion_outside_the_table_or_for_another_mafia_count():
    for players in (1, 3, 19, 25):
        with pytest.raises(NoSoundDistributionError, match="4 to 18"):
            suggest_distribution(LG, players)
    with pytest.raises(NoSoundDistributionError, match="10 players"):
        suggest_distribution(MF, 8)
    assert suggest_distribution(MF, 10).roles == CLASSIC_MAFIA


def test_a_suggestion_with_an_unknown_role_names_the_closest():
    with pytest.raises(UnknownIdError, match="Seer") as raised:  # by name (review 2, #13)
        suggest_distribution(LG, 8, [("voyente", 1)])
    assert "Voyante" in raised.value.message("fr")


LG_POWER = [r.id for r in LG.roles if r.power]


@settings(max_examples=150, deadline=None)
@given(
    game=st.sampled_from([LG, MF]),
    players=st.integers(1, 30),
    wanted=st.none() | st.dictionaries(st.sampled_from(LG_POWER), st.integers(1, 3), max_size=4),
)
def test_every_suggestion_passes_check(game, players, wanted):
    if game is MF and wanted:
        wanted = {"sherif": 1}
    try:
        dist = suggest_distribution(game, players, wanted)
    except NoSoundDistributionError as exc:
        assert str(exc)
        if game is LG and wanted is None:
            assert players not in WOLVES_BY_PLAYERS
        return
    assert sum(dist.roles.values()) == players
    verdict = check_distribution(game, dist)
    assert verdict.ok, [c.message.en for c in verdict.failures]
    for role_id, n in (wanted or {}).items():
        assert dist.roles.get(role_id) == n


NAMES = [n for r in LG.roles + MF.roles for n in (r.id, r.name.fr, r.name.en, *r.aliases.all())]
NAMES += ["capitaine", "maire", "amoureux", "voyant", "", " ", "=", "Ω", "loup=2"]


COUNTS = (
    st.integers(-3, 10**12)
    | st.none()
    | st.booleans()
    | st.floats(allow_nan=True)
    | st.text(max_size=3)
)


@settings(max_examples=300, deadline=None)
@given(
    game=st.sampled_from([LG, MF]),
    pairs=st.lists(st.tuples(st.sampled_from(NAMES) | st.text(max_size=8), COUNTS), max_size=8),
    players=st.none() | st.integers(-3, 10**12),
)
def test_random_setups_never_crash(game, pairs, players):
    try:
        verdict = check_distribution(game, make_distribution(game, pairs, players))
    except GarouError as exc:
        assert str(exc)
        return
    json.dumps(verdict.to_dict("fr"))
    json.dumps(verdict.to_dict("en"))
    assert verdict.ok == all(c.status != "fail" for c in verdict.checks)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=string.printable + "éèàçœ×－", max_size=40))
def test_random_roles_specs_never_crash(spec):
    try:
        pairs = parse_roles(spec)
    except UsageError:
        return
    assert all(1 <= n <= MAX_PLAYERS for _, n in pairs)


def _spellings(role):
    names = {role.id, role.name.fr, role.name.en, *role.aliases.all()}
    names = {n for n in names if _resolves_to(role, n)}
    return sorted(names | {n.upper() for n in names} | {fold(n) for n in names})


def _resolves_to(role, name):
    game = LG if role.game == "loup-garou" else MF
    from garou.rules import resolve_role

    try:
        return resolve_role(game, name).id == role.id
    except UnknownIdError:
        return False


@settings(max_examples=150, deadline=None)
@given(data=st.data(), game=st.sampled_from([LG, MF]))
def test_the_verdict_depends_only_on_the_counts(data, game):
    counts = data.draw(
        st.dictionaries(st.sampled_from([r.id for r in game.roles]), st.integers(1, 8), min_size=1)
    )
    players = data.draw(st.none() | st.integers(1, 30))

    def spelled():
        pairs = [
            (data.draw(st.sampled_from(_spellings(game.role(r)))), n) for r, n in counts.items()
        ]
        return data.draw(st.permutations(pairs))

    first = verdict_of(game, spelled(), players)
    second = verdict_of(game, spelled(), players)
    assert first.to_dict("en") == second.to_dict("en")
    assert first.to_dict("fr") == second.to_dict("fr")
    assert first.ok == verdict_of(game, counts, players).ok


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=string.printable + "éà-:[]{}", max_size=120))
def test_random_setup_files_never_crash(text):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "setup.yaml"
        path.write_text(text, encoding="utf-8")
        try:
            read_setup(path, BOOK)
        except DataFileError as exc:
            assert "setup.yaml" in str(exc)


def test_the_verifier_speaks_through_the_catalogue():
    """Every sentence of the verifier is a catalogue key, said in the asked language."""
    from garou.core.catalogue import messages

    assert sum(k.startswith("setup.") for k in messages()) > 50
    verdict = check_distribution(LG, make_distribution(LG, {"loup-garou": 4, "voyante": 1}, 5))
    for check_ in verdict.checks:
        assert check_.message.fr != check_.message.en
    assert "\u00a0:" in verdict.summary.fr  # French typography, applied by the catalogue


def test_check_a_sound_distribution(garou):
    r = garou("check", "--game", "loup-garou", "--players", "8",
              "--roles", "loup-garou=2,voyante,sorciere,villageois=4", "--json")  # fmt: skip
    assert r.exit_code == 0, r.stderr
    data = r.json()
    assert data["ok"] is True
    assert data["players"] == 8 and data["game"] == "loup-garou"
    assert data["roles"] == {"loup-garou": 2, "villageois": 4, "voyante": 1, "sorciere": 1}
    assert {c["id"] for c in data["checks"]} >= {"wolf-count", "power-limit", "roles-sum"}
    for c in data["checks"]:
        assert set(c) == {"id", "status", "message", "entry", "fix"}
        assert c["status"] in {"pass", "fail", "advice"}
    assert abs(data["village_win"] - 8 / 35) < 1e-12


def test_check_a_broken_distribution_exits_1_with_the_reason_and_the_fix(garou):
    r = garou("check", "-g", "lg", "-n", "11", "-r", "loups=2,voyante,sorcière,villageois=7",
              "--lang", "en")  # fmt: skip
    assert r.exit_code == 1
    assert "wolf-count" in r.stdout and "lg-wolf-count" in r.stdout
    assert "fail" in r.stdout and "→" in r.stdout
    assert "not a prediction" in r.stdout


def test_players_default_to_the_number_of_cards(garou):
    r = garou("check", "-g", "mafia", "-r", "citoyen=6,sherif,mafia=2,don", "--json")
    assert r.exit_code == 0
    assert r.json()["players"] == 10


def test_check_a_setup_file(garou):
    assert garou("check", str(SETUPS / "first-game.yaml")).exit_code == 0
    r = garou("check", str(SETUPS / "big-evening.yaml"), "--json", "--lang", "fr")
    assert r.exit_code == 1
    assert not r.json()["ok"]
    assert any("statut" in c["message"] for c in r.json()["checks"])


@pytest.mark.parametrize(
    "args",
    [
        ["-g", "lg", "-n", "abc", "-r", "loup"],
        ["-g", "lg", "-n", "0", "-r", "loup"],
        ["-g", "lg", "-n", "-4", "-r", "loup"],
        ["-g", "lg", "-n", str(10**9), "-r", "loup"],
        ["-g", "lg", "-r", f"loup={10**9}"],
        ["-g", "lg", "-r", "loup=two"],
        ["-g", "lg", "-r", "loup,wolf"],
        ["-g", "echecs", "-r", "loup"],
        ["-r", "loup"],
        ["-g", "lg"],
        [str(SETUPS / "first-game.yaml"), "-g", "lg"],
        ["-g", "lg", "-r", "loup", "--lang", "de"],
    ],
)
def test_usage_errors_exit_2_with_one_line(garou, args):
    r = garou("check", *args)
    assert r.exit_code == 2, (r.stdout, r.stderr)
    assert r.stderr.startswith("Erreur\u00a0: ")
    assert "Traceback" not in r.stderr + r.stdout


def test_a_malformed_setup_file_exits_1(garou, tmp_path):
    path = tmp_path / "setup.yaml"
    path.write_text("game: loup-garou\nroles:\n  voyante: beaucoup\n", encoding="utf-8")
    r = garou("check", str(path))
    assert r.exit_code == 1
    assert f"{path}:3 (roles.voyante)" in r.stderr
    assert "problems" not in r.stderr  # one mistake, one message
    assert garou("check", str(tmp_path / "missing.yaml")).exit_code == 1


def test_suggest(garou):
    r = garou("suggest", "-g", "loup-garou", "-n", "12", "--with", "voyante,chasseur", "--json")
    assert r.exit_code == 0
    data = r.json()
    assert set(data) == {"game", "players", "roles"}
    assert data["roles"]["loup-garou"] == WOLVES_BY_PLAYERS[12]
    spec = ",".join(f"{k}={v}" for k, v in data["roles"].items())
    again = garou("check", "-g", data["game"], "-n", str(data["players"]), "-r", spec, "--json")
    assert again.exit_code == 0 and again.json()["ok"]


def test_suggest_says_why_there_is_none(monkeypatch, garou):
    monkeypatch.setenv("GAROU_LANG", "en")  # the messages checked are English
    r = garou("suggest", "-g", "loup-garou", "-n", "3")
    assert r.exit_code == 1
    assert "4 to 18" in r.stderr
    r = garou("suggest", "-g", "lg", "-n", "5", "--with", "voyante,sorciere,chasseur")
    assert r.exit_code == 1 and "power role" in r.stderr
    # a role --with names that the game does not have: a bad value, 2 (docs/files-and-exit-codes.md)
    assert garou("suggest", "-g", "lg", "-n", "5", "--with", "voyente").exit_code == 2
    assert garou("suggest", "-g", "lg", "-n", "zero").exit_code == 2
    assert garou("suggest", "-g", "lg").exit_code == 2
    human = garou("suggest", "-g", "mafia", "-n", "10", "--lang", "en")
    assert human.exit_code == 0 and "Sheriff" in human.stdout


def _french_texts():
    """Every French message of the verdicts of many distributions of both games."""
    for game in (LG, MF):
        for players in range(1, 21):
            try:
                dist = suggest_distribution(game, players)
            except NoSoundDistributionError:
                continue
            yield from _texts(check_distribution(game, dist))
    for roles, players in [
        ({"loup-garou": 2, "villageois": 6}, None),
        ({"loup-garou": 5, "villageois": 2, "voyante": 1, "cupidon": 1, "capitaine": 1}, 11),
        ({"loup-garou": 5, "villageois": 15}, None),
        ({"loup-garou": 1, "villageois": 2}, None),
        ({"loup-garou": 2, "villageois": 3, "voyante": 1, "sorciere": 1, "chasseur": 1}, None),
        ({"loup-garou": 3, "villageois": 3}, None),
    ]:
        yield from _texts(verdict_of(LG, roles, players))
    yield from _texts(verdict_of(MF, {"mafia": 3, "citoyen": 5, "voyente": 1}, 9))


def _texts(verdict):
    yield verdict.baseline.fr
    yield verdict.summary.fr
    for c in verdict.checks:
        yield c.message.fr
        if c.fix is not None:
            yield c.fix.fr


def test_french_messages_contract_de_and_a_and_agree():
    import re

    for text in _french_texts():
        assert not re.search(r"\b(de|à) (les|le)\b", text, re.IGNORECASE), text
        assert "(s)" not in text, text
        assert not re.search(r"\b[01] (rôles|cartes|joueurs)\b", text), text  # 0 and 1: singular


def test_the_baseline_names_the_minority_with_des():
    verdict = verdict_of(LG, {"loup-garou": 2, "villageois": 6})
    wolves = next(c.name for c in LG.info.camps if c.minority)
    assert wolves.fr.lower().startswith("les ")
    assert "des " + wolves.fr[4:] in verdict.baseline.fr


def test_a_role_named_without_a_count_in_with_gets_the_rules_count(garou):
    for players in (5, 8, 12):
        named = suggest_distribution(LG, players, [("loup-garou", None), ("voyante", None)])
        assert named.roles["loup-garou"] == WOLVES_BY_PLAYERS[players]
        assert named.roles["voyante"] == 1
    assert suggest_distribution(MF, 10, [("mafia", None)]).roles == CLASSIC_MAFIA
    r = garou("suggest", "-g", "lg", "-n", "8", "-w", "loup-garou", "--json")
    assert r.exit_code == 0, r.stderr
    assert r.json()["roles"]["loup-garou"] == WOLVES_BY_PLAYERS[8]


@pytest.mark.parametrize("spec", ["voyante=-3", "voyante=0", "voyante=-1"])
def test_a_count_below_one_says_at_least_one(spec):
    with pytest.raises(UsageError) as caught:
        parse_roles(spec)
    assert "at least 1" in str(caught.value)
    assert "not a whole number" not in str(caught.value) and "give it" not in str(caught.value)


def _roles_example(message):
    """Return the roles spec given as an example in ``message``."""
    words = " ".join(message.split()).replace('"', " ").split()
    return next(words[i + 1] for i, w in enumerate(words) if w in ("--roles", "like"))


@pytest.mark.parametrize(
    "args",
    [["-g", "mafia"], ["-g", "mafia", "-n", "10"], ["-g", "mafia", "-r", ","],
     ["-g", "lg"], ["-g", "lg", "-n", "12"], ["-g", "lg", "-r", ","]],
)  # fmt: skip
def test_examples_of_roles_come_from_the_game(monkeypatch, garou, args):
    monkeypatch.setenv("GAROU_LANG", "en")  # the messages checked are English
    r = garou("check", *args)
    assert r.exit_code == 2
    game = MF if "mafia" in args else LG
    spec = _roles_example(r.stderr)
    dist = make_distribution(game, parse_roles(spec, game))
    assert not dist.unknown
    assert check_distribution(game, dist).ok
    if "-n" in args:
        assert dist.players == int(args[args.index("-n") + 1])


def test_check_without_a_game_or_roles_gives_an_example_per_game(garou):
    r = garou("check")
    assert r.exit_code == 2
    for game in (LG, MF):
        assert f"--game {game.id} --roles" in r.stderr


def test_a_suggestion_that_cannot_be_names_the_roles_in_the_users_language():
    with pytest.raises(NoSoundDistributionError) as info:
        suggest_distribution(MF, 8)
    assert "Citoyen" in info.value.message("fr") and "Citizen" not in info.value.message("fr")
    assert "Citizen" in info.value.message("en") and "Citoyen" not in info.value.message("en")


@pytest.mark.parametrize(
    "lang, words, foreign",
    [("fr", ["entrées", "titre", "type", "notion"], ["entries", "title", "concept"]),
     ("en", ["entries", "title", "kind", "concept"], ["entrées", "titre", "notion"])],
)  # fmt: skip
def test_the_rule_listing_speaks_the_users_language(garou, lang, words, foreign):
    r = garou("rules", "--game", "mafia", "--kind", "concept", "--lang", lang)
    assert r.exit_code == 0, r.stderr
    for word in words:
        assert word in r.stdout
    for word in foreign:
        assert word not in r.stdout


def test_check_statuses_are_said_in_the_users_language(garou):
    r = garou("check", "-g", "loup-garou", "-n", "8", "-r", "loup-garou=3,voyante,villageois=4",
              "--lang", "fr")  # fmt: skip
    assert "échec" in r.stdout and "conseil" in r.stdout
    assert not re.search(r"^(pass|fail|advice)\b", r.stdout, re.M)


WOLF, VILLAGER = LG.role("loup-garou"), LG.role("villageois")


def _cards_named(text, game):
    """Return role id -> number of cards that ``text`` names ("2 Seer cards and 1 Witch card")."""
    found: dict[str, int] = {}
    for role in game.roles:
        for n in re.findall(rf"(\d+) {re.escape(role.name.en)} cards?\b", text):
            found[role.id] = found.get(role.id, 0) + int(n)
    return found


def _removed(fix, game):
    """Return the cards of "Replace {remove} with {add}." that the fix takes out, or None."""
    assert fix is not None
    remove = re.search(r"[Rr]eplace (.*) with ", fix.en)
    return _cards_named(remove.group(1), game) if remove else None


def _added(fix, game):
    assert fix is not None
    add = re.search(r" with (.*)\.$", fix.en)
    assert add, fix.en
    return _cards_named(add.group(1), game)


lg_deals = st.fixed_dictionaries(
    {"loup-garou": st.integers(1, 6), "villageois": st.integers(0, 8)},
    optional={r: st.integers(1, 2) for r in LG_POWER},
).map(lambda roles: {r: n for r, n in roles.items() if n})


@settings(max_examples=150, deadline=None)
@given(roles=lg_deals, extra=st.integers(0, 12))
def test_a_fix_never_takes_out_cards_that_are_not_dealt(roles, extra):
    # Also when the players are many more than the cards: what is missing is "cards", never
    # the same role twice.
    players = sum(roles.values()) + extra
    verdict = verdict_of(LG, roles, players=players)
    for check_id in ("wolf-count", "wolves-fewer", "power-limit", "first-group"):
        result = check(verdict, check_id)
        if result.fix is None or result.status == "pass":
            continue
        for role_id, n in (_removed(result.fix, LG) or {}).items():
            assert n <= roles.get(role_id, 0), (check_id, result.fix.en)


@settings(max_examples=150, deadline=None)
@given(roles=lg_deals)
def test_the_power_fix_swaps_the_fewest_cards_that_restore_the_threshold(roles):
    # "pas plus de rôles à pouvoir que de simples villageois": k power cards swapped for
    # k villagers turns power p and villagers v into p - k and v + k.
    power = sum(n for r, n in roles.items() if r in LG_POWER)
    villagers = roles.get("villageois", 0)
    result = check(verdict_of(LG, roles), "power-limit")
    if power <= villagers:
        assert result.status == "pass"
        return
    assert result.status == "fail"
    swap = _added(result.fix, LG)
    assert set(swap) == {"villageois"}, result.fix.en
    k = swap["villageois"]
    assert sum(_removed(result.fix, LG).values()) == k
    assert power - k <= villagers + k
    assert power - (k - 1) > villagers + (k - 1)


@pytest.mark.parametrize("players", range(2, 19))
def test_the_minority_fix_keeps_the_most_wolves_strictly_fewer_allows(players):
    most = max(w for w in range(players) if w < players - w) if players > 2 else 0
    for wolves in range(1, players):
        if wolves < players - wolves:
            continue
        result = check(verdict_of(LG, wolves_and_villagers(players, wolves)), "wolves-fewer")
        assert f"at most {most}:" in result.fix.en
        assert _removed(result.fix, LG) == {"loup-garou": wolves - most}
        assert _added(result.fix, LG) == {"villageois": wolves - most}


@settings(max_examples=100, deadline=None)
@given(roles=lg_deals.filter(lambda r: 4 <= sum(r.values()) <= 18))
def test_the_first_group_swap_is_offered_exactly_when_it_keeps_the_threshold(roles):
    # loup-garou.txt recommends the seer and the witch, under the power-role threshold.
    verdict = verdict_of(LG, roles)
    result = check(verdict, "first-group")
    missing = [r for r in LG.setup.first_group.roles if not roles.get(r)]
    if not missing:
        assert result.status == "pass"
        return
    assert result.status == "advice"
    swapped = dict(roles, villageois=roles.get("villageois", 0) - len(missing))
    swapped |= dict.fromkeys(missing, 1)
    fits = swapped["villageois"] >= 0 and (
        check(verdict_of(LG, {r: n for r, n in swapped.items() if n}), "power-limit").status
        == "pass"
    )
    if fits:
        assert _removed(result.fix, LG) == {"villageois": len(missing)}
        return
    # No villager can make room: the size is blamed only when even one wolf and villagers
    # alone leave no room; else other power cards (a second copy of a recommended role
    # first) are swapped for the missing ones, when there are enough of them (fix5a, F8).
    players = sum(roles.values())
    if (players - 1) // 2 < 2:
        assert result.fix is None and f"with {players} players" in result.message.en
        return
    assert f"with {players} players" not in result.message.en, (roles, result.message.en)
    spare = {r: n - 1 for r, n in roles.items() if r in LG.setup.first_group.roles and n > 1}
    group = LG.setup.first_group.roles
    spare |= {r: n for r, n in roles.items() if LG.role(r).power and r not in group}
    if sum(spare.values()) < len(missing):
        assert result.fix is None
        return
    removed = _removed(result.fix, LG)
    assert sum(removed.values()) == len(missing) and all(LG.role(r).power for r in removed)
    assert all(removed[r] <= spare.get(r, 0) for r in removed), (roles, result.fix.en)


@pytest.mark.parametrize("players", range(19, 101))
def test_beyond_the_table_the_split_uses_the_fewest_tables(players):
    # The table stops at 18 players: the fewest tables of 4 to 18 players each.
    result = check(verdict_of(LG, {"loup-garou": 1, "villageois": players - 1}), "wolf-count")
    tables = -(-players // 18)
    split = re.search(r"as (\d+) tables of (\d+)(?: or (\d+))? players", result.fix.en)
    assert split, result.fix.en
    assert int(split.group(1)) == tables
    sizes = [int(s) for s in split.groups()[1:] if s]
    assert all(4 <= s <= 18 for s in sizes)
    assert min(sizes) * tables <= players <= max(sizes) * tables


@pytest.mark.parametrize("players", range(4, 19))
def test_a_suggestion_may_fill_every_seat_left_with_the_villagers_asked_for(players):
    wolves = WOLVES_BY_PLAYERS[players]
    left = players - wolves - 1
    if left < 1:
        return
    dist = suggest_distribution(LG, players, [("voyante", 1), ("villageois", left)])
    assert dist.roles == {"loup-garou": wolves, "villageois": left, "voyante": 1}
    with pytest.raises(NoSoundDistributionError) as info:
        suggest_distribution(LG, players, [("voyante", 1), ("villageois", left + 1)])
    assert f"{left + 2} cards asked for" in info.value.message("en")


@pytest.mark.parametrize("wanted", [{"voyante": -1}, {"voyante": 0}, {"voyante": "two"}])
def test_a_bad_count_asked_of_a_suggestion_is_a_usage_error(wanted):
    with pytest.raises(UsageError):
        suggest_distribution(LG, 8, wanted)


def test_the_example_deals_several_wolves_and_the_first_group_roles():
    # example_roles: the smallest table whose suggestion deals several of the minority and
    # both recommended roles.
    for game in (LG,):
        dist = make_distribution(game, parse_roles(example_roles(game), game))
        assert dist.roles["loup-garou"] >= 2
        assert {"voyante", "sorciere"} <= set(dist.roles)
        smaller = suggest_distribution(game, dist.players - 1)
        assert smaller.roles["loup-garou"] < 2 or not {"voyante", "sorciere"} <= set(smaller.roles)


def test_a_setup_file_counts_the_cards_of_unknown_names_as_players(tmp_path):
    path = tmp_path / "setup.yaml"
    path.write_text("game: loup-garou\nroles: {loup-garou: 2, villageois: 5, voyente: 1}\n")
    _, dist = read_setup(path, BOOK)
    assert dist.players == 8 and dist.unknown == {"voyente": 1}


def test_an_unknown_game_in_a_setup_file_is_said_in_the_users_language(tmp_path):
    path = tmp_path / "setup.yaml"
    path.write_text("game: echecs\nroles: {loup-garou: 1}\n")
    with pytest.raises(DataFileError) as caught:
        read_setup(path, BOOK)
    assert "unknown game" in caught.value.message("en")
    assert "unknown game" not in caught.value.message("fr")


def test_only_a_game_whose_first_kill_follows_a_day_says_so_in_the_baseline():
    quiet = LG.night.regular_from
    lg = verdict_of(LG, {"loup-garou": 2, "villageois": 6}).baseline.en
    mf = verdict_of(MF, CLASSIC_MAFIA).baseline.en
    assert quiet == 1 and "from night" not in lg
    assert f"from night {MF.night.regular_from} on" in mf and MF.night.regular_from == 2


def _percent_said(chance):
    """The baseline's percentage as garou says it: exact 0 and 100, else "< 0.1%", "> 99.9%",
    one decimal under 1% and over 99%, whole numbers between."""
    value = float(chance) * 100
    if chance in (0, 1):
        return f"{value:.0f}%"
    if value < 0.1:
        return "< 0.1%"
    if value > 99.9:
        return "> 99.9%"
    return f"{value:.{1 if value < 1 or value > 99 else 0}f}%"


@pytest.mark.parametrize("game, plain, minority", [(LG, "villageois", "loup-garou"),
                                                    (MF, "citoyen", "mafia")])  # fmt: skip
def test_the_baseline_says_the_exact_chance_rounded_as_garou_rounds_it(game, plain, minority):
    # Every split of 2 to 24 players: the chances cover 0, under 0.1%, under 1% and between.
    kinds = set()
    for players in range(2, 25):
        for wolves in range(1, players):
            verdict = verdict_of(game, {plain: players - wolves, minority: wolves})
            chance = village_win_chance(players - wolves, wolves, game.night.regular_from)
            assert verdict.village_win == chance
            expected = _percent_said(chance)
            assert f" {expected} of games" in verdict.baseline.en, (players, wolves)
            kinds.add("<" if expected[0] == "<" else "." if "." in expected else expected == "0%")
    assert kinds == {True, False, "<", "."}  # 0%, whole numbers, under 0.1%, one decimal


def test_the_baseline_is_said_in_french_with_a_comma_and_below_a_thousandth():
    verdict = verdict_of(LG, {"villageois": 10, "loup-garou": 7})
    assert 0 < verdict.village_win < Fraction(1, 1000)
    assert re.search(r"moins de 0,1\s%", verdict.baseline.fr), verdict.baseline.fr


def _composition_fix(fix):
    """Return the cards the composition fix adds and removes ("Add 1 Sheriff card. Remove ...")."""
    add = re.search(r"Add (.*?)\.(?: |$)", fix.en)
    remove = re.search(r"Remove (.*?)\.$", fix.en)
    return (_cards_named(add.group(1), MF) if add else {},
            _cards_named(remove.group(1), MF) if remove else {})  # fmt: skip


@pytest.mark.parametrize("role", sorted(CLASSIC_MAFIA))
def test_the_composition_fix_applied_gives_the_classic_distribution(role):
    # mafia.txt's distribution is fixed: a role left out, too few or too many of one, or two
    # roles off at once, the fix adds and removes exactly what turns it into the classic one.
    others = [r for r in CLASSIC_MAFIA if r != role]
    for n in range(0, CLASSIC_MAFIA[role] + 3):
        for other, delta in [(None, 0)] + [(o, d) for o in others for d in (-1, 1)]:
            roles = dict(CLASSIC_MAFIA, **{role: n})
            if other is not None:
                roles[other] += delta
            roles = {r: k for r, k in roles.items() if k}
            if roles == CLASSIC_MAFIA:
                continue
            result = check(verdict_of(MF, roles, players=10), "composition")
            assert result.status == "fail"
            add, remove = _composition_fix(result.fix)
            fixed = {r: roles.get(r, 0) + add.get(r, 0) - remove.get(r, 0) for r in CLASSIC_MAFIA}
            assert fixed == CLASSIC_MAFIA, (roles, result.fix.en)
            assert not set(add) & set(remove), result.fix.en


def test_the_night_call_advice_names_exactly_the_night_roles_not_dealt():
    # loup-garou.txt: a role with a night action is called even when nobody holds it.
    night = {r.id for r in LG.roles if r.night_action is not None}
    assert night and night != {r.id for r in LG.roles}
    optional = [r.id for r in LG.roles if r.id != "villageois"]
    for mask in range(2 ** len(optional)):
        dealt = {r for i, r in enumerate(optional) if mask >> i & 1}
        verdict = verdict_of(LG, {"villageois": 6, **dict.fromkeys(dealt, 1)})
        advice = [c for c in verdict.checks if c.id == "call-absent"]
        absent = night - dealt
        if not absent:
            assert advice == [], dealt
            continue
        assert len(advice) == 1 and advice[0].status == "advice", dealt
        for role in LG.roles:
            named = role.name.en in advice[0].message.en and role.name.en in advice[0].fix.en
            assert named == (role.id in absent), (role.id, dealt, advice[0].message.en)
    # Mafia's document calls no absent role.
    assert all(c.id != "call-absent" for c in verdict_of(MF, {"citoyen": 9, "mafia": 1}).checks)


@pytest.mark.parametrize(
    "name, said",
    [("les loups-garous", "des loups-garous"), ("le village", "du village"),
     ("la ville", "de la ville"), ("l'alliance", "de l'alliance"), ("alliance", "d'alliance"),
     ("école", "d'école"), ("Ordre", "d'Ordre"), ("mafia", "de mafia"),
     ("Les loups-garous", "des loups-garous"), ("Le village", "du village")],
)  # fmt: skip
def test_the_minority_is_named_with_de_contracted_or_elided(name, said):
    # French: de + les = des, de + le = du, de before a vowel = d', never before la or l'.
    from garou.rules.distribution import _of
    from garou.rules.model import Text

    assert _of(Text(name, "the " + name)) == Text(said, "of the " + name)


def test_a_table_without_gaps_is_said_as_one_range():
    for roles in ({"loup-garou": 1, "villageois": 2}, {"loup-garou": 5, "villageois": 20}):
        message = check(verdict_of(LG, roles), "wolf-count").message.en
        assert "only for 4 to 18 players:" in message, message


def _power_cards(k):
    """k power cards of Loup-Garou, as few of each role as possible, in the game's order."""
    power = [r.id for r in LG.roles if r.power]
    return {r: k // len(power) + (i < k % len(power)) for i, r in enumerate(power)
            if k // len(power) + (i < k % len(power))}  # fmt: skip


@pytest.mark.parametrize("players", range(4, 19))
def test_a_suggestion_may_ask_as_many_power_roles_as_villagers_and_no_more(players):
    # "pas plus de rôles à pouvoir que de simples villageois": with the table's wolves dealt,
    # the seats left take at most half power roles.
    wolves = WOLVES_BY_PLAYERS[players]
    most = (players - wolves) // 2
    dist = suggest_distribution(LG, players, _power_cards(most))
    assert dist.roles == {"loup-garou": wolves, "villageois": players - wolves - most,
                          **_power_cards(most)}  # fmt: skip
    with pytest.raises(NoSoundDistributionError):
        suggest_distribution(LG, players, _power_cards(most + 1))


@pytest.mark.parametrize("players", range(4, 19))
def test_a_suggestion_takes_the_tables_wolves_and_no_other_count(players):
    wolves = WOLVES_BY_PLAYERS[players]
    assert suggest_distribution(LG, players, {"loup-garou": wolves}).roles["loup-garou"] == wolves
    for other in (wolves - 1, wolves + 1):
        if other >= 1:
            with pytest.raises(NoSoundDistributionError):
                suggest_distribution(LG, players, {"loup-garou": other})


@pytest.mark.parametrize("count", [None, 1])
def test_a_role_name_that_is_not_text_is_a_usage_error(count):
    with pytest.raises(UsageError):
        suggest_distribution(LG, 8, [(5, count)])
    with pytest.raises(UsageError):
        make_distribution(LG, [(5, 1), ("villageois", 7)])


@settings(max_examples=200, deadline=None)
@given(roles=lg_deals, gap=st.integers(1, 12))
def test_the_fix_for_too_many_cards_keeps_the_power_threshold_when_it_can(roles, gap):
    # Removing `gap` cards that are not wolves: the threshold holds afterwards whenever some
    # such removal keeps it (power cards first when the villagers cannot all go).
    cards = sum(roles.values())
    if gap >= cards:
        return
    power = sum(n for r, n in roles.items() if r in LG_POWER)
    villagers = roles.get("villageois", 0)
    result = check(verdict_of(LG, roles, players=cards - gap), "roles-sum")
    removed = _cards_named(re.search(r"Remove (.*), or set", result.fix.en).group(1), LG)
    if power + villagers < gap:
        return  # not enough cards besides the wolves: "N cards" is said for the rest
    assert sum(removed.values()) == gap and "loup-garou" not in removed, result.fix.en
    assert all(n <= roles.get(r, 0) for r, n in removed.items()), result.fix.en
    taken_power = min(gap, power)
    can = power - taken_power <= villagers - (gap - taken_power)
    left_power = power - sum(n for r, n in removed.items() if r in LG_POWER)
    if can:
        assert left_power <= villagers - removed.get("villageois", 0), (roles, result.fix.en)


def test_a_setup_file_with_a_bad_count_says_that_problem_alone(tmp_path):
    # The total of the cards would mislead when a count is wrong: only the count is said.
    files = [("game: loup-garou\nroles:\n  loup-garou: 0\n", 3),
             ("game: loup-garou\nroles:\n  loup-garou: -2\n  voyante: 0\n", 3)]  # fmt: skip
    for text, line in files:
        path = tmp_path / "setup.yaml"
        path.write_text(text)
        with pytest.raises(DataFileError) as caught:
            read_setup(path, BOOK)
        assert [p.line for p in caught.value.problems][:1] == [line], caught.value.message("en")
        assert all(p.path.startswith("roles.") for p in caught.value.problems), [
            p.path for p in caught.value.problems
        ]


def test_an_empty_name_in_a_spec_is_said_at_its_position_and_a_trailing_comma_is_allowed():
    assert parse_roles("voyante,") == [("voyante", 1)]
    assert parse_roles("voyante=2,sorciere,") == [("voyante", 2), ("sorciere", 1)]
    for spec, position in [("voyante,,sorciere", 2), (",voyante", 1), ("a,b,,c,d", 3)]:
        with pytest.raises(UsageError, match=f"position {position} of"):
            parse_roles(spec)


@pytest.mark.parametrize("cards", range(2, 21))
def test_the_cards_fix_names_the_gap_and_the_player_count_the_cards_fit(cards):
    # loup-garou.txt: each player gets exactly one card.
    roles = wolves_and_villagers(cards, max(1, cards // 4))
    for players in range(1, cards + 8):
        result = check(verdict_of(LG, roles, players=players), "roles-sum")
        if players == cards:
            assert result.status == "pass" and result.fix is None
            continue
        assert result.status == "fail"
        assert result.fix.en.endswith(f"set the player count to {cards} players."), result.fix.en
        gap = abs(players - cards)
        if players > cards:
            assert _cards_named(result.fix.en, LG) == {"villageois": gap}, result.fix.en
            assert result.fix.en.startswith("Add ")
        else:
            removed = re.findall(r"(\d+)(?: [A-Z]\w*)? cards?\b", result.fix.en.split(", or")[0])
            assert sum(map(int, removed)) == gap, result.fix.en
            assert result.fix.en.startswith("Remove ")


def test_the_contested_advice_lists_the_cases_of_the_roles_dealt():
    # The cases the documents leave to the table, for the roles this table deals.
    cases = [e for e in LG.entries if e.kind in ("contested", "setting")]
    optional = [r.id for r in LG.roles if r.id not in ("villageois", "loup-garou")]
    for mask in range(2 ** len(optional)):
        dealt = {"loup-garou", "villageois"} | {r for i, r in enumerate(optional) if mask >> i & 1}
        verdict = verdict_of(LG, dict.fromkeys(sorted(dealt), 1))
        concerned = [e for e in cases if dealt & set(e.roles)]
        advice = [c for c in verdict.checks if c.id == "settle-contested"]
        assert len(advice) == (1 if concerned else 0)
        if concerned:
            assert advice[0].entry == concerned[0].id and advice[0].status == "advice"
            for e in cases:
                assert (e.id in advice[0].message.en) == (e in concerned), (e.id, dealt)
    assert all(c.id != "settle-contested" for c in verdict_of(MF, CLASSIC_MAFIA).checks)


def test_each_unknown_name_gets_its_fix_and_the_check_cites_the_first_status():
    status = next(s for s in LG.statuses if s.id == "capitaine")
    first = check(verdict_of(LG, {"loup-garou": 2, "villageois": 5, "capitaine": 2}),
                  "known-roles")  # fmt: skip
    assert first.entry == status.entry_id
    assert "Replace 'capitaine' with 2 Villager cards" in first.fix.en, first.fix.en
    both = check(verdict_of(LG, {"loup-garou": 2, "villageois": 5, "voyente": 1, "capitaine": 1}),
                 "known-roles")  # fmt: skip
    assert both.entry == LG.setup.dealing.entry  # the first unknown name is no status
    assert "'voyente' is not a role" in both.message.en and "'capitaine' is not a card" in (
        both.message.en
    )
    assert "voyante" in both.fix.en and "with 1 Villager card" in both.fix.en


def test_an_unknown_name_read_from_a_file_is_said_at_its_line(tmp_path):
    path = tmp_path / "setup.yaml"
    path.write_text("game: loup-garou\nroles:\n  loup-garou: 2\n  voyente: 1\n  villageois: 5\n")
    game, dist = read_setup(path, BOOK)
    result = check(check_distribution(game, dist), "known-roles")
    assert result.message.en.startswith(f"{path}:4: 'voyente'"), result.message.en


@pytest.mark.parametrize("value, ok", [(1, True), (MAX_PLAYERS, True), (MAX_PLAYERS + 1, False),
                                       (0, False), (True, False), (2.0, False)])  # fmt: skip
def test_a_count_and_a_player_count_go_from_one_to_the_most_garou_checks(value, ok):
    try:
        dist = make_distribution(LG, {"villageois": value})
    except UsageError:
        assert not ok
    else:
        assert ok and dist.roles == {"villageois": value} and dist.players == value
    if isinstance(value, int) and not isinstance(value, bool):
        if ok:
            assert make_distribution(LG, {"villageois": 1}, players=value).players == value
        else:
            with pytest.raises(UsageError):
                make_distribution(LG, {"villageois": 1}, players=value)


@pytest.mark.parametrize("players", range(4, 19))
def test_the_default_suggestion_deals_the_first_group_roles_in_order_as_far_as_they_fit(players):
    # loup-garou.txt recommends the seer and the witch for a first group; the power-role
    # threshold decides how many fit beside the table's wolves.
    wolves = WOLVES_BY_PLAYERS[players]
    fit = min(len(LG.setup.first_group.roles), (players - wolves) // 2)
    kept = LG.setup.first_group.roles[:fit]
    dist = suggest_distribution(LG, players)
    assert dist.roles == {"loup-garou": wolves, "villageois": players - wolves - fit,
                          **dict.fromkeys(kept, 1)}  # fmt: skip


def test_a_mafia_suggestion_takes_up_to_the_classic_count_of_a_role():
    for role, n in CLASSIC_MAFIA.items():
        assert suggest_distribution(MF, 10, {role: n}).roles == CLASSIC_MAFIA
        with pytest.raises(NoSoundDistributionError, match=f"{n + 1}"):
            suggest_distribution(MF, 10, {role: n + 1})


def test_the_verdict_says_how_many_rules_are_broken_and_describes_the_table():
    from garou.rules.distribution import describe

    assert verdict_of(LG, {"loup-garou": 2, "villageois": 6}).summary.en.startswith("Sound")
    one = verdict_of(LG, {"loup-garou": 2, "villageois": 6}, players=9)
    assert [c.id for c in one.failures] == ["roles-sum"]
    assert "1 rule is broken" in one.summary.en
    two = verdict_of(LG, {"loup-garou": 3, "villageois": 3})
    assert len(two.failures) == 2 and "2 rules are broken" in two.summary.en
    dist = make_distribution(LG, {"voyante": 1, "loup-garou": 2, "villageois": 5, "voyente": 1})
    assert describe(LG, dist).en == (
        "Werewolf · 9 players · 2 × Werewolf, 5 × Villager, 1 × Seer, 1 × 'voyente'"
    )


def test_a_name_given_twice_in_a_setup_file_names_the_player_who_has_it(tmp_path):
    path = tmp_path / "setup.yaml"
    for names, player in [("[Ana, Bob, Cid, ana]", 1), ("[Ana, Bob, Cid, bob]", 2)]:
        path.write_text(
            f"game: loup-garou\nroles: {{loup-garou: 1, villageois: 3}}\nnames: {names}\n"
        )
        with pytest.raises(DataFileError) as caught:
            read_setup(path, BOOK)
        said = caught.value.message("en")
        assert f"is already the name of player {player};" in said, said
        assert [p.path for p in caught.value.problems] == ["names[3]"], said


def test_a_role_written_twice_names_both_spellings():
    with pytest.raises(UsageError, match="'voyante' and 'Seer' are both voyante"):
        make_distribution(LG, [("voyante", 1), ("Seer", 1), ("villageois", 6)])
    with pytest.raises(UsageError, match="'Zorro' twice"):
        make_distribution(LG, [("zorro", 1), ("Zorro", 1)])


def test_the_baseline_is_not_computed_for_unknown_cards_or_cards_that_do_not_fit():
    unknown = verdict_of(LG, {"loup-garou": 2, "villageois": 5, "voyente": 1})
    assert unknown.village_win is None and "not roles of the game" in unknown.baseline.en
    short = verdict_of(LG, {"loup-garou": 2, "villageois": 5}, players=8)
    assert short.village_win is None and "do not match the players" in short.baseline.en
    assert short.to_dict("en")["village_win"] is None and not short.to_dict("en")["ok"]
    sound = verdict_of(LG, {"loup-garou": 2, "villageois": 6})
    data = sound.to_dict("en")
    assert data["ok"] and data["village_win"] == float(village_win_chance(6, 2))
    assert data["roles"] == {"loup-garou": 2, "villageois": 6} and data["players"] == 8


@pytest.mark.parametrize(
    "game, name", [(MF, "ciosis"), (MF, "con"), (LG, "loseurs"), (LG, "voyente"), (LG, "chaseur")]
)
def test_the_check_offers_the_same_close_roles_as_the_role_lookup(game, name):
    # One reading of a mistyped role everywhere: `garou check`'s fix offers exactly the
    # roles the lookup's "did you mean" offers (up to three; "ciosis" is close to all four
    # Mafia roles).
    from garou.core.names import resolve_role

    with pytest.raises(UnknownIdError) as caught:
        resolve_role(game, name)
    meant = caught.value.message("en").split("did you mean ")[1].split("?")[0]
    # The lookup offers the roles by their names (review 2, finding 13), check as "id (Name)".
    lookup = [r.id for r in game.roles if re.search(rf"\b{re.escape(r.name.en)}\b", meant)]
    roles = {r.id: 1 for r in game.roles} | {name: 1}
    fix = check(verdict_of(game, roles), "known-roles").fix.en
    offered = fix.split("did you mean ")[1]
    assert [r.id for r in game.roles if re.search(rf"\b{r.id} \(", offered)] == lookup, fix


@pytest.mark.parametrize("wolves", range(1, 5))
def test_a_fix_takes_out_majority_cards_once_villagers_first_and_never_a_wolf(wolves):
    # Too many cards: the fix takes the gap from the cards dealt besides the wolves (whose
    # count is the table's business), each card once, the villagers first as long as the
    # power-role threshold holds; what is still missing is said as "N cards".
    for villagers in range(0, 4):
        for power in range(0, 3):
            roles = {"loup-garou": wolves, "villageois": villagers, **_power_cards(power)}
            roles = {r: n for r, n in roles.items() if n}
            cards = sum(roles.values())
            for gap in range(1, cards):
                fix = check(verdict_of(LG, roles, players=cards - gap), "roles-sum").fix.en
                part = fix.split(", or set")[0]
                removed = _cards_named(part, LG)
                assert "loup-garou" not in removed, fix
                assert all(n <= roles.get(r, 0) for r, n in removed.items()), fix
                said = sum(map(int, re.findall(r"(\d+)(?: [A-Z]\w*)? cards?\b", part)))
                assert said == gap, fix
                if power <= villagers - gap:
                    assert set(removed) == {"villageois"}, fix


def test_unknown_names_count_as_cards_in_the_sum():
    verdict = verdict_of(LG, {"loup-garou": 2, "villageois": 5, "voyente": 1}, players=8)
    result = check(verdict, "roles-sum")
    assert result.status == "pass" and result.message.en.startswith("8 cards for 8 players")
    assert verdict.distribution.cards == 8


def test_the_composition_fix_never_says_an_empty_add_or_remove():
    for role in CLASSIC_MAFIA:
        for delta in (-1, 1):
            roles = {r: n for r, n in dict(CLASSIC_MAFIA, **{role: CLASSIC_MAFIA[role] + delta})
                     .items() if n}  # fmt: skip
            fix = check(verdict_of(MF, roles, players=10), "composition").fix.en
            assert not re.search(r"(Add|Remove)\s*\.", fix), fix
            assert ("Add " in fix) == (delta < 0) and ("Remove " in fix) == (delta > 0), fix


def test_the_composition_says_the_games_cards_dealt_and_none_when_every_name_is_unknown():
    # "you deal ..." lists the cards of the game's roles, each with its count; names that
    # are no role are the fix's (and the unknown check's), never counted as the game's cards.
    from itertools import combinations

    for k in range(len(CLASSIC_MAFIA)):
        for kept in combinations(CLASSIC_MAFIA, k):
            dealt = {r: CLASSIC_MAFIA[r] for r in kept}
            roles = dict(dealt, voyente=10 - sum(dealt.values()))
            result = check(verdict_of(MF, roles, players=10), "composition")
            assert result.status == "fail"
            said = result.message.en.split("; you deal ", 1)[1]
            said_fr = result.message.fr.split("vous prévoyez ", 1)[1]
            assert "voyente" not in said and "voyente" in result.fix.en
            if not dealt:
                assert said == "0 cards." and said_fr == "0 carte.", (said, said_fr)
                continue
            for role_id in CLASSIC_MAFIA:
                name = MF.role(role_id).name.en
                if role_id in dealt:
                    n = dealt[role_id]
                    assert f"{n} {name} card{'s' if n > 1 else ''}" in said, (kept, said)
                else:
                    assert name not in said, (kept, said)


def test_a_plain_house_role_asked_of_a_suggestion_takes_seats_but_is_no_villager(tmp_path):
    # The power threshold weighs the power roles against the Villager cards only: a role
    # without a power that is not the villager (a house role here) takes a seat and leaves
    # fewer villagers. Every seat may go to the roles asked (no villager then) as long as no
    # power role needs one; asked beyond that, the reason is the threshold or the seats.
    from tests.helpers import HOUSE_ROLE, rules_folder

    game = load_rules(rules_folder(tmp_path, HOUSE_ROLE)).game("loup-garou")
    assert not game.role("idiot").power
    powers = [r.id for r in game.roles if r.power]
    for players in range(4, 19):
        wolves = WOLVES_BY_PLAYERS[players]
        seats = players - wolves
        for plain in range(seats + 2):
            for power in range(len(powers) + 1):
                wanted = [("idiot", plain)] if plain else []
                wanted += [(r, 1) for r in powers[:power]]
                villagers = seats - plain - power
                case = (players, plain, power)
                if villagers >= power:
                    dist = suggest_distribution(game, players, wanted)
                    expected = {"loup-garou": wolves, "idiot": plain, "villageois": villagers}
                    expected |= dict.fromkeys(powers[:power], 1)
                    assert dist.roles == {r: n for r, n in expected.items() if n}, case
                    continue
                with pytest.raises(NoSoundDistributionError) as info:
                    suggest_distribution(game, players, wanted)
                message = info.value.message("en")
                most = max((seats - plain) // 2, 0)
                if power > most:
                    assert f"at most {most} power role" in message, (case, message)
                else:
                    assert f"not enough for the {plain + power} cards asked" in message, case


def test_the_baseline_is_computed_up_to_the_most_players_the_odds_take_and_not_beyond():
    # The library takes any Distribution; the baseline says when a table is beyond the
    # exact computation, and names that limit, instead of failing or guessing.
    from garou.rules.distribution import Distribution
    from garou.rules.odds import MAX_PLAYERS as MOST

    for players in (MOST - 1, MOST, MOST + 1):
        wolves = players // 4
        dist = Distribution("mafia", players, {"citoyen": players - wolves, "mafia": wolves})
        verdict = check_distribution(MF, dist)
        if players <= MOST:
            chance = village_win_chance(players - wolves, wolves, MF.night.regular_from)
            assert verdict.village_win == chance, players
        else:
            assert verdict.village_win is None
            assert f"up to {MOST} players" in verdict.baseline.en, verdict.baseline.en


HOUSE_MAFIA_ROLE = """\
game: mafia
roles:
  - id: docteur
    name: {fr: Docteur, en: Doctor}
    camp: ville
    power: true
    section: additions
    addition: true
    summary: {fr: Soigne un joueur chaque nuit., en: Heals a player each night.}
"""


def test_a_house_role_is_no_part_of_the_classic_mafia_distribution(tmp_path):
    # mafia.txt's distribution is fixed at its four roles: a role a house adds is refused by
    # a suggestion (the classic distribution has none of it) and, dealt, taken out by the fix.
    from tests.helpers import rules_folder

    game = load_rules(rules_folder(tmp_path, HOUSE_MAFIA_ROLE)).game("mafia")
    doctor = game.role("docteur").name.en
    for n in (None, 1, 2, 3):
        for others in ([], [("mafia", 2)], [("citoyen", 6), ("sherif", 1)]):
            with pytest.raises(NoSoundDistributionError) as info:
                suggest_distribution(game, 10, [*others, ("docteur", n)])
            assert f"has 0 {doctor} cards, not {n or 1}" in info.value.message("en"), others
    for n in (1, 2, 3):
        for instead in (None, *CLASSIC_MAFIA):
            roles = dict(CLASSIC_MAFIA, docteur=n)
            if instead is not None:
                roles[instead] -= 1
            roles = {r: k for r, k in roles.items() if k}
            result = check(verdict_of(game, roles), "composition")
            assert result.status == "fail"
            add = re.search(r"Add (.*?)\.(?: |$)", result.fix.en)
            remove = re.search(r"Remove (.*?)\.$", result.fix.en)
            add = _cards_named(add.group(1), game) if add else {}
            remove = _cards_named(remove.group(1), game) if remove else {}
            assert remove.get("docteur") == n, (roles, result.fix.en)
            fixed = {r: roles.get(r, 0) + add.get(r, 0) - remove.get(r, 0) for r in roles | add}
            assert {r: k for r, k in fixed.items() if k} == CLASSIC_MAFIA, (roles, result.fix.en)


@pytest.mark.parametrize(
    "chance, fr, en",
    [((1, 2000), "moins de 0,1\u202f%", "< 0.1%"), ((1, 3), "33\u202f%", "33%"),
     ((1, 200), "0,5\u202f%", "0.5%"), ((1, 1), "100\u202f%", "100%")],
)  # fmt: skip
def test_a_setup_chance_is_written_the_french_way(chance, fr, en):
    from fractions import Fraction

    from garou.rules.distribution import _percent

    said = _percent(Fraction(*chance))
    assert (said.get("fr"), said.get("en")) == (fr, en)


# --- the power-role threshold says garou's reading of Cupid ----------------------------

WITH_CUPID = {"loup-garou": 2, "voyante": 1, "sorciere": 1, "chasseur": 1, "cupidon": 1,
              "villageois": 3}  # fmt: skip
CUPID_NINE = ["Ana", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy"]


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "garou's reading: 1 Cupid card, garou's addition"),
     ("fr", "Lecture de garou : 1 carte Cupidon, ajout de garou")],
)  # fmt: skip
def test_check_says_cupid_counts_as_a_power_role_by_garous_reading(garou, tmp_path, lang, said):
    run = garou("check", str(lg_setup(tmp_path, WITH_CUPID, CUPID_NINE)), "--json", "--lang", lang)
    checks = {c["id"]: c for c in run.json()["checks"]}
    message = checks["power-limit"]["message"].replace("\u00a0", " ")
    assert checks["power-limit"]["status"] == "fail" and said in message


def test_the_threshold_without_an_addition_says_no_reading(garou, tmp_path):
    roles = {"loup-garou": 2, "voyante": 1, "sorciere": 1, "villageois": 5}
    run = garou("check", str(lg_setup(tmp_path, roles, CUPID_NINE)), "--json", "--lang", "en")
    checks = {c["id"]: c for c in run.json()["checks"]}
    assert "reading" not in checks["power-limit"]["message"]
