"""Tests of ``garou/game/mafia_points.py``."""

from __future__ import annotations

import pytest

from garou.core.errors import DataFileError
from garou.game.errors import IllegalEventError
from garou.game.mafia_points import _signed, check_club, read_club
from tests.helpers import MAFIA_ROLES as ROLES
from tests.helpers import Table

CLUB = {"classic": {"ville": {"testament_per_mafioso": 0.25}}}


def _last_vote(t, nominee):
    """Three of the Town disqualified, then ``nominee`` voted out: the Mafia's win."""
    from garou.game.mafia import MAFIA_ROLES

    t.add("day")
    for name in ("Ana", "Cid", "Eve"):
        t.add("disqualify", player=name, behaviour="threats")
    t.speeches()
    t.add("nominate", by="Bob", nominee=nominee)
    t.add("vote", votes={})
    assert t.state().phase == "over" and t.state().winner == "mafia"
    return [n for n, r in ROLES.items() if r in MAFIA_ROLES]


def test_the_last_vote_s_player_gives_the_farewell_and_its_points_count(book, tmp_path):
    from garou.game.mafia_points import points

    t = Table(book, tmp_path, club=CLUB)
    mafiosi = _last_vote(t, "Gus")
    assert t.status()["farewell_due"] == ["Gus"] and "Gus" in t.status()["next"]
    before = {
        p["name"]: p["points"]["classic"]["total"] for p in points(t.state(), "en")["players"]
    }
    t.add("farewell", player="Gus", best_move=mafiosi[:2], suspects=mafiosi, crown="Jon")
    after = {p["name"]: p["points"]["classic"]["total"] for p in points(t.state(), "en")["players"]}
    assert after["Gus"] == pytest.approx(before["Gus"] + 0.25 * len(mafiosi))
    assert t.status()["farewell_due"] == [] and t.status()["next"] is None
    for kind, data in (("farewell", {"player": "Gus"}), ("night", {}), ("foul", {"player": "Jon"})):
        assert t.refused(kind, **data).phrase.key == "mafia.refused.over"


@pytest.mark.parametrize("value", ["1e309", "-1e309", ".inf", ".nan", "1e30"])
def test_a_club_value_beyond_finite_is_refused_with_its_file_line_and_key(tmp_path, value):
    club = tmp_path / "club.yaml"
    club.write_text(f"club: Le club\nclassic:\n  ville: {{decisive_vote_bonus: {value}}}\n")
    with pytest.raises(DataFileError) as caught:
        read_club(club)
    said = caught.value.message("en")
    assert "club.yaml:3" in said and "decisive_vote_bonus" in said


def test_a_stored_club_value_that_is_not_finite_is_refused_on_replay():
    with pytest.raises(IllegalEventError):
        check_club({"classic": {"ville": {"decisive_vote_bonus": float("inf")}}})


@pytest.mark.parametrize(
    ("typed", "code"),
    [("Club\\u202eevil", "U+202E"), ("Club\\u200bX", "U+200B"), ("A\\nformat: x", "U+000A")],
)
def test_a_club_name_holding_a_hidden_character_is_refused_with_its_file_line_and_key(
    tmp_path, typed, code
):
    # The club's name is a free text (garou.core.names.text_problem), as a game's name: a
    # direction override would turn the terminal's line around, a zero-width space hide.
    club = tmp_path / "club.yaml"
    club.write_text(f'classic: {{}}\nclub: "{typed}"\n', encoding="utf-8")
    with pytest.raises(DataFileError) as caught:
        read_club(club)
    for lang, words in (
        ("en", "invisible or control character"),
        ("fr", "invisible ou de contrôle"),
    ):
        said = caught.value.message(lang)
        assert "club.yaml:2 (club)" in said and code in said and words in said, said
    with pytest.raises(IllegalEventError):  # the same rule on a start event (an import)
        check_club({"club": typed.encode().decode("unicode_escape")})


def test_a_club_name_longer_than_a_free_text_is_refused_and_a_plain_one_kept(tmp_path):
    from garou.core.names import MAX_TEXT

    club = tmp_path / "club.yaml"
    club.write_text(f"club: {'x' * (MAX_TEXT + 1)}\n", encoding="utf-8")
    with pytest.raises(DataFileError) as caught:
        read_club(club)
    assert f"at most {MAX_TEXT}" in caught.value.message("en")
    club.write_text("club: Le Cercle de l'Ours\n", encoding="utf-8")
    assert read_club(club)["club"] == "Le Cercle de l'Ours"


@pytest.mark.parametrize(
    ("points", "lang", "said"),
    [(-5, "en", "-5.00"), (5, "en", "+5.00"), (-2.5, "fr", "-2,50"), (0, "en", "+0.00")],
)
def test_points_are_shown_with_one_sign_never_plus_minus(points, lang, said):
    assert _signed(points, lang) == said
