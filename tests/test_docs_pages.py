"""The docs keep their promises of size: the quickstart and the house-rule guide are short.

Sybil runs every block (see conftest.py); these tests hold the pages to what they say.
"""

from __future__ import annotations

import re
from pathlib import Path

DOCS = Path(__file__).resolve().parents[1] / "docs"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def _blocks(page: str) -> list[str]:
    return BLOCK.findall((DOCS / page).read_text(encoding="utf-8"))


def _lines(code: str) -> int:
    return sum(1 for line in code.splitlines() if line.strip())


def test_the_landing_page_quickstart_is_ten_lines() -> None:
    (quickstart,) = _blocks("index.md")
    assert _lines(quickstart) <= 10


def test_the_house_rule_on_a_shipped_game_takes_at_most_25_lines() -> None:
    """The rule and the game that carries it, from the public API (gamefold's faces)."""
    rule = _blocks("guides/change-a-game.md")[0]
    assert len(rule.splitlines()) <= 25
    imports = re.findall(r"^from (\S+) import (.*)$", rule, re.M)
    assert imports
    for module, names in imports:  # package faces only, no private name
        assert module in (
            "gamefold",
            "gamefold.games",
            "gamefold.games.skirmish",
            "gamefold.skills",
        )
        assert not any(name.strip().startswith("_") for name in names.split(","))


def test_the_notebooks_are_in_the_docs_with_their_outputs() -> None:
    """The repository page shows numbers: every code cell of the notebooks has run."""
    import json

    for link in sorted((DOCS / "notebooks").glob("*.ipynb")):
        cells = json.loads(link.read_text(encoding="utf-8"))["cells"]
        code = [cell for cell in cells if cell["cell_type"] == "code"]
        assert code, link.name
        assert all(cell["execution_count"] is not None for cell in code), link.name
        assert any(cell["outputs"] for cell in code), link.name


def test_the_sim_docstring_example_runs() -> None:
    """The first example a notebook user copies, from ``help(gamefold.sim)``."""
    import doctest

    import gamefold.sim

    failed, tried = doctest.testmod(gamefold.sim, raise_on_error=False, report=True)
    assert tried > 0
    assert failed == 0
