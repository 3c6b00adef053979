"""Speed of ``garou search``: cold start from an installed wheel, per-query latency, scale.

1. Builds the wheel (``python -m build --wheel``) into a temporary folder and installs it
   into a temporary virtual environment (pip compiles the bytecode; the dependencies are
   taken from the environment running this script, through a ``.pth`` file).
2. Cold start: ``garou search QUERY`` (JSON and human output) against a minimal script
   that opens the same Whoosh index and runs the same query with Whoosh's own parser;
   both run alternately, several times, on a fresh (already built) index.
3. Per-query latency inside one process: every query of tests/data/relevance.yaml once,
   after one warm-up query, with one index opened for all.
4. The same on synthetic rule sets 10x and 100x the size of the built-in rules (entries
   recombined from the real ones: a title, keywords and a text from three of them), with
   the time to build each index.

Run: /work/venv/bin/python bench/search.py [--runs 15] [--scales 10,100] [--source DIR]
Targets: cold start within 1.5x of the minimal script; p95 under 10 ms on the built-in
rules and under 30 ms at 100x; build time growing linearly.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
QUERY = "égalité au vote"

MINIMAL = """\
import json, os, sys, types
# The strict floor: no garou code but the analyzers the pickled schema needs. The packages
# garou and garou.lookup are stood in for by empty modules, so that unpickling the schema
# loads garou/lookup/analysis.py alone (not garou/__init__ nor lookup/__init__).
for name, folder in (("garou", sys.argv[3]), ("garou.lookup", os.path.join(sys.argv[3], "lookup"))):
    module = types.ModuleType(name)
    module.__path__ = [folder]
    sys.modules[name] = module
from whoosh.filedb.filestore import FileStorage
from whoosh.query import Or, Term

FIELDS = ["title_fr", "title_en", "names_fr", "names_en", "about_fr", "about_en",
          "text_fr", "text_en"]
ix = FileStorage(sys.argv[1], readonly=True).open_index()
terms = [Term(f, t.text) for f in FIELDS for t in ix.schema[f].analyzer(sys.argv[2], mode="query")]
with ix.searcher() as searcher:
    out = [dict(id=h["id"], title=h["data"]["title"], text=h["data"]["text"])
           for h in searcher.search(Or(terms), limit=5)]
sys.stdout.write(json.dumps(out, ensure_ascii=False) + "\\n")
"""

LATENCY = """\
import json, sys, time
from garou.lookup import Searcher

queries = json.loads(open(sys.argv[1], encoding="utf-8").read())
rules_dir = sys.argv[2] or None
start = time.perf_counter()
with Searcher(rules_dir) as searcher:
    opened = time.perf_counter() - start
    start = time.perf_counter()
    searcher.search("vote")
    first = time.perf_counter() - start
    times = []
    for query in queries:
        start = time.perf_counter()
        searcher.search(query)
        times.append(time.perf_counter() - start)
print(json.dumps({"open": opened, "first": first, "times": times}))
"""


def run(
    cmd: list[str], env: dict[str, str], ok: tuple[int, ...] = (0, 1), **kw: object
) -> subprocess.CompletedProcess:
    """Run ``cmd``; stop the bench with its output if it exits other than ``ok`` (``garou
    search`` exits 1 when nothing matched)."""
    # From a neutral folder: "python -c" would import the source tree from the current one.
    done = subprocess.run(
        cmd, env=env, capture_output=True, text=True, cwd=tempfile.gettempdir(), **kw
    )  # type: ignore[call-overload]
    if done.returncode not in ok:
        sys.exit(f"failed: {' '.join(cmd)}\n{done.stdout}\n{done.stderr}")
    return done


def install(source: Path, tmp: Path, env: dict[str, str]) -> Path:
    """Build the wheel of ``source`` and install it in a new venv; return the venv's bin."""
    dist = tmp / "dist"
    run([sys.executable, "-m", "build", "--wheel", "--outdir", str(dist), str(source)], env)
    wheel = next(dist.glob("garou-*.whl"))
    venv = tmp / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", str(venv)], env)
    python = venv / "bin" / "python"
    run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
         "--no-index", "--quiet", str(wheel)], env)  # fmt: skip
    purelib = run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                  env).stdout.strip()  # fmt: skip
    # The dependencies: those of the environment running the bench (already compiled).
    Path(purelib, "garou-bench-deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    where = run([str(python), "-c", "import garou.lookup; print(garou.lookup.__file__)"], env)
    lookup_file = Path(where.stdout.strip())
    if not str(lookup_file).startswith(str(venv)):
        sys.exit(f"the installed wheel is not the one imported: {lookup_file}")
    compiled = list((lookup_file.parent / "__pycache__").glob("*.pyc"))
    print(f"wheel: {wheel.name}; installed in {venv} ({len(compiled)} compiled lookup modules)")
    return venv / "bin"


def timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Run ``cmd``; return its wall time and its cpu time (user + system, from the OS
    accounting of the finished child: steadier than wall time on a shared machine)."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   cwd=tempfile.gettempdir())  # fmt: skip
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def cold_start(bin_: Path, env: dict[str, str], runs: int, tmp: Path) -> None:
    """Print the cold start of garou search against the strict Whoosh floor: wall-time
    medians, and the median of the per-round ratios (each command against the floor run
    just before it in the same round), which a shared machine disturbs less."""
    status = json.loads(run([str(bin_ / "garou"), "index", "--rebuild", "--json"], env).stdout)
    minimal = tmp / "minimal.py"
    minimal.write_text(MINIMAL, encoding="utf-8")
    garou_dir = run([str(bin_ / "python"), "-c",
                     "import garou.lookup, os; print(os.path.dirname(os.path.dirname("
                     "garou.lookup.__file__)))"], env).stdout.strip()  # fmt: skip
    floor = [str(bin_ / "python"), str(minimal), status["path"], QUERY, garou_dir]
    check = run(floor, env)
    if not json.loads(check.stdout) or "garou.rules" in check.stderr:
        sys.exit(f"the floor script does not answer: {check.stdout}{check.stderr}")
    commands = {
        "minimal Whoosh script": floor,
        "garou search --json": [str(bin_ / "garou"), "search", *QUERY.split(), "--json"],
        "garou search (rich)": [str(bin_ / "garou"), "search", *QUERY.split()],
        "python -c pass": [str(bin_ / "python"), "-c", "pass"],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    cpus: dict[str, list[float]] = {name: [] for name in commands}
    for cmd in commands.values():
        timed(cmd, env)  # warm the file cache
    for _ in range(runs):
        for name, cmd in commands.items():
            wall, cpu = timed(cmd, env)
            times[name].append(wall)
            cpus[name].append(cpu)
    base, base_cpu = times["minimal Whoosh script"], cpus["minimal Whoosh script"]
    print(
        f"\nCold start, {runs} runs each, alternating: wall median / min, cpu median; "
        "the median of the per-round ratios to the strict Whoosh floor, wall and cpu:"
    )
    for name, values in times.items():
        median = statistics.median(values)
        ratio = statistics.median(v / b for v, b in zip(values, base, strict=True))
        cpu = cpus[name]
        cpu_ratio = statistics.median(v / b for v, b in zip(cpu, base_cpu, strict=True))
        print(
            f"  {name:<24} {median * 1000:6.0f} ms / {min(values) * 1000:4.0f} ms  cpu "
            f"{statistics.median(cpu) * 1000:5.0f} ms   x{ratio:.2f} wall  x{cpu_ratio:.2f} cpu"
        )


def write_corpus(folder: Path, factor: int) -> int:
    """Write rule files adding (factor - 1) x the built-in entries; return how many."""
    sys.path.insert(0, str(REPO))
    from garou.rules import load_rules

    book = load_rules()
    rnd = random.Random(factor)
    folder.mkdir(parents=True, exist_ok=True)
    count = 0
    for game in book.games.values():
        entries = list(game.entries)
        made = []
        for copy in range(factor - 1):
            for entry in entries:
                title, words, text = rnd.choice(entries), rnd.choice(entries), rnd.choice(entries)
                made.append({
                    "id": f"{entry.id}-x{copy}",
                    "section": title.section,
                    "kind": "rule",
                    "title": {"fr": title.title.fr, "en": title.title.en},
                    "text": {"fr": text.text.fr, "en": text.text.en},
                    "keywords": {"fr": list(words.keywords.fr), "en": list(words.keywords.en)},
                    "addition": True,
                })  # fmt: skip
        count += len(made)
        # JSON is YAML: the bench needs no YAML writer.
        data = {"game": game.id, "entries": made}
        (folder / f"synthetic-{game.id}.yaml").write_text(json.dumps(data, ensure_ascii=False))
    return count


def latency(bin_: Path, env: dict[str, str], tmp: Path, rules_dir: str, label: str) -> None:
    """Print the build time and the per-query latency for one rule set."""
    start = time.perf_counter()
    args = ["--rules-dir", rules_dir] if rules_dir else []
    status = json.loads(
        run([str(bin_ / "garou"), "index", "--rebuild", "--json", *args], env).stdout
    )
    build = time.perf_counter() - start
    sys.path.insert(0, str(REPO / "bench"))
    from relevance import load_set

    queries = tmp / "queries.json"
    queries.write_text(json.dumps([q["q"] for q in load_set()], ensure_ascii=False), "utf-8")
    script = tmp / "latency.py"
    script.write_text(LATENCY, encoding="utf-8")
    measured = run([str(bin_ / "python"), str(script), str(queries), rules_dir], env, ok=(0,))
    out = json.loads(measured.stdout)
    times = sorted(t * 1000 for t in out["times"])
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    print(f"  {label:<10} {status['entries']:>6} entries  build {build:6.1f} s "
          f"({build / status['entries'] * 1000:5.2f} ms/entry)  open {out['open'] * 1000:5.0f} ms"
          f"  first query {out['first'] * 1000:5.1f} ms  p50 {statistics.median(times):5.1f} ms"
          f"  p95 {p95:5.1f} ms  max {times[-1]:5.1f} ms")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    """Run the bench; return 0."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="cold-start runs per command")
    parser.add_argument("--scales", default="10,100", help="synthetic corpus sizes")
    parser.add_argument("--source", type=Path, default=REPO, help="project folder to build")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="garou-bench-") as name:
        tmp = Path(name)
        env = dict(os.environ, XDG_CACHE_HOME=str(tmp / "cache"), GAROU_LANG="fr",
                   COLUMNS="100")  # fmt: skip
        env.pop("GAROU_RULES_DIR", None)
        bin_ = install(args.source, tmp, env)
        cold_start(bin_, env, args.runs, tmp)
        print(f"\nPer-query latency in one process ({len(open_set())} queries, one each):")
        latency(bin_, env, tmp, "", "built-in")
        for factor in (int(f) for f in args.scales.split(",") if f):
            folder = tmp / f"rules-x{factor}"
            write_corpus(folder, factor)
            latency(bin_, env, tmp, str(folder), f"{factor}x")
    return 0


def open_set() -> list[object]:
    sys.path.insert(0, str(REPO / "bench"))
    from relevance import load_set

    return list(load_set())


if __name__ == "__main__":
    raise SystemExit(main())
