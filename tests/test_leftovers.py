"""The live game's and the CLI's leftovers of the third hostile review: a prompt that names
a player a command typed at it just removed, the table's decision said once, the agreement
sheet's absolute majority, the recap's label lines, the stale drafts of the lift vote and
of the Loup-Garou show of hands, the catalogue keys no code uses."""

from __future__ import annotations

import re

import pytest

from . import helpers
from .test_mafia_review3 import BELOW_HALF, Table

# --- 1: a prompt never names a player a command typed at it just removed ------------------


def _play(garou, t: Table, lines: list[str], lang: str = "en") -> str:
    db = str(t.journal.path)
    run = garou("game", "play", "--db", db, "--no-countdown", "--lang", lang,
                input="\n".join([*lines, "q"]) + "\n")  # fmt: skip
    assert run.exit_code == 0, run.stderr
    return run.stdout.replace("\n", " ")


def _after(shown: str, said: str) -> str:
    """What the screen shows after the sentence ``said`` (the command's, recorded)."""
    assert said in shown, shown
    return shown.split(said, 1)[1]


def _next_prompt(shown: str) -> str:
    """The first question asked in ``shown`` (up to its question mark or its options)."""
    found = re.search(r"(\S+'s speech|Who [^?]*\?|Which [^?]*\?|[^.]*\(yes or no[^)]*\))", shown)
    assert found, shown
    return found.group(0)


SANCTIONS = {
    "dq": lambda name: [f"dq {name} threats"],
    "second technical foul": lambda name: [f"tech {name} insult"] * 2,
    "third foul": lambda name: [f"foul {name}"] * 3,  # the speech lost, not the seat
    "french dq": lambda name: [f"exclure {name} menaces"],
}


@pytest.mark.parametrize("how", list(SANCTIONS))
def test_a_speaker_removed_at_their_speech_prompt_gives_no_speech(garou, book, tmp_path, how):
    t = Table(book, tmp_path)
    t.add("day")
    speaker = t.status()["speaker"]
    shown = _play(garou, t, [*SANCTIONS[how](speaker), ""])
    state = t.state()
    assert state.player(speaker).alive == (how == "third foul")
    # the next prompt names the next living speaker, and their speech is the one recorded
    nxt = t.status()["speaker"]
    spoken = [e.data.get("player") for e in t.journal.events(t.id) if e.kind == "speech"]
    assert speaker not in spoken and len(spoken) == 1 and spoken[0] != speaker
    assert spoken[0] != nxt
    last = max(e.seq for e in t.journal.events(t.id) if e.kind != "speech")
    said = [ln.text.say("en") for ln in state.story if ln.seq == last][-1]
    rest = _after(shown, said)
    assert f"{speaker}'s speech" not in rest
    assert _next_prompt(rest) == f"{spoken[0]}'s speech"


def test_a_nominee_removed_at_the_vote_prompt_is_no_longer_voted_on(garou, book, tmp_path):
    t = Table(book, tmp_path)
    t.add("day")
    t.speeches()
    for by, nominee in (("Ana", "Bob"), ("Cid", "Hal"), ("Eve", "Fay")):
        t.add("nominate", by=by, nominee=nominee)
    t.add("close-nominations")
    shown = _play(garou, t, ["dq Bob threats"])
    rest = _after(shown, "leaves the game")
    prompt = _next_prompt(rest)
    assert "Bob" not in prompt and prompt.startswith("Who votes")
    options = rest.split(prompt, 1)[1].split(")", 1)[0]
    assert "Bob" not in options


def test_a_voter_removed_at_the_vote_prompt_is_no_longer_offered(garou, book, tmp_path):
    t = Table(book, tmp_path)
    t.add("day")
    t.speeches()
    for by, nominee in (("Ana", "Bob"), ("Cid", "Hal")):
        t.add("nominate", by=by, nominee=nominee)
    t.add("close-nominations")
    shown = _play(garou, t, ["dq Jon threats"])
    rest = _after(shown, "leaves the game")
    options = rest.split(_next_prompt(rest), 1)[1].split(")", 1)[0]
    assert "Jon" not in options and "Ana" in options


def test_a_player_removed_at_the_farewell_is_not_offered_the_crown(garou, book, tmp_path):
    t = Table(book, tmp_path)
    t.add("day")
    t.speeches()
    t.add("nominate", by="Bob", nominee="Ana")
    t.add("vote", votes={})
    assert t.status()["farewell_due"] == ["Ana"]
    shown = _play(garou, t, ["Bob", "Bob, Hal", "dq Cid threats"])
    rest = _after(shown, "leaves the game")
    assert "farewell" in rest
    crown = re.search(r"Crown left to a living player \(Enter: none\) \(([^)]*)\)", rest)
    assert crown and "Cid" not in crown.group(1) and "Jon" in crown.group(1), rest


def _to_lift(t: Table) -> None:
    """Bob and Hal tied twice: the lift vote."""
    t.add("day")
    t.speeches()
    t.add("nominate", by="Ana", nominee="Bob")
    t.add("nominate", by="Cid", nominee="Hal")
    half = {n: "Bob" for n in ("Ana", "Cid", "Dan", "Eve", "Fay")}
    t.add("vote", votes=half)
    t.speeches()
    t.add("vote", votes=half)
    assert t.state().vote_round == "lift"


def test_a_tied_player_removed_at_the_lift_prompt_leaves_the_lift(garou, book, tmp_path):
    t = Table(book, tmp_path)
    _to_lift(t)
    shown = _play(garou, t, ["dq Bob threats"])
    rest = _after(shown, "leaves the game")
    assert all("Bob" not in pool for pool in re.findall(r"Lift vote on ([^:]*):", rest)), rest
    assert "Bob" not in re.search(r"\? \(([^)]*)\)", rest).group(1) if "?" in rest else True


def test_the_game_over_at_a_prompt_asks_nothing_more(garou, book, tmp_path):
    t = Table(book, tmp_path)
    t.add("day")
    shown = _play(garou, t, ["ov Jon"])
    rest = _after(shown, "Jon")
    assert "'s speech" not in rest
    assert t.state().phase == "over"


# --- 2: the table decides, said once ------------------------------------------------------


ABSOLUTE = {"mf-contested-majority": "absolute-majority"}
FOLLOWS = {"fr": ("la table décide", "à la table de trancher"), "en": ("the table decides",)}
"""The words that say what follows a vote nobody won by more than half (in lower case)."""


def _below_half(t: Table) -> None:
    t.add("day")
    t.speeches()
    for by, nominee in (("Ana", "Bob"), ("Cid", "Hal"), ("Eve", "Fay")):
        t.add("nominate", by=by, nominee=nominee)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_vote_nobody_wins_says_once_that_the_table_decides(garou, book, tmp_path, lang):
    t = Table(book, tmp_path, agreement=ABSOLUTE)
    _below_half(t)
    t.add("vote", votes=BELOW_HALF)
    seq = t.journal.events(t.id)[-1].seq
    from garou.game import session

    state = session.load(t.journal, book, t.id, lang).state  # the count said in ``lang``
    lines = [ln.text.say(lang) for ln in state.story if ln.seq == seq]
    # what follows is the table's, said in one line of the vote (the count's) and nowhere else
    said = [sum(w in line.lower() for w in FOLLOWS[lang]) for line in lines]
    assert sum(said) == 1, lines
    db = str(t.journal.path)
    run = garou("game", "play", "--db", db, "--no-countdown", "--lang", lang, input="q\n")
    shown = run.stdout.replace("\n", " ").lower()
    assert not any(w in shown for w in FOLLOWS[lang])  # the prompt asks, it does not tell


# --- 5: the lift vote's and the show of hands' drafts checked against what came since -----


def test_the_lift_vote_takes_the_phones_ballots_checked_against_what_came_since(
    garou, book, tmp_path
):
    from garou.game.mafia_script import DRAFT, draft_data, lift_ballots

    t = Table(book, tmp_path)
    _to_lift(t)
    state = t.state()
    t.journal.save_draft(t.id, DRAFT, draft_data(state, lift_ballots(state, ["Ana", "Jon"])))
    t.add("foul", player="Cid")
    t.add("disqualify", player="Jon", behaviour="threats")
    shown = _play(garou, t, [""])  # Enter: the ballots kept
    assert "Recorded since these ballots were typed" in shown
    assert "Jon's ballot (against yes) is dropped" in shown
    lift = [e for e in t.journal.events(t.id) if e.kind == "vote"][-1].data["votes"]
    assert "Jon" not in lift and lift["Ana"] == "yes"
    assert sum(v == "yes" for v in lift.values()) == 1


LG_SETUP = {
    "game": "loup-garou",
    "players": 6,
    "roles": {"loup-garou": 2, "voyante": 1, "villageois": 3},
    "names": ["Ana", "Bob", "Cid", "Dee", "Eve", "Fay"],
}


def _lg_day(garou, tmp_path):
    """A Loup-Garou game at its first day's vote (Cid killed in the night)."""
    import yaml

    setup = tmp_path / "t6.yaml"
    setup.write_text(yaml.safe_dump(LG_SETUP))
    db = str(tmp_path / "lg.sqlite")
    new = garou("game", "new", "--setup", str(setup), "--deal",
                "Ana=voyante,Bob=loup-garou,Eve=loup-garou", "--db", db)  # fmt: skip
    assert new.exit_code == 0, new.stderr
    add = lambda *a: garou("game", "add", *a, "--db", db, "--lang", "en")  # noqa: E731
    night = (("look", "target=Bob"), ("kill", "victim=Cid"), ("dawn",))
    for args in (*night, ("election", "captain=Ana")):
        done = add(*args)
        assert done.exit_code == 0, done.stderr
    return db


def test_the_show_of_hands_draft_is_checked_against_what_came_since(garou, tmp_path):
    from garou.game.journal import open_journal
    from garou.game.script import BALLOT_DRAFT

    db = _lg_day(garou, tmp_path)
    journal = open_journal(db)
    game_id = journal.games()[-1].id
    kill = next(e.seq for e in journal.events(game_id) if e.kind == "kill")
    draft = {"day": 1, "round": "first", "votes": {"Ana": "Dee", "Bob": "Dee", "Dee": "Ana"},
             "asked": ["Ana", "Bob", "Dee", "Eve"],
             "voters": ["Ana", "Bob", "Dee", "Eve", "Fay"]}  # fmt: skip
    journal.save_draft(game_id, BALLOT_DRAFT, draft)
    # recorded since, elsewhere: the night's victim was Dee, not Cid
    fixed = garou("game", "correct", str(kill), "kill", "victim=Dee", "--why", "misheard",
                  "--db", db, "--lang", "en")  # fmt: skip
    assert fixed.exit_code == 0, fixed.stderr
    run = garou("game", "play", "--db", db, "--no-countdown", "--lang", "en",
                input="Bob\nBob\nBob\nBob\nq\n")  # fmt: skip
    shown = run.stdout.replace("\n", " ")
    assert (
        f"Recorded since these ballots were typed: a correction of event {kill} (misheard)" in shown
    )
    assert "Dee's ballot (against Ana) is dropped: Dee is out of the game" in shown
    assert "Ana's ballot against Dee is dropped: Dee is no longer on the vote" in shown
    # Eve raised no hand and stays asked; Ana and Bob vote again, Cid (alive now) votes
    prompts = re.findall(r"(\w+) votes against \(", shown)
    assert prompts[:3] == ["Ana", "Bob", "Cid"], shown
    votes = [e for e in journal.events(game_id) if e.kind == "vote"][-1].data["votes"]
    assert "Dee" not in votes and set(votes.values()) == {"Bob"}


def test_the_show_of_hands_of_another_vote_is_abandoned_said(garou, tmp_path):
    from garou.game import session
    from garou.game.journal import open_journal
    from garou.game.script import BALLOT_DRAFT
    from garou.rules import load_rules

    db = _lg_day(garou, tmp_path)
    journal = open_journal(db)
    game_id = journal.games()[-1].id
    other = {"day": 1, "round": "revote", "votes": {"Ana": "Bob"}, "asked": ["Ana"]}
    journal.save_draft(game_id, BALLOT_DRAFT, other)
    ballots = session.lg_ballots(journal, load_rules(), game_id, "en")
    assert ballots.votes == {} and ballots.asked == ()
    told = [p.say("en") for p in ballots.told]
    assert told[-1].startswith("The ballot typed for a vote already held")


# --- 4: every label line of the recap is said whole, its value's article in lower case ----

GAMES = sorted((__import__("pathlib").Path(__file__).parent / "data" / "games").glob("*.yaml"))
ARTICLE_AFTER_LABEL = {
    "fr": re.compile(r"\S\s?[:;]\s(Le|La|Les|L['’])[\s\w]"),
    "en": re.compile(r"\S[:;]\s(The)\s"),
}
"""A capitalised article after a label's colon, mid-line: a value glued outside ``say``."""


def _text(page: str) -> list[str]:
    import html

    return [html.unescape(re.sub(r"<[^>]+>", "", line)) for line in page.splitlines()]


@pytest.mark.parametrize("record", GAMES, ids=lambda p: p.stem)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_no_recap_label_line_keeps_its_value_s_capital_article(garou, tmp_path, record, lang):
    db = str(tmp_path / "g.sqlite")
    assert garou("game", "import", str(record), "--db", db).exit_code == 0
    shown = {}
    for fmt in ("terminal", "md", "html"):
        args = [] if fmt == "terminal" else ["--format", fmt, "-o", "-"]
        run = garou("game", "recap", *args, "--db", db, "--lang", lang)
        assert run.exit_code == 0, run.stderr
        shown[fmt] = _text(run.stdout)
    winner = garou("game", "recap", "--db", db, "--json", "--lang", lang).json()["winner"]
    for fmt, lines in shown.items():
        wrong = [ln for ln in lines if ARTICLE_AFTER_LABEL[lang].search(ln)]
        assert not wrong, (fmt, wrong)
        if winner:  # the winner's line is there, in every format, the camp's name said
            article = re.match(r"(Le|La|Les|L'|The) ", winner)
            mid = winner[0].lower() + winner[1:] if article else winner
            assert any(mid in ln for ln in lines), (fmt, winner)


# --- 3: the agreement sheet says what the absolute majority leaves to the table -----------


def _agreement(garou, tmp_path, option: str):
    path = tmp_path / f"{option}.yaml"
    made = garou("house", "pick", "-g", "mafia", "--defaults", "--set",
                 f"mf-contested-majority={option}", "-o", str(path))  # fmt: skip
    assert made.exit_code == 0, made.stderr
    return path


@helpers.needs_pdf()
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_agreement_sheet_says_what_the_table_decides_below_half(garou, book, tmp_path, lang):
    import html

    from garou.core.catalogue import say

    from .test_printables import count_pages

    option = next(
        o for o in book.game("mafia").entry("mf-contested-majority").options
        if o.id == "absolute-majority"
    )  # fmt: skip
    assert option.during is not None and option.addition  # garou's, marked as such
    during = option.during.get(lang)
    # the sheet's words are the judge's: the decisions garou asks for during the game
    for word in ("nobody", "again"):
        assert say(f"fixf.play.word.{word}", lang) in during
    agreed = _agreement(garou, tmp_path, "absolute-majority")
    mark = say("sheet.addition-mark", lang)
    for fmt in ("html", "md"):
        run = garou("print", "agreement", str(agreed), "--format", fmt, "-o", "-", "--lang", lang)
        assert run.exit_code == 0, run.stderr
        text = html.unescape(re.sub(r"<[^>]+>", "", run.stdout)).replace("\\", "")
        assert " ".join(during.split()) + mark in " ".join(text.split()), fmt
    pdf = tmp_path / f"a-{lang}.pdf"
    run = garou("print", "agreement", str(agreed), "-o", str(pdf), "--lang", lang)
    assert run.exit_code == 0, run.stderr
    assert count_pages(pdf.read_bytes()) == 1
    plurality = _agreement(garou, tmp_path, "most-votes")
    run = garou("print", "agreement", str(plurality), "--format", "md", "-o", "-", "--lang", lang)
    assert during.split()[0] + " " + during.split()[1] not in run.stdout


# --- 6: every catalogue key is used by some code ---------------------------------------

CODE_DIRS = ("garou",)
"""The folders of the code that says the catalogue's messages (the tests are no use)."""
ANY = r"\S+"
"""What a part of a key built at run time that cannot be followed may be."""
LITERAL = re.compile(r"""["']([a-z][\w-]*(?:\.[\w-]+)+)["']""")
"""A quoted dotted word: a key used literally (say("a.b"), raise X("a.b"), a table's value)."""
TEMPLATE_PREFIX = re.compile(r"""['"]([a-z][\w.-]*[.-])['"]\s*[~+]""")
"""A Jinja key built from a prefix: t('judge.lift.' ~ value)."""
ALLOWED: dict[str, str] = {
    "fixc.announce.shot": "unused since the read-aloud text stopped saying the hunter's shot; "
    "in a file named for a round of work, which the lead is renaming: to drop then",
    "fixe.story.late": "replaced by game.story.late.m/f/p (the role's gender); in a file "
    "named for a round of work, which the lead is renaming: to drop then",
}
"""Keys no mechanism here can see used, each with why."""


class _Module:
    """One Python file's syntax tree, with each node's parent."""

    def __init__(self, path):
        import ast

        self.tree = ast.parse(path.read_text(encoding="utf-8"))
        self.parent = {}
        for node in ast.walk(self.tree):
            for child in ast.iter_child_nodes(node):
                self.parent[child] = node


def _strings(node, module, modules, depth=0):
    """The strings ``node`` may be, as regular expressions (a literal escaped, an f-string
    its pattern), or None when it cannot be followed."""
    import ast

    if depth > 4:
        return None
    if isinstance(node, ast.Constant):
        return {re.escape(node.value)} if isinstance(node.value, str) else None
    if isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add)
    ):
        return {_pattern(_parts(node), module, modules, depth + 1)}
    if isinstance(node, ast.IfExp):
        a, b = (_strings(n, module, modules, depth + 1) for n in (node.body, node.orelse))
        return None if a is None or b is None else a | b
    if isinstance(node, ast.BoolOp):
        found = [_strings(n, module, modules, depth + 1) for n in node.values]
        return None if None in found else set().union(*found)
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        found = [_strings(n, module, modules, depth + 1) for n in node.elts]
        return None if None in found else set().union(*found)
    if isinstance(node, ast.Dict):  # iterated: its keys
        found = [_strings(n, module, modules, depth + 1) for n in node.keys if n is not None]
        return None if None in found else set().union(*found)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        if node.func.attr == "get" and isinstance(node.func.value, ast.Dict):
            found = [_strings(n, module, modules, depth + 1) for n in node.func.value.values]
            found += [_strings(n, module, modules, depth + 1) for n in node.args[1:]]
            return None if None in found else set().union(*found)
        if node.func.attr in ("removesuffix", "removeprefix", "strip", "lower"):
            return None
    if isinstance(node, ast.Name):
        return _name_strings(node, module, modules, depth)
    return None


def _name_strings(node, module, modules, depth):
    """The strings the name ``node`` may hold where it is read: the loop or comprehension
    it is the variable of, its assignments in the function (or the module), or the literal
    arguments of the calls of the function it is a parameter of."""
    import ast

    scope = module.parent.get(node)
    while scope is not None:
        generators = getattr(scope, "generators", None)
        if generators:
            for gen in generators:
                if isinstance(gen.target, ast.Name) and gen.target.id == node.id:
                    return _strings(gen.iter, module, modules, depth + 1)
        target = getattr(scope, "target", None) if isinstance(scope, ast.For) else None
        if isinstance(target, ast.Name) and target.id == node.id:  # the loop's variable
            return _strings(scope.iter, module, modules, depth + 1)
        if isinstance(scope, ast.FunctionDef | ast.Module):
            break
        scope = module.parent.get(scope)
    if scope is None:
        return None
    found: set[str] = set()
    seen = False
    body = ast.walk(scope) if isinstance(scope, ast.FunctionDef) else iter(scope.body)
    for other in body:
        values = None
        if isinstance(other, ast.Assign | ast.AnnAssign):
            targets = other.targets if isinstance(other, ast.Assign) else [other.target]
            if any(isinstance(t, ast.Name) and t.id == node.id for t in targets):
                values = other.value
        if values is None:
            continue
        seen = True
        got = _strings(values, module, modules, depth + 1)
        if got is None:
            return None
        found |= got
    if seen:
        return found
    if isinstance(scope, ast.FunctionDef):
        params = [a.arg for a in (*scope.args.posonlyargs, *scope.args.args)]
        if node.id in params:
            owner = module.parent.get(scope)
            cls = owner.name if isinstance(owner, ast.ClassDef) else None
            return _argument_strings(scope.name, cls, params.index(node.id), node.id, modules,
                                     depth)  # fmt: skip
        scope = module.tree  # a module's name read in a function (a constant)
        for other in scope.body:
            if isinstance(other, ast.Assign | ast.AnnAssign):
                targets = other.targets if isinstance(other, ast.Assign) else [other.target]
                if any(isinstance(t, ast.Name) and t.id == node.id for t in targets):
                    return _strings(other.value, module, modules, depth + 1)
    return None


def _calls(modules):
    """Every call of the code, by the name called: (module, call, how: "name"/"attr")."""
    import ast

    found: dict[str, list] = {}
    for module in modules:
        instances = {}  # a name bound to a class's instance: its calls are __call__'s
        for node in ast.walk(module.tree):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
                func = node.value.func
                if isinstance(func, ast.Name):
                    for target in node.targets:
                        if isinstance(target, ast.Name):
                            instances[target.id] = func.id
        for call in ast.walk(module.tree):
            if not isinstance(call, ast.Call):
                continue
            func = call.func
            if isinstance(func, ast.Call) and isinstance(func.func, ast.Name):
                key = f"{func.func.id}.__call__"  # Words(lang)("key"): the instance called
                found.setdefault(key, []).append((module, call, 1))
            elif isinstance(func, ast.Name):
                found.setdefault(func.id, []).append((module, call, 0))
                if func.id in instances:
                    key = f"{instances[func.id]}.__call__"
                    found.setdefault(key, []).append((module, call, 1))
            elif isinstance(func, ast.Attribute):
                found.setdefault(func.attr, []).append((module, call, 1))
    return found


def _argument_strings(function, cls, index, name, modules, depth):
    """The literal values every call of ``function`` (a method of ``cls``) gives its
    parameter ``index`` (``name``), or None when one of them cannot be followed."""
    # Keyed by the list's id, the list kept with its calls: a list freed by an earlier test
    # could leave its id to this one, and its calls would be read for this one's.
    kept = _CALLS.get(id(modules))
    if kept is None or kept[0] is not modules:
        kept = _CALLS[id(modules)] = (modules, _calls(modules))
    calls = kept[1]
    wanted = f"{cls}.__call__" if function == "__call__" else function
    found: set[str] = set()
    given = 0
    for module, call, shift in calls.get(wanted, []):
        arg = next((k.value for k in call.keywords if k.arg == name), None)
        position = index - shift if cls is not None else index
        if arg is None and 0 <= position < len(call.args):
            arg = call.args[position]
        if arg is None:
            continue
        given += 1
        got = _strings(arg, module, modules, depth + 1)
        if got is None:
            return None
        found |= got
    return found if given else None


_CALLS: dict[int, tuple[list, dict]] = {}


def _parts(node):
    """The parts of an f-string or of a sum of strings, in order."""
    import ast

    if isinstance(node, ast.JoinedStr):
        return [v.value if isinstance(v, ast.FormattedValue) else v for v in node.values]
    stack, parts = [node], []
    while stack:
        top = stack.pop()
        if isinstance(top, ast.BinOp) and isinstance(top.op, ast.Add):
            stack += [top.right, top.left]
        else:
            parts.append(top)
    return parts


def _pattern(parts, module, modules, depth=0):
    """The regular expression of the strings the ``parts`` joined may be."""
    regex = ""
    for part in parts:
        got = _strings(part, module, modules, depth)
        regex += ANY if not got else "(?:" + "|".join(sorted(got)) + ")"
    return regex


def _key_patterns(path, module, modules):
    """The keys ``path``'s f-strings and concatenations build, as regular expressions: a
    part that is a name is followed to the strings it may hold (a loop over words, a
    constant, an argument given literally by every call), else it may be anything."""
    import ast

    patterns = set()
    for node in ast.walk(module.tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            if isinstance(module.parent.get(node), ast.BinOp):
                continue  # the outermost sum only
        elif not isinstance(node, ast.JoinedStr):
            continue
        parts = _parts(node)
        head = _strings(parts[0], module, modules) if parts else None
        if not head or not all(re.match(r"\(\?:|[a-z]", h) for h in head):
            continue  # not a key: its first part is no word a key starts with
        regex = _pattern(parts, module, modules)
        if "\\." in regex:
            patterns.add(regex)
    return patterns


def used_keys(repo) -> tuple[set[str], re.Pattern]:
    """Every key the code uses literally, and a pattern of those it builds at run time."""
    suffixes = (".py", ".html", ".md", ".js")
    files = [p for d in CODE_DIRS for p in sorted((repo / d).rglob("*"))
             if p.suffix in suffixes and "__pycache__" not in p.parts]  # fmt: skip
    literals: set[str] = set()
    patterns: set[str] = set()
    modules = {p: _Module(p) for p in files if p.suffix == ".py"}
    every = list(modules.values())
    for path in files:
        text = path.read_text(encoding="utf-8")
        literals.update(LITERAL.findall(text))
        if path.suffix == ".py":
            patterns |= _key_patterns(path, modules[path], every)
        else:
            patterns |= {re.escape(m) + ANY for m in TEMPLATE_PREFIX.findall(text)}
    return literals, re.compile("|".join(f"(?:{p})" for p in sorted(patterns)))


def unused_keys(repo) -> list[str]:
    from garou.core.catalogue import messages

    literals, built = used_keys(repo)
    return sorted(k for k in messages() if k not in literals and not built.fullmatch(k)
                  and k not in ALLOWED)  # fmt: skip


def test_every_catalogue_key_is_used_by_some_code():
    from .conftest import REPO

    assert unused_keys(REPO) == []


def test_the_key_finder_follows_the_keys_built_at_run_time(tmp_path):
    code = tmp_path / "game"
    code.mkdir()
    (code / "a.py").write_text(
        'WORDS = ("one", "two")\n'
        'def said(key):\n    return say(f"x.said.{key}", "fr")\n'
        'said("three")\n'
        'def loop():\n    return [say(f"x.loop.{w}-end", "fr") for w in WORDS]\n'
        'def data(value):\n    return say("x.data." + value.kind, "fr")\n'
        'def pick(flag):\n    why = "yes" if flag else "no"\n    return say(f"x.why.{why}")\n'
        'LITERAL = "x.literal"\n'
    )
    (code / "page.html").write_text("{{ t('x.page.' ~ kind) }}")
    literals, built = used_keys(tmp_path)
    assert "x.literal" in literals
    used = {"x.said.three", "x.loop.one-end", "x.loop.two-end", "x.data.anything",
            "x.why.yes", "x.why.no", "x.page.any"}  # fmt: skip
    unused = {"x.said.four", "x.loop.three-end", "x.loop.one", "x.why.maybe", "x.other"}
    assert all(built.fullmatch(k) for k in used)
    assert not any(built.fullmatch(k) for k in unused)


def test_the_table_screen_shows_the_tied_players_extra_time(book, tmp_path):
    from garou.core.catalogue import say
    from garou.web.routes.mafia import PUBLIC_STORY, public_story

    t = Table(book, tmp_path)
    t.add("day")
    t.speeches()
    t.add("nominate", by="Ana", nominee="Bob")
    t.add("nominate", by="Cid", nominee="Hal")
    t.add("vote", votes={n: "Bob" for n in ("Ana", "Cid", "Dan", "Eve", "Fay")})
    keys = {getattr(line.text, "key", None) for line in t.state().story}
    extra = [k for k in keys if k and k.endswith("story.extra-time")]
    assert extra and set(extra) <= PUBLIC_STORY
    shown = [line["text"] for line in public_story(t.state(), "en")]
    template = say(extra[0], "en", names=["Bob", "Hal"], seconds=60)
    assert template in shown


def test_the_phone_says_what_changed_in_the_show_of_hands(garou, tmp_path):
    from garou.game.journal import open_journal
    from garou.game.script import BALLOT_DRAFT
    from garou.web import WebConfig, create_app

    db = _lg_day(garou, tmp_path)
    journal = open_journal(db)
    game_id = journal.games()[-1].id
    kill = next(e.seq for e in journal.events(game_id) if e.kind == "kill")
    draft = {"day": 1, "round": "first", "votes": {"Ana": "Dee", "Bob": "Eve"},
             "asked": ["Ana", "Bob"], "voters": ["Ana", "Bob", "Dee", "Eve", "Fay"]}  # fmt: skip
    journal.save_draft(game_id, BALLOT_DRAFT, draft)
    garou("game", "correct", str(kill), "kill", "victim=Dee", "--why", "misheard", "--db", db)
    client = create_app(WebConfig(db=tmp_path / "lg.sqlite")).test_client()
    page = client.get(f"/game/{game_id}?lang=en").text
    assert "data-draft-told" in page
    assert "Ana&#39;s ballot against Dee is dropped" in page or "Ana's ballot against Dee" in page
    assert 'value="Eve" selected' in page  # Bob's ballot still holds
