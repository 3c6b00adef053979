"""The agreement file's text: YAML a person can read and edit, with comments.

The values are written through :func:`core.writer.dump_yaml` (safe quoting); the
comments and the layout are put around them here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from garou.core.catalogue import LANGUAGES, say
from garou.core.lists import shell_word
from garou.core.writer import dump_yaml
from garou.rules.model import Game

from .agreement import FORMAT, Agreement, Decision, Question, questions


def _word(key: str, lang: str, **values: str) -> str:
    return say(f"house.file-{key}", lang, None, **values)


def _line(text: str) -> str:
    return " ".join(text.split())


def _scalar(key: str, value: Any, indent: str = "") -> str:
    return indent + dump_yaml({key: value}).rstrip("\n")


def _block(key: str, value: Any) -> list[str]:
    return dump_yaml({key: value}).rstrip("\n").splitlines()


def _comments(question: Question | None, decision: Decision, lang: str) -> list[str]:
    lines = [f"# {_line(decision.question.get(lang))}"]
    if question is None:
        return lines
    lines.append(f"# {_word('options', lang)}")
    default = question.default
    for option in question.options:
        mark = ""
        if default is not None and default.option == option.id:
            who = _word("garou" if default.addition else "usual", lang)
            mark = f"  <- {_word('default', lang)} ({who})"
        lines.append(f"#   {option.id} = {_line(option.label.get(lang))}{mark}")
    return lines


def refuse_unkept_texts(agreement: Agreement) -> None:
    """Raise UsageError naming the first text of ``agreement`` its file could not hold, as
    reading it back would refuse it (:mod:`garou.core.names`: a table's name, a question
    or an answer of its own longer than a free text may be or holding a hidden character; a
    player's name breaking the rule of a name). ``garou house pick`` (``--table``, the
    answers typed) and the web's house form are refused before anything is written."""
    from garou.core.errors import UsageError
    from garou.core.names import name_problem, text_problem

    texts: list[tuple[str, str | None, Any]] = [("table", agreement.table, text_problem)]
    custom = [d for d in agreement.decisions if d.custom]
    for index, decision in enumerate(custom):
        where = f"custom[{index}]"
        texts.append((f"{where}.question", decision.question.fr, text_problem))
        texts += [
            (f"{where}.options[{i}]", option, text_problem)
            for i, option in enumerate(decision.choices)
        ]
        texts.append((f"{where}.answer", decision.option, text_problem))
    names = agreement.setup.names if agreement.setup is not None else ()
    texts += [(f"setup.names[{i}]", name, name_problem) for i, name in enumerate(names)]
    for where, text, rule in texts:
        said = rule(text) if isinstance(text, str) else None
        if said is not None:
            raise UsageError("core.text.field", field=where, problem=said)


def show_command(path: str | Path, rules_dir: str | Path | None = None) -> str:
    """Return the command that checks the agreement ``path``, ready to paste: ``garou house
    show PATH``, with ``--rules-dir DIR`` when the agreement was made with the rules folder
    ``rules_dir`` (``--rules-dir`` or ``$GAROU_RULES_DIR``, as the caller read it): a case of
    that folder is unknown without it. The one "check it with" of every face (the file's
    comment, ``house pick``, the web)."""
    command = f"garou house show {shell_word(str(path))}"
    folder = rules_dir or None
    if folder is not None:
        command += f" --rules-dir {shell_word(str(folder))}"
    return command


def render_agreement(
    agreement: Agreement,
    game: Game | None = None,
    lang: str = "fr",
    *,
    rules_dir: str | Path | None = None,
) -> str:
    """Return the YAML text of ``agreement``; with ``game``, comments list each case's
    options; the command that checks it names ``rules_dir`` (:func:`show_command`)."""
    lang = lang if lang in LANGUAGES else "fr"
    refuse_unkept_texts(agreement)
    name = Path(agreement.path).name if agreement.path else "accord.yaml"
    out = [
        f"# {_word('head', lang)}",
        f"# {_word('edit', lang)}",
        f"# {_word('check', lang, command=show_command(name, rules_dir))}",
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
        out += ["", f"# {_word('custom', lang)}"]
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
        out += ["", f"# {_word('setup', lang)}"]
        out += _block("setup", setup)
    return "\n".join(out) + "\n"
