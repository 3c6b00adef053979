"""Tests of ``garou/cli/commands/serve.py``."""

from __future__ import annotations

import pytest

from tests.helpers import MAFIA_NAMES_TYPED as NAMES


def test_serve_lan_says_how_many_older_games_it_does_not_list(tmp_path, book, capsys, monkeypatch):
    from garou.cli.commands.serve import _print_started
    from garou.game import session
    from garou.game.journal import open_journal
    from garou.game.mafia import start_data
    from garou.web import WebConfig, network
    from garou.web.server import GAMES_SHOWN, started

    db = tmp_path / "many.sqlite"
    with open_journal(db) as journal:
        for _ in range(GAMES_SHOWN + 2):
            session.new_game(
                journal, book, start_data(book.game("mafia"), NAMES.split(","), seed=1)
            )
    monkeypatch.setattr(network, "lan_address", lambda: "10.0.0.2")
    where = started(WebConfig(lan=True, db=db), "0.0.0.0", 8765, "en")
    assert len(where.games) == GAMES_SHOWN and where.games_older == 2
    assert [g["id"] for g in where.games] == list(range(GAMES_SHOWN + 2, 2, -1))  # latest first
    assert where.table == f"http://10.0.0.2:8765/game/{GAMES_SHOWN + 2}/table"
    _print_started(where, "en", json_=False)
    out = capsys.readouterr().out
    assert out.count("/game/") >= GAMES_SHOWN and "and 2 older games" in out
    assert where.url is not None and where.url in out
    _print_started(where, "fr", json_=False)
    assert "et 2 parties plus anciennes" in capsys.readouterr().out


def test_serve_lan_without_a_reachable_address_gives_no_url_but_the_key(
    tmp_path, capsys, monkeypatch
):
    from garou.cli.commands.serve import _print_started
    from garou.web import WebConfig, network
    from garou.web.server import started

    monkeypatch.setattr(network, "lan_address", lambda: None)
    config = WebConfig(lan=True, db=tmp_path / "none.sqlite")
    where = started(config, "0.0.0.0", 8765, "en")
    assert where.url is None and where.games == () and where.key == config.keys.server_key
    _print_started(where, "en", json_=False)
    out = capsys.readouterr().out
    assert config.keys.server_key in out and "http://None" not in out


def test_serve_lan_on_a_damaged_journal_still_starts_and_says_why(tmp_path, capsys, monkeypatch):
    from garou.cli.commands.serve import _print_started
    from garou.web import WebConfig, network
    from garou.web.server import started

    damaged = tmp_path / "damaged.sqlite"
    damaged.write_bytes(b"not a database at all" * 100)
    monkeypatch.setattr(network, "lan_address", lambda: "10.0.0.2")
    where = started(WebConfig(lan=True, db=damaged), "0.0.0.0", 8765, "en")
    assert where.problem is not None and where.games == ()
    _print_started(where, "en", json_=False)
    captured = capsys.readouterr()
    assert where.url in captured.out and captured.err.strip()


@pytest.mark.parametrize("lan", [False, True])
def test_serve_json_prints_one_line_with_the_address_then_serves(tmp_path, lan):
    import json
    import os
    import signal
    import subprocess
    import sys
    import urllib.request
    from pathlib import Path

    pytest.importorskip("waitress")
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "GAROU_LANG": "en"}
    garou_bin = Path(sys.executable).with_name("garou")
    args = [str(garou_bin), "serve", "--port", "0", "--json", "--db", str(tmp_path / "j.sqlite")]
    process = subprocess.Popen(
        [*args, *(["--lan"] if lan else [])],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert process.stdout is not None
        line = json.loads(process.stdout.readline())
        assert line["lan"] is lan and line["port"] > 0
        assert line["listening"].endswith(f":{line['port']}/")
        assert (line["key"] is not None) is lan
        local = f"http://127.0.0.1:{line['port']}/"
        if lan:
            local += f"?key={line['key']}"
            assert line["url"] is None or line["url"].endswith(
                f":{line['port']}/?key={line['key']}"
            )
        else:
            assert line["url"] == local
        # The key comes once in the address, then is kept in a cookie (web/security.py).
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        with opener.open(local, timeout=20) as page:
            assert page.status == 200
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=20)
    assert process.returncode == 0, err
    assert out == "", out  # one line, then nothing: no QR code, no notices on stdout


def test_serve_errors_are_json_with_json(garou):
    import socket

    pytest.importorskip("waitress")
    bad = garou("serve", "--port", "70000", "--json")
    assert bad.exit_code == 2 and bad.json()["error"]["exit_code"] == 2
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        busy = garou("serve", "--port", str(port), "--json", "--lang", "en")
    assert busy.exit_code == 1 and str(port) in busy.json()["error"]["message"]
