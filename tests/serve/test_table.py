"""The playtest table: humans' actions refused or taken, bots, the record, resume (EN-4, EN-8,
EN-9)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamefold import IllegalAction, RecordError, Rng, skills
from gamefold._files import write_text
from gamefold.core import Action, Event
from gamefold.games import GameDef, get_game
from gamefold.record import GameRecord, check_record, state_digest
from gamefold.registry import Game
from gamefold.serve import Table
from gamefold.serve.table import NOT_OFFERED, NOT_YOUR_TURN


def _skirmish() -> GameDef:  # type: ignore[type-arg]
    return get_game("skirmish")()


def _first(view: Game, legal: tuple[Action, ...], rng: Rng) -> tuple[Action, Rng]:
    return legal[0], rng


def _read(path: Path) -> GameRecord:
    return GameRecord.from_json(path.read_text(encoding="utf-8"))


def test_the_table_waits_at_the_first_human_choice(tmp_path: Path) -> None:
    """The clock and the bots play at once, up to the human seat's choice."""
    table = Table(_skirmish(), 1, humans=["bo"], path=tmp_path / "g.json")
    assert table.due == "bo"
    assert table.steps > 0
    assert table.legal("bo")
    assert table.legal("ana") == ()
    assert [c.number for c in table.choices("bo")] == list(range(1, len(table.legal("bo")) + 1))
    # every choice is one of the listed actions, grouped by kind
    kinds = [c.kind for c in table.choices("bo")]
    assert kinds == sorted(kinds, key=kinds.index)
    assert {c.action for c in table.choices("bo")} == set(table.legal("bo"))


def test_en4_a_refused_action_changes_nothing(tmp_path: Path) -> None:
    """An illegal action raises the rule's IllegalAction; state, steps and file are unchanged."""
    path = tmp_path / "g.json"
    table = Table(_skirmish(), 1, humans=["ana"], path=path)
    state, steps, written = table.state, table.steps, path.read_bytes()
    other = skills.Play(player="ana", card=0)
    assert other not in table.legal("ana")
    with pytest.raises(IllegalAction) as refused:
        table.act("ana", other)
    assert refused.value == table.game.rules.check(state, other)  # the rule's own sentence
    assert refused.value.code.startswith("skills/")
    assert (table.state, table.steps, path.read_bytes()) == (state, steps, written)


def test_en4_only_the_seat_due_may_act() -> None:
    table = Table(_skirmish(), 1, humans=["ana", "bo"])
    seat = table.due
    assert seat is not None
    waiting = "bo" if seat == "ana" else "ana"
    state = table.state
    with pytest.raises(IllegalAction) as refused:
        table.act(waiting, table.legal(seat)[0])
    assert refused.value.code == NOT_YOUR_TURN
    assert f"it is {seat}'s choice" in refused.value.message
    assert table.state is state


def test_en4_an_unlisted_action_the_rules_would_take_is_refused() -> None:
    """A host action (never a player's choice) is refused even when the rules accept it."""
    table = Table(_skirmish(), 1, humans=["ana"])
    state = table.state
    defeat = skills.DefeatUnit(unit="orc")  # the host's: no player may strike a foe out
    assert table.game.rules.check(state, defeat) is None
    with pytest.raises(IllegalAction) as refused:
        table.act("ana", defeat)
    assert refused.value.code == NOT_OFFERED
    assert table.state is state


def test_a_human_action_is_taken_and_the_bots_play_on(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    table = Table(_skirmish(), 1, humans=["ana"], path=path)
    before = table.steps
    action = table.legal("ana")[0]
    table.act("ana", action)
    assert table.record.actions[before] == action
    assert table.due in ("ana", None)
    assert table.steps > before


def test_en8_the_record_after_every_step_replays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After every step, bots' and clock's too, the file holds the whole game so far: a
    record that replays, digests and all; written whole each time (through atomic writes)."""
    import gamefold.serve.table as module

    written: list[str] = []

    def keep(path: Path, text: str) -> None:
        written.append(text)
        write_text(path, text)

    monkeypatch.setattr(module, "write_text", keep)
    path = tmp_path / "g.json"
    table = Table(_skirmish(), 3, humans=["cy"], path=path, max_steps=80)
    turns = 0
    while table.due is not None:
        assert _read(path) == table.record
        if turns % 4 == 0:
            checked = check_record(path.read_text(encoding="utf-8"))
            assert checked.divergence is None
            assert checked.digests
            assert checked.steps == table.steps
            assert state_digest(checked.final) == state_digest(table.state)
        table.act("cy", table.legal("cy")[-1])
        turns += 1
    assert turns > 2
    assert [len(json.loads(text)["actions"]) for text in written] == list(range(table.steps + 1))
    assert written[-1] == table.record.to_json() + "\n"
    assert check_record(written[-1]).divergence is None


def test_en9_a_seat_sees_its_view_and_the_game_in_words() -> None:
    table = Table(_skirmish(), 1, humans=["ana"])
    assert table.view("ana") == table.game.rules.view(table.state, "ana")
    assert table.view("ana") != table.state  # hands of others hidden, the RNG stripped
    assert table.lines_since("ana") == tuple(map(table.game.describe, table.events_since("ana")))


def _events_of_steps(record: GameRecord) -> list[tuple[Event, ...]]:
    found: list[tuple[Event, ...]] = []
    check_record(record, replayed=lambda state, events: found.append(events))
    return found[1:]  # the setup has no step


def test_events_since_a_seats_own_last_action() -> None:
    """What a seat is told is every event after its own last action, and nothing before."""
    table = Table(_skirmish(), 1, humans=["ana", "bo", "cy", "gm"])
    for _ in range(6):
        seat = table.due
        assert seat is not None
        mine = table.steps
        events = table.act(seat, table.legal(seat)[0])
        steps = _events_of_steps(table.record)
        assert steps[mine] == events
        assert table.events_since(seat) == tuple(e for step in steps[mine + 1 :] for e in step)
        other = table.due
        if other is not None and other != seat:
            told = table.events_since(other)
            assert told[-len(events) - len(table.events_since(seat)) :][: len(events)] == events


def test_en8_resume_goes_on_as_the_game_would_have(tmp_path: Path) -> None:
    """A table resumed from its file mid-game is the table that never stopped."""
    whole = Table(_skirmish(), 5, humans=["bo"], bots={"gm": _first})
    for _ in range(3):
        whole.act("bo", whole.legal("bo")[0])
    path = tmp_path / "g.json"
    stopped = Table(_skirmish(), 5, humans=["bo"], bots={"gm": _first}, path=path)
    stopped.act("bo", stopped.legal("bo")[0])
    resumed = Table.resume(path.read_text(encoding="utf-8"), humans=["bo"], bots={"gm": _first})
    assert resumed.state == stopped.state
    assert resumed.events_since("bo") == stopped.events_since("bo")
    for _ in range(2):
        resumed.act("bo", resumed.legal("bo")[0])
    assert resumed.record == whole.record


def test_en8_resume_refuses_a_record_that_does_not_replay(tmp_path: Path) -> None:
    table = Table(_skirmish(), 1, humans=["ana"])
    record = table.record
    assert record.digests is not None
    bad = GameRecord(
        record.game, record.config, record.seed, record.actions, digests=record.digests[::-1]
    )
    with pytest.raises(RecordError) as refused:
        Table.resume(bad, humans=["ana"])
    assert refused.value.code == "record/diverges"


def test_a_seat_the_game_does_not_have_is_refused() -> None:
    with pytest.raises(ValueError, match="no seat 'zed'"):
        Table(_skirmish(), 1, humans=["zed"])
    with pytest.raises(ValueError, match="no seat 'zed'"):
        Table(_skirmish(), 1, bots={"zed": _first})


def test_no_human_the_bots_play_to_the_end() -> None:
    table = Table(_skirmish(), 2)
    assert table.is_over
    assert table.due is None


def test_the_step_cap_stops_the_table() -> None:
    table = Table(_skirmish(), 2, max_steps=5)
    assert table.steps == 5
    assert table.stopped
    assert table.due is None
