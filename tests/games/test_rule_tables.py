"""Each game's rules table names, for every rule, code that exists (rule -> code -> test).

The code column of docs/games/skirmish.md, summit.md and campaign.md cites modules of the
game's package (``flow.py`` (`a`, `b`) or ``fight.declare``) or of gamefold's own
(``territory.battle.attack_problem``): every name cited must resolve, so the column cannot
drift from the code.
"""

from __future__ import annotations

import itertools
import re
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs" / "games"

TABLES = {
    # game: (rule prefix, how many rules, the code column's index, counting from 0)
    "skirmish": ("SK", 18, 2),
    "summit": ("SM", 16, 2),
    "campaign": ("CP", 12, 2),
}


def rows(game: str) -> list[tuple[str, str]]:
    """(rule, code cell) of every row of ``game``'s rules table, the table whose header has
    the code column, in page order."""
    column = TABLES[game][2]
    lines = (DOCS / f"{game}.md").read_text(encoding="utf-8").splitlines()
    header = next(i for i, line in enumerate(lines) if f"code (`gamefold/games/{game}/`)" in line)
    found = []
    for line in itertools.takewhile(lambda line: line.startswith("|"), lines[header + 2 :]):
        cells = [cell.strip() for cell in line.strip().strip("|").split(" | ")]
        found.append((cells[0].strip("*").split("*")[0], cells[column]))
    return found


def resolve(game: str, dotted: str) -> Any:
    """``module.name…`` under the game's package, else under ``gamefold``."""
    module, *names = dotted.split(".")
    try:
        found: Any = import_module(f"gamefold.games.{game}.{module}")
    except ModuleNotFoundError:
        found = import_module(f"gamefold.{module}")
    for name in names:
        found = getattr(found, name)
    return found


def cited(cell: str) -> list[str]:
    """``flow.py`` (`a`, `b`) gives ``flow.a``, ``flow.b``; ``fight.declare`` is itself."""
    names: list[str] = []
    for match in re.finditer(r"`(\w+)\.py` \(([^)]*)\)|`(\w+(?:\.\w+)+)`", cell):
        if match.group(1):
            names += [f"{match.group(1)}.{m}" for m in re.findall(r"`(\w+)`", match.group(2))]
        else:
            names.append(match.group(3))
    return names


CELLS = [(game, rule, cell) for game in TABLES for rule, cell in rows(game)]


@pytest.mark.parametrize("game", sorted(TABLES))
def test_every_rule_has_one_row_in_its_table(game: str) -> None:
    prefix, count, _ = TABLES[game]
    assert [rule for rule, _ in rows(game)] == [f"{prefix}-{n}" for n in range(1, count + 1)]


@pytest.mark.parametrize(("game", "rule", "cell"), CELLS, ids=[rule for _, rule, _ in CELLS])
def test_the_code_column_names_what_exists(game: str, rule: str, cell: str) -> None:
    names = cited(cell)
    assert names, f"{rule} names no code"
    for name in names:
        resolve(game, name)


def test_a_name_that_does_not_exist_is_caught() -> None:
    """The check can fail: a misspelt name does not resolve."""
    with pytest.raises(AttributeError):
        resolve("summit", "flow.decide_end_turns")
    assert cited("`flow.py` (`a`, `b`), `fight.declare`") == ["flow.a", "flow.b", "fight.declare"]
