"""Cold start of every ``garou`` command, as whole processes, against the floors.

Floors (standalone scripts; none imports garou, except where said):
- **YAML floor**: read the rule YAML files (PyYAML's C loader), find one entry, print one
  line: what any command must at least do to say something from the rules.
- **Whoosh floor** (for ``search``): open the same index and run the same query with bare
  Whoosh, print the hits as JSON. Unpickling the index's schema needs garou's analyzers:
  the floor loads ``garou/lookup/analysis.py`` alone (under empty stand-in packages), no
  other garou code.
- **floor + libraries**: the YAML floor (or the Whoosh floor) that also imports the
  libraries the command itself ends up importing (Typer, Rich, Jinja2: found by running
  the command once), so that what a library's own import costs is shown apart.

Each command runs alternately with its floors (floor, floor + libraries, command, floor…),
after one untimed warm-up each (so that the file cache and the bytecode are warm); the
table gives min / median wall time and the median of the per-round ratios.

Run: ``python bench/startup.py [--rounds 7] [--budget 150]`` with the interpreter of the
environment garou is installed in (the dev venv, or a venv with ``pip install .``). It
prints a Markdown table. Goals: every command within 2.5x the YAML floor, ``search`` within
1.5x the Whoosh floor. For every command left above its goal, a second table then times,
alone, each library the command imports (the floor plus that one ``import``): what that
library's own import costs against the floor, and the command against it.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PY = sys.executable
QUERY = "égalité au vote"

YAML_FLOOR = """\
import sys
import yaml
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
found = None
for name in sys.argv[1:]:
    with open(name, encoding="utf-8") as f:
        data = yaml.load(f, Loader=LOADER)
    for entry in (data or {}).get("entries", []) if isinstance(data, dict) else []:
        if isinstance(entry, dict) and entry.get("id") == "lg-vote-tie":
            found = entry
print(found["title"]["fr"] if found else "?")
"""

WHOOSH_FLOOR = """\
import json, os, sys, types
for name in ("garou", "garou.lookup"):  # empty stand-ins: only analysis.py is garou's
    module = types.ModuleType(name)
    module.__path__ = [os.path.join(sys.argv[3], *name.split(".")[1:])]
    sys.modules[name] = module
from whoosh.filedb.filestore import FileStorage
from whoosh.query import Or, Term
FIELDS = ["title_fr", "title_en", "names_fr", "names_en", "about_fr", "about_en",
          "text_fr", "text_en"]
ix = FileStorage(sys.argv[1], readonly=True).open_index()
terms = [Term(f, t.text) for f in FIELDS for t in ix.schema[f].analyzer(sys.argv[2], mode="query")]
with ix.searcher() as s:
    out = [{"id": h["id"], "data": h["data"]} for h in s.search(Or(terms), limit=5)]
sys.stdout.write(json.dumps(out, ensure_ascii=False) + "\\n")
"""

PROBE = """\
import atexit, sys
LIBS = ("typer", "rich", "jinja2", "whoosh", "yaml", "pydantic")
def _report():
    found = sorted({m.split(".")[0] for m in sys.modules} & set(LIBS))
    sys.__stderr__.write("LIBS " + " ".join(found) + "\\n")
atexit.register(_report)
sys.argv = ["garou", *sys.argv[1:]]
from garou.cli.app import main
main()
"""

MAFIA = ",".join(
    f"{seat}={role}"
    for seat, role in enumerate(["citoyen"] * 6 + ["sherif", "mafia", "mafia", "don"], 1)
)
STATE = """\
game: loup-garou
players:
  Alice: chasseur
  Bob: loup-garou
  Carol: villageois
  Dan: sorciere
  Eve: voyante
  Fay: loup-garou
  Gus: {role: villageois, alive: false}
lovers: [Alice, Bob]
captain: Carol
deaths: {Alice: vote}
"""

COMMANDS: list[tuple[str, list[str], str]] = [
    ("show", ["show", "lg-vote-tie"], "yaml"),
    ("rules", ["rules", "--game", "mafia"], "yaml"),
    ("roles", ["roles"], "yaml"),
    ("check", ["check", "-g", "loup-garou", "-r", "loup-garou=2,voyante,sorciere,villageois=4"],
     "yaml"),
    ("suggest", ["suggest", "-g", "loup-garou", "-n", "10"], "yaml"),
    ("house show", ["house", "show", "accord.yaml"], "yaml"),
    ("vote", ["vote", "-g", "mafia", "-p", MAFIA, "-n", "3,8",
              "-v", "1=3,2=3,4=8,5=3,6=8,7=8,8=3,10=3,3=8,9=8"], "yaml"),
    ("cascade", ["cascade", "--state", "table.yaml"], "yaml"),
    ("win", ["win", "-g", "mafia", "-p", MAFIA], "yaml"),
    ("fouls", ["fouls", "-g", "mafia", "--foul", "7=3", "--technical", "2=1", "insulte"], "yaml"),
    ("print … -f html", ["print", "cheatsheet", "-g", "mafia", "-f", "html", "-o", "sheet.html",
                         "--force"], "yaml"),
    ("--help", ["--help"], "yaml"),
    ("search --json", ["search", *QUERY.split(), "--json"], "whoosh"),
    ("search", ["search", *QUERY.split()], "whoosh"),
]  # fmt: skip


GOALS = {"yaml": 2.5, "whoosh": 1.5}
"""The bound of each floor: a command's cpu time over its floor's, per round (median)."""

LIBRARIES = {"typer": "typer", "rich": "rich.console", "jinja2": "jinja2"}
"""The libraries whose own import is shown apart (what ``import`` loads each of them)."""


def floor_with(floor: list[str], imports: str) -> list[str]:
    """Return the command running the ``floor`` script after ``imports`` (Python lines)."""
    script, floor_args = floor[1], floor[2:]
    code_text = (
        f"{imports}\nimport runpy, sys\nsys.argv = sys.argv[0:1] + {floor_args!r}\n"
        f"runpy.run_path({script!r})"
    )
    return [PY, "-c", code_text]


def garou_command() -> list[str]:
    """Return how to run garou: the console script beside the interpreter, else -m."""
    script = shutil.which("garou", path=str(Path(PY).parent))
    return [script] if script else [PY, "-m", "garou"]


def rule_files() -> tuple[list[str], str]:
    """Return the built-in rule YAML files and the garou package folder (found, not run)."""
    import importlib.util

    spec = importlib.util.find_spec("garou.rules")
    assert spec is not None and spec.submodule_search_locations
    data = Path(next(iter(spec.submodule_search_locations))) / "data"
    lookup = importlib.util.find_spec("garou.lookup")
    assert lookup is not None and lookup.submodule_search_locations
    package = str(Path(next(iter(lookup.submodule_search_locations))).parent)
    return sorted(str(p) for p in data.glob("*.yaml")), package


def run(argv: list[str], env: dict[str, str], cwd: Path) -> tuple[float, float, int, str]:
    """Run ``argv``; return its wall time, cpu time (user + sys), exit code and stderr."""
    start = time.perf_counter()
    child = subprocess.Popen(argv, env=env, cwd=cwd, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True)  # fmt: skip
    assert child.stderr is not None
    err = child.stderr.read()
    if hasattr(os, "wait4"):
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        cpu = usage.ru_utime + usage.ru_stime
    else:  # no per-child accounting: the wall time stands for both
        child.wait()
        cpu = time.perf_counter() - start
    child.stderr.close()
    return time.perf_counter() - start, cpu, child.returncode, err


def ms(wall: list[float], cpu: list[float]) -> str:
    return (
        f"{min(wall) * 1000:.0f} / {statistics.median(wall) * 1000:.0f} ms "
        f"(cpu {statistics.median(cpu) * 1000:.0f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--rounds", type=int, default=7, help="timed rounds per command")
    parser.add_argument("--budget", type=float, default=150, help="seconds for the timed runs")
    parser.add_argument("--only", nargs="*", help="names of the commands to time")
    args = parser.parse_args()

    files, package = rule_files()
    garou = garou_command()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        dropped = ("PYTHONDONTWRITEBYTECODE", "GAROU_RULES_DIR", "GAROU_AGREEMENT")
        env = {k: v for k, v in os.environ.items() if k not in dropped}
        env.update(XDG_CACHE_HOME=str(work / "cache"), GAROU_LANG="fr", COLUMNS="100")
        (work / "table.yaml").write_text(STATE, encoding="utf-8")
        (work / "yaml_floor.py").write_text(YAML_FLOOR, encoding="utf-8")
        (work / "whoosh_floor.py").write_text(WHOOSH_FLOOR, encoding="utf-8")
        (work / "probe.py").write_text(PROBE, encoding="utf-8")
        setup = [*garou, "house", "pick", "--game", "loup-garou", "--defaults", "-o", "accord.yaml"]
        subprocess.run(setup, env=env, cwd=work, check=True, capture_output=True)
        index = subprocess.run([*garou, "index", "--rebuild", "--json"], env=env, cwd=work,
                               check=True, capture_output=True, text=True)  # fmt: skip
        index_dir = json.loads(index.stdout)["path"]

        floors = {
            "yaml": [PY, str(work / "yaml_floor.py"), *files],
            "whoosh": [PY, str(work / "whoosh_floor.py"), index_dir, QUERY, package],
        }
        chosen = [c for c in COMMANDS if not args.only or c[0] in args.only]
        plans = []
        for name, argv, floor in chosen:
            _, _, code, err = run([PY, str(work / "probe.py"), *argv], env, work)
            libs = next((line.split()[1:] for line in err.splitlines()
                         if line.startswith("LIBS")), [])  # fmt: skip
            imports = "; ".join(f"import {LIBRARIES[lib]}" for lib in libs if lib in LIBRARIES)
            with_libs = floor_with(floors[floor], imports)
            plans.append((name, [*garou, *argv], floors[floor], with_libs, floor, libs, code))
        # Warm-up: each process once, untimed; then the cost of one round sets the rounds.
        start = time.perf_counter()
        for _, command, floor, with_libs, *_ in plans:
            for argv in (floor, with_libs, command):
                run(argv, env, work)
        per_round = time.perf_counter() - start
        rounds = max(3, min(args.rounds, int(args.budget / max(per_round, 1e-3))))
        wall: dict[str, dict[str, list[float]]] = {p[0]: {"f": [], "l": [], "c": []} for p in plans}
        cpu: dict[str, dict[str, list[float]]] = {p[0]: {"f": [], "l": [], "c": []} for p in plans}
        for _ in range(rounds):
            for name, command, floor, with_libs, *_ in plans:
                for key, argv in (("f", floor), ("l", with_libs), ("c", command)):
                    took, used, *_ = run(argv, env, work)
                    wall[name][key].append(took)
                    cpu[name][key].append(used)
        # Every command left above its goal: each library it imports, alone, over the floor.
        alone: dict[str, list[tuple[str, list[float], list[float], list[float]]]] = {}
        for name, command, floor, _, floor_kind, libs, _ in plans:
            c = cpu[name]
            ratio = statistics.median(a / b for a, b in zip(c["c"], c["f"], strict=True))
            if ratio <= GOALS[floor_kind]:
                continue
            for lib in (lib for lib in libs if lib in LIBRARIES):
                with_lib = floor_with(floor, f"import {LIBRARIES[lib]}")
                runs: dict[str, list[float]] = {"f": [], "l": [], "c": []}
                for _ in range(rounds):
                    for key, argv in (("f", floor), ("l", with_lib), ("c", command)):
                        runs[key].append(run(argv, env, work)[1])
                alone.setdefault(name, []).append((lib, runs["f"], runs["l"], runs["c"]))

    print(
        f"Cold start, {rounds} alternating rounds after a warm-up: wall time min / median "
        f"(cpu time, user + sys, median); ratios are the median of the per-round cpu-time "
        f"ratios, steadier than wall time on a shared machine. Python "
        f"{sys.version.split()[0]}, `{' '.join(Path(a).name for a in garou)}`.\n"
    )
    print(
        "| command | garou | floor | × floor | libraries it imports | floor + those libraries "
        "| × floor + libraries |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name, _, _, _, floor, libs, code in plans:
        w, c = wall[name], cpu[name]
        ratio = statistics.median(a / b for a, b in zip(c["c"], c["f"], strict=True))
        lib_ratio = statistics.median(a / b for a, b in zip(c["c"], c["l"], strict=True))
        goal = GOALS[floor]
        mark = "" if ratio <= goal else " ✗"
        shown = ", ".join(lib for lib in libs if lib != "yaml") or "—"
        failed = "" if code in (0, 1) else f" (exit {code})"
        print(
            f"| `garou {name}`{failed} | {ms(w['c'], c['c'])} | {floor} {ms(w['f'], c['f'])} | "
            f"{ratio:.2f}{mark} (goal {goal}) | {shown} | {ms(w['l'], c['l'])} | {lib_ratio:.2f} |"
        )

    if alone:
        print(
            "\nAbove the goal: each library the command imports, alone (the floor plus "
            "`import` of that library only), against the floor and against the command.\n"
        )
        print("| command | library | floor + that library (cpu) | × floor | command × that |")
        print("| --- | --- | --- | --- | --- |")
        for name, rows in alone.items():
            for lib, floor_cpu, lib_cpu, command_cpu in rows:
                over_floor = statistics.median(
                    a / b for a, b in zip(lib_cpu, floor_cpu, strict=True)
                )
                command_over = statistics.median(
                    a / b for a, b in zip(command_cpu, lib_cpu, strict=True)
                )
                print(
                    f"| `garou {name}` | {lib} | {statistics.median(lib_cpu) * 1000:.0f} ms | "
                    f"{over_floor:.2f} | {command_over:.2f} |"
                )


if __name__ == "__main__":
    main()
