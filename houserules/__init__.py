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
    TableSetup,
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
from .compare import Difference, DifferentGamesError, diff_agreements
from .export import agreement_to_dict, difference_to_dict, question_to_dict
from .setup import SETUP_CHECKED, SetupError, make_setup, parse_roles
from .sheet import render_agreement

__all__ = [
    "CUSTOM_PREFIX",
    "FORMAT",
    "SETUP_CHECKED",
    "Agreement",
    "AgreementExistsError",
    "AgreementWriteError",
    "Decision",
    "DifferentGamesError",
    "Difference",
    "Question",
    "SetupError",
    "TableSetup",
    "agreed",
    "agreement_to_dict",
    "build_agreement",
    "custom_decision",
    "decide",
    "diff_agreements",
    "difference_to_dict",
    "find_option",
    "find_question",
    "iso_date",
    "load_agreement",
    "make_setup",
    "question_to_dict",
    "parse_roles",
    "questions",
    "render_agreement",
    "save_agreement",
    "with_path",
    "writable_path",
]
