"""``gamefold play --human`` in a real pseudo-terminal: a game killed mid-way and resumed,
nothing lost (EN-8); Ctrl-D saves and says how to go on."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect

from gamefold.record import GameRecord, check_record

SRC = Path(__file__).resolve().parents[2] / "src"
PROMPT = "ana> "


def _spawn(directory: Path, *argv: str) -> pexpect.spawn:
    env = {**os.environ, "PYTHONPATH": str(SRC), "TERM": "dumb"}
    return pexpect.spawn(
        sys.executable,
        ["-m", "gamefold", "play", "skirmish", *argv],
        cwd=str(directory),
        env=env,
        encoding="utf-8",
        timeout=120,
        dimensions=(50, 200),
    )


def _record(path: Path) -> GameRecord:
    return GameRecord.from_json(path.read_text(encoding="utf-8"))


def test_en8_a_game_killed_mid_way_resumes_with_nothing_lost(tmp_path: Path) -> None:
    record = tmp_path / "skirmish-seed-1.json"
    first = _spawn(tmp_path, "--human", "ana")
    first.expect_exact("1. AssignPairings(")
    first.expect_exact(PROMPT)
    first.sendline("1")
    first.expect_exact(PROMPT)
    first.sendline("not a choice")
    first.expect_exact("refused: 'not a choice' is neither")
    for _ in range(2):
        first.expect_exact(PROMPT)
        first.sendline("1")
    first.expect_exact(PROMPT)
    before = _record(record)  # every step the three answers caused is on disk
    first.kill(9)
    first.wait()
    assert not list(tmp_path.glob(".*.tmp"))  # no half-written file left behind
    assert _record(record) == before
    assert check_record(before).divergence is None

    second = _spawn(tmp_path, "--resume", str(record.name), "--human", "ana")
    second.expect_exact(PROMPT)
    while True:
        second.sendline("1")
        found = second.expect_exact([PROMPT, "Game over after", pexpect.EOF])
        if found:
            break
    second.expect(pexpect.EOF)
    second.close()
    assert second.exitstatus == 0
    assert f"wrote the game record to {record.name}" in (second.before or "")
    after = _record(record)
    assert after.actions[: len(before.actions)] == before.actions
    checked = check_record(after)
    assert checked.divergence is None
    assert checked.over


def test_ctrl_d_saves_and_says_how_to_resume(tmp_path: Path) -> None:
    child = _spawn(tmp_path, "--human", "ana", "--json", "mine.json")
    child.expect_exact(PROMPT)
    child.sendline("1")
    child.expect_exact(PROMPT)
    child.sendeof()
    child.expect_exact("continue it with")
    child.expect_exact("gamefold play skirmish --resume mine.json --human ana")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert check_record(_record(tmp_path / "mine.json")).divergence is None
