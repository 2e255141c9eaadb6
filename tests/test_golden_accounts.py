"""Golden accounts: ``gamefold play`` tells the same game, byte for byte, in every release.

Each ``tests/golden/accounts/GAME-SEED-POLICY.txt`` holds the account that ``gamefold play
GAME --seed SEED --policy POLICY --json GAME-SEED-POLICY.json`` prints, and the ``.json`` beside
it the record it writes. A refactoring must leave both unchanged (EN-3, EN-8); a rule changed
on purpose re-blesses them with ``GAMEFOLD_BLESS=1 pytest tests/test_golden_accounts.py`` and
says so in the changelog (CONTRIBUTING, "Golden files").
"""

from __future__ import annotations

import contextlib
import io
import os
from pathlib import Path

import pytest

from gamefold.cli import main
from gamefold.sim import simulate

GOLDEN = Path(__file__).parent / "golden" / "accounts"
CASES = sorted(path.stem for path in GOLDEN.glob("*.txt"))


def _play(stem: str, folder: Path) -> tuple[str, str]:
    game, seed, policy = stem.split("-")
    out = io.StringIO()
    with contextlib.chdir(folder), contextlib.redirect_stdout(out):
        code = main(["play", game, "--seed", seed, "--policy", policy, "--json", f"{stem}.json"])
    assert code == 0
    return out.getvalue(), (folder / f"{stem}.json").read_text(encoding="utf-8")


def test_golden_cases_exist() -> None:
    """The shipped games have golden accounts, with a random and a greedy policy."""
    assert {stem.split("-")[0] for stem in CASES} >= {"skirmish", "summit", "campaign"}
    assert {stem.split("-")[2] for stem in CASES} >= {"random", "greedy"}


@pytest.mark.parametrize("stem", CASES)
def test_en3_en8_play_tells_and_records_the_golden_game(stem: str, tmp_path: Path) -> None:
    """EN-3, EN-8: the account and the record of a fixed game never change by accident."""
    account, record = _play(stem, tmp_path)
    if os.environ.get("GAMEFOLD_BLESS") == "1":
        (GOLDEN / f"{stem}.txt").write_text(account, encoding="utf-8")
        (GOLDEN / f"{stem}.json").write_text(record, encoding="utf-8")
    assert account == (GOLDEN / f"{stem}.txt").read_text(encoding="utf-8")
    assert record == (GOLDEN / f"{stem}.json").read_text(encoding="utf-8")


FRAMES = Path(__file__).parent / "golden" / "frames"


@pytest.mark.parametrize("game", ["skirmish", "summit", "campaign"])
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_en3_simulate_gives_the_golden_frame(game: str, policy: str) -> None:
    """EN-3: ``simulate`` gives the same numbers for the same seed in every release."""
    frame = simulate(game, games=12, seed=1, policies=policy, progress=False)
    text = frame.to_csv(index=False, lineterminator="\n")
    path = FRAMES / f"{game}-{policy}.csv"
    if os.environ.get("GAMEFOLD_BLESS") == "1":
        FRAMES.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
