"""Tests of ``garou/cli/browse.py``."""

from __future__ import annotations

import json

from tests.helpers import _document


def test_the_debate_time_cites_the_section_that_states_it(garou):
    run = garou("show", "lg-setting-debate", "--lang", "en", "--json")
    assert run.exit_code == 0, run.stderr
    source = json.dumps(run.json(), ensure_ascii=False)
    assert "Les erreurs les plus fréquentes" in source
    document = _document("loup-garou.txt")
    section = document.split("Les erreurs les plus fréquentes", 1)[1].split("\n\n", 1)[0]
    assert "Cinq minutes suffisent au premier jour, trois ensuite" in section
