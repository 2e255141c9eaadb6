"""The action codec: every legal action of every game numbered, round trip."""

from __future__ import annotations

from operator import attrgetter
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamefold import replace
from gamefold.combat import Withdraw
from gamefold.core import EndTurn
from gamefold.domains import Listed, Maybe, Ref, declared
from gamefold.envs import ActionCodec, action_types
from gamefold.games.base import get_game
from gamefold.rng import Rng
from gamefold.skills import Activate, Burn
from gamefold.testing import ConformanceError, codec_conformance

GAMES = ("skirmish", "summit", "campaign")


def _decision(name: str, seed: int, steps: int):  # type: ignore[no-untyped-def]
    """The game of ``seed`` played at random up to its ``steps``-th decision (or its end)."""
    game = get_game(name)()
    state, rng = game.setup(seed), Rng.from_seed(seed)
    decisions = 0
    while not game.is_over(state):
        action = game.clock_action(state)
        if action is None:
            actor = game.actor(state)
            legal = game.rules.legal_actions(state, actor)
            if decisions == steps:
                return game, state, actor, legal
            decisions += 1
            action, rng = rng.choice(legal)
        state, _ = game.rules.step(state, action)
    return game, state, None, ()


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_action_met_in_random_play_encodes_and_decodes_to_itself(name: str) -> None:
    report = codec_conformance(name, seeds=range(2))
    assert report.decisions > 50
    assert report.actions >= report.decisions
    assert report.layout.startswith("1:")


@given(
    name=st.sampled_from(GAMES),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 150),
)
def test_round_trip_both_ways_at_any_decision(name: str, seed: int, steps: int) -> None:
    game, state, actor, legal = _decision(name, seed, steps)
    if actor is None:
        return
    codec = ActionCodec(game)
    ctx = codec.context(game.rules.lazy_view(state, actor), actor, legal)
    indices = codec.legal_indices(ctx)
    assert len(indices) == len(legal)  # no two legal actions share an index
    assert {codec.decode(i, ctx) for i in indices} == set(legal)
    for action in legal:
        assert codec.decode(codec.encode(action, ctx), ctx) == action
    for index in indices:
        assert codec.encode(codec.decode(index, ctx), ctx) == index


@pytest.mark.parametrize("name", GAMES)
def test_the_universe_depends_on_the_game_alone(name: str) -> None:
    """Same size and layout for every seed and every build; blocks tile the range."""
    first, second = ActionCodec(get_game(name)()), ActionCodec(get_game(name)())
    assert (first.size, first.layout) == (second.size, second.layout)
    end = 0
    for block in first.blocks:
        assert block.offset == end
        end += block.size
    assert end == first.size


def test_the_universe_is_compact() -> None:
    """Summit's prototype codec took 40,480 indices a player; the declared one far fewer."""
    assert ActionCodec(get_game("summit")()).size < 40_480 // 4


def test_host_actions_declare_no_domain_and_are_not_in_the_universe() -> None:
    assert declared(Withdraw) is None
    game = get_game("skirmish")()
    kinds = action_types(game)
    assert Withdraw not in kinds
    assert Activate in kinds


def test_an_action_outside_the_universe_or_an_index_naming_nothing_is_refused() -> None:
    game, state, actor, legal = _decision("skirmish", 1, 0)
    codec = ActionCodec(game)
    ctx = codec.context(game.rules.lazy_view(state, actor), actor, legal)
    with pytest.raises(ValueError, match="not a player action"):
        codec.encode(Withdraw(("ana",), "a test"), ctx)
    with pytest.raises(ValueError, match="outside range"):
        codec.decode(codec.size, ctx)
    burn = next(b for b in codec.blocks if b.kind is Burn)
    with pytest.raises(ValueError, match="no card number 15"):
        codec.decode(burn.offset + 15, ctx)  # the first owner; no one sees 16 cards in hand


def test_listed_and_maybe_domains_take_their_declared_room() -> None:
    assert Listed(cap=5).size == 5
    assert Maybe(Listed(cap=5)).size == 6


def test_the_conformance_check_can_fail() -> None:
    """A game whose legal listing holds a value its domain cannot number is reported."""
    from gamefold.skills import domains

    game = get_game("skirmish")()
    cap = domains.UNITS.cap
    object.__setattr__(domains.UNITS, "cap", 2)
    try:
        with pytest.raises(ConformanceError, match="does not encode"):
            codec_conformance(game, seeds=[0], max_steps=200)
    finally:
        object.__setattr__(domains.UNITS, "cap", cap)


@pytest.mark.parametrize("name", GAMES)
def test_a_codec_that_kept_earlier_decisions_numbers_each_one_as_a_fresh_codec(name: str) -> None:
    # An env's codec serves every decision of a game with its written-out encoders: at each
    # decision it must agree with a codec that saw nothing before.
    game = get_game(name)()
    kept = ActionCodec(game)
    state, rng, since = game.setup(3), Rng.from_seed(3), {}
    for _ in range(120):
        if game.is_over(state):
            break
        action = game.clock_action(state)
        if action is None:
            actor = game.actor(state)
            legal = game.rules.legal_actions(state, actor)
            view = game.rules.view(state, actor, since=since.get(actor))
            since[actor] = (state, view)
            fresh = ActionCodec(game)
            assert kept.legal_indices(kept.context(view, actor, legal)) == fresh.legal_indices(
                fresh.context(view, actor, legal)
            )
            action, rng = rng.choice(legal)
        state, _ = game.rules.step(state, action)


def test_a_reference_that_needs_the_view_itself_is_resolved_from_it_every_time() -> None:
    game, state, actor, legal = _decision("skirmish", 1, 5)
    view = game.rules.view(state, actor)

    def fields(shown: object, who: str) -> tuple[str, ...]:
        return tuple(sorted(attrs.asdict(shown, recurse=False)))  # an attrs record, not a proxy

    dom = Ref(fields, cap=8)
    codec = ActionCodec(game)
    for _ in range(2):
        ctx = codec.context(view, actor, legal)
        assert ctx.values(dom, Activate, "unit") == tuple(sorted(attrs.asdict(view, recurse=False)))


def test_a_reference_declaring_the_part_it_reads_is_resolved_again_when_that_part_changes() -> None:
    game, state, actor, legal = _decision("skirmish", 1, 5)
    view = game.rules.view(state, actor)
    calls: list[str] = []

    def units(shown: Any, who: str) -> tuple[str, ...]:
        calls.append(who)
        return tuple(sorted(combatant.id for combatant in shown.combat.combatants))

    dom = Ref(units, cap=8, reads=attrgetter("combat.combatants"))
    codec = ActionCodec(game)
    everyone = tuple(sorted(combatant.id for combatant in view.combat.combatants))
    for _ in range(2):
        assert codec.context(view, actor, legal).values(dom, Activate, "unit") == everyone
    assert len(calls) == 1  # the very combatants: the candidates kept
    fewer = replace(view, combat=replace(view.combat, combatants=view.combat.combatants[1:]))
    ctx = codec.context(fewer, actor, legal)
    assert ctx.values(dom, Activate, "unit") == tuple(
        sorted(combatant.id for combatant in fewer.combat.combatants)
    )
    assert len(calls) == 2


def test_an_action_numbered_for_one_actor_is_not_numbered_for_another() -> None:
    # A codec serves every decision of a game: an EndTurn record of one player met again in
    # another's decision is outside that player's universe (the Actor domain).
    game, state, actor, legal = _decision("summit", 0, 0)
    view = game.rules.view(state, actor)
    end = next(action for action in legal if isinstance(action, EndTurn))
    codec = ActionCodec(game)
    assert codec.legal_indices(codec.context(view, actor, legal))
    other = next(player for player in game.players(state) if player != actor)
    with pytest.raises(ValueError, match="player is not among"):
        codec.legal_indices(codec.context(view, other, (end,)))
