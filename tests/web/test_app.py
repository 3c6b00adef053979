"""garou serve: every page, in both languages, and what the server refuses (unit tests
through Flask's test client; the browser tests are in tests/web/test_pages_in_browser.py)."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from garou.core.catalogue import say
from garou.houserules import load_agreement, questions
from garou.web import WebConfig, create_app
from garou.web import library as web_library
from garou.web.security import Keys, game_master_page, same_origin
from tests.conftest import REPO
from tests.helpers import ORIGIN, picked_form, token_of

pytestmark = pytest.mark.usefixtures("private_cache")


flask = pytest.importorskip("flask", reason="garou serve needs Flask (pip install -e .)")


HOSTILE = "<script>alert('x')</script>"


PAGES = [
    "/",
    "/search",
    "/search?q=chasseur+amoureux",
    "/search?q=tie&game=mafia",
    "/rule/lg-vote-tie",
    "/cheatsheet",
    "/cheatsheet?game=loup-garou",
    "/cheatsheet?game=mafia",
    "/setup",
    "/setup?game=loup-garou",
    "/setup?game=loup-garou&players=8&n.loup-garou=2&n.voyante=1&n.villageois=5&action=check",
    "/setup?game=mafia&players=10&action=suggest",
    "/house",
    "/house?game=loup-garou",
    "/house?game=mafia",
]


@pytest.fixture(scope="module")
def app():
    return create_app()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture(scope="module")
def lan_app():
    return create_app(WebConfig(lan=True, keys=Keys(server_key="the-right-key")))


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("path", PAGES)
def test_every_page_answers_in_both_languages_with_a_switch(client, path, lang):
    joined = "&" if "?" in path else "?"
    response = client.get(f"{path}{joined}lang={lang}")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert f'<html lang="{lang}">' in html
    other = "en" if lang == "fr" else "fr"
    switch = re.search(rf'<a class="lang" href="([^"]+)" hreflang="{other}"', html)
    assert switch, "every page links to the other language"
    assert f"lang={other}" in switch.group(1)
    # Nothing from the internet: every asset is the server's own.
    assert not re.search(r'(src|href)="(https?:)?//', html)
    assert "Traceback" not in html


def test_the_language_is_remembered_and_the_browser_is_asked_first(client):
    assert 'lang="en"' in client.get("/", headers={"Accept-Language": "en-GB,en;q=0.9"}).text
    assert 'lang="fr"' in client.get("/", headers={"Accept-Language": "de, fr;q=0.5"}).text
    client.get("/?lang=en")
    assert '<html lang="en">' in client.get("/search").text  # the cookie keeps it


def test_an_unknown_language_is_refused_plainly(client):
    response = client.get("/?lang=xx")
    assert response.status_code == 400
    assert response.mimetype == "text/plain"
    assert "?lang=fr" in response.text


def test_french_pages_say_nothing_in_english_and_back(client):
    fr = client.get("/setup?game=loup-garou&lang=fr").text
    en = client.get("/setup?game=loup-garou&lang=en").text
    assert "Vérifier" in fr and "Check" not in fr
    assert "Check" in en and "Vérifier" not in en


def test_search_shows_the_ruling_first_then_the_next_ones(client):
    html = client.get("/search?q=chasseur+amoureux&lang=en").text
    first = re.search(r'<article class="ruling[^"]*" data-entry="([^"]+)"', html)
    assert first and first.group(1) == "lg-cascade-chain"
    assert 'class="hits"' in html  # the other answers, one line each


def test_a_query_that_both_games_rule_on_shows_one_answer_per_game(client):
    html = client.get("/search?q=%C3%A9galit%C3%A9&lang=fr").text
    games = re.findall(r'<article class="ruling[^"]*" data-entry="[^"]+" data-game="([^"]+)"', html)
    assert sorted(games) == ["loup-garou", "mafia"]
    assert "La règle diffère selon le jeu" in html


@pytest.mark.parametrize("lang, said", [("fr", "Les règles ne le disent pas"),
                                        ("en", "The rules do not say")])  # fmt: skip
def test_nothing_found_says_the_rules_do_not_say(client, lang, said):
    html = client.get(f"/search?q=xylophone+qwertzuiop&lang={lang}").text
    assert said in html
    assert 'data-answered="no"' in html
    assert "<article" not in html


def test_a_result_marked_unanswered_is_not_shown_as_the_answer(client, app, monkeypatch):
    from garou.lookup import Searcher

    real = Searcher.search

    def unanswered(self, *args, **kwargs):
        result = real(self, *args, **kwargs)
        result.answered = False  # what the search says when its hits do not answer
        return result

    monkeypatch.setattr(Searcher, "search", unanswered)
    html = client.get("/search?q=chasseur+amoureux&lang=en").text
    assert "The rules do not say" in html
    assert "<article" not in html
    assert "The closest rulings" in html and "/rule/lg-cascade-chain" in html


def test_a_hostile_query_is_escaped_everywhere(client):
    for path in (f"/search?q={HOSTILE}", f"/search?q={HOSTILE}&game=mafia",
                 f"/search?q=x&game={HOSTILE}", f"/rule/{HOSTILE}",
                 f"/setup?game={HOSTILE}", f"/cheatsheet?game={HOSTILE}"):  # fmt: skip
        response = client.get(path)
        assert response.status_code in (200, 400, 404), path
        assert "<script>" not in response.text, path
    assert "&lt;script&gt;" in client.get(f"/search?q={HOSTILE}").text


def test_an_empty_query_shows_the_form_and_a_blank_one_says_why(client):
    assert client.get("/search?q=").status_code == 200
    response = client.get("/search?q=%3F%3F%21")
    assert response.status_code == 400
    assert 'class="problem"' in response.text


def test_a_ruling_has_its_related_rulings_and_source(client, book):
    entry = book.entry("lg-vote-tie")
    html = client.get("/rule/lg-vote-tie?lang=en").text
    assert entry.title.en in html
    for related in entry.related:
        assert f'href="/rule/{related}"' in html
    assert "Source: loup-garou.txt" in html


def test_a_contested_case_shows_its_options_and_default(client, book):
    case = next(iter(book.game("loup-garou").contested()))
    html = client.get(f"/rule/{case.id}?lang=fr").text
    from garou.core.catalogue import typeset

    for option in case.options:
        assert typeset(option.label.fr, "fr").replace("'", "&#39;") in html
    assert "par défaut" in html


def test_an_unknown_ruling_is_a_404_page_with_a_search_link(client):
    response = client.get("/rule/lg-nothing-here")
    assert response.status_code == 404
    assert "/search?q=lg-nothing-here" in response.text


def test_the_cheat_sheet_is_the_printables_sheet_on_a_phone(client):
    from garou.printables import build_cheatsheet, render_html
    from garou.rules import load_rules

    html = client.get("/cheatsheet?game=loup-garou&lang=en").text
    sheet = build_cheatsheet(load_rules().game("loup-garou"), "en")
    printed = render_html(sheet)
    for section in re.findall(r'<section class="block" id="([^"]+)"', printed):
        assert f'id="{section}"' in html
    assert "/cheatsheet/print?game=loup-garou" in html
    assert html.count("<main") == 1  # the sheet's own, inside the page's <div id="main">
    response = client.get("/cheatsheet/print?game=loup-garou&lang=en")
    assert response.text == printed
    assert "style-src 'unsafe-inline'" in response.headers["Content-Security-Policy"]


def test_the_cheat_sheet_for_cards_that_break_the_rules_is_refused(client):
    response = client.get("/cheatsheet?game=loup-garou&players=8&n.loup-garou=7&n.voyante=1")
    assert response.status_code == 400
    assert 'class="problem"' in response.text


def test_a_sound_setup_passes_and_links_its_cheat_sheet(client):
    html = client.get(
        "/setup?game=loup-garou&players=8&n.loup-garou=2&n.voyante=1&n.villageois=5"
        "&action=check&lang=en"
    ).text
    assert 'data-ok="yes"' in html
    assert "/cheatsheet?game=loup-garou&amp;players=8" in html


def test_a_broken_setup_fails_with_the_fix(client, book):
    from markupsafe import escape

    from garou.rules.distribution import check_distribution, make_distribution

    cards = {"loup-garou": 2, "voyante": 1, "sorciere": 1, "chasseur": 1, "villageois": 6}
    query = "&".join(f"n.{role}={n}" for role, n in cards.items())
    html = client.get(f"/setup?game=loup-garou&players=11&{query}&action=check&lang=en").text
    assert 'data-ok="no"' in html
    game = book.game("loup-garou")
    verdict = check_distribution(game, make_distribution(game, cards, 11))
    assert verdict.failures
    for failure in verdict.failures:
        assert f'data-check="{failure.id}"' in html
        assert str(escape(failure.message.get("en"))) in html
        if failure.fix is not None:
            assert f"→ {escape(failure.fix.get('en'))}" in html


def test_a_suggestion_fills_the_cards_and_passes(client):
    html = client.get("/setup?game=loup-garou&players=9&action=suggest&lang=en").text
    assert 'data-ok="yes"' in html
    assert re.search(r'name="n.loup-garou"[^>]*value="2"', html)


@pytest.mark.parametrize("query", ["players=abc&action=suggest", "players=0&action=suggest",
                                   "action=suggest", "action=check", "n.voyante=-1&action=check",
                                   "players=1000&action=suggest"])  # fmt: skip
def test_bad_setup_values_are_said_on_the_page(client, query):
    response = client.get(f"/setup?game=loup-garou&{query}&lang=en")
    assert response.status_code == 400
    assert 'class="problem"' in response.text


def test_the_picker_offers_every_question_with_its_default_ticked(client, book):
    game = book.game("mafia")
    html = client.get("/house?game=mafia").text
    for question in questions(game):
        assert f'data-case="{question.id}"' in html
        if question.default is not None:
            assert re.search(
                rf'name="case\.{question.id}" value="{question.default.option}" checked', html
            )


def test_the_picker_gives_the_same_file_as_garou_house_pick(client, book, garou, tmp_path):
    game = book.game("loup-garou")
    question = questions(game)[0]
    other = next(o.id for o in question.options if o.id != question.default.option)
    form = picked_form(game, token_of(client), table="Jeudi", date="2026-03-14")
    form[f"case.{question.id}"] = other
    response = client.post("/house/agreement?lang=fr", data=form, headers={"Origin": ORIGIN})
    assert response.status_code == 200
    assert response.headers["Content-Disposition"] == 'attachment; filename="accord.yaml"'
    out = tmp_path / "accord.yaml"
    run = garou("house", "pick", "--game", "loup-garou", "--defaults", "--set",
                f"{question.id}={other}", "--table", "Jeudi", "--date", "2026-03-14",
                "--out", str(out), "--lang", "fr")  # fmt: skip
    assert run.exit_code == 0, run.stderr
    assert response.get_data(as_text=True) == out.read_text(encoding="utf-8")
    downloaded = tmp_path / "web.yaml"
    downloaded.write_bytes(response.data)
    assert load_agreement(downloaded, book).decision(question.id).option == other


def test_the_picker_records_a_sound_setup_and_refuses_a_broken_one(client, book, tmp_path):
    game = book.game("loup-garou")
    token = token_of(client)
    cards = {"n.loup-garou": "2", "n.voyante": "1", "n.villageois": "5"}
    sound = picked_form(game, token, players="8", names="A\nB\nC\nD\nE\nF\nG\nH", **cards)
    response = client.post("/house/agreement", data=sound, headers={"Origin": ORIGIN})
    assert response.status_code == 200
    (tmp_path / "a.yaml").write_bytes(response.data)
    setup = load_agreement(tmp_path / "a.yaml", book).setup
    assert setup is not None and setup.players == 8 and setup.names[:2] == ("A", "B")
    awkward = ["Jean, fils", "x=y", "Dr: Who", 'Say "hi"', "Zoé Dupré", "E", "F", "G"]
    typed = "\n".join(["  Jean, fils ", "x=y", "Dr: Who", '"Say ""hi"""', "Zoé Dupré", "E\nF\nG"])
    form = picked_form(game, token, players="8", names=typed, **cards)
    response = client.post("/house/agreement", headers={"Origin": ORIGIN}, data=form)
    assert response.status_code == 200, response.text
    (tmp_path / "b.yaml").write_bytes(response.data)
    assert load_agreement(tmp_path / "b.yaml", book).setup.names == tuple(awkward)
    broken = picked_form(game, token, players="8", **{**cards, "n.loup-garou": "5"})
    response = client.post("/house/agreement", data=broken, headers={"Origin": ORIGIN})
    assert response.status_code == 400
    assert 'class="problem"' in response.text


def test_a_refused_form_keeps_the_answers_and_escapes_them(client, book):
    game = book.game("loup-garou")
    form = picked_form(game, token_of(client), table=HOSTILE, date="2026-13-45")
    response = client.post("/house/agreement", data=form, headers={"Origin": ORIGIN})
    assert response.status_code == 400
    assert "<script>" not in response.text
    assert "&lt;script&gt;" in response.text


def test_an_unknown_option_is_refused_on_the_page(client, book):
    game = book.game("loup-garou")
    question = questions(game)[0]
    form = picked_form(game, token_of(client), **{f"case.{question.id}": "no-such-option"})
    response = client.post("/house/agreement", data=form, headers={"Origin": ORIGIN})
    assert response.status_code == 400
    assert 'class="problem"' in response.text


def test_a_form_without_its_token_is_refused(client, book):
    game = book.game("loup-garou")
    token = token_of(client)
    for form in (picked_form(game, ""), picked_form(game, token[:-2] + "xx"),
                 {k: v for k, v in picked_form(game, token).items() if k != "csrf"}):  # fmt: skip
        response = client.post("/house/agreement", data=form, headers={"Origin": ORIGIN})
        assert response.status_code == 403
        assert response.mimetype == "text/plain"


def test_a_token_from_another_browser_is_refused(app, book):
    game = book.game("loup-garou")
    token = token_of(app.test_client())
    other = app.test_client()
    other.get("/")  # a session of its own
    response = other.post(
        "/house/agreement", data=picked_form(game, token), headers={"Origin": ORIGIN}
    )
    assert response.status_code == 403


def test_a_form_from_another_site_is_refused(client, book):
    form = picked_form(book.game("loup-garou"), token_of(client))
    for headers in ({"Origin": "http://evil.example"}, {"Origin": "null"}, {},
                    {"Referer": "http://evil.example/house"},
                    {"Origin": "https://localhost"}):  # fmt: skip
        response = client.post("/house/agreement", data=form, headers=headers)
        assert response.status_code == 403, headers
    ok = client.post("/house/agreement", data=form, headers={"Referer": f"{ORIGIN}/house"})
    assert ok.status_code == 200


def test_origin_comparison():
    assert same_origin("http://127.0.0.1:8765/", "http://127.0.0.1:8765", None)
    assert not same_origin("http://127.0.0.1:8765/", "http://127.0.0.1:8766", None)
    assert not same_origin("http://127.0.0.1:8765/", None, "http://127.0.0.1:8765.evil/")
    assert not same_origin("http://127.0.0.1:8765/", None, None)


def test_a_large_request_is_refused(client, book):
    form = picked_form(book.game("loup-garou"), token_of(client), table="x" * 100_000)
    response = client.post("/house/agreement", data=form, headers={"Origin": ORIGIN})
    assert response.status_code == 413
    assert response.mimetype == "text/plain"
    long = client.get("/search?q=" + "a" * 5000)
    assert long.status_code == 414


def test_another_host_name_is_refused_on_loopback(client):
    response = client.get("/", headers={"Host": "rebound.example"})
    assert response.status_code == 403
    assert "garou serve --lan" in response.text
    assert client.get("/", headers={"Host": "127.0.0.1:8765"}).status_code == 200


@pytest.mark.parametrize("path", ["/", "/search?q=vote", "/rule/lg-vote-tie", "/setup",
                                  "/cheatsheet?game=mafia", "/cheatsheet/print?game=mafia",
                                  "/house?game=loup-garou"])  # fmt: skip
def test_on_the_network_a_page_without_the_key_is_refused_plainly(lan_app, path):
    client = lan_app.test_client()
    for suffix in ("", "&key=wrong" if "?" in path else "?key=wrong", "?key="):
        response = client.get(path + suffix, headers={"Host": "192.0.2.7:8765"})
        assert response.status_code == 403, suffix
        assert response.mimetype == "text/plain"
        assert "<html" not in response.text and "garou serve" in response.text
        said = response.text  # the key it needs: the server's, never "the game's"
        assert "server's key" in said or "clé du serveur" in said, said
    client.set_cookie("garou_key", "wrong")
    assert client.get(path).status_code == 403


def test_on_the_network_the_key_opens_the_pages_and_leaves_the_address(lan_app):
    client = lan_app.test_client()
    response = client.get("/search?q=vote&key=the-right-key")
    assert response.status_code == 303
    assert response.headers["Location"] == "/search?q=vote"
    assert "garou_key=the-right-key" in response.headers["Set-Cookie"]
    assert "HttpOnly" in response.headers["Set-Cookie"]
    assert client.get("/search?q=vote").status_code == 200
    assert client.get("/static/garou.css").status_code == 200  # assets need no key


def test_a_game_page_needs_that_games_key(tmp_path):
    keys = Keys(server_key="server")
    app = create_app(WebConfig(lan=True, keys=keys))

    @app.get("/game/<game>")
    @game_master_page(game_of=lambda values: values["game"])
    def game_page(game: str) -> str:
        return f"game {game}"

    one, two = keys.game_key("one"), keys.game_key("two")
    client = app.test_client()
    assert client.get("/game/one").status_code == 403
    assert "the game's key (or the server's)" in client.get("/game/one?lang=en").text
    assert client.get(f"/game/one?key={two}").status_code == 403
    assert client.get(f"/game/one?key={one}").status_code == 303
    assert client.get("/game/one").text == "game one"
    assert client.get("/game/two").status_code == 403
    assert app.test_client().get("/game/two?key=server").status_code == 303


def test_keys_are_compared_whole():
    keys = Keys(server_key="abcdef")
    assert keys.opens("abcdef", "")
    for wrong in ("abcde", "abcdefg", "", None, "ABCDEF", "abcdé"):
        assert not keys.opens(wrong, "")


def test_an_unexpected_failure_is_one_sentence_never_a_traceback(client, monkeypatch):
    def broken(self):
        raise RuntimeError("boom")

    monkeypatch.setattr(web_library.Library, "book", broken)
    response = client.get("/search?q=vote")
    assert response.status_code == 500
    assert response.mimetype == "text/plain"
    assert "boom" not in response.text and "Traceback" not in response.text


def test_security_headers_forbid_outside_scripts_and_framing(client):
    response = client.get("/")
    policy = response.headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_unknown_pages_and_methods_are_plain_refusals(client):
    assert client.get("/nowhere").status_code == 404
    assert client.post("/search", headers={"Origin": ORIGIN}).status_code in (403, 405)
    assert client.get("/house/agreement").status_code == 405


def test_serve_refuses_a_bad_port_and_a_taken_one(garou):
    run = garou("serve", "--port", "70000")
    assert run.exit_code == 2
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = garou("serve", "--port", str(port), "--lang", "en")
    assert run.exit_code == 1
    assert f"port {port} is already taken" in run.stderr


def test_serve_says_bad_rule_files_before_listening(garou, tmp_path):
    (tmp_path / "bad.yaml").write_text("roles: [", encoding="utf-8")
    run = garou("serve", "--port", "0", "--rules-dir", str(tmp_path))
    assert run.exit_code == 1
    assert "bad.yaml" in run.stderr


def test_the_command_line_does_not_load_the_web_framework():
    code = (
        "import sys, garou.cli.app; "
        "print(sorted({'flask', 'waitress', 'segno'} & set(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_serve_answers_on_loopback_and_stops_on_ctrl_c(tmp_path):
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "GAROU_LANG": "en"}
    garou_bin = Path(sys.executable).with_name("garou")
    process = subprocess.Popen(
        [str(garou_bin), "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        url = re.search(r"http://127\.0\.0\.1:\d+/", first)
        assert url, first
        with urllib.request.urlopen(url.group(0) + "search?q=vote&lang=en", timeout=20) as page:
            assert page.status == 200
            assert b'<html lang="en">' in page.read()
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=20)
    assert process.returncode == 0, err
    assert "garou serve has stopped." in err


def test_a_page_that_says_nothing_is_a_game_master_page_and_a_public_one_needs_no_key():
    from garou.web.security import public_page

    app = create_app(WebConfig(lan=True, keys=Keys(server_key="server")))

    @app.get("/unmarked")
    def unmarked() -> str:
        return "secret"

    @app.get("/table")
    @public_page
    def table() -> str:
        return "for everybody"

    client = app.test_client()
    assert client.get("/unmarked").status_code == 403
    assert client.get("/table").text == "for everybody"


HOSTILE_RULES = """\
game: loup-garou
roles:
  - id: salvateur
    name: {fr: "<img src=x onerror=alert(1)>", en: "<img src=x onerror=alert(1)>"}
    camp: village
    power: true
    section: additions
    addition: true
    summary: {fr: "<script>alert(2)</script>", en: "<script>alert(2)</script>"}
    night_action: {fr: "<script>alert(3)</script>", en: "<script>alert(3)</script>"}
entries:
  - id: lg-house-protector
    section: additions
    kind: rule
    addition: true
    title: {fr: "<script>alert(4)</script> protection", en: "<script>alert(4)</script> protection"}
    text: {fr: "Protection <b>forte</b>", en: "Protection <b>strong</b>"}
    related: [lg-role-salvateur]
"""


def test_the_users_own_rule_files_are_escaped_on_every_page(tmp_path):
    folder = tmp_path / "my-rules"
    folder.mkdir()
    (folder / "house.yaml").write_text(HOSTILE_RULES, encoding="utf-8")
    client = create_app(WebConfig(rules_dir=folder)).test_client()
    pages = ["/search?q=protection", "/rule/lg-house-protector", "/rule/lg-role-salvateur",
             "/cheatsheet?game=loup-garou", "/setup?game=loup-garou",
             "/setup?game=loup-garou&players=8&n.loup-garou=2&n.salvateur=1&n.villageois=5"
             "&action=check"]  # fmt: skip
    for path in pages:
        response = client.get(path)
        assert response.status_code == 200, path
        html = response.text
        assert "<script>" not in html and "<img src=x" not in html, path
        assert "<b>forte</b>" not in html and "<b>strong</b>" not in html, path
    assert "&lt;script&gt;alert(4)" in client.get("/rule/lg-house-protector").text
    assert (
        "Source\u00a0: vos règles\u00a0: house.yaml"
        in client.get("/rule/lg-house-protector?lang=fr").text
    )


def test_serve_lan_prints_the_key_and_refuses_without_it(tmp_path):
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "GAROU_LANG": "en",
           "GAROU_DB": str(tmp_path / "games.sqlite")}  # fmt: skip
    garou_bin = Path(sys.executable).with_name("garou")
    process = subprocess.Popen(
        [str(garou_bin), "serve", "--port", "0", "--lan"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    try:
        assert process.stdout is not None
        lines = [process.stdout.readline() for _ in range(4)]
        port = re.search(r"http://0\.0\.0\.0:(\d+)/", lines[0])
        key = re.search(r"\?key=([A-Za-z0-9_-]+)", lines[2])
        assert port and key, lines
        qr = process.stdout.readline()
        assert "█" in qr or "▀" in qr  # the QR code, drawn with blocks
        base = f"http://127.0.0.1:{port.group(1)}"
        for wrong in ("/", "/search?q=vote", "/?key=nope"):
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(base + wrong, timeout=20)
            assert refused.value.code == 403
            body = refused.value.read().decode()
            assert "<html" not in body and "garou serve" in body
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        with opener.open(f"{base}/search?q=vote&key={key.group(1)}", timeout=20) as page:
            assert page.status == 200 and page.url == f"{base}/search?q=vote"
        with opener.open(f"{base}/rule/lg-vote-tie", timeout=20) as page:
            assert page.status == 200  # the key is kept by the browser
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=20)
    assert process.returncode == 0


def test_the_cheat_sheet_follows_the_answers_sent_by_the_picker(client, book):
    from garou.houserules import build_agreement
    from garou.printables import build_cheatsheet, render_html

    game = book.game("loup-garou")
    case = "lg-contested-witch-self-save"
    other = next(o.id for o in game.entry(case).options if o.id != game.entry(case).default.option)
    # The picker's second button sends its whole form by GET: the token is taken out first.
    sent = client.get(f"/cheatsheet?game=loup-garou&case.{case}={other}&lang=en&csrf=abc")
    assert sent.status_code == 303 and "csrf" not in sent.headers["Location"]
    html = client.get(sent.headers["Location"]).text
    assert f'data-case="{case}"' in html
    printed = client.get(f"/cheatsheet/print?game=loup-garou&case.{case}={other}&lang=en").text
    expected = build_cheatsheet(game, "en", None, build_agreement(game, {case: other}, lang="en"))
    assert printed == render_html(expected)
    assert client.get(f"/cheatsheet?game=loup-garou&case.{case}=nonsense").status_code == 400
    assert 'formaction="/cheatsheet"' in client.get("/house?game=loup-garou").text


@pytest.mark.parametrize("lang, other", [("fr", "en"), ("en", "fr")])
def test_the_servers_language_is_the_default_when_the_browser_says_none(lang, other):
    client = create_app(WebConfig(lang=lang)).test_client()
    for path in ("/", "/game"):
        assert f'<html lang="{lang}"' in client.get(path).text, path
    assert client.get("/no-such-page").text == say("web.error.404", lang) + "\n"
    # The browser's language, and ?lang, still come first.
    asked = client.get("/", headers={"Accept-Language": f"{other};q=0.9"})
    assert f'<html lang="{other}"' in asked.text
    assert f'<html lang="{other}"' in client.get(f"/?lang={other}").text


RECORD = REPO / "tests" / "data" / "games" / "couple-wins.yaml"


@pytest.fixture(scope="module")
def three_games(tmp_path_factory) -> Path:
    from garou.game.journal import open_journal
    from garou.game.record import import_record
    from garou.rules import load_rules

    path = tmp_path_factory.mktemp("web") / "games.sqlite"
    with open_journal(path) as journal:
        for _ in range(3):
            import_record(journal, load_rules(), RECORD, force=True)
    return path


def _edited_start(source: Path, folder: Path, **values) -> Path:
    """A copy of ``source`` whose game 1 has its start edited by hand."""
    path = folder / "edited.sqlite"
    shutil.copy(source, path)
    db = sqlite3.connect(path)
    data = json.loads(db.execute("SELECT data FROM events WHERE game_id=1 AND seq=1").fetchone()[0])
    data.update(values)
    db.execute("UPDATE events SET data=? WHERE game_id=1 AND seq=1", (json.dumps(data),))
    db.commit()
    db.close()
    return path


@pytest.mark.parametrize("values", [{"players": "Ana"}, {"agreement": "x"}])
@pytest.mark.parametrize("page", ["/game/1", "/game/1/table"])
def test_a_start_edited_by_hand_is_a_4xx_with_garous_message(three_games, tmp_path, values, page):
    client = create_app(WebConfig(db=_edited_start(three_games, tmp_path, **values))).test_client()
    response = client.get(page + "?lang=en")
    assert response.status_code == 409
    assert "the start event is damaged" in response.text
    assert client.get("/game/2/table?lang=en").status_code == 200


@pytest.mark.parametrize("game_id", ["999", "9223372036854775808", "1" * 40])
@pytest.mark.parametrize("page", ["/game/{}", "/game/{}/table"])
def test_an_unknown_or_out_of_range_game_is_404_naming_no_other_game(three_games, game_id, page):
    client = create_app(WebConfig(db=three_games)).test_client()
    response = client.get(page.format(game_id) + "?lang=en")
    assert response.status_code == 404
    assert "No game number" in response.text and "1, 2" not in response.text


def test_the_table_screen_of_a_damaged_game_names_nothing_of_the_server_under_lan(
    three_games, tmp_path
):
    path = _edited_start(three_games, tmp_path, roles="x")
    client = create_app(WebConfig(db=path, lan=True)).test_client()
    response = client.get("/game/1/table?lang=en")
    assert response.status_code == 409
    assert str(tmp_path) not in response.text and "sqlite" not in response.text
    assert "game 1" not in response.text and "roles" not in response.text
    # the server's own face (loopback, the game master) is told why
    local = create_app(WebConfig(db=path)).test_client().get("/game/1/table?lang=en")
    assert "'roles'" in local.text


@pytest.mark.parametrize(
    "base", ["[" * 10_000 + "]" * 10_000, '{"a":' * 2000 + "1" + "}" * 2000, '{"at": NaN}']
)
def test_a_hostile_base_field_in_a_game_form_is_a_4xx(three_games, tmp_path, base):
    path = tmp_path / "games.sqlite"
    shutil.copy(three_games, path)
    client = create_app(WebConfig(db=path)).test_client()
    html = client.get("/game/3?lang=en").text
    token = re.search(r'name="csrf" value="([^"]+)"', html)
    form_id = re.search(r'name="form_id" value="([^"]+)"', html)
    seen = re.search(r'name="seen" value="([^"]+)"', html)
    assert token and form_id and seen
    form = {
        "csrf": token.group(1),
        "form_id": form_id.group(1),
        "seen": seen.group(1),
        "kind": "vote",
        "base": base,
    }
    response = client.post("/game/3/record?lang=en", data=form, headers={"Origin": ORIGIN})
    assert 400 <= response.status_code < 500, response.text[:200]
    assert "Unreadable form" in response.text


def test_the_picker_refuses_a_table_name_too_long_never_cuts_it(client, book):
    from garou.core.names import MAX_TEXT

    game = book.game("loup-garou")
    form = picked_form(game, token_of(client), table="T" * (MAX_TEXT + 1))
    response = client.post("/house/agreement?lang=en", data=form, headers={"Origin": ORIGIN})
    assert response.status_code == 400 and "Content-Disposition" not in response.headers
    assert f"at most {MAX_TEXT}" in response.get_data(as_text=True)
    form = picked_form(game, token_of(client), table="T" * MAX_TEXT)
    response = client.post("/house/agreement?lang=en", data=form, headers={"Origin": ORIGIN})
    assert response.status_code == 200 and "T" * MAX_TEXT in response.get_data(as_text=True)


def test_a_game_name_too_long_is_refused_by_the_start_forms_never_cut(tmp_path):
    from garou.core.names import MAX_TEXT

    client = create_app(WebConfig(db=tmp_path / "games.sqlite")).test_client()
    token = re.search(r'name="csrf" value="([^"]+)"', client.get("/game?lang=en").text)
    assert token
    names = "Ana\nBob\nCid\nDan\nEve\nFay\nGus\nHal\nIvy\nJon"
    form = {"csrf": token.group(1), "names": names, "name": "N" * (MAX_TEXT + 1), "turbo": "no"}
    response = client.post("/game/new-mafia?lang=en", data=form, headers={"Origin": ORIGIN})
    assert response.status_code == 400 and f"at most {MAX_TEXT}" in response.text
    form["name"] = "N" * 60  # longer than a player's name, kept whole
    response = client.post("/game/new-mafia?lang=en", data=form, headers={"Origin": ORIGIN})
    assert response.status_code == 303
    assert "N" * 60 in client.get("/game?lang=en").text


def test_the_picker_refuses_on_its_form_a_table_name_house_show_could_not_read(client, book):
    game = book.game("loup-garou")
    form = picked_form(game, token_of(client), table="Jeu\x1b[31mdi")
    response = client.post("/house/agreement?lang=en", data=form, headers={"Origin": ORIGIN})
    assert response.status_code == 400
    assert "Content-Disposition" not in response.headers
    html = response.get_data(as_text=True)
    assert "control character" in html and 'name="table"' in html  # the form, kept


NEW_GAME = {
    "name": "Thursday",
    "names": "Alice\nBruno\nChloé\nDriss\nEmma\nFarid\nGaëlle\nHugo",
    "n.loup-garou": "2", "n.voyante": "1", "n.sorciere": "1", "n.villageois": "4",
}  # fmt: skip


def _multipart(fields: dict[str, bytes], charset: str = "") -> tuple[bytes, str]:
    boundary = "garou-boundary"
    parts = b""
    for name, value in fields.items():
        kind = f"Content-Type: text/plain; charset={charset}\r\n" if charset else ""
        head = f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n{kind}\r\n'
        parts += head.encode() + value + b"\r\n"
    return parts + f"--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_form_body_that_is_not_utf8_is_refused_with_garous_message(tmp_path, lang):
    # A Latin-1 "Zoé" (a raw byte 0xE9, or %E9 once unquoted) is no UTF-8: the form is
    # refused whole (400, garou's sentence, nothing recorded), never read as "Zo\ufffd" nor
    # as an empty form ("the form has expired").
    from garou.game.journal import open_journal

    db = tmp_path / "g.sqlite"
    client = create_app(WebConfig(db=db)).test_client()
    token = token_of(client, f"/game?lang={lang}")
    fields = {k: v.encode() for k, v in {"csrf": token, **NEW_GAME}.items()}
    latin = {**fields, "names": NEW_GAME["names"].replace("Chloé", "Zoé").encode("latin-1")}
    said = say("web.refused.not-utf8", lang)
    body, kind = _multipart(latin)
    sent = [(body, kind)]
    encoded = "&".join(f"{k}={v.decode()}" for k, v in fields.items() if k != "names")
    sent.append((f"{encoded}&names=Zo%E9".encode(), "application/x-www-form-urlencoded"))
    sent.append((f"{encoded}&names=Zo\xe9".encode("latin-1"), "application/x-www-form-urlencoded"))
    for body, kind in sent:
        response = client.post("/game/new", data=body, content_type=kind,
                               headers={"Origin": ORIGIN})  # fmt: skip
        assert response.status_code == 400, (kind, response.text)
        assert response.text.strip() == said, response.text
        assert "\ufffd" not in response.text
    assert not db.exists() or not open_journal(db).games()
    body, kind = _multipart(fields)  # the same form in UTF-8: the game is made
    response = client.post("/game/new", data=body, content_type=kind, headers={"Origin": ORIGIN})
    assert response.status_code == 303, response.text


@pytest.mark.parametrize("charset", ["iso-8859-1", "cp1252", '"latin-1"'])
def test_a_form_part_that_declares_another_charset_is_refused_never_read_in_it(charset):
    # Werkzeug would read a part in the charset it declares: a UTF-8 "Zoé" declared Latin-1
    # became "ZoÃ©" without a word. garou reads UTF-8 only: the form is refused whole.
    from flask import request

    app = create_app()

    @app.post("/echo-form")
    def echo():  # a route of the test's own, after the app's checks
        return request.form["names"]

    client = app.test_client()
    token = token_of(client)
    for names in ("Zoé".encode(), "Zoé".encode("latin-1")):
        body, kind = _multipart({"csrf": token.encode(), "names": names}, charset=charset)
        response = client.post("/echo-form", data=body, content_type=kind,
                               headers={"Origin": ORIGIN})  # fmt: skip
        assert response.status_code == 400, response.text
        assert response.text.strip() in {say("web.refused.not-utf8", x) for x in ("fr", "en")}
    body, kind = _multipart({"csrf": token.encode(), "names": "Zoé".encode()}, charset="utf-8")
    response = client.post("/echo-form", data=body, content_type=kind, headers={"Origin": ORIGIN})
    assert response.status_code == 200 and response.text == "Zoé", response.text


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("page", ["/game/1", "/game/1/table"])
def test_a_game_made_with_a_rules_folder_served_without_it_is_a_4xx_saying_to_give_it(
    tmp_path, monkeypatch, page, lang
):
    # Its journal is sound: the page names the house role and how to give the folder
    # (garou serve --rules-dir), never "damaged"; served with the folder, it is shown.
    from garou.game import session
    from garou.game.journal import open_journal
    from garou.rules import load_rules
    from tests.helpers import HOUSE_ROLE_AND_CASE, rules_folder

    monkeypatch.delenv("GAROU_RULES_DIR", raising=False)
    folder = rules_folder(tmp_path, HOUSE_ROLE_AND_CASE)
    path = tmp_path / "games.sqlite"
    with open_journal(path) as journal:
        session.new_game(journal, load_rules(folder, cache=False), {
            "game": "loup-garou", "players": ["Ana", "Bob", "Cid", "Dee", "Eve"],
            "roles": {"loup-garou": 1, "idiot": 1, "villageois": 3}, "deal": {"Ana": "idiot"},
        })  # fmt: skip
    response = create_app(WebConfig(db=path)).test_client().get(f"{page}?lang={lang}")
    assert response.status_code == 409
    text = " ".join(response.text.split())
    assert "idiot" in text and "GAROU_RULES_DIR=" in text and "--rules-dir" in text
    assert ("abîmé" not in text) and ("damaged" not in text)
    served = create_app(WebConfig(db=path, rules_dir=folder)).test_client()
    assert served.get(f"{page}?lang={lang}").status_code == 200
    client = create_app(WebConfig(db=path)).test_client()
    token = token_of(client, f"/house?game=loup-garou&lang={lang}")
    for seen in ("1", "7"):  # a form of the game as it is, and one drawn before a change
        form = {"csrf": token, "form_id": f"f{seen}", "seen": seen, "kind": "look",
                "target": "Bob"}  # fmt: skip
        sent = client.post("/game/1/record", data=form, headers={"Origin": ORIGIN})
        said = " ".join(sent.text.split())
        assert sent.status_code == 409 and "GAROU_RULES_DIR=" in said, said
    with open_journal(path) as journal:
        assert len(journal.events(1)) == 1
