"""The matrix's fixtures: the user's games written once a session, imported afresh a test."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.matrix.subjects import ROOT, USER_MODULES, write_user_games


@pytest.fixture(scope="session")
def workshop(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The directory holding the user's modules, as ``gamefold new`` and the docs make them."""
    directory = tmp_path_factory.mktemp("workshop")
    write_user_games(directory)
    return directory


@pytest.fixture
def here(workshop: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh working directory, the user's modules importable (worker processes too)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CI", "true")
    # The user's modules, and the checkout (a module of the user's may import a test's game).
    search = [str(workshop), str(ROOT), os.environ.get("PYTHONPATH", "")]
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(search))
    monkeypatch.setattr(sys, "path", [str(workshop), *sys.path])
    yield tmp_path
    for name in USER_MODULES:
        sys.modules.pop(name, None)
