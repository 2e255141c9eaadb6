"""The mutation runner skips a module mutmut can make no mutant of (docs/ci.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.mutation import run


def test_a_face_of_re_exports_has_nothing_to_mutate() -> None:
    """The games' face only imports and lists names: no mutant, so no clean test run."""
    assert not run.mutable("src/gamefold/games/__init__.py")


def test_a_rules_module_with_functions_or_methods_is_mutated() -> None:
    """A module with a function (or only methods, as a config record's) is run."""
    assert run.mutable("src/gamefold/combat/pairing.py")
    assert run.mutable("src/gamefold/games/summit/views.py")


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
