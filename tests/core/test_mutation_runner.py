"""The mutation runner: what it mutates, how it reads its selection and its list of equivalent
mutants, and how it reuses a run (docs/ci.md)."""

from __future__ import annotations

import subprocess
import tomllib
from pathlib import Path

import pytest
from tests.mutation import run


def test_a_face_of_re_exports_has_nothing_to_mutate() -> None:
    """The games' face only imports and lists names: no mutant, so no clean test run."""
    assert not run.mutable("src/gamefold/games/__init__.py")


def test_a_rules_module_with_functions_or_methods_is_mutated() -> None:
    """A module with a function (or only methods, as a config record's) is run."""
    assert run.mutable("src/gamefold/combat/pairing.py")
    assert run.mutable("src/gamefold/games/summit/state.py")


def test_methods_of_nested_classes_count(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A method counts wherever its class is nested; module-level code alone does not."""
    monkeypatch.setattr(run, "ROOT", tmp_path)
    (tmp_path / "a.py").write_text("class A:\n    class B:\n        def f(self): return 1\n")
    (tmp_path / "b.py").write_text("X = [1, 2]\nclass C:\n    y: int = 3\n")
    assert run.mutable("a.py")
    assert not run.mutable("b.py")


def test_again_refreshes_every_source_but_the_mutated_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--again`` judges the survivors with today's tests and today's other modules (a test
    may import a name added since), keeping the mutated module's mutants; a mutated module
    changed since its run stops it, naming the module."""
    root, work = tmp_path / "root", tmp_path / "work"
    monkeypatch.setattr(run, "ROOT", root)
    for tree in (root, work, work / "mutants"):
        (tree / "src" / "pkg").mkdir(parents=True)
        (tree / "src" / "pkg" / "a.py").write_text("A = 1\n")
        (tree / "src" / "pkg" / "b.py").write_text("B = 1\n")
    (work / "mutants" / "src" / "pkg" / "a.py").write_text("A = 1  # mutants\n")
    (root / "src" / "pkg" / "b.py").write_text("B = 2\n")
    (root / "src" / "pkg" / "c.py").write_text("C = 3\n")
    (root / "tests").mkdir()
    (root / "tests" / "test_c.py").write_text("from pkg.c import C\n")
    run.refresh_tests(work, ["src/pkg/a.py"])
    for tree in (work, work / "mutants"):
        assert (tree / "src" / "pkg" / "b.py").read_text() == "B = 2\n"
        assert (tree / "src" / "pkg" / "c.py").read_text() == "C = 3\n"
    assert (work / "mutants" / "src" / "pkg" / "a.py").read_text() == "A = 1  # mutants\n"
    assert (work / "tests" / "test_c.py").is_file()
    (root / "src" / "pkg" / "a.py").write_text("A = 2\n")
    with pytest.raises(SystemExit, match=r"src/pkg/a\.py changed since its mutants were made"):
        run.refresh_tests(work, ["src/pkg/a.py"])


SOURCE = """\
def f(x):
    if x > 0:
        return 1
    return 2


class C:
    def g(self, x):
        if x > 0:
            return 3
        for y in zip(
            x, x, strict=False
        ):
            continue
        if y:
            continue
        return 4
"""


def entry(function: str, code: str, after: str = "", *, runs: bool = False) -> run.Equivalent:
    return run.Equivalent("src/gamefold/m.py", function, code, "why", after, runs)


def marked(source: str, *entries: run.Equivalent) -> list[int]:
    text = run.marked_source("src/gamefold/m.py", source, entries)
    return [n for n, line in enumerate(text.splitlines(), 1) if line.endswith(run.PRAGMA)]


def test_a_listed_mutant_is_marked_in_its_function_only() -> None:
    """The listed code of ``f`` gets mutmut's pragma in the copy; the same code in ``C.g``,
    unlisted, does not: a listed mutant is never made, an unlisted one is."""
    assert marked(SOURCE, entry("f", "if x > 0:")) == [2]
    assert marked(SOURCE, entry("C.g", "if x>0 :")) == [9]
    assert marked(SOURCE) == []


def test_an_entry_matches_by_code_not_by_line_nor_layout() -> None:
    """Lines added above, and the code split over lines or joined, keep the entry's match."""
    moved = "import os\n\n\n" + SOURCE
    assert marked(moved, entry("f", "if x > 0:")) == [5]
    assert marked(SOURCE, entry("C.g", "for y in zip(x, x, strict=False,):")) == [11, 12, 13]
    joined = SOURCE.replace("zip(\n            x, x, strict=False\n        ):", "zip(x, x):")
    assert marked(joined, entry("C.g", "for y in zip(\n    x,\n    x,\n):")) == [11]


def test_after_tells_two_equal_pieces_of_code_apart() -> None:
    """``after`` names the code just before: only the second ``continue`` is marked."""
    assert marked(SOURCE, entry("C.g", "continue")) == [14, 16]
    assert marked(SOURCE, entry("C.g", "continue", after="if y:")) == [16]


def _shows(monkeypatch: pytest.MonkeyPatch, diffs: dict[str, str]) -> None:
    """mutmut's ``show`` answering each mutant's name with its diff in ``diffs``."""

    def show(command: list[str], **_: object) -> subprocess.CompletedProcess[str]:
        return subprocess.CompletedProcess(command, 0, diffs[command[-1]], "")

    monkeypatch.setattr(run.subprocess, "run", show)


def test_a_run_entry_is_made_and_only_its_survivor_counts_as_equivalent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``run = true``: no pragma in the copy; a survivor of that code is marked, a survivor
    of other code of the function, or of another function, is not."""
    monkeypatch.setattr(run, "ROOT", tmp_path)
    (tmp_path / "src" / "gamefold").mkdir(parents=True)
    (tmp_path / "src" / "gamefold" / "m.py").write_text(SOURCE)
    listed = entry("C.g", "if x > 0:", runs=True)
    assert marked(SOURCE, listed) == []
    diffs = {
        "m.xǁCǁg__mutmut_1": "-        if x > 0:\n+        if x >= 0:\n",
        "m.xǁCǁg__mutmut_2": "-        return 4\n+        return 5\n",
        "m.x_f__mutmut_1": "-    if x > 0:\n+    if x >= 0:\n",
    }

    _shows(monkeypatch, diffs)
    module = "src/gamefold/m.py"
    assert run.is_marked(tmp_path, module, "m.xǁCǁg__mutmut_1", [listed])
    assert not run.is_marked(tmp_path, module, "m.xǁCǁg__mutmut_2", [listed])
    assert not run.is_marked(tmp_path, module, "m.x_f__mutmut_1", [listed])


def test_a_mutant_dropping_a_listed_argument_is_marked_whatever_the_bracket_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A mutant that drops a call's last argument removes the closing bracket's line and
    adds it back indented anew: that bracket is no change, the argument is the listed code,
    and the lone bracket (which does not tokenize alone) stops nothing."""
    source = "def f(x):\n    return g(\n        x,\n        state=S,\n    )\n"
    monkeypatch.setattr(run, "ROOT", tmp_path)
    (tmp_path / "src" / "gamefold").mkdir(parents=True)
    (tmp_path / "src" / "gamefold" / "m.py").write_text(source)
    listed = entry("f", "state=S,")
    diffs = {
        "m.x_f__mutmut_1": "-        state=S,\n-    )\n+        )\n",
        # dropping x: the line of x changes, and x is not listed
        "m.x_f__mutmut_2": "-        x,\n-        state=S,\n+        state=S,\n",
    }

    _shows(monkeypatch, diffs)
    module = "src/gamefold/m.py"
    assert run.is_marked(tmp_path, module, "m.x_f__mutmut_1", [listed])
    assert not run.is_marked(tmp_path, module, "m.x_f__mutmut_2", [listed])


def test_mutmut_names_map_to_qualified_names() -> None:
    assert run.mutant_function("gamefold.record.x_canonical_json__mutmut_3") == "canonical_json"
    assert run.mutant_function("gamefold.record.xǁGameRecordǁto_json__mutmut_12") == (
        "GameRecord.to_json"
    )


def test_a_stale_entry_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An entry whose code, function or module is gone marks nothing and is reported."""
    monkeypatch.setattr(run, "ROOT", tmp_path)
    (tmp_path / "src" / "gamefold").mkdir(parents=True)
    (tmp_path / "src" / "gamefold" / "m.py").write_text(SOURCE)
    good, gone = entry("f", "return 2"), entry("f", "return 3")
    moved = entry("h", "return 2")
    elsewhere = run.Equivalent("src/gamefold/n.py", "f", "return 2", "why")
    modules = ["src/gamefold/m.py"]
    assert run.stale([good, gone, moved, elsewhere], modules) == [gone, moved, elsewhere]
    assert run.report_stale([gone]) == 1
    assert "m.py f: 'return 3'" in capsys.readouterr().out
    assert run.report_stale([]) == 0


def test_an_entry_needs_its_reason(tmp_path: Path) -> None:
    listed = tmp_path / "equivalent.toml"
    listed.write_text('[[mutant]]\nmodule = "m.py"\nfunction = "f"\ncode = "x"\n')
    with pytest.raises(SystemExit, match="reason"):
        run.load_equivalents(listed)
    listed.write_text(listed.read_text() + 'why = "w"\nline = 3\n')
    with pytest.raises(SystemExit, match="no other key"):
        run.load_equivalents(listed)


def test_prepare_marks_the_listed_code_and_deselects_the_source_readers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The copy's module carries the pragmas (the project's own source never does), and its
    mutmut config runs only the module's tests, less ``selection.toml``'s ``deselect``."""
    root, work = tmp_path / "root", tmp_path / "work"
    (root / "src" / "gamefold").mkdir(parents=True)
    (root / "src" / "gamefold" / "m.py").write_text(SOURCE)
    (root / "pyproject.toml").write_text('[project]\nname = "gamefold"\n')
    (root / "selection.toml").write_text(
        'deselect = ["tests/t.py::reads"]\n'
        '[mutmut]\nonly_mutate = ["src/gamefold/*"]\npytest_add_cli_args = ["-q"]\n'
        "timeout_multiplier = 5.0\n[tests]\n"
    )
    monkeypatch.setattr(run, "ROOT", root)
    monkeypatch.setattr(run, "SELECTION", root / "selection.toml")
    run.prepare(work, ["src/gamefold/m.py"], ["tests/m"], [entry("f", "return 2")])
    assert (work / "src" / "gamefold" / "m.py").read_text().splitlines()[3].endswith(run.PRAGMA)
    assert run.PRAGMA not in (root / "src" / "gamefold" / "m.py").read_text()
    config = tomllib.loads((work / "pyproject.toml").read_text())["tool"]["mutmut"]
    assert config["only_mutate"] == ["src/gamefold/m.py"]
    assert config["pytest_add_cli_args_test_selection"] == ["tests/m"]
    assert config["pytest_add_cli_args"] == ["-q", "--deselect", "tests/t.py::reads"]
    assert config["timeout_multiplier"] == 5.0
    assert tomllib.loads((work / "pyproject.toml").read_text())["project"]["name"] == "gamefold"
    assert "mutmut" not in (root / "pyproject.toml").read_text()


def test_every_listed_equivalent_mutant_marks_code_of_the_source() -> None:
    """The project's own list is not stale: each entry still finds its code (else update or
    delete it, docs/ci.md), and the source holds no pragma of the mutation tool."""
    only, _ = run.load_config()
    modules = run.rules_modules(only)
    entries = run.load_equivalents()
    assert entries
    assert run.stale(entries, modules) == []
    for module in modules:
        assert "pragma: no mutate" not in (run.ROOT / module).read_text("utf-8"), module
    pyproject = tomllib.loads((run.ROOT / "pyproject.toml").read_text("utf-8"))
    assert "mutmut" not in pyproject["tool"]  # the tool's selections live beside its runner


def test_every_rules_module_has_a_selection_of_tests_that_exist() -> None:
    """``selection.toml`` judges every rules module by tests that exist."""
    only, tests = run.load_config()
    for module in run.rules_modules(only):
        chosen = run.selection(module, tests)
        paths = [
            a
            for i, a in enumerate(chosen)
            if a != "--deselect" and (i == 0 or chosen[i - 1] != "--deselect")
        ]
        assert paths, module
        for path in paths:
            assert (run.ROOT / path.split("::")[0]).exists(), (module, path)


def test_again_takes_the_marked_copy_for_the_unchanged_source(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pragmas the runner put in its copy are no change of the mutated module."""
    root, work = tmp_path / "root", tmp_path / "work"
    for tree in (root, work):
        (tree / "src" / "gamefold").mkdir(parents=True)
    (root / "src" / "gamefold" / "m.py").write_text(SOURCE)
    copy = run.marked_source("src/gamefold/m.py", SOURCE, [entry("f", "return 2")])
    (work / "src" / "gamefold" / "m.py").write_text(copy)
    monkeypatch.setattr(run, "ROOT", root)
    run.refresh_tests(work, ["src/gamefold/m.py"])
    assert (work / "src" / "gamefold" / "m.py").read_text() == copy
