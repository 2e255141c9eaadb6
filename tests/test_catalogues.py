"""The catalogue checks themselves can fail (EN-4): each flags what it exists to catch.

``tests/catalogues.py`` backs one ``test_codes.py`` per catalogue (diplomacy, summit,
skirmish); here it reads a toy package and a toy docs page with every kind of mistake.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from tests.catalogues import constants, docs_problems, refusal_problem, source_problems, used_codes

from gamefold.errors import IllegalAction
from gamefold.pipeline import Catalogue


def _toy_codes() -> ModuleType:
    """A codes module of the ``toy`` domain: one code of one rule, one of two rules."""
    codes = ModuleType("toy.codes")
    catalogue = Catalogue("toy", {"toy/late": "TY-1", "toy/busy": ("TY-2", "TY-3")})
    vars(codes).update(
        LATE="toy/late",
        BUSY="toy/busy",
        MALFORMED="toy/malformed",
        CATALOGUE=catalogue,
        illegal=catalogue.illegal,
        __all__=["BUSY", "CATALOGUE", "LATE", "MALFORMED", "illegal"],
    )
    return codes


GOOD = """
from toy import codes

def late(action):
    raise codes.illegal(codes.LATE, "Too late.", action)

def busy(action):
    return codes.illegal(codes.BUSY, "Busy.", action, rule="TY-3")
"""

BAD = """
from gamefold.errors import IllegalAction
from toy import codes

def a(action):
    raise IllegalAction(codes.LATE, "TY-1", "By hand.", action)

def b(action):
    raise codes.illegal(codes.GONE, "No such code.", action)

def c(action):
    raise codes.illegal(codes.BUSY, "Which rule?", action)

def d(action):
    raise codes.illegal(codes.BUSY, "Not its rule.", action, rule="TY-1")

def e(action):
    raise codes.illegal(codes.LATE, "One rule only.", action, rule="TY-1")
"""


def _package(tmp_path: Path, source: str) -> Path:
    (tmp_path / "toy").mkdir()
    (tmp_path / "toy" / "rules.py").write_text(source, encoding="utf-8")
    (tmp_path / "toy" / "codes.py").write_text("IllegalAction('not scanned')\n", encoding="utf-8")
    return tmp_path / "toy"


def test_a_package_whose_refusals_all_come_from_its_catalogue_passes(tmp_path: Path) -> None:
    codes = _toy_codes()
    where = _package(tmp_path, GOOD)
    assert source_problems(where, codes) == []
    assert used_codes(where, codes) == {"toy/late", "toy/busy"}
    assert set(constants(codes).values()) == codes.CATALOGUE.codes


def test_every_kind_of_bypass_is_flagged_with_its_place(tmp_path: Path) -> None:
    problems = source_problems(_package(tmp_path, BAD), _toy_codes())
    assert [p.split(":")[1] for p in problems] == ["6", "9", "12", "15", "18"]
    assert "built by hand" in problems[0]
    assert "codes.GONE does not exist" in problems[1]
    assert "names no rule" in problems[2]
    assert "not 'TY-1'" in problems[3]
    assert "rule= is for codes of several rules" in problems[4]


def test_the_docs_check_flags_missing_codes_other_rules_and_the_unnamed_module() -> None:
    codes = _toy_codes()
    page = "\n".join(
        [
            "The table lives in toy.codes.",
            "| `toy/malformed` | EN-4 | bad fields |",
            "| `toy/busy` | TY-2 | busy |",
            "| `toy/gone` | TY-9 | never raised |",
        ]
    )
    assert docs_problems(page, codes) == [
        "toy/late is not in the code table",
        "toy/busy: the page cites ['TY-2'], the catalogue ('TY-2', 'TY-3')",
        "toy/gone is documented but not in the catalogue",
    ]
    fixed = page.replace("TY-2 |", "TY-2, TY-3 |").replace("toy/gone` | TY-9", "toy/late` | TY-1")
    assert docs_problems(fixed, codes) == []
    assert docs_problems(fixed.replace("toy.codes", "the source"), codes) == [
        "the page does not say that the table lives in toy.codes"
    ]


def test_a_refusal_met_at_run_time_must_carry_a_catalogue_code_and_one_of_its_rules() -> None:
    catalogues = {"toy": _toy_codes().CATALOGUE}
    assert refusal_problem(IllegalAction("toy/busy", "TY-3", "Busy."), catalogues) is None
    assert refusal_problem(IllegalAction("toy/busy", "TY-1", "Busy."), catalogues)
    assert refusal_problem(IllegalAction("toy/gone", "TY-1", "Gone."), catalogues)
    assert refusal_problem(IllegalAction("other/late", "TY-1", "Late."), catalogues)
