"""Fuzzing the record loader: mutated valid records raise only RecordError (EN-8).

Hypothesis takes real records of both games and mutates them as a hostile sender would:
a field deleted, retyped, made huge, buried in nesting, or given twice. Whatever comes out,
``GameRecord.from_json`` either loads it or raises the documented :class:`RecordError`,
and a record that loads is checked by replaying it without any other exception. The CI
profile (``HYPOTHESIS_PROFILE=ci``) runs thousands of inputs.
"""

from __future__ import annotations

import contextlib
import json
import os
from functools import cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamefold import ConfigError, RecordError
from gamefold.games import get_game, play
from gamefold.record import GameRecord, Limits, check_record, read_config

LIMITS = Limits(max_bytes=300_000, max_string=400, max_actions=200, max_collections=20_000)
EXAMPLES = 2_000 if os.environ.get("HYPOTHESIS_PROFILE") == "ci" else 150


@cache
def _bases() -> tuple[Any, ...]:
    """Short real games of both shipped games, with digests, as plain JSON data."""
    out = []
    for name, seed in (("skirmish", 4), ("summit", 5)):
        game = get_game(name)()
        played = play(game, seed, max_steps=12)
        record = GameRecord(game.name, game.config, seed, played.actions)
        out.append(json.loads(record.with_digests(played.states).to_json()))
    return tuple(out)


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(node, dict | list):
        children = node.items() if isinstance(node, dict) else enumerate(node)
        for key, child in children:
            found.extend(_paths(child, (*path, key)))
    return found


def _get(node: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        node = node[key]
    return node


def _set(root: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    _get(root, path[:-1])[path[-1]] = value
    return root


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=10**30, max_value=10**4000)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=6,
)


@st.composite
def mutated(draw: st.DrawFn, base: Any = None) -> str:
    """The JSON text of a real record (or of ``base``) with one hostile change."""
    root = json.loads(json.dumps(draw(st.sampled_from(_bases())) if base is None else base))
    path = draw(st.sampled_from(_paths(root)))
    op = draw(st.sampled_from(["delete", "retype", "huge", "nested", "duplicate"]))
    target = _get(root, path)
    if op == "delete" and path:
        parent = _get(root, path[:-1])
        del parent[path[-1]]
    elif op == "retype":
        root = _set(root, path, draw(json_values))
    elif op == "huge":
        huge = draw(st.sampled_from(["x" * 5_000, 10**4000, list(range(3_000)), [{}] * 30_000]))
        root = _set(root, path, huge)
    elif op == "nested":
        depth = draw(st.integers(min_value=1, max_value=3_000))
        deep = "[" * depth + json.dumps(target) + "]" * depth
        return _spliced(root, path, deep)
    elif op == "duplicate" and isinstance(target, dict) and target:
        key = draw(st.sampled_from(sorted(target)))
        twice = json.dumps(target)[:-1] + f", {json.dumps(key)}: {json.dumps(draw(json_values))}}}"
        return _spliced(root, path, twice)
    return json.dumps(root)


def _spliced(root: Any, path: tuple[Any, ...], text: str) -> str:
    """The JSON of ``root`` with ``text`` written verbatim at ``path``."""
    marker = "\x00splice\x00"
    return json.dumps(_set(root, path, marker)).replace(json.dumps(marker), text)


@settings(
    max_examples=EXAMPLES,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(mutated())
def test_en8_a_mutated_record_loads_or_raises_only_record_error(text: str) -> None:
    """EN-8: deleted, retyped, huge, nested or duplicated fields never escape as another
    exception (RecursionError, TypeError, KeyError …) and never hang the loader."""
    try:
        record = GameRecord.from_json(text, limits=LIMITS)
        checked = check_record(record)  # some configs are refused only at setup
    except RecordError as err:
        refusal = err
    else:
        assert 0 <= checked.steps <= len(record.actions)
        return
    assert refusal.code.startswith("record/")
    assert str(refusal).endswith(f"[{refusal.code}]")


@st.composite
def config_files(draw: st.DrawFn) -> tuple[str, str]:
    """A game's name and a mutated config file for it (a part of a real record's config)."""
    record = draw(st.sampled_from(_bases()))
    keys = draw(st.sets(st.sampled_from(sorted(record["config"]))))
    part = {k: v for k, v in record["config"].items() if k in keys}
    return record["game"], draw(mutated(part))


@settings(
    max_examples=EXAMPLES,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(config_files())
def test_en8_a_mutated_config_file_reads_or_raises_only_record_error(
    case: tuple[str, str],
) -> None:
    """EN-8: ``--config FILE`` gets the same guarantee: a config, or one RecordError."""
    game, text = case
    refusal: RecordError | ConfigError | None = None
    try:
        config = read_config(text, game, limits=LIMITS)
        get_game(game)(config).setup(1)
    except (RecordError, ConfigError) as err:  # a ConfigError only at setup (DP-2)
        refusal = err
    if isinstance(refusal, RecordError):
        assert refusal.code.startswith("record/")
    elif refusal is not None:
        assert refusal.rule


@settings(max_examples=EXAMPLES, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=200) | st.text(max_size=200))
def test_en8_arbitrary_bytes_load_or_raise_only_record_error(text: bytes | str) -> None:
    """EN-8: not even random bytes get anything but a RecordError out of the loader."""
    with contextlib.suppress(RecordError):
        GameRecord.from_json(text, limits=LIMITS)
