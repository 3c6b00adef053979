"""Record what every fast-start command prints, to check that a speed change kept it.

``python bench/same_output.py --save DIR`` runs each command of :data:`CASES` (in both
languages, with and without ``--json`` where the command has it, its ``--help``, and a few
errors) with the garou installed beside the interpreter, and writes, per case, its exit
code, standard output, standard error and the files it wrote. ``--compare DIR`` runs them
again and lists every case whose record differs from DIR's, byte for byte (exit 1 if any).

Run it before a change (``--save``) and after (``--compare``), with the same interpreter:
a speed change must leave every line the same.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

# The same table and Mafia seats as the start-up bench (this script's folder is on sys.path).
from startup import MAFIA, STATE

PY = sys.executable

VOTES = "1=3,2=3,4=8,5=3,6=8,7=8,8=3,10=3,3=8,9=8"

# (name, argv, has --json)
COMMANDS: list[tuple[str, list[str], bool]] = [
    ("show", ["show", "lg-vote-tie"], True),
    ("show-mafia", ["show", "mf-vote-tie"], True),
    ("show-unknown", ["show", "lg-vote-ti"], True),
    ("rules", ["rules"], True),
    ("rules-mafia", ["rules", "--game", "mafia"], True),
    ("rules-kind", ["rules", "--kind", "contested"], True),
    ("rules-bad-kind", ["rules", "--kind", "nope"], True),
    ("roles", ["roles"], True),
    ("roles-mafia", ["roles", "-g", "mafia"], True),
    ("check", ["check", "-g", "loup-garou", "-r", "loup-garou=2,voyante,sorciere,villageois=4"],
     True),
    ("check-bad", ["check", "-g", "loup-garou", "-r", "loup-garou=7,voyante"], True),
    ("suggest", ["suggest", "-g", "loup-garou", "-n", "10"], True),
    ("suggest-mafia", ["suggest", "-g", "mafia", "-n", "10"], True),
    ("house-show", ["house", "show", "accord.yaml"], True),
    ("vote", ["vote", "-g", "mafia", "-p", MAFIA, "-n", "3,8", "-v", VOTES], True),
    ("cascade", ["cascade", "--state", "table.yaml"], True),
    ("win", ["win", "-g", "mafia", "-p", MAFIA], True),
    ("fouls", ["fouls", "-g", "mafia", "--foul", "7=3", "--technical", "2=1", "insulte"], True),
    ("print-html", ["print", "cheatsheet", "-g", "mafia", "-f", "html", "-o", "sheet.html",
                    "--force"], False),
    ("print-lg-html", ["print", "cheatsheet", "-g", "loup-garou", "-f", "html", "-o", "-"],
     False),
    ("print-md", ["print", "cheatsheet", "-g", "mafia", "-f", "md", "-o", "-"], False),
    ("print-agreement", ["print", "agreement", "accord.yaml", "-f", "html", "-o", "-"], False),
    ("print-exists", ["print", "cheatsheet", "-g", "mafia", "-o", "accord.yaml"], False),
    ("search", ["search", "égalité", "au", "vote"], True),
    ("search-typo", ["search", "chaseur", "amoureu"], True),
    ("search-none", ["search", "xyzzyq"], True),
    ("search-game", ["search", "vote", "-g", "mafia", "-n", "3"], True),
    ("index", ["index"], True),
    ("no-args", [], False),
    ("bad-command", ["shwo"], False),
    ("bad-option", ["show", "--nope"], False),
    ("missing-arg", ["show"], False),
    ("bad-int", ["search", "vote", "-n", "x"], False),
]  # fmt: skip

HELP = ["", "search", "rules", "show", "roles", "check", "suggest", "house", "house show",
        "vote", "cascade", "win", "fouls", "print", "print cheatsheet", "index"]  # fmt: skip


def cases() -> list[tuple[str, list[str]]]:
    """Return every case: a name and the arguments given to garou."""
    found = []
    for lang in ("fr", "en"):
        for name, argv, has_json in COMMANDS:
            found.append((f"{name}.{lang}", [*argv, "--lang", lang] if argv else argv))
            if has_json:
                found.append((f"{name}.{lang}.json", [*argv, "--lang", lang, "--json"]))
        for command in HELP:
            words = command.split()
            found.append(
                (f"help-{'-'.join(words) or 'garou'}.{lang}", [*words, "--help", "-l", lang])
            )
    return found


def garou_command() -> list[str]:
    script = shutil.which("garou", path=str(Path(PY).parent))
    return [script] if script else [PY, "-m", "garou"]


def record(garou: list[str], work: Path, env: dict[str, str], argv: list[str]) -> bytes:
    """Run garou with ``argv`` in ``work``; return its exit code, outputs and new files."""
    before = {p.name for p in work.iterdir()}
    done = subprocess.run([*garou, *argv], cwd=work, env=env, capture_output=True, timeout=120)
    parts = [f"exit {done.returncode}\n".encode(), b"--- stdout\n", done.stdout,
             b"--- stderr\n", done.stderr]  # fmt: skip
    for path in sorted(work.iterdir()):
        if path.name == "sheet.html" or (path.name not in before and path.is_file()):
            parts += [f"--- file {path.name}\n".encode(), path.read_bytes()]
            path.unlink()
    return b"".join(parts)


def run_all(only: list[str] | None) -> dict[str, bytes]:
    garou = garou_command()
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp) / "work"
        work.mkdir()
        dropped = ("GAROU_RULES_DIR", "GAROU_AGREEMENT", "GAROU_LANG", "LC_ALL", "LANG")
        env = {k: v for k, v in os.environ.items() if k not in dropped}
        env.update(XDG_CACHE_HOME=str(Path(tmp) / "cache"), COLUMNS="100", LANG="C.UTF-8")
        (work / "table.yaml").write_text(STATE, encoding="utf-8")
        pick = [*garou, "house", "pick", "--game", "loup-garou", "--defaults", "-o",
                "accord.yaml", "--date", "2026-01-01"]  # fmt: skip
        done = subprocess.run(pick, env=env, cwd=work, capture_output=True)
        if done.returncode:  # without --date
            subprocess.run(pick[:-2], env=env, cwd=work, check=True, capture_output=True)
        subprocess.run([*garou, "index", "--rebuild"], env=env, cwd=work, check=True,
                       capture_output=True)  # fmt: skip
        for name, argv in cases():
            if only and not any(name.startswith(o) for o in only):
                continue
            out = record(garou, work, env, argv)
            results[name] = out.replace(tmp.encode(), b"<TMP>")
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--save", type=Path, help="write the records to this folder")
    group.add_argument("--compare", type=Path, help="compare with the records in this folder")
    parser.add_argument("--only", nargs="*", help="only the cases whose name starts so")
    args = parser.parse_args()
    results = run_all(args.only)
    if args.save:
        args.save.mkdir(parents=True, exist_ok=True)
        for name, out in results.items():
            (args.save / f"{name}.out").write_bytes(out)
        print(f"{len(results)} cases saved in {args.save}")
        return 0
    differ = []
    for name, out in results.items():
        saved = args.compare / f"{name}.out"
        if not saved.exists() or saved.read_bytes() != out:
            differ.append(name)
    for name in differ:
        print(f"differs: {name}")
    print(f"{len(results) - len(differ)} of {len(results)} cases the same")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
