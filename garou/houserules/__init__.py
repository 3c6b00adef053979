"""House rules: the contested cases and settings a table decides before dealing, and the
agreement file that records them."""

from .agreement import (
    CUSTOM_PREFIX,
    FORMAT,
    Agreement,
    AgreementExistsError,
    AgreementWriteError,
    Decision,
    Question,
    agreed,
    build_agreement,
    custom_decision,
    decide,
    find_option,
    find_question,
    iso_date,
    load_agreement,
    questions,
    save_agreement,
    with_path,
    writable_path,
)
from .compare import (
    Difference,
    DifferentGamesError,
    SetupDifference,
    diff_agreements,
    diff_setups,
)
from .deal import make_setup, same_name
from .export import (
    agreement_to_dict,
    difference_to_dict,
    question_to_dict,
    setup_difference_to_dict,
)
from .sheet import render_agreement

__all__ = [
    "CUSTOM_PREFIX",
    "FORMAT",
    "Agreement",
    "AgreementExistsError",
    "AgreementWriteError",
    "Decision",
    "DifferentGamesError",
    "Difference",
    "Question",
    "agreed",
    "agreement_to_dict",
    "build_agreement",
    "custom_decision",
    "decide",
    "SetupDifference",
    "diff_agreements",
    "diff_setups",
    "setup_difference_to_dict",
    "difference_to_dict",
    "find_option",
    "find_question",
    "iso_date",
    "load_agreement",
    "make_setup",
    "question_to_dict",
    "same_name",
    "questions",
    "render_agreement",
    "save_agreement",
    "with_path",
    "writable_path",
]
