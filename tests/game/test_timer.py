"""The journal's countdowns: the values a ``timer`` event may hold, said with their bounds."""

from __future__ import annotations

import pytest

from garou.core.catalogue import say
from garou.game.errors import IllegalEventError
from garou.game.timer import MAX_AT, MAX_SECONDS, check_timer


def _refused(data):
    with pytest.raises(IllegalEventError) as caught:
        check_timer(data)
    return caught.value


def test_a_countdown_time_is_bounded_and_the_refusal_says_its_bounds():
    # at: the wall clock's seconds since 1970; a start in the year 31 million (1e15) is
    # no time a clock gives, refused as an infinite or NaN one is.
    for at in (0, 12.5, MAX_AT):
        check_timer({"action": "stop", "label": "speech:d1:Ana", "at": at})
    for at in (MAX_AT + 1, 1e15, float("inf"), float("nan"), -1):
        error = _refused({"action": "stop", "label": "l", "at": at})
        assert error.phrase.key == "judge.refused.timer-at", at
        for lang in ("en", "fr"):
            said = error.message(lang)
            assert str(MAX_AT) in said and "9999" in said and " 0 " in said, said


def test_a_countdown_length_refused_says_both_of_its_bounds():
    for seconds in (0, MAX_SECONDS + 1, 99999999):
        data = {"action": "start", "label": "l", "at": 0, "seconds": seconds}
        error = _refused(data)
        assert error.phrase.key == "judge.refused.timer-seconds"
        assert "from 1 to 86400" in error.message("en"), error.message("en")
        assert "de 1 à 86400" in error.message("fr"), error.message("fr")
        assert "more than 0" not in error.message("en")


def test_garou_game_add_refuses_a_countdown_beyond_its_bounds_saying_them(garou, tmp_path):
    from tests.helpers import lg_setup

    db = str(tmp_path / "g.db")
    garou("game", "new", "--setup", str(lg_setup(tmp_path, {"loup-garou": 2, "villageois": 6})),
          "--db", db, "--lang", "en")  # fmt: skip
    long = garou("game", "add", "timer", "action=start", "label=debate:d1:first", "at=0",
                 "seconds=99999999", "--db", db, "--lang", "en")  # fmt: skip
    assert long.exit_code == 1 and "from 1 to 86400" in long.stderr, long.stderr
    late = garou("game", "add", "timer", "action=start", "label=debate:d1:first", "at=1e15",
                 "seconds=60", "--db", db, "--lang", "en")  # fmt: skip
    assert late.exit_code == 1 and str(MAX_AT) in late.stderr, late.stderr
    assert say("judge.refused.timer-at", "en", value="x", most=MAX_AT).startswith("impossible")
