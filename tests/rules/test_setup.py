"""garou.rules.setup: the power-role threshold says garou's reading of Cupid."""

from __future__ import annotations

import pytest

from tests.helpers import lg_setup

WITH_CUPID = {"loup-garou": 2, "voyante": 1, "sorciere": 1, "chasseur": 1, "cupidon": 1,
              "villageois": 3}  # fmt: skip
NINE = ["Ana", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy"]


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "garou's reading: 1 Cupid card, garou's addition"),
     ("fr", "Lecture de garou : 1 carte Cupidon, ajout de garou")],
)  # fmt: skip
def test_check_says_cupid_counts_as_a_power_role_by_garous_reading(garou, tmp_path, lang, said):
    run = garou("check", str(lg_setup(tmp_path, WITH_CUPID, NINE)), "--json", "--lang", lang)
    checks = {c["id"]: c for c in run.json()["checks"]}
    message = checks["power-limit"]["message"].replace("\u00a0", " ")
    assert checks["power-limit"]["status"] == "fail" and said in message


def test_the_threshold_without_an_addition_says_no_reading(garou, tmp_path):
    roles = {"loup-garou": 2, "voyante": 1, "sorciere": 1, "villageois": 5}
    run = garou("check", str(lg_setup(tmp_path, roles, NINE)), "--json", "--lang", "en")
    checks = {c["id"]: c for c in run.json()["checks"]}
    assert "reading" not in checks["power-limit"]["message"]
