"""A club's values: refused when not finite, shown with one sign."""

from __future__ import annotations

import pytest

from garou.core.errors import DataFileError
from garou.game.errors import IllegalEventError
from garou.game.mafia_points import _signed, check_club, read_club


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
    ("points", "lang", "said"),
    [(-5, "en", "-5.00"), (5, "en", "+5.00"), (-2.5, "fr", "-2,50"), (0, "en", "+0.00")],
)
def test_points_are_shown_with_one_sign_never_plus_minus(points, lang, said):
    assert _signed(points, lang) == said
