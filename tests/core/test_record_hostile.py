"""Hostile records and config files: every one refused with one clear RecordError (EN-8).

Each case comes from trying records as a stranger might send them: too big, too deep, too
long, duplicated, mistyped, or quietly tampered with. Size limits are tested with small
configured limits, so the tests stay fast.
"""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
import tracemalloc
from pathlib import Path
from typing import Any

import attrs
import pytest

from gamefold import ConfigError, GamefoldError, RecordError
from gamefold.games import get_game, play
from gamefold.games.summit import SummitConfig
from gamefold.record import (
    GameRecord,
    Limits,
    check_record,
    from_json,
    read_config,
    state_digest,
    verify,
)
from gamefold.skills import SkillsConfig

GOLDEN = Path(__file__).parents[1] / "golden" / "replays"
SKIRMISH = GOLDEN / "skirmish-2-greedy.json"


def golden() -> dict[str, Any]:
    """A real skirmish record with digests, as plain JSON data."""
    data: dict[str, Any] = json.loads(SKIRMISH.read_text(encoding="utf-8"))
    return data


def refused(data: Any, *, limits: Limits | None = None) -> RecordError:
    text = data if isinstance(data, str | bytes) else json.dumps(data)
    with pytest.raises(RecordError) as caught:
        GameRecord.from_json(text, limits=limits or Limits())
    assert isinstance(caught.value, GamefoldError)
    assert isinstance(caught.value, ValueError)
    return caught.value


# -- bounded loading --------------------------------------------------------------------------


def test_en8_a_file_beyond_max_bytes_is_refused_before_parsing() -> None:
    """EN-8: the size is checked first: even a file that is not JSON is refused by its size."""
    err = refused(b"x" * 2_001, limits=Limits(max_bytes=2_000))
    assert err.code == "record/too-big"
    assert "2,001 bytes; the limit is 2,000 (max_bytes)" in err.message


def test_en8_json_nested_5000_levels_in_the_config_is_too_deep_not_a_recursion_error() -> None:
    """EN-8: 5,000 levels of nesting inside ``config`` is one RecordError, small and fast."""
    data = golden()
    text = json.dumps(data).replace(
        '"config": {', '"config": {"x": ' + "[" * 5000 + "]" * 5000 + ", ", 1
    )
    tracemalloc.start()
    try:
        err = refused(text)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert err.code == "record/too-deep"
    assert peak < 20 * 2**20


def test_en8_nesting_beyond_max_depth_names_where() -> None:
    data = golden()
    data["config"]["names"] = [[[[[["ana"]]]]]]
    err = refused(data, limits=Limits(max_depth=7))
    assert err.code == "record/too-deep"
    assert err.path == "config.names[0][0][0][0][0]"


def test_en8_a_record_with_more_actions_than_max_actions_is_refused() -> None:
    """EN-8: a record claiming too many actions is refused before any is decoded."""
    data = golden()
    err = refused(data, limits=Limits(max_actions=len(data["actions"]) - 1))
    assert err.code == "record/too-many-actions"
    assert err.path == "actions"


def test_en8_a_long_string_is_refused_with_its_path() -> None:
    data = golden()
    data["config"]["names"][1] = "b" * 300
    err = refused(data, limits=Limits(max_string=200))
    assert (err.code, err.path) == ("record/string-too-long", "config.names[1]")


def test_en8_too_many_objects_and_arrays_are_refused_before_parsing() -> None:
    """EN-8: a file of a million empty arrays is refused by counting, not by building them."""
    err = refused("[" + "[]," * 1_000 + "[]]", limits=Limits(max_collections=500))
    assert err.code == "record/too-many-collections"


@pytest.mark.parametrize(
    ("field", "value"),
    [("max_bytes", 0), ("max_depth", 201), ("max_actions", -1), ("max_string", "10")],
)
def test_limits_themselves_are_validated(field: str, value: Any) -> None:
    with pytest.raises(ConfigError, match=field):
        Limits(**{field: value})


# -- config upper bounds ----------------------------------------------------------------------


def test_en8_sd1_a_deck_of_ten_million_cards_is_refused_at_once() -> None:
    """SD-1, EN-8: ``deck_size: 10000000`` no longer hangs: the config bounds it."""
    data = golden()
    data["config"]["skills"]["deck_size"] = 10_000_000
    err = refused(data)
    assert err.code == "record/bad-config"
    assert err.path == "config.skills.deck_size"
    assert "at most 1000" in err.message


@pytest.mark.parametrize(
    ("make", "field"),
    [
        (lambda: SkillsConfig(gm_deck_size=1_001), "gm_deck_size"),
        (lambda: SkillsConfig(fatigue_on_recycle=10**9), "fatigue_on_recycle"),
        (lambda: SummitConfig(players=10**6), "players"),
    ],
)
def test_en8_size_fields_have_upper_bounds(make: Any, field: str) -> None:
    """SD-7, SD-5, SM-1, EN-8: size fields are bounded above as well as below."""
    with pytest.raises(ConfigError) as caught:
        make()
    assert caught.value.field == field


def test_en8_other_size_bounds_reach_the_record_reader() -> None:
    """CB-14, CB-10, SK-1, DP-8, SM-2, SM-10: every bound is named by its path."""
    cases = [
        ("skirmish", ("combat", "stress_dice"), 1_001, "config.combat.stress_dice"),
        ("skirmish", ("names",), [f"n{i}" for i in range(65)], "config.names"),
        ("summit", ("scenario", "max_rounds"), 1_001, "config.scenario.max_rounds"),
        (
            "summit",
            ("diplomacy", "composition", "Troops T1"),
            10_001,
            "config.diplomacy.composition",
        ),
    ]
    for game, keys, value, path in cases:
        data = golden() if game == "skirmish" else _summit()
        target = data["config"]
        for key in keys[:-1]:
            target = target[key]
        target[keys[-1]] = value
        err = refused(data)
        assert (err.code, err.path) == ("record/bad-config", path), (keys, err)


def _summit() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((GOLDEN / "summit-1-random.json").read_text("utf-8"))
    return data


# -- strict decoding --------------------------------------------------------------------------


@pytest.mark.parametrize("config", [[], "default", {}])
def test_en8_a_config_that_is_not_the_whole_config_is_refused(config: Any) -> None:
    """EN-8: ``[]``, ``"default"`` or ``{}`` no longer load the default game silently."""
    data = golden()
    data["config"] = config
    err = refused(data)
    assert err.code == "record/malformed"
    assert err.path.startswith("config")


def test_en8_unknown_keys_are_refused_everywhere() -> None:
    data = golden()
    data["config"]["skills"]["deck_sise"] = 30
    assert refused(data).path == "config.skills"
    assert "unknown key 'deck_sise'" in refused(data).message
    data = golden()
    data["actions"][3]["extra"] = 1
    assert refused(data).path == "actions[3]"
    data = golden()
    data["comment"] = "hi"
    assert "unknown key 'comment'" in refused(data).message


@pytest.mark.parametrize("version", [True, 1.0, "1", 2, None])
def test_en8_the_format_version_is_an_int_this_library_knows(version: Any) -> None:
    data = golden()
    data["format_version"] = version
    err = refused(data)
    assert (err.code, err.path) == ("record/version", "format_version")


def test_en8_duplicate_keys_are_refused_with_their_place() -> None:
    """EN-8: a duplicated key is refused, not silently won by the last one."""
    text = SKIRMISH.read_text("utf-8").replace('"seed": 2', '"seed": 2, "seed": 3', 1)
    err = refused(text)
    assert err.code == "record/duplicate-key"
    assert "'seed' appears twice" in err.message
    text = SKIRMISH.read_text("utf-8").replace('"deck_size": 30', '"deck_size": 30, "deck_size": 9')
    assert refused(text).path == "config.skills"


def test_en8_wrong_types_name_their_field() -> None:
    """EN-8: a missing field is named; ``"cards": "seven"`` is one error, not seven."""
    data = golden()
    action = next(a for a in data["actions"] if "unit" in a)
    index = data["actions"].index(action)
    del action["unit"]
    err = refused(data)
    assert (err.path, err.message) == (f"actions[{index}].unit", "missing")
    data = golden()
    data["config"]["names"] = "seven"
    err = refused(data)
    assert str(err) == 'config.names: expected an array, got "seven" [record/malformed]'
    data = golden()
    data["config"]["skills"]["deck_size"] = "s"
    err = refused(data)
    assert str(err) == 'config.skills.deck_size: expected an int, got "s" [record/malformed]'


def test_en8_a_list_element_of_the_wrong_type_is_named_by_index() -> None:
    data = golden()
    index, action = next((i, a) for i, a in enumerate(data["actions"]) if a.get("cards"))
    action["cards"][-1] = "s"
    err = refused(data)
    path = f"actions[{index}].cards[{len(action['cards']) - 1}]"
    assert str(err) == f'{path}: expected an int, got "s" [record/malformed]'
    action["cards"] = "seven"  # was one int() error per character
    err = refused(data)
    assert str(err) == f'actions[{index}].cards: expected an array, got "seven" [record/malformed]'


def test_en8_digests_must_match_the_number_of_states() -> None:
    data = golden()
    data["digests"] = data["digests"][:-1]
    assert refused(data).path == "digests"
    data["digests"] = [1] * (len(data["actions"]) + 1)
    assert refused(data).path == "digests[0]"


def test_en8_from_json_refuses_bad_text_with_a_record_error() -> None:
    with pytest.raises(RecordError, match="expected an int"):
        from_json('{"deck_size": "30"}', SkillsConfig)
    with pytest.raises(RecordError, match=r"appears twice"):
        from_json('{"deck_size": 3, "deck_size": 4}', SkillsConfig)


# -- digests ----------------------------------------------------------------------------------


def test_en8_swapping_two_legal_actions_diverges_at_the_exact_step() -> None:
    """EN-8: a record whose actions were swapped still replays legally, but its digests
    catch the swap at the first swapped step."""
    record = GameRecord.from_json(SKIRMISH.read_bytes())
    game = record.game_def()
    states = [game.setup(record.seed)]
    for action in record.actions:
        states.append(game.rules.reduce(states[-1], action))
    step = next(
        i
        for i in range(len(record.actions) - 1)
        if record.actions[i] != record.actions[i + 1] and _legal_swap(game, states[i], record, i)
    )
    actions = list(record.actions)
    actions[step], actions[step + 1] = actions[step + 1], actions[step]
    swapped = attrs.evolve(record, actions=tuple(actions))
    checked = check_record(swapped)
    assert checked.divergence is not None
    assert checked.divergence.step == step + 1
    assert "digest" in checked.divergence.reason
    assert checked.steps == step
    assert verify(swapped) == checked.divergence
    without = attrs.evolve(swapped, digests=None)
    assert check_record(without).divergence is None  # legal either way: only digests see it


def _legal_swap(game: Any, state: Any, record: GameRecord, i: int) -> bool:
    """Whether swapping actions ``i`` and ``i + 1`` leaves the whole record legal (a swap
    can change what later steps may do, a card drawn for instance)."""
    try:
        game.rules.reduce(game.rules.reduce(state, record.actions[i + 1]), record.actions[i])
    except GamefoldError:
        return False
    actions = list(record.actions)
    actions[i], actions[i + 1] = actions[i + 1], actions[i]
    swapped = attrs.evolve(record, actions=tuple(actions), digests=None)
    return check_record(swapped).divergence is None


def test_en8_a_changed_initial_state_is_caught_at_step_0() -> None:
    data = golden()
    data["seed"] = 3
    checked = check_record(json.dumps(data))
    assert checked.divergence is not None
    assert checked.divergence.step == 0


def test_en8_a_tampered_digest_is_caught_at_its_step() -> None:
    data = golden()
    data["digests"][17] = "0" * 32
    checked = check_record(json.dumps(data))
    assert checked.divergence is not None
    assert checked.divergence.step == 17


def test_en8_actions_are_decoded_lazily_and_checking_stops_at_the_first_bad_step() -> None:
    """EN-8: an illegal action at step 2 stops the check there: a malformed action much
    later is never even decoded."""
    data = golden()
    data.pop("digests")
    data["actions"][1] = data["actions"][0]  # StartRound twice: illegal at step 2
    data["actions"][-1] = {"type": "no.such.Action"}
    checked = check_record(json.dumps(data))
    assert checked.divergence is not None
    assert checked.divergence.step == 2
    with pytest.raises(RecordError):  # read whole, the same record is refused
        GameRecord.from_json(json.dumps(data))


def test_en3_digests_are_the_same_in_other_processes_and_hash_seeds() -> None:
    """EN-3: a digest depends on the state alone: the golden digests (written by other
    processes) and two fresh processes under different ``PYTHONHASHSEED`` values agree."""
    record = GameRecord.from_json(SKIRMISH.read_bytes())
    assert record.digests is not None
    assert state_digest(record.game_def().setup(record.seed)) == record.digests[0]
    code = (
        "from gamefold.games import get_game, play; from gamefold.record import state_digest;"
        "g = get_game('summit')(); print(state_digest(play(g, 9, max_steps=40).final))"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code],
            env=os.environ | {"PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in ("1", "4242")
    }
    game = get_game("summit")()
    assert outputs == {state_digest(play(game, 9, max_steps=40).final) + "\n"}


def test_en8_records_without_digests_still_load_and_replay() -> None:
    game = get_game("summit")()
    played = play(game, 3, max_steps=30)
    record = GameRecord(game.name, game.config, 3, played.actions)
    back = GameRecord.from_json(record.to_json())
    assert back.digests is None
    assert check_record(back).steps == 30
    assert '"digests"' not in record.to_json()


# -- config files -----------------------------------------------------------------------------


def test_en8_dp5_a_config_file_changes_nested_fields_and_keeps_the_game_defaults() -> None:
    """DP-5, DP-13: a nested config given in part keeps the game's own defaults (the
    summit's bonus zones), not the bare defaults of the nested record."""
    config = read_config('{"diplomacy": {"hand_limit": 12}}', "summit")
    assert config.diplomacy == attrs.evolve(SummitConfig().diplomacy, hand_limit=12)
    with pytest.raises(RecordError) as caught:
        read_config('{"diplomacy": {"hand_limits": 12}}', "summit")
    assert (caught.value.path, caught.value.message) == ("diplomacy", "unknown key 'hand_limits'")


def test_en8_a_config_file_may_leave_fields_out_but_nothing_else() -> None:
    config = read_config('{"players": 5, "scenario": {"deal": "in-order"}}', "summit")
    assert config == SummitConfig(
        players=5, scenario=attrs.evolve(SummitConfig().scenario, deal="in-order")
    )
    with pytest.raises(RecordError) as caught:
        read_config('{"players": 5, "player": 4}', "summit")
    assert "unknown key 'player'" in str(caught.value)
    with pytest.raises(RecordError) as caught:
        read_config('{"players": 99}', "summit")
    assert caught.value.path == "players"
    with pytest.raises(RecordError, match="a config is an object"):
        read_config("[]", "summit")


_RUNS = itertools.count()


def test_en8_an_action_decodes_to_its_class_while_the_class_it_replaced_lingers() -> None:
    """EN-8: a slotted attrs class replaces the class its body made, and until the garbage
    collector frees that one it is still a subclass of the base, under the same tag, with
    only the base's fields. A record decodes into the class itself, whenever the collector
    runs (a summit record once failed with "unknown key 'territories'" by this timing)."""
    import gc

    from gamefold import StartTurn
    from gamefold.record import from_json, to_json

    gc.collect()
    gc.disable()
    try:

        @attrs.frozen
        class LongTurn(StartTurn):
            # A name of this run's own: a class a run before left behind (cattrs keeps the
            # classes it decoded) must not share the tag.
            __qualname__ = f"LongTurn{next(_RUNS)}"
            extra: int = 0

        stale = [c for c in StartTurn.__subclasses__() if c.__qualname__ == LongTurn.__qualname__]
        assert len(stale) == 2  # the class the body made lingers beside the slotted one
        action = LongTurn("ann", extra=3)
        assert from_json(to_json(action), StartTurn) == action
    finally:
        gc.enable()
        gc.collect()
