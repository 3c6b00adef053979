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
