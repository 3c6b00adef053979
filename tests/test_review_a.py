"""The hostile review's findings 1, 4, 5, 8, 11, 12, 13 and 15 (FINDINGS.md), one test per
class of problem: each fails on the tree the review read."""

from __future__ import annotations

import html as html_module
import json
import re
from pathlib import Path

import pytest

from tests.conftest import REPO

ORIGIN = "http://localhost"
NAMES = ["Ana", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Léa"]


def _document(name: str) -> str:
    """The text of a rule document (beside the repository, or beside the worktrees)."""
    from tests.conftest import SOURCES

    for folder in (SOURCES, REPO.parent.parent / "shared" / "sources"):
        if (folder / name).exists():
            return (folder / name).read_text(encoding="utf-8")
    pytest.skip(f"the rule document {name} is not here")


def _table12(tmp_path: Path) -> Path:
    setup = tmp_path / "table12.yaml"
    setup.write_text(
        "game: loup-garou\nplayers: 12\n"
        "roles: {loup-garou: 3, voyante: 1, sorciere: 1, chasseur: 1, cupidon: 1, villageois: 5}\n"
        f"names: [{', '.join(NAMES)}]\n",
        encoding="utf-8",
    )
    return setup


MAFIA_NAMES = ",".join(str(n) for n in range(1, 11))
SEVEN_CITIZENS = ",".join([f"{n}=citoyen" for n in range(1, 8)] + ["8=mafia", "9=mafia", "10=don"])


# --- 1. a refusal whose message has a {count}: said, never a traceback ----------------------


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(
    "args, said",
    [
        (["--deal", "Ana=voyante,Bob=voyante"], {"en": "Seer cards dealt (1)", "fr": "(1)"}),
        (["--game", "mafia", "--names", MAFIA_NAMES, "--deal", SEVEN_CITIZENS],
         {"en": "7 × Citizen", "fr": "7 × Citoyen"}),
    ],
)  # fmt: skip
def test_a_deal_refused_with_a_count_is_said_and_exits_1(garou, tmp_path, monkeypatch, args,
                                                          said, lang):  # fmt: skip
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    setup = [] if "mafia" in args else ["--setup", str(_table12(tmp_path))]
    run = garou("game", "new", *setup, *args, "--lang", lang)
    assert run.exit_code == 1
    assert said[lang] in run.stderr and "Traceback" not in run.stderr
    run = garou("game", "new", *setup, *args, "--lang", lang, "--json")
    assert run.exit_code == 1
    assert said[lang] in run.json()["error"]["message"]


def test_the_web_start_form_refuses_a_wrong_mafia_deal_keeping_what_was_typed(tmp_path):
    pytest.importorskip("flask")
    from garou.web import WebConfig, create_app

    client = create_app(WebConfig(db=tmp_path / "games.sqlite")).test_client()
    html = client.get("/game?lang=en").text
    token = re.search(r'name="csrf" value="([^"]+)"', html)
    assert token
    names = "\n".join(f"P{n}" for n in range(1, 11))
    deal = "\n".join(f"P{n}: {'citoyen' if n < 8 else 'mafia' if n < 10 else 'don'}"
                     for n in range(1, 11))  # fmt: skip
    form = {"csrf": token.group(1), "names": names, "deal": deal}
    response = client.post("/game/new-mafia?lang=en", data=form, headers={"Origin": ORIGIN})
    assert response.status_code == 400, response.text
    page = html_module.unescape(response.text)
    assert "7 × Citizen" in page
    assert "P10: don" in page and "P9" in page  # the typed deal and names are kept


# --- 4. the witch's answer to the wolves' parity tonight: both potions, every combination --


def _witch_table(life, death, reading=None, lovers=None):
    from dataclasses import replace

    from garou.houserules import build_agreement
    from garou.rules import load_rules
    from garou.rules.play import Player, Witch, make_state, table_rules

    game = load_rules().game("loup-garou")
    roles = {"Ana": "loup-garou", "Bob": "loup-garou", "Cid": "sorciere", "Dee": "villageois",
             "Eve": "villageois"}  # fmt: skip
    state = make_state(game, [Player(n, r) for n, r in roles.items()], lovers, None)
    agreement = None
    if reading:
        agreement = build_agreement(game, {"lg-contested-witch-two-potions": reading})
    return replace(state, witch=Witch(life=life, death=death),
                   agreed=table_rules(game, agreement))  # fmt: skip


POTION_CASES = [
    # life, death, reading, the answer, can save, can poison
    ("unused", "unused", None, "win.night-parity-witch-can-both", True, True),
    ("unused", "used", None, "win.night-parity-witch-can", True, False),
    ("used", "unused", None, "win.night-parity-witch-can-poison", False, True),
    ("used", "used", None, "win.night-parity-potions-spent", False, False),
    (None, None, None, "win.night-parity-witch-can-both", True, True),
    ("tonight", "unused", None, "win.night-parity-drunk-tonight", False, False),
    ("unused", "tonight", None, "win.night-parity-drunk-tonight", False, False),
    ("tonight", "unused", "both-allowed", "win.night-parity-witch-can-poison", False, True),
    ("unused", "tonight", "both-allowed", "win.night-parity-witch-can", True, False),
    ("unused", "unused", "both-allowed", "win.night-parity-witch-can-both", True, True),
    ("tonight", "used", "both-allowed", "win.night-parity-potions-spent", False, False),
]


@pytest.mark.parametrize("life, death, reading, key, save, poison", POTION_CASES)
def test_the_witch_can_prevent_the_parity_with_each_potion_left(
    life, death, reading, key, save, poison
):
    from garou.rules.play import check_win

    for lang in ("fr", "en"):
        result = check_win(_witch_table(life, death, reading), lang, "night")
        step = next(s for s in result.steps if s.code.startswith("win.night-parity-"))
        assert step.code == key
        assert step.data["witch_can_save"] is save and step.data["witch_can_poison"] is poison
        if poison:
            assert step.data["poison_targets"] == ["Ana", "Bob"]
            assert "Ana" in step.message and "Bob" in step.message
        else:
            assert step.data["poison_targets"] == []


@pytest.mark.parametrize("victim", ["Cid", "Dee", "Eve"])
@pytest.mark.parametrize("poisoned", ["Ana", "Bob"])
def test_what_the_witch_is_told_she_can_poison_does_prevent_the_parity(victim, poisoned):
    """Checked against the win itself: the victim dead and the named wolf poisoned, nobody
    has won (2 wolves, 3 others: the wolves' parity needs their victim alone)."""
    from dataclasses import replace

    from garou.rules.play import check_win

    state = _witch_table("used", "unused")
    step = next(s for s in check_win(state, "en", "night").steps
                if s.code.startswith("win.night-parity-"))  # fmt: skip
    assert poisoned in step.data["poison_targets"]
    dead = {victim, poisoned}
    after = replace(state, players=tuple(replace(p, alive=p.name not in dead)
                                         for p in state.players))  # fmt: skip
    assert check_win(after, "en", "vote").winner is None
    alone = replace(state, players=tuple(replace(p, alive=p.name != victim)
                                         for p in state.players))  # fmt: skip
    assert check_win(alone, "en", "vote").winner == "loups"  # without the poison: parity


def test_a_wolf_whose_lover_dies_with_him_is_not_offered_when_that_still_gives_parity():
    from garou.rules.play import check_win

    # Ana (wolf) loves Dee (villager): poisoning Ana kills Dee too, 1 wolf against 1 other
    # once the victim dies: parity all the same. Bob alone is the way out.
    state = _witch_table("used", "unused", lovers=("Ana", "Dee"))
    step = next(s for s in check_win(state, "en", "night").steps
                if s.code.startswith("win.night-parity-"))  # fmt: skip
    assert step.data["poison_targets"] == ["Bob"]


def test_garou_win_says_the_death_potion_can_prevent_the_parity(garou, tmp_path):
    state = tmp_path / "w.yaml"
    state.write_text(
        "game: loup-garou\nplayers: {Ana: loup-garou, Bob: loup-garou, Cid: sorciere,"
        " Dee: villageois, Eve: villageois}\nwitch: {life: used, death: unused}\n",
        encoding="utf-8",
    )
    run = garou("win", "--state", str(state), "--next", "night", "--lang", "en", "--json")
    assert run.exit_code == 0, run.stderr
    step = next(s for s in run.json()["steps"] if s["code"].startswith("win.night-parity-"))
    assert step["code"] == "win.night-parity-witch-can-poison"
    assert "no longer" not in step["message"]


# --- 5. the document's own foul, interrupting out of turn, found by its words -----------


@pytest.mark.parametrize(
    "query",
    ["interpeller hors de son tour", "Interpeller hors de son tour vaut une faute",
     "il a interpellé", "elle interpelle", "interpellation", "il interrompt", "a coupé la parole",
     "interrupting out of turn", "interrupt", "he interrupted", "she interrupts", "interruption",
     "spoke out of turn", "interpeller"],
)  # fmt: skip
def test_the_document_s_foul_is_found_by_its_words_and_inflections(query):
    from garou.rules import load_rules
    from garou.rules.play import find_behaviours, judge_fouls

    game = load_rules().game("mafia")
    found = find_behaviours(game, query)
    assert found.certain and [b.id for b in found.behaviours] == ["interrupt"]
    assert found.behaviours[0].sanction == "foul"
    step = judge_fouls(game, behaviours=found, lang="en").steps[0]
    assert step.rule == "mf-foul" and "technical" not in step.data["sanction"]


@pytest.mark.parametrize("word", ["hors", "outside", "avec", "from", "pendant", "without"])
def test_a_function_word_alone_names_no_behaviour(word):
    from garou.core.errors import UnknownIdError
    from garou.rules import load_rules
    from garou.rules.play import find_behaviours

    with pytest.raises(UnknownIdError):
        find_behaviours(load_rules().game("mafia"), word)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_garou_fouls_counts_an_interruption_as_an_ordinary_foul(garou, lang):
    word = {"fr": "interpelle", "en": "interrupted"}[lang]
    run = garou("fouls", "-g", "mafia", "--foul", "3=2", word, "--lang", lang, "--json")
    assert run.exit_code == 0, run.stderr
    result = run.json()
    assert [b["id"] for b in result["behaviours"]] == ["interrupt"] and result["certain"]
    total = [s for s in result["steps"] if s["code"] == "fouls.total-reached"]
    assert total and total[0]["rule"] == "mf-foul" and total[0]["count"] == 3


# --- 8. garou serve --lan: the machine's address on the network, or plainly none --------


class FakeSockets:
    """The socket module as lan_address uses it: a UDP socket whose connect() picks the
    interface ``routed`` (or fails), and a host name resolving to ``resolved``."""

    AF_INET, SOCK_DGRAM = 2, 2

    def __init__(self, routed=None, resolved=("127.0.1.1",), name="vm"):
        self.routed, self.resolved, self.name = routed, resolved, name
        self.sent: list[bytes] = []

    def socket(self, family, kind):
        fake = self

        class Socket:
            def connect(self, address):
                if fake.routed is None:
                    raise OSError(101, "Network is unreachable")
                self.address = address

            def getsockname(self):
                return (fake.routed, 40000)

            def send(self, data):  # never called: connect() alone must do
                fake.sent.append(data)

            def close(self):
                pass

        return Socket()

    def gethostname(self):
        return self.name

    def getaddrinfo(self, name, port, family):
        if self.resolved is None:
            raise OSError(-2, "Name or service not known")
        return [(family, 1, 6, "", (a, 0)) for a in self.resolved]


@pytest.mark.parametrize(
    "routed, resolved, expected",
    [
        ("192.0.2.2", ("127.0.1.1",), "192.0.2.2"),  # the stock Debian /etc/hosts
        ("192.168.1.20", ("127.0.0.1",), "192.168.1.20"),
        (None, ("127.0.1.1", "10.0.0.7"), "10.0.0.7"),  # no route: the name's addresses
        ("127.0.0.1", ("127.0.1.1",), None),  # loopback only: none, never the host name
        ("0.0.0.0", None, None),
        ("169.254.3.4", ("169.254.3.4",), None),  # link-local: a phone cannot use it
        (None, None, None),
    ],
)
def test_lan_address_is_the_routed_interface_never_loopback_nor_the_host_name(
    routed, resolved, expected
):
    from garou.web.network import lan_address

    sockets = FakeSockets(routed, resolved)
    assert lan_address(sockets) == expected
    assert sockets.sent == []


def test_serve_lan_says_plainly_when_no_address_is_found(garou, tmp_path, monkeypatch):
    pytest.importorskip("waitress")
    from garou.web import network

    monkeypatch.setattr(network, "lan_address", lambda: None)
    monkeypatch.setattr(network, "qr_text", lambda url: pytest.fail(f"a QR code of {url}"))

    class Server:
        effective_port = 8799

        def run(self):
            raise KeyboardInterrupt

        def close(self):
            pass

    import waitress.server

    monkeypatch.setattr(waitress.server, "create_server", lambda *a, **k: Server())
    run = garou("serve", "--lan", "--port", "8799", "--db", str(tmp_path / "g.sqlite"),
                "--lang", "en")  # fmt: skip
    assert run.exit_code == 0, run.stderr
    assert "cannot find this machine's address" in run.stdout
    assert "http://vm" not in run.stdout and ":8799/?key=" in run.stdout


# --- 12. a default the document states is the document's, cited where it says it --------

DOCUMENT_DEFAULTS = [
    # entry, the default option, the document's own words for it
    ("lg-setting-debate", "advised", "Cinq minutes suffisent au premier jour, trois ensuite"),
    ("lg-setting-captain", "with-captain", "Le village l’élit au premier jour"),
    ("mf-setting-speech", "normal", "Chaque prise de parole dure 60 secondes (25 en mode turbo)"),
    ("mf-setting-scoring", "max-mafia", "Les cartes ci-dessous privilégient Max Mafia Scoring"),
]


@pytest.mark.parametrize("entry_id, option, words", DOCUMENT_DEFAULTS)
def test_a_default_the_document_states_is_not_marked_as_garous_proposal(entry_id, option, words):
    from garou.rules import load_rules

    entry = load_rules().entry(entry_id)
    document = _document(entry.source.document)
    assert words in document
    assert entry.default is not None and entry.default.option == option
    assert not entry.default.addition


def test_the_debate_time_cites_the_section_that_states_it(garou):
    run = garou("show", "lg-setting-debate", "--lang", "en", "--json")
    assert run.exit_code == 0, run.stderr
    source = json.dumps(run.json(), ensure_ascii=False)
    assert "Les erreurs les plus fréquentes" in source
    document = _document("loup-garou.txt")
    section = document.split("Les erreurs les plus fréquentes", 1)[1].split("\n\n", 1)[0]
    assert "Cinq minutes suffisent au premier jour, trois ensuite" in section


# --- 11. a number the code enforces and the document does not give is garou's reading ----


def test_the_best_move_limit_is_the_datas_and_marked_as_garous_reading():
    from garou.rules import load_rules

    game = load_rules().game("mafia")
    most = game.deaths.best_move_most
    assert most is not None
    reading = game.reading_of("deaths.best_move_most")
    assert reading is not None  # garou's, shown as such wherever mf-farewell is
    assert str(most) in reading.text.fr and str(most) in reading.text.en
    farewell = _document("mafia.txt").split("Discours d’adieu", 1)[1][:400]
    assert "meilleur coup" in farewell and str(most) + " joueurs" not in farewell


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_best_move_refusal_says_it_is_garous_reading(garou, tmp_path, monkeypatch, lang):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    deal = ",".join([f"{n}=citoyen" for n in range(1, 7)] + ["7=sherif", "8=mafia", "9=mafia",
                                                             "10=don"])  # fmt: skip
    assert garou("game", "new", "--game", "mafia", "--names", MAFIA_NAMES, "--deal", deal,
                 "--lang", lang).exit_code == 0  # fmt: skip
    assert garou("game", "add", "day").exit_code == 0
    for seat in range(1, 11):
        assert garou("game", "add", "speech", f"player={seat}", "seconds=60").exit_code == 0
    assert garou("game", "add", "nominate", "by=1", "nominee=2").exit_code == 0
    assert garou("game", "add", "vote", "votes={}").exit_code == 0
    run = garou("game", "add", "farewell", "player=2", "best_move=[8, 9, 10, 3]", "--lang", lang)
    assert run.exit_code == 1
    assert {"fr": "lecture de garou", "en": "garou's reading"}[lang] in run.stderr


# --- 13. club standings: role names and numbers in the output language -------------------


FINISHED_ROLES = ["citoyen"] * 6 + ["don", "sherif", "mafia", "mafia"]
"""The cards of :func:`finished_mafia`'s players, in the order of their names."""


@pytest.fixture
def finished_mafia(garou, tmp_path):
    """A Mafia evening over on its first day (Ivy's opponent victory); its journal's path."""
    db = str(tmp_path / "games.sqlite")
    names = ["Ana", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"]
    deal = ",".join(f"{n}={r}" for n, r in zip(names, FINISHED_ROLES, strict=True))
    made = garou("game", "new", "--game", "mafia", "--names", ",".join(names), "--deal", deal,
                 "--db", db)  # fmt: skip
    assert made.exit_code == 0, made.stderr
    assert garou("game", "add", "day", "--db", db).exit_code == 0
    assert garou("game", "add", "opponent-victory", "player=Ivy", "--db", db).exit_code == 0
    return db


def test_club_standings_say_roles_and_numbers_in_the_output_language(garou, finished_mafia):
    from garou.rules import load_rules

    db = finished_mafia
    game = load_rules().game("mafia")
    for lang, other in (("fr", "en"), ("en", "fr")):
        run = garou("club", "standings", "--db", db, "--lang", lang)
        assert run.exit_code == 0, run.stderr
        for role in set(FINISHED_ROLES):
            name = game.role(role).name
            assert name.get(lang) in run.stdout
            if name.get(other) != name.get(lang):
                assert name.get(other) not in run.stdout
        assert ("1,35" in run.stdout) == (lang == "fr")
        assert ("1.35" in run.stdout) == (lang == "en")
        assert "sherif" not in run.stdout  # the data's id, unaccented


# --- 15. --json with -o FILE: the file is written and its path said, or the pair refused ---


@pytest.mark.parametrize("command", ["recap", "protocol"])
@pytest.mark.parametrize("name, fmt", [("out.html", "html"), ("out.md", "md")])
def test_json_with_an_output_file_writes_it_and_says_its_path(garou, tmp_path, finished_mafia,
                                                              command, name, fmt):  # fmt: skip
    out = tmp_path / name
    run = garou("game", command, "1", "-o", str(out), "--db", finished_mafia, "--json")
    assert run.exit_code == 0, run.stderr
    assert run.json() == {"path": str(out), "format": fmt, "pages": None}  # as garou print's
    assert out.exists() and out.stat().st_size > 0
    again = garou("game", command, "1", "-o", str(out), "--db", finished_mafia, "--json")
    assert again.exit_code == 1 and "error" in again.json()  # never over a file without --force


def test_json_without_an_output_file_is_still_the_commands_json(garou, finished_mafia):
    run = garou("game", "recap", "1", "--db", finished_mafia, "--json")
    assert run.exit_code == 0 and run.json()["id"] == 1


@pytest.mark.parametrize(
    "args",
    [["game", "export", "1"]],  # print cheatsheet has --json since review 2 (tests/test_fixd.py)
)
def test_a_command_whose_json_cannot_say_a_file_refuses_the_pair(garou, tmp_path, finished_mafia,
                                                                 args):  # fmt: skip
    out = tmp_path / "out.html"
    extra = ["--db", finished_mafia] if args[0] == "game" else []
    run = garou(*args, "-o", str(out), *extra, "--json")
    assert run.exit_code == 2 and not out.exists()
