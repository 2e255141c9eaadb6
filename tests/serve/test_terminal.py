"""The terminal table, in this process: screens, entries refused or taken, quit, resume,
hot seat (EN-4, EN-8, EN-9)."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

from gamefold import IllegalAction, RecordError
from gamefold.cli import main
from gamefold.games import get_game
from gamefold.record import GameRecord, check_record
from gamefold.serve import Table, Terminal
from gamefold.serve.terminal import CLEAR, parse_entry


def _answers(entries: Iterable[str], out: io.StringIO | None = None) -> Callable[[str], str]:
    """An ``ask`` that gives ``entries`` in turn, then the end of input; like ``input``, it
    writes its prompt to ``out``."""
    it = iter(entries)

    def ask(prompt: str) -> str:
        if out is not None:
            out.write(prompt)
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return ask


def _table(*humans: str, path: Path | None = None) -> Table:
    return Table(get_game("skirmish")(), 1, humans=humans, path=path)


def test_a_screen_shows_the_seats_view_and_its_choices() -> None:
    table = _table("ana")
    out = io.StringIO()
    Terminal(table, _answers([]), out).run()
    shown = out.getvalue()
    assert shown.startswith("=== skirmish: ana's turn")
    assert "Since your last turn:" in shown
    assert "AssignPairings:" in shown
    for choice in table.choices("ana"):
        assert f"{choice.number}. " in shown
    assert "hidden (5 cards)" in shown  # the others' hands (EN-9)
    assert shown.count("hidden (5 cards)") == 3  # bo, cy and the GM: never ana's own


@pytest.mark.parametrize(
    "entry",
    ["0", "999", "play", '{"type": "Play"', '{"type": "Nothing"}', '{"type": "Play", "x": 1}'],
)
def test_en4_a_bad_entry_is_refused_and_nothing_changes(entry: str, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    table = _table("ana", path=path)
    state, written = table.state, path.read_bytes()
    out = io.StringIO()
    Terminal(table, _answers([entry]), out).run()
    refused = [line for line in out.getvalue().splitlines() if line.startswith("refused: ")]
    assert len(refused) == 1
    assert (table.state, path.read_bytes()) == (state, written)


def test_en4_an_illegal_action_is_refused_with_the_rules_sentence() -> None:
    table = _table("ana")
    state = table.state
    typed = '{"type": "Play", "player": "ana", "card": 0}'
    problem = table.game.rules.check(state, parse_entry(typed, table.choices("ana")))
    assert problem is not None
    out = io.StringIO()
    Terminal(table, _answers([typed]), out).run()
    assert f"refused: {problem}" in out.getvalue().splitlines()
    assert table.state is state


def test_an_action_typed_as_json_is_taken() -> None:
    table = _table("ana")
    choice = table.choices("ana")[1]
    out = io.StringIO()
    Terminal(table, _answers(["json 2"]), out).run()
    typed = next(line for line in out.getvalue().splitlines() if line.startswith("{"))
    assert json.loads(typed)["type"] == choice.kind
    steps = table.steps
    Terminal(table, _answers([typed]), io.StringIO()).run()
    assert table.record.actions[steps] == choice.action


def test_parse_entry_reads_numbers_and_records_json() -> None:
    table = _table("ana")
    choices = table.choices("ana")
    assert parse_entry(" 1 ", choices) == choices[0].action
    with pytest.raises(IllegalAction, match="choose 1 to"):
        parse_entry(str(len(choices) + 1), choices)
    from gamefold.record import to_json

    assert parse_entry(to_json(choices[0].action), choices) == choices[0].action
    with pytest.raises(RecordError):
        parse_entry('{"type": "AssignPairings", "side": "nobody", "pairs": []}', choices)


def test_quit_keeps_every_step_and_resume_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    table = _table("ana", path=path)
    assert not Terminal(table, _answers(["1", "1", "quit"]), io.StringIO()).run()
    record = GameRecord.from_json(path.read_text(encoding="utf-8"))
    assert record == table.record
    resumed = Table.resume(record, humans=["ana"], path=path)
    assert resumed.state == table.state
    assert resumed.due == "ana"
    assert not Terminal(resumed, _answers(["1", "1"]), io.StringIO()).run()
    again = GameRecord.from_json(path.read_text(encoding="utf-8"))
    assert again.actions[: len(record.actions)] == record.actions
    assert len(again.actions) > len(record.actions)
    assert check_record(again).divergence is None


def test_hot_seat_clears_the_screen_between_seats() -> None:
    """Two people at one keyboard: a clean screen and an Enter before each seat's screen, so
    one seat's hand is never left showing to the other."""
    table = _table("ana", "bo")
    out = io.StringIO()
    Terminal(table, _answers(["", "1"] * 40, out), out).run()
    shown = out.getvalue()
    screens = shown.split(CLEAR)
    seats = [set(re.findall(r"=== skirmish: (\w+)'s turn", screen)) for screen in screens]
    assert all(len(found) <= 1 for found in seats)  # never two seats' screens between clears
    assert set().union(*seats) == {"ana", "bo"}
    for found, screen in zip(seats, screens, strict=True):
        if found:  # a seat's screen only after its player pressed Enter on a clean screen
            assert screens[screens.index(screen) - 1].startswith(f"{found.pop()}'s turn: pass")


# -- the command line ----------------------------------------------------------------------


def test_play_human_from_the_command_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``play --human`` writes its record, saves at the end of input and says how to resume."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("builtins.input", _answers(["1", "1"]))
    assert main(["play", "skirmish", "--human", "ana"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert "saved the game after" in out
    assert "gamefold play skirmish --resume skirmish-seed-1.json --human ana" in out
    record = GameRecord.from_json((tmp_path / "skirmish-seed-1.json").read_text("utf-8"))
    assert check_record(record).divergence is None
    # the default record is never overwritten
    assert main(["play", "skirmish", "--human", "ana"]) == 2
    assert "exists: continue it with --resume" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--human", "zed"], "no seat 'zed'"),
        (["--resume", "none.json"], "cannot read none.json"),
        (["--resume", "g.json", "--set", "skills.hand_limit=6"], "drop --config"),
        (["--policy", "nobody"], "nobody"),
    ],
)
def test_play_human_refuses_bad_arguments(
    argv: list[str],
    says: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "g.json").write_text(_table("ana").record.to_json(), encoding="utf-8")
    assert main(["play", "skirmish", "--human", "ana", *argv]) == 2
    _out, err = capsys.readouterr()
    assert says in err
    assert err.count("\n") == 1
    assert not (tmp_path / "skirmish-seed-1.json").exists()


def test_play_resume_refuses_a_record_that_does_not_replay_or_is_another_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    record = _table("ana").record
    assert record.digests is not None
    swapped = GameRecord(
        record.game, record.config, record.seed, record.actions, digests=record.digests[::-1]
    )
    (tmp_path / "g.json").write_text(swapped.to_json(), encoding="utf-8")
    written = (tmp_path / "g.json").read_bytes()
    assert main(["play", "skirmish", "--resume", "g.json", "--human", "ana"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("gamefold: error: g.json: step 0: the initial state differs")
    assert "[record/diverges]" in err
    assert main(["play", "summit", "--resume", "g.json", "--human", "p1"]) == 2
    assert "g.json is a game of skirmish, not of summit" in capsys.readouterr().err
    assert (tmp_path / "g.json").read_bytes() == written


@pytest.mark.parametrize(
    ("command", "seat", "seed"),
    [
        ("play", ["--human", "ana"], ["--seed", "9"]),
        ("play", ["--human", "ana"], ["--seed-text", "nine"]),
        ("serve", ["--seat", "ana=human", "--port", "0"], ["--seed", "9"]),
    ],
)
def test_en8_resume_refuses_a_seed_as_it_keeps_the_records(
    command: str,
    seat: list[str],
    seed: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A resumed table plays its record's seed: a --seed beside --resume is one clean
    error line, status 2, and the record is left as it was."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "g.json").write_text(_table("ana").record.to_json(), encoding="utf-8")
    written = (tmp_path / "g.json").read_bytes()
    assert main([command, "skirmish", "--resume", "g.json", *seat, *seed]) == 2
    out, err = capsys.readouterr()
    assert err == f"gamefold: error: --resume plays the record's own seed: drop {seed[0]}\n"
    assert out == ""
    assert (tmp_path / "g.json").read_bytes() == written


def test_play_human_stops_at_the_step_cap(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("builtins.input", lambda prompt: "1")
    argv = ["play", "skirmish", "--human", "ana", "--max-steps", "40", "--json", "g.json"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "Stopped at the step cap after 40 steps; the game is not over." in out
    assert len(GameRecord.from_json((tmp_path / "g.json").read_bytes()).actions) == 40
