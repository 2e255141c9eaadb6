"""Golden replays: every shipped game replays its golden records state for state (EN-3, EN-8).

``tests/golden/replays/NAME.json`` is a game record with the digest of every state, and
``NAME.steps.jsonl`` beside it the journal of that game: the whole initial state, then what
each action changed, one JSON line a step. The test replays each record and compares every
state with the journal, so a behaviour change fails at the first step it touches, with a
readable diff of that step's state (``slices[1].hands[0].cards: was [3, 4], now [4]``).

A rule changed on purpose re-blesses them with
``GAMEFOLD_BLESS=1 pytest tests/test_golden_replays.py`` (CONTRIBUTING, "Golden files").
"""

from __future__ import annotations

import itertools
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

from gamefold import IllegalAction
from gamefold.games import get_game, play
from gamefold.games.skirmish import SkirmishConfig
from gamefold.games.summit import Scenario, SummitConfig
from gamefold.record import GameRecord, canonical_json, check_record, replay, state_digest
from gamefold.registry import Game
from gamefold.sim.policies import Policies, resolve_policies

GOLDEN = Path(__file__).parent / "golden" / "replays"


@attrs.frozen
class Case:
    """One golden game: which game and config, the seed and everyone's policy."""

    name: str
    game: str
    seed: int | str
    policies: Policies
    config: Any = None


CASES = (
    Case("skirmish-1-random", "skirmish", 1, "random"),
    Case("skirmish-2-greedy", "skirmish", 2, "greedy"),
    Case("skirmish-3-mixed", "skirmish", 3, {"ana": "greedy", "gm": "random"}),
    Case(
        "skirmish-duo-no-reactions",
        "skirmish",
        "duo",
        "greedy",
        SkirmishConfig(party_size=2, reaction_windows=False),
    ),
    Case("summit-1-random", "summit", 1, "random"),
    Case("summit-2-greedy", "summit", 2, "greedy"),
    Case("summit-4-mixed", "summit", 4, {"p1": "greedy", "p3": "greedy"}),
    Case(
        "summit-five-in-order",
        "summit",
        "five",
        "random",
        SummitConfig(players=5, scenario=Scenario(deal="in-order", zone_rule="all")),
    ),
)


def _bless(case: Case) -> None:
    game = get_game(case.game)(case.config)
    played = play(game, case.seed, resolve_policies(game, case.policies))
    record = GameRecord(game.name, game.config, case.seed, played.actions)
    record = record.with_digests(played.states)
    GOLDEN.mkdir(parents=True, exist_ok=True)
    (GOLDEN / f"{case.name}.json").write_text(record.to_json(indent=1) + "\n", encoding="utf-8")
    lines = [json.dumps(step, sort_keys=True) for step in _journal(played.states)]
    (GOLDEN / f"{case.name}.steps.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


# -- flat states and journals --------------------------------------------------------------------


def flat(state: Game) -> dict[str, Any]:
    """A state as ``{path: value}`` for every leaf of its canonical JSON encoding."""
    out: dict[str, Any] = {}
    todo: list[tuple[str, Any]] = [("", json.loads(canonical_json(state)))]
    while todo:
        path, value = todo.pop()
        if isinstance(value, dict) and value:
            todo.extend((f"{path}.{k}" if path else str(k), v) for k, v in value.items())
        elif isinstance(value, list) and value:
            todo.extend((f"{path}[{i}]", v) for i, v in enumerate(value))
        else:
            out[path] = value
    return out


def _journal(states: tuple[Game, ...]) -> Iterator[dict[str, Any]]:
    before: dict[str, Any] = {}
    for step, state in enumerate(states):
        now = flat(state)
        changed = {k: v for k, v in now.items() if before.get(k, _GONE) != v}
        gone = sorted(set(before) - set(now))
        yield {"step": step, "set": changed, "gone": gone}
        before = now


_GONE = object()


def expected_states(journal: str) -> Iterator[dict[str, Any]]:
    """The flat state of each step, rebuilt from a journal."""
    state: dict[str, Any] = {}
    for line in journal.splitlines():
        entry = json.loads(line)
        state = {k: v for k, v in state.items() if k not in set(entry["gone"])}
        state.update(entry["set"])
        yield state


def state_diff(expected: dict[str, Any], actual: dict[str, Any], limit: int = 12) -> list[str]:
    """The differing leaves of two flat states, one readable line each."""
    lines = []
    for path in sorted(set(expected) | set(actual)):
        was, now = expected.get(path, _GONE), actual.get(path, _GONE)
        if was != now:
            shown_was = "(absent)" if was is _GONE else json.dumps(was)
            shown_now = "(absent)" if now is _GONE else json.dumps(now)
            lines.append(f"  {path}: was {shown_was}, now {shown_now}")
    return lines[:limit] + ([f"  … and {len(lines) - limit} more"] if len(lines) > limit else [])


def first_divergence(record: GameRecord, journal: str) -> str | None:
    """Where replaying ``record`` first leaves the journal, as a readable report."""
    expected = expected_states(journal)
    states = replay(record)
    for step in range(len(record.actions) + 1):
        action = "the initial state" if step == 0 else f"after {record.actions[step - 1]!r}"
        try:
            actual = next(states)
        except IllegalAction as err:
            return f"step {step}: the recorded action is illegal now: {err}"
        want = next(expected, None)
        if want is None:
            return f"step {step}: the journal ends before the record"
        diff = state_diff(want, flat(actual))
        if diff:
            return "\n".join([f"step {step} ({action}) differs from the golden state:", *diff])
        if record.digests is not None and state_digest(actual) != record.digests[step]:
            return f"step {step} ({action}): same state, other digest (the encoding changed)"
    return None


# -- the tests ------------------------------------------------------------------------------


def test_every_shipped_game_has_golden_replays() -> None:
    """EN-8: both games, random, greedy and mixed policies, and a non-default scenario."""
    names = {case.name for case in CASES}
    assert {name.split("-")[0] for name in names} == {"skirmish", "summit"}
    for case in CASES:
        assert (GOLDEN / f"{case.name}.json").exists() or os.environ.get("GAMEFOLD_BLESS") == "1"


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_en3_en8_golden_records_replay_state_for_state(case: Case) -> None:
    """EN-3, EN-8: each golden record replays to exactly the journal's states and digests."""
    if os.environ.get("GAMEFOLD_BLESS") == "1":
        _bless(case)
    record = GameRecord.from_json((GOLDEN / f"{case.name}.json").read_bytes())
    assert record.digests is not None
    journal = (GOLDEN / f"{case.name}.steps.jsonl").read_text(encoding="utf-8")
    report = first_divergence(record, journal)
    if report is not None:
        pytest.fail(f"{case.name}: {report}", pytrace=False)
    checked = check_record(record)
    assert checked.divergence is None
    assert checked.steps == len(record.actions)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_en3_each_golden_record_is_the_game_its_case_plays(case: Case) -> None:
    """EN-3: playing the case again (its seed, config and policies) gives the recorded
    actions: a record that still replays but is no longer what its case plays is stale."""
    game = get_game(case.game)(case.config)
    played = play(game, case.seed, resolve_policies(game, case.policies))
    record = GameRecord.from_json((GOLDEN / f"{case.name}.json").read_bytes())
    if record.actions != played.actions:
        pairs = zip(record.actions, played.actions, strict=False)
        same = sum(1 for _ in itertools.takewhile(lambda pair: pair[0] == pair[1], pairs))
        pytest.fail(f"{case.name}: the case plays another game from step {same + 1}")


def test_en8_a_golden_replay_failure_names_the_step_and_shows_the_state_diff() -> None:
    """EN-8: two swapped legal actions are reported at the first changed step, with the
    state's changed fields, not as a bare failure."""
    record = GameRecord.from_json((GOLDEN / "summit-1-random.json").read_bytes())
    journal = (GOLDEN / "summit-1-random.steps.jsonl").read_text(encoding="utf-8")
    actions = list(record.actions)
    first, second = _swappable(record)
    actions[first], actions[second] = actions[second], actions[first]
    report = first_divergence(attrs.evolve(record, actions=tuple(actions)), journal)
    assert report is not None
    assert report.startswith(f"step {first + 1} (after {actions[first]!r}) differs")
    assert "\n  slices[" in report
    assert ": was " in report
    assert ", now " in report


def _swappable(record: GameRecord) -> tuple[int, int]:
    """Two different actions, in a row, that are both legal either way round."""
    game = record.game_def()
    states = list(replay(record))
    for i in range(len(record.actions) - 1):
        a, b = record.actions[i], record.actions[i + 1]
        if a == b:
            continue
        try:
            game.rules.reduce(game.rules.reduce(states[i], b), a)
        except IllegalAction:
            continue
        return i, i + 1
    raise AssertionError("no two swappable actions in the record")
