"""Plain dictionaries of questions, agreements and differences, for JSON output."""

from __future__ import annotations

from typing import Any

from .agreement import Agreement, Decision, Question
from .compare import Difference, SetupDifference


def question_to_dict(question: Question, lang: str) -> dict[str, Any]:
    """Return ``question`` with its options and default, in ``lang``."""
    default = question.default
    return {
        "case": question.id,
        "short": question.short,
        "kind": question.kind,
        "question": question.title.get(lang),
        "text": question.text.get(lang),
        "options": [
            {
                "id": o.id,
                "label": o.label.get(lang),
                "text": o.text.get(lang) if o.text else None,
                "addition": o.addition,
                "default": default is not None and default.option == o.id,
            }
            for o in question.options
        ],
        "default": None
        if default is None
        else {
            "option": default.option,
            "reason": default.reason.get(lang),
            "addition": default.addition,
            "by": "garou" if default.addition else "document",
        },
    }


def decision_to_dict(decision: Decision, lang: str) -> dict[str, Any]:
    """Return ``decision`` in ``lang``."""
    data: dict[str, Any] = {
        "case": decision.case,
        "question": decision.question.get(lang),
        "option": decision.option,
        "answer": decision.answer.get(lang),
        "default": decision.default,
        "custom": decision.custom,
    }
    if decision.custom:
        data["options"] = list(decision.choices)
    return data


def agreement_to_dict(agreement: Agreement, lang: str) -> dict[str, Any]:
    """Return ``agreement`` as a dictionary in ``lang``."""
    setup = agreement.setup
    return {
        "game": agreement.game,
        "table": agreement.table,
        "date": agreement.date,
        "path": agreement.path,
        "decisions": [decision_to_dict(d, lang) for d in agreement.decisions],
        "setup": None
        if setup is None
        else {"players": setup.players, "roles": dict(setup.roles), "names": list(setup.names)},
    }


def difference_to_dict(difference: Difference, lang: str) -> dict[str, Any]:
    """Return ``difference`` in ``lang``; a side that does not ask the question is None."""

    def side(decision: Decision | None) -> dict[str, Any] | None:
        if decision is None:
            return None
        return {"option": decision.option, "answer": decision.answer.get(lang)}

    return {
        "case": difference.case,
        "question": difference.question.get(lang),
        "left": side(difference.left),
        "right": side(difference.right),
    }


def setup_difference_to_dict(difference: SetupDifference) -> dict[str, Any]:
    """Return ``difference`` as JSON: the part, and each side's value (None when unset)."""

    def side(value: object) -> Any:
        return list(value) if isinstance(value, tuple) else value

    return {"part": difference.part, "left": side(difference.left), "right": side(difference.right)}
