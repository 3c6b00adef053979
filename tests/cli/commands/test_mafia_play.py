"""The Mafia terminal: a prompt never records into a game that moved, the judge's own
commands are not another screen's, the export speaks the game's language
(garou.cli.commands.mafia_play, garou game export)."""

from __future__ import annotations

import pytest

from tests.helpers import MafiaTable

ELSEWHERE = {"fr": "Enregistré sur un autre écran", "en": "Recorded on another screen"}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_prompt_drawn_before_another_screen_recorded_asks_anew(
    garou, book, tmp_path, monkeypatch, lang
):
    from garou.cli.commands import game_play
    from garou.game import session
    from garou.game.journal import open_journal

    t = MafiaTable(book, tmp_path, agreement={"mf-setting-first-night-checks": "from-night-2"})
    real, asked = game_play.Session.ask, []

    def ask(self, question, default=None):
        asked.append(question)
        if len(asked) == 1:  # the meeting's countdown question: the phone ends the night
            with open_journal(t.journal.path) as phone:
                session.record(phone, book, t.id, "day", {}, lang)
        return real(self, question, default)

    monkeypatch.setattr(game_play.Session, "ask", ask)
    run = garou("game", "play", "--db", str(t.journal.path), "--lang", lang, input="n\nq\n")
    assert run.exit_code == 0, run.stderr
    assert [e.kind for e in t.journal.events(t.id)].count("day") == 1
    assert ELSEWHERE[lang] in run.stdout
    assert "Erreur" not in run.stdout and "Error" not in run.stdout


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_foul_typed_at_a_speech_prompt_is_the_judge_s_own_and_enter_still_counts(
    garou, book, tmp_path, lang
):
    t = MafiaTable(book, tmp_path)
    t.add("don-check", target="Ana")
    t.add("sheriff-check", target="Bob")
    t.add("day")
    word = "faute" if lang == "fr" else "foul"
    run = garou("game", "play", "--db", str(t.journal.path), "--no-countdown", "--lang", lang,
                input=f"{word} Ana\n\nq\n")  # fmt: skip
    assert run.exit_code == 0, run.stderr
    assert ELSEWHERE[lang] not in run.stdout
    kinds = [(e.kind, e.data.get("player")) for e in t.journal.events(t.id)]
    assert kinds[-2:] == [("foul", "Ana"), ("speech", "Ana")]


@pytest.mark.parametrize(
    ("lang", "said"),
    [("fr", "garou game import FICHIER la rejoue"), ("en", "garou game import FILE replays it")],
)
def test_the_export_s_comments_follow_the_language(garou, book, tmp_path, lang, said):
    t = MafiaTable(book, tmp_path)
    out = tmp_path / "record.yaml"
    run = garou("game", "export", "--db", str(t.journal.path), "--lang", lang, "-o", str(out))
    assert run.exit_code == 0, run.stderr
    text = out.read_text(encoding="utf-8")
    assert said in text.splitlines()[0]
    events = next(line for line in text.splitlines() if line.startswith("events:"))
    assert ("1 est le début" if lang == "fr" else "1 is the start") in events
