"""The README's example and the guides run as written: every ```python block, in order."""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def run_page(path: Path, module: types.ModuleType) -> None:
    """Execute the page's Python blocks in ``module``'s namespace."""
    blocks = BLOCK.findall(path.read_text(encoding="utf-8"))
    assert blocks, f"{path} has no python block"
    for index, code in enumerate(blocks):
        exec(compile(code, f"{path.name}[block {index}]", "exec"), module.__dict__)


def page_module(name: str) -> types.ModuleType:
    # Records defined on a page need a real module: JSON tags name their module.
    module = types.ModuleType(name)
    sys.modules[name] = module
    return module


@pytest.fixture(scope="module")
def compose() -> types.ModuleType:
    module = page_module("gamefold_guide_compose")
    run_page(ROOT / "docs" / "guides" / "compose.md", module)
    return module


def test_readme_example_runs() -> None:
    run_page(ROOT / "README.md", page_module("gamefold_readme"))


def test_en6_compose_guide_builds_and_plays_a_game_with_a_house_rule(
    compose: types.ModuleType,
) -> None:
    assert compose.played.finished
    assert compose.problem.code == "house/no-burn-yet"


def test_testing_guide_runs_the_kit_on_that_game(compose: types.ModuleType) -> None:
    module = page_module("gamefold_guide_testing")
    module.__dict__.update({k: v for k, v in vars(compose).items() if not k.startswith("__")})
    run_page(ROOT / "docs" / "guides" / "testing.md", module)
    assert module.report.replays == module.report.games
