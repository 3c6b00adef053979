"""The agreement file's text: YAML a person can read and edit, with comments.

The values are written through :func:`rules.writer.dump_yaml` (safe quoting); the
comments and the layout are put around them here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from garou.rules.model import Game
from garou.rules.writer import dump_yaml

from .agreement import FORMAT, Agreement, Decision, Question, questions

_WORDS = {
    "fr": {
        "head": "Accord de table garou : les cas tranchés avant de distribuer les cartes.",
        "edit": "Modifiable à la main : remplacez un choix par l'un des ids listés au-dessus,",
        "check": "puis vérifiez avec : garou house show {path}",
        "options": "choix",
        "default": "par défaut",
        "usual": "l'usage selon le document",
        "garou": "proposé par garou",
        "custom": (
            "Les questions propres à la table : question, options, answer (l'une des options)."
        ),
        "setup": "Joueurs et cartes convenus (roles : id de rôle -> nombre de cartes).",
    },
    "en": {
        "head": "garou table agreement: the cases settled before dealing the cards.",
        "edit": "Edit by hand: replace a choice with one of the ids listed above it,",
        "check": "then check with: garou house show {path}",
        "options": "options",
        "default": "default",
        "usual": "usual per the document",
        "garou": "proposed by garou",
        "custom": "The table's own questions: question, options, answer (one of the options).",
        "setup": "Agreed players and cards (roles: role id -> number of cards).",
    },
}


def _line(text: str) -> str:
    return " ".join(text.split())


def _scalar(key: str, value: Any, indent: str = "") -> str:
    return indent + dump_yaml({key: value}).rstrip("\n")


def _block(key: str, value: Any) -> list[str]:
    return dump_yaml({key: value}).rstrip("\n").splitlines()


def _comments(question: Question | None, decision: Decision, lang: str) -> list[str]:
    words = _WORDS[lang]
    lines = [f"# {_line(decision.question.get(lang))}"]
    if question is None:
        return lines
    lines.append(f"# {words['options']}:")
    default = question.default
    for option in question.options:
        mark = ""
        if default is not None and default.option == option.id:
            who = words["garou"] if default.addition else words["usual"]
            mark = f"  <- {words['default']} ({who})"
        lines.append(f"#   {option.id} = {_line(option.label.get(lang))}{mark}")
    return lines


def render_agreement(agreement: Agreement, game: Game | None = None, lang: str = "fr") -> str:
    """Return the YAML text of ``agreement``; with ``game``, comments list each case's options."""
    lang = lang if lang in _WORDS else "fr"
    words = _WORDS[lang]
    name = Path(agreement.path).name if agreement.path else "accord.yaml"
    out = [
        f"# {words['head']}",
        f"# {words['edit']}",
        f"# {words['check'].format(path=name)}",
        _scalar("format", FORMAT),
        _scalar("game", agreement.game),
    ]
    if agreement.table is not None:
        out.append(_scalar("table", agreement.table))
    if agreement.date is not None:
        out.append(_scalar("date", agreement.date))
    by_id = {q.id: q for q in questions(game)} if game is not None else {}
    out += ["", "decisions:"]
    for decision in agreement.decisions:
        if decision.custom:
            continue
        out += ["  " + c for c in _comments(by_id.get(decision.case), decision, lang)]
        out.append(_scalar(decision.case, decision.option, "  "))
    custom = [d for d in agreement.decisions if d.custom]
    if custom:
        out += ["", f"# {words['custom']}"]
        out += _block(
            "custom",
            [
                {"question": d.question.fr, "options": list(d.choices), "answer": d.option}
                for d in custom
            ],
        )
    if agreement.setup is not None:
        setup: dict[str, Any] = {
            "players": agreement.setup.players,
            "roles": dict(agreement.setup.roles),
        }
        if agreement.setup.names:
            setup["names"] = list(agreement.setup.names)
        out += ["", f"# {words['setup']}"]
        out += _block("setup", setup)
    return "\n".join(out) + "\n"
