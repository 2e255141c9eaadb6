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
