"""Tests of ``garou/core/lists.py``."""

from __future__ import annotations

import pytest

from tests.helpers import ODD_NAMES


@pytest.mark.parametrize("name", ODD_NAMES)
def test_a_quoted_name_reads_back_whole_in_a_list_and_a_pair(name):
    from garou.core.lists import quote_name, quote_names, read_list, read_pair, read_pairs

    assert read_list(quote_names([name, "Zed"])) == [name, "Zed"]
    assert read_list(quote_names(["Zed", name], "; "), ",;") == ["Zed", name]
    assert read_pair(f"{quote_name(name)}={quote_name(name)}") == (name, name)
    assert read_pair(f"{quote_name(name)}:Zed", ":") == (name, "Zed")
    line = f"{quote_name(name)}=loup,Zed={quote_name(name)}"
    assert read_pairs(line, option="--deal", example="") == [(name, "loup"), ("Zed", name)]


def test_a_list_refuses_an_open_quote_a_pair_without_value_and_a_name_twice():
    from garou.core.errors import UsageError
    from garou.core.lists import read_list, read_pairs

    for bad in ('"Jean, fils', ""):
        if bad:
            with pytest.raises(UsageError):
                read_list(bad)
    for line in ("Ana=loup,Bob", "Ana=loup,ana=voyante", "=loup", '"Jean, fils"='):
        with pytest.raises(UsageError):
            read_pairs(line, option="--deal", example="--deal NAME=ROLE")


@pytest.mark.parametrize(
    "name",
    [b"a\xff b.yaml", b"it's $HOME.yaml", b"t\x1b[31mx\n.yaml",
     "café \u0085\u200b.yaml".encode(), "\U0001f600 \U000e0001.yaml".encode(), b"plain.yaml"],
)  # fmt: skip
def test_a_path_printed_in_a_command_pastes_back_to_the_same_file_name(name):
    import os
    import shutil
    import subprocess

    from garou.core.lists import shell_word

    word = shell_word(os.fsdecode(name))
    assert word == shell_word(name) and word.isprintable()
    bash = shutil.which("bash")
    if bash is None:  # pragma: no cover - every CI image has it
        pytest.skip("no bash")
    env = {**os.environ, "LC_ALL": "C.UTF-8"}
    typed = subprocess.run([bash, "-c", f"printf %s {word}"], capture_output=True, env=env)
    assert typed.stdout == name
