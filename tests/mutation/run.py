"""Mutation testing of the rules code: mutmut, module by module, with a score per module.

Usage (from the repository root, with the ``mutation`` extra installed)::

    python tests/mutation/run.py                      # every rules module
    python tests/mutation/run.py skills/zones.py      # one module
    python tests/mutation/run.py combat diplomacy/ticks.py gamefold.registry

A module is a path under ``src/gamefold`` (``skills/zones.py``), a dotted name
(``gamefold.skills.zones``) or a package (``combat``, ``games/summit``): every rules module in
it. The rules modules are the ``only_mutate`` of the ``[mutmut]`` table of ``selection.toml``
beside this file (mutmut's settings, which the runner writes into its copy of the project's
``pyproject.toml``: the project's own says nothing of mutation testing); which tests judge a
module's mutants is its ``[tests]`` table (a subsystem's own tests), and the mutants no
test can tell from the original are listed, each with why, in ``equivalent.toml`` beside it,
matched by function and code: the runner marks that code ``# pragma: no mutate`` in its copy
of the module, so mutmut makes no such mutant.

Each module runs on its own, in a copy of the project under ``.mutation/<module>/``
(``.mutation/skills-rounds/``; git-ignored; mutmut writes its ``mutants/`` there), one mutant
at a time and at the lowest priority (``nice`` 19), so it can run beside other work; mutmut
runs, for each mutant, only the tests of that selection that execute the mutated function.
It prints the score per module, (killed + timed out) / mutants, and lists every survivor;
``--show`` adds each survivor's diff. It is not part of the test suite nor of CI: it takes
minutes per module.
"""

from __future__ import annotations

import argparse
import ast
import fnmatch
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tokenize
import tomllib
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "gamefold"
WORK = ROOT / ".mutation"
SELECTION = Path(__file__).resolve().with_name("selection.toml")
EQUIVALENTS = Path(__file__).resolve().with_name("equivalent.toml")
PRAGMA = "  # pragma: no mutate"
COPIED = ("pyproject.toml", "README.md", "CHANGELOG.md", "src", "tests", "docs", "examples")
SKIPPED = shutil.ignore_patterns("__pycache__", ".hypothesis", "_build", "*.pyc")

# mutmut's exit codes per mutant (mutmut.stats.status_by_exit_code), as this report counts them.
KILLED = {1, 3}
TIMEOUT = {36, 24, -24, 152, 255}
SURVIVED = {0}
NO_TESTS = {5, 33}
SKIPPED_CODES = {34, 37}
MARKED = -1000  # this report's own code: a survivor of code since listed as equivalent


def load_config() -> tuple[list[str], list[tuple[str, list[str]]]]:
    """mutmut's ``only_mutate`` patterns and the (pattern, tests) pairs of ``selection.toml``."""
    data = tomllib.loads(SELECTION.read_text("utf-8"))
    return list(data["mutmut"]["only_mutate"]), list(data["tests"].items())


def deselected() -> list[str]:
    """The tests ``selection.toml`` leaves out of every run (they read the source text)."""
    return list(tomllib.loads(SELECTION.read_text("utf-8")).get("deselect", []))


@dataclass(frozen=True)
class Equivalent:
    """A listed equivalent mutant: ``code`` inside ``function`` of ``module``, and why.

    ``module`` is a ``src/gamefold/…`` path; ``function`` a qualified name (``f``,
    ``Class.method``); ``after``, when given, is the code just before ``code``, to tell apart
    two equal pieces of code in one function (two ``continue``). With ``run``, mutmut makes
    and runs the code's mutants (some are killed) and only a survivor counts as equivalent;
    otherwise it makes none of them."""

    module: str
    function: str
    code: str
    why: str
    after: str = ""
    run: bool = False


def load_equivalents(path: Path | None = None) -> list[Equivalent]:
    """The entries of ``equivalent.toml``; an entry without a reason stops the run."""
    data = tomllib.loads((path or EQUIVALENTS).read_text("utf-8"))
    found = []
    for entry in data.get("mutant", []):
        unknown = set(entry) - {"module", "function", "code", "why", "after", "run"}
        if unknown or not all(entry.get(k, "").strip() for k in ("module", "function", "code")):
            sys.exit(
                "an equivalent mutant has a module, a function, its code and why (and maybe "
                f"after and run), no other key: {entry}"
            )
        if not entry.get("why", "").strip():
            sys.exit(f"an equivalent mutant needs its reason (why): {entry}")
        module = "src/gamefold/" + entry["module"].removeprefix("src/").removeprefix("gamefold/")
        found.append(
            Equivalent(
                module,
                entry["function"],
                entry["code"],
                entry["why"],
                entry.get("after", ""),
                entry.get("run", False) is True,
            )
        )
    return found


_WORD = re.compile(r"\w")


def _normal(code: str) -> str:
    """``code`` with its layout left out: no whitespace but one space between two words, and
    no trailing comma (a formatter's choice) before a closing bracket or at the end."""
    code = re.sub(r"\s+", " ", code).strip()
    code = re.sub(r"(?<=\W) | (?=\W)", "", code)
    return re.sub(r",([)\]}])", r"\1", code).removesuffix(",")


def _contains(text: str, needle: str) -> bool:
    """Whether ``needle`` is in ``text`` and not glued to a longer name (``x`` in ``max``)."""
    start = text.find(needle)
    while start >= 0:
        end = start + len(needle)
        before = start > 0 and _WORD.match(text[start - 1]) and _WORD.match(needle[0])
        after = end < len(text) and _WORD.match(text[end]) and _WORD.match(needle[-1])
        if not before and not after:
            return True
        start = text.find(needle, start + 1)
    return False


def _code_lines(source: str) -> list[str]:
    """The lines of ``source`` without their comments (read by the tokenizer, so a ``#``
    inside a string stays)."""
    lines = source.splitlines()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            row, col = token.start
            lines[row - 1] = lines[row - 1][:col]
    return lines


def _definition(tree: ast.Module, qualname: str) -> ast.AST | None:
    """The function or class ``qualname`` (``Class.method``) names in ``tree``."""
    node: ast.AST = tree
    for name in qualname.split("."):
        found = [
            child
            for child in ast.iter_child_nodes(node)
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
            and child.name == name
        ]
        if not found:
            return None
        node = found[0]
    return node


def _windows(lines: Sequence[str], first: int, last: int, needle: str) -> list[tuple[int, int]]:
    """The shortest runs of lines (1-based, inclusive) within ``first..last`` whose code
    holds ``needle``."""

    def holds(a: int, b: int) -> bool:
        return a <= b and _contains(_normal(" ".join(lines[a - 1 : b])), needle)

    found = []
    for a in range(first, last + 1):
        if not holds(a, last):
            break  # nor does any later run: they are all inside this one
        low, high = a, last  # the shortest run from a that holds it ends at high
        while low < high:
            mid = (low + high) // 2
            low, high = (low, mid) if holds(a, mid) else (mid + 1, high)
        if not holds(a + 1, high):
            found.append((a, high))
    return found


def equivalent_lines(source: str, entry: Equivalent) -> set[int]:
    """The lines of ``source`` (1-based) that ``entry`` marks equivalent; none when stale."""
    tree = ast.parse(source)
    node = _definition(tree, entry.function)
    if node is None:
        return set()
    lines = _code_lines(source)
    first, last = node.lineno, node.end_lineno or node.lineno  # type: ignore[attr-defined]
    needle = _normal(entry.code)
    marked: set[int] = set()
    if entry.after:
        context = _normal(f"{entry.after} {entry.code}")
        for a, b in _windows(lines, first, last, context):
            start = max(c for c in range(a, b + 1) if _windows(lines, c, b, needle))
            marked.update(range(start, b + 1))
        return marked
    for a, b in _windows(lines, first, last, needle):
        marked.update(range(a, b + 1))
    return marked


def _string_lines(source: str) -> set[int]:
    """Lines that end inside a string (a comment there would join the string) or on a ``\\``
    continuation."""
    inside = {
        row
        for token in tokenize.generate_tokens(io.StringIO(source).readline)
        if token.type == tokenize.STRING
        for row in range(token.start[0], token.end[0])
    }
    inside |= {n for n, line in enumerate(source.splitlines(), 1) if line.endswith("\\")}
    return inside


def marked_source(module: str, source: str, entries: Sequence[Equivalent]) -> str:
    """``source`` of ``module`` with ``# pragma: no mutate`` at the end of every line of code
    an equivalent mutant of ``entries`` spans: mutmut then makes no mutant there."""
    lines = source.splitlines(keepends=True)
    code = _code_lines(source)
    marked: set[int] = set()
    for entry in entries:
        if entry.module == module and not entry.run:
            marked |= equivalent_lines(source, entry)
    for n in sorted(marked - _string_lines(source)):
        if code[n - 1].strip():
            line = lines[n - 1]
            ending = line[len(line.rstrip("\r\n")) :]
            lines[n - 1] = line.rstrip("\r\n") + PRAGMA + ending
    return "".join(lines)


def stale(entries: Sequence[Equivalent], modules: Sequence[str]) -> list[Equivalent]:
    """The entries that mark nothing: their module is no rules module, or their function or
    its code is gone from it."""
    texts = {m: (ROOT / m).read_text("utf-8") for m in modules}
    return [
        entry
        for entry in entries
        if entry.module not in texts or not equivalent_lines(texts[entry.module], entry)
    ]


def rules_modules(only: Sequence[str]) -> list[str]:
    """Every module mutmut may mutate, as ``src/gamefold/…`` paths, sorted."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if any(fnmatch.fnmatch(rel, pattern) for pattern in only):
            found.append(rel)
    return found


def resolve(names: Iterable[str], modules: Sequence[str]) -> list[str]:
    """The rules modules ``names`` designate (paths, dotted names or packages)."""
    chosen: list[str] = []
    for name in names:
        target = _as_path(name)
        hits = [m for m in modules if m == target or m.startswith(target.removesuffix(".py") + "/")]
        if not hits:
            sys.exit(f"{name!r} names no rules module; try e.g. skills/zones.py or combat")
        chosen.extend(h for h in hits if h not in chosen)
    return chosen


def _as_path(name: str) -> str:
    name = name.strip().rstrip("/")
    if "/" not in name and not name.endswith(".py"):
        name = name.replace(".", "/")  # a dotted name, or a bare package
    name = name.removeprefix("src/").removeprefix("gamefold/")
    if name == "gamefold":
        name = ""
    path = f"src/gamefold/{name}".rstrip("/")
    return path if (ROOT / path).is_dir() or path.endswith(".py") else f"{path}.py"


def mutable(module: str) -> bool:
    """Whether mutmut can make a mutant of ``module``: it mutates only the bodies of functions
    and methods, so a module of re-exports and plain records (a face) has none, and its
    clean test run, minutes for a game's selection, would be spent for nothing."""
    tree = ast.parse((ROOT / module).read_text(encoding="utf-8"))
    bodies = [tree.body]
    while bodies:
        for node in bodies.pop():
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                return True
            if isinstance(node, ast.ClassDef):
                bodies.append(node.body)
    return False


def selection(module: str, tests: Sequence[tuple[str, list[str]]]) -> tuple[str, ...]:
    """The test directories that judge ``module``'s mutants."""
    for pattern, dirs in tests:
        if fnmatch.fnmatch(module, pattern):
            return tuple(dirs)
    sys.exit(f"no [tests] entry of {SELECTION.name} matches {module}")


def prepare(
    workdir: Path, modules: Sequence[str], tests: Sequence[str], entries: Sequence[Equivalent]
) -> None:
    """A fresh copy of the project whose mutmut config mutates ``modules`` under ``tests``,
    their equivalent mutants (``entries``) marked in the copy."""
    if workdir.exists():
        shutil.rmtree(workdir)
    workdir.mkdir(parents=True)
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, workdir / name, ignore=SKIPPED)
        elif source.is_file():
            shutil.copy2(source, workdir / name)
    for module in modules:
        source = (ROOT / module).read_text("utf-8")
        (workdir / module).write_text(marked_source(module, source, entries), "utf-8")
    settings = dict(tomllib.loads(SELECTION.read_text("utf-8"))["mutmut"])
    settings["only_mutate"] = list(modules)
    settings["pytest_add_cli_args_test_selection"] = list(tests)
    args = list(settings.get("pytest_add_cli_args", []))
    for test in deselected():
        args += ["--deselect", test]
    settings["pytest_add_cli_args"] = args
    # JSON strings, numbers and lists of strings are valid TOML values.
    table = "".join(f"{key} = {json.dumps(value)}\n" for key, value in settings.items())
    pyproject = workdir / "pyproject.toml"
    text = pyproject.read_text("utf-8") if pyproject.exists() else ""
    pyproject.write_text(f"{text.rstrip()}\n\n[tool.mutmut]\n{table}", "utf-8")


def workdir_of(module: str) -> Path:
    """Where ``module`` is mutated: ``.mutation/skills-rounds`` for ``skills/rounds.py``."""
    name = module.removeprefix("src/gamefold/").removesuffix(".py")
    return WORK / name.replace("/", "-")


def mutmut() -> str:
    """The ``mutmut`` executable beside this interpreter (else on the PATH)."""
    exe = Path(sys.executable).parent / "mutmut"
    return str(exe) if exe.exists() else shutil.which("mutmut") or "mutmut"


def mutmut_command(jobs: int, nice: int) -> list[str]:
    """``mutmut run`` at low priority with ``jobs`` workers."""
    return ["nice", "-n", str(nice), mutmut(), "run", "--max-children", str(jobs)]


def environment() -> dict[str, str]:
    """The tests' environment: the ``mutation`` Hypothesis profile unless one is chosen."""
    return {"HYPOTHESIS_PROFILE": "mutation", **os.environ}


def run_group(workdir: Path, jobs: int, nice: int, quiet: bool, *, resume: bool = False) -> None:
    """Run mutmut in ``workdir``; its output goes to ``workdir/mutmut.log``.

    With ``resume``, mutmut keeps the verdicts it has and runs only the mutants left.
    """
    log = workdir / "mutmut.log"
    with log.open("a" if resume else "w") as out:
        done = subprocess.run(
            mutmut_command(jobs, nice),
            cwd=workdir,
            env=environment(),
            stdout=out if quiet else None,
            stderr=subprocess.STDOUT if quiet else None,
            check=False,
        )
    if done.returncode != 0:
        sys.exit(f"mutmut failed in {workdir} (exit {done.returncode}); see {log}")


def refresh_tests(workdir: Path, modules: Sequence[str]) -> None:
    """Copy the current tests, docs and examples over ``workdir``'s, and the current source of
    every module but the mutated ``modules``; stop if one of those changed since its mutants
    were made (they would test code that is gone: run it afresh). The pragmas of the copy
    are no change, nor is an equivalent mutant listed since: its survivors count as marked."""
    for name in ("tests", "docs", "examples"):
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, workdir / name, ignore=SKIPPED, dirs_exist_ok=True)
    for module in modules:
        if _unmarked(ROOT / module) != _unmarked(workdir / module):
            sys.exit(f"{module} changed since its mutants were made: run it without --again")
    for source in sorted((ROOT / "src").rglob("*.py")):
        module = source.relative_to(ROOT).as_posix()
        if module in modules:
            continue
        for target in (workdir / module, workdir / "mutants" / module):
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)


def rerun(workdir: Path, names: Sequence[str], jobs: int, nice: int, quiet: bool) -> None:
    """Run only the mutants ``names`` again in ``workdir``, against the refreshed tests."""
    if not names:
        return
    log = workdir / "mutmut-again.log"
    with log.open("w") as out:
        done = subprocess.run(
            [*mutmut_command(jobs, nice), *names],
            cwd=workdir,
            env=environment(),
            stdout=out if quiet else None,
            stderr=subprocess.STDOUT if quiet else None,
            check=False,
        )
    if done.returncode != 0:
        sys.exit(f"mutmut failed in {workdir} (exit {done.returncode}); see {log}")


def _unmarked(path: Path) -> str:
    """The text of ``path`` without the pragmas :func:`marked_source` adds."""
    return path.read_text("utf-8").replace(PRAGMA, "")


def results(workdir: Path, entries: Sequence[Equivalent] = ()) -> dict[str, dict[str, int | None]]:
    """Per module (``src/gamefold/…``), every mutant's exit code, from mutmut's meta files.

    A survivor of code since listed as equivalent (in ``entries``) gets :data:`MARKED`.
    """
    out: dict[str, dict[str, int | None]] = {}
    mutants = workdir / "mutants"
    for meta in sorted(mutants.rglob("*.py.meta")):
        module = meta.relative_to(mutants).as_posix().removesuffix(".meta")
        codes = json.loads(meta.read_text("utf-8")).get("exit_code_by_key", {})
        for name, code in codes.items():
            if code in SURVIVED | NO_TESTS and is_marked(workdir, module, name, entries):
                codes[name] = MARKED
        if codes:
            out[module] = codes
    return out


def survivors(
    workdir: Path, modules: Sequence[str], entries: Sequence[Equivalent] = ()
) -> list[tuple[str, str]]:
    """(module, mutant) for every unmarked survivor of ``modules`` in ``workdir``."""
    return [
        (module, name)
        for module, codes in results(workdir, entries).items()
        if module in modules
        for name, code in sorted(codes.items())
        if code in SURVIVED | NO_TESTS
    ]


def mutant_function(name: str) -> str:
    """The qualified name of the function mutmut's mutant ``name`` changes:
    ``gamefold.record.xǁGameRecordǁto_json__mutmut_3`` changes ``GameRecord.to_json``."""
    last = name.rsplit("__mutmut_", 1)[0].rsplit(".", 1)[-1]
    return last.removeprefix("x_") if "ǁ" not in last else ".".join(last.split("ǁ")[1:])


def marked_code(module: str, entries: Sequence[Equivalent]) -> dict[str, set[str]]:
    """Per function mutmut mutates (a top-level function, a method of a top-level class), the
    code of the lines of ``module`` its listed equivalent mutants span."""
    source = (ROOT / module).read_text("utf-8")
    code = _code_lines(source)
    tree = ast.parse(source)
    marked: dict[str, set[str]] = {}
    for entry in entries:
        if entry.module != module:
            continue
        parts = entry.function.split(".")
        owner = _definition(tree, parts[0])
        depth = 2 if isinstance(owner, ast.ClassDef) and len(parts) > 1 else 1
        lines = marked.setdefault(".".join(parts[:depth]), set())
        lines |= {_normal(code[n - 1]) for n in equivalent_lines(source, entry)}
    return marked


def is_marked(workdir: Path, module: str, name: str, entries: Sequence[Equivalent]) -> bool:
    """Whether mutant ``name`` changes only code since listed as equivalent in its function.

    A fresh run no longer makes such a mutant; a run that reuses its mutants (``--again``)
    still has it, and counts it as marked rather than survived.
    """
    marked = marked_code(module, entries).get(mutant_function(name))
    if not marked:
        return False
    shown = subprocess.run(
        [mutmut(), "show", name], cwd=workdir, capture_output=True, text=True, check=False
    ).stdout.splitlines()
    removed = Counter(_diff_code(shown, "-"))
    # A line the mutant removes and adds again (the closing bracket of a call losing an
    # argument, indented anew) is no change of its.
    changed = list((removed - Counter(_diff_code(shown, "+"))).elements())
    return bool(changed) and all(code in marked for code in changed if code)


def _diff_code(shown: Sequence[str], sign: str) -> list[str]:
    """The code of the lines a diff removes (``sign`` ``-``) or adds (``+``), comments
    left out where a line tokenizes alone (a lone closing bracket does not)."""
    found = []
    for line in shown:
        if line[:1] != sign or line[:3] == sign * 3:
            continue
        try:
            code = _code_lines(line[1:] + "\n")[0]
        except tokenize.TokenError:
            code = line[1:]
        found.append(_normal(code))
    return found


def tally(codes: dict[str, int | None]) -> Counter[str]:
    """Counts of killed, timeout, survived, no tests, skipped and other per module."""
    counts: Counter[str] = Counter()
    for code in codes.values():
        if code in KILLED:
            counts["killed"] += 1
        elif code in TIMEOUT:
            counts["timeout"] += 1
        elif code in SURVIVED:
            counts["survived"] += 1
        elif code in NO_TESTS:
            counts["no tests"] += 1
        elif code in SKIPPED_CODES:
            counts["skipped"] += 1
        elif code == MARKED:
            counts["marked"] += 1
        elif code is None:
            counts["pending"] += 1
        else:
            counts["other"] += 1
    return counts


def score(counts: Counter[str]) -> float:
    """(killed + timed out) / mutants tested, in percent (mutmut's own badge formula)."""
    tested = sum(counts.values()) - counts["skipped"] - counts["marked"] - counts["pending"]
    return 100.0 if not tested else 100.0 * (counts["killed"] + counts["timeout"]) / tested


def report(
    all_results: dict[str, dict[str, int | None]], workdirs: dict[str, Path], show: bool
) -> float:
    """Print the score table and the survivors; the lowest score."""
    columns = ("killed", "timeout", "survived", "no tests", "marked", "pending")
    print(f"\n{'module':<36} {'mutants':>7} " + " ".join(f"{c:>8}" for c in columns) + "   score")
    lowest = 100.0
    left: list[tuple[str, str]] = []
    for module, codes in sorted(all_results.items()):
        counts = tally(codes)
        value = score(counts)
        lowest = min(lowest, value)
        cells = " ".join(f"{counts[c]:>8}" for c in columns)
        print(f"{module.removeprefix('src/'):<36} {len(codes):>7} {cells} {value:>6.1f}%")
        left += [
            (module, name)
            for name, code in sorted(codes.items())
            if code not in KILLED | TIMEOUT | SKIPPED_CODES | {MARKED, None}
        ]
    print("(score: (killed + timeout) / (mutants - marked - pending); marked: survivors of a")
    print(" reused run of code since listed in equivalent.toml, which a fresh run skips;")
    print(" pending: not run yet, the run was interrupted or is under way)")
    print(f"\nsurvivors ({len(left)}):")
    for module, name in left:
        status = "no tests" if all_results[module][name] in NO_TESTS else "survived"
        print(f"  {name}  [{status}]")
        if show:
            shown = subprocess.run(
                [mutmut(), "show", name],
                cwd=workdirs[module],
                capture_output=True,
                text=True,
                check=False,
            )
            print("    " + shown.stdout.strip().replace("\n", "\n    "))
    return lowest


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line, run mutmut per test selection, print the scores."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*", help="rules modules or packages (default: all)")
    parser.add_argument("--show", action="store_true", help="print each survivor's diff")
    parser.add_argument("--jobs", type=int, default=1, help="mutmut workers (default 1)")
    parser.add_argument("--nice", type=int, default=19, help="niceness of the run (default 19)")
    parser.add_argument(
        "--fail-under",
        type=float,
        default=0.0,
        metavar="PERCENT",
        help="exit 1 if a module scores below this (or an equivalent mutant is stale)",
    )
    parser.add_argument("--verbose", action="store_true", help="show mutmut's own output")
    parser.add_argument("--list", action="store_true", help="list the rules modules and exit")
    parser.add_argument(
        "--again",
        action="store_true",
        help="rerun only the last run's survivors against the current tests (quick)",
    )
    parser.add_argument("--report", action="store_true", help="only report the last run")
    parser.add_argument(
        "--resume", action="store_true", help="finish an interrupted run (current tests)"
    )
    args = parser.parse_args(argv)

    only, tests = load_config()
    modules = rules_modules(only)
    entries = load_equivalents()
    if args.list:
        print("\n".join(f"{m}  <- {' '.join(selection(m, tests))}" for m in modules))
        return report_stale(stale(entries, modules))
    chosen = resolve(args.modules, modules) if args.modules else modules
    old = [e for e in stale(entries, modules) if e.module in chosen or e.module not in modules]
    all_results: dict[str, dict[str, int | None]] = {}
    workdirs: dict[str, Path] = {}
    for module in chosen:
        # One copy per module: runs of different modules never overwrite each other's
        # verdicts, so --again and --report work module by module.
        test_dirs, group, workdir = selection(module, tests), [module], workdir_of(module)
        if not mutable(module):
            print(f"nothing to mutate in {module}: no function or method", flush=True)
            all_results[module] = {}
            continue
        if (args.again or args.report or args.resume) and not (workdir / "mutants").is_dir():
            sys.exit(f"--again, --resume and --report need an earlier run in {workdir}")
        verb = "reading" if args.report else "mutating"
        where = f"against {' '.join(test_dirs)} in {workdir}"
        print(f"{verb} {module} {where}", flush=True)
        if args.report:
            pass  # only read what the last run left
        elif args.resume:
            refresh_tests(workdir, group)
            run_group(workdir, args.jobs, args.nice, quiet=not args.verbose, resume=True)
        elif args.again:
            refresh_tests(workdir, group)
            names = [n for _, n in survivors(workdir, group, entries)]
            rerun(workdir, names, args.jobs, args.nice, quiet=not args.verbose)
        else:
            prepare(workdir, group, test_dirs, entries)
            run_group(workdir, args.jobs, args.nice, quiet=not args.verbose)
        for found, codes in results(workdir, entries).items():
            all_results[found] = codes
            workdirs[found] = workdir
    lowest = report(all_results, workdirs, args.show)
    return 1 if lowest < args.fail_under or report_stale(old) else 0


def report_stale(entries: Sequence[Equivalent]) -> int:
    """Print the stale equivalent mutants, if any; 1 when there are some."""
    if not entries:
        return 0
    print(f"\nstale in {EQUIVALENTS.name} ({len(entries)}): mark nothing, update or delete them")
    for entry in entries:
        print(f"  {entry.module.removeprefix('src/')} {entry.function}: {entry.code.strip()!r}")
    return 1


if __name__ == "__main__":
    os.chdir(ROOT)
    sys.exit(main())
