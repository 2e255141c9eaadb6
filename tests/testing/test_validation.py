"""The strategy dialect of gamefold.testing, as its module docstring states it.

Every public strategy takes its subject (the game, the state, the actions or the config it
draws from) positionally and every option by keyword. An option is a plain value or a
Hypothesis strategy. A bad argument raises ``InvalidArgument`` naming it when the strategy
is built; a bad value drawn from a strategy option raises it when drawn (EN-4 for the kit's
own input).
"""

from __future__ import annotations

import doctest
import inspect
import re
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument
from tests.core.toy import Add, Race, RaceConfig

from gamefold import combat as combat_pkg
from gamefold import diplomacy as diplomacy_pkg
from gamefold import skills as skills_pkg
from gamefold import testing as testing_pkg
from gamefold.core import StartTurn
from gamefold.testing import actions, combat, diplomacy, games, skills

RACE = Race(RaceConfig(target=12))
GAME = RACE.setup(0)
SKILLS = skills_pkg.initial_state(skills_pkg.SkillsConfig(), ["p1", "p2"], 0, gm_units=["u1"])
COMBAT_CONFIG = combat_pkg.CombatConfig()
COMBAT = combat_pkg.initial_state(
    COMBAT_CONFIG,
    [
        combat_pkg.Fighter("a", combat_pkg.Side.PARTY, combat_pkg.Zone.FORWARD),
        combat_pkg.Fighter("x", combat_pkg.Side.ENEMIES, combat_pkg.Zone.FORWARD),
    ],
    seed=0,
)
DIPLOMACY = diplomacy_pkg.initial_state(diplomacy_pkg.DiplomacyConfig(), ["p1", "p2"], 0)

MODULES: tuple[ModuleType, ...] = (games, actions, skills, combat, diplomacy)
SUBJECTS = ("game", "state", "actions", "action_types", "config")
"""The only parameters a strategy may take positionally."""


def public_strategies() -> list[tuple[str, Callable[..., Any]]]:
    """Every public function of the kit that returns a strategy, as ``module.name``."""
    found = []
    for module in MODULES:
        for name in module.__all__:
            value = getattr(module, name)
            if inspect.isfunction(value) and "SearchStrategy" in str(
                inspect.signature(value).return_annotation
            ):
                found.append((f"{module.__name__.rsplit('.', 1)[1]}.{name}", value))
    return found


# (strategy, the argument named in the error, how to build the strategy with a bad value)
BAD: list[tuple[str, str, Callable[[], Any]]] = [
    ("games.reachable_games", "game", lambda: games.reachable_games("toy-race")),  # type: ignore[arg-type]
    ("games.reachable_games", "max_steps", lambda: games.reachable_games(RACE, max_steps=-1)),
    ("games.choices", "game", lambda: games.choices(None, GAME)),  # type: ignore[arg-type]
    ("games.choices", "state", lambda: games.choices(RACE, SKILLS)),  # type: ignore[arg-type]
    ("games.illegal_actions", "game", lambda: games.illegal_actions(1, GAME)),  # type: ignore[arg-type]
    ("games.illegal_actions", "state", lambda: games.illegal_actions(RACE, st.just(GAME))),  # type: ignore[arg-type]
    ("games.action_sequences", "game", lambda: games.action_sequences(Race)),  # type: ignore[arg-type]
    ("games.action_sequences", "max_size", lambda: games.action_sequences(RACE, max_size=True)),
    ("actions.mutated_actions", "actions", lambda: actions.mutated_actions([])),
    ("actions.mutated_actions", "names", lambda: actions.mutated_actions([Add(1)], names="ab")),
    ("actions.garbage_actions", "action_types", lambda: actions.garbage_actions([int])),  # type: ignore[list-item]
    ("skills.abilities", "max_cost", lambda: skills.abilities(max_cost=0)),
    ("skills.configs", "max_deck_size", lambda: skills.configs(max_deck_size=0)),
    ("skills.configs", "max_hand_limit", lambda: skills.configs(max_hand_limit=True)),
    ("skills.configs", "defaults", lambda: skills.configs(defaults="yes")),  # type: ignore[arg-type]
    ("skills.initial_states", "config", lambda: skills.initial_states(config=3)),  # type: ignore[arg-type]
    ("skills.initial_states", "max_players", lambda: skills.initial_states(max_players=0)),
    ("skills.initial_states", "max_gm_units", lambda: skills.initial_states(max_gm_units=-1)),
    ("skills.legal_actions", "state", lambda: skills.legal_actions(COMBAT)),  # type: ignore[arg-type]
    ("skills.legal_actions", "host", lambda: skills.legal_actions(SKILLS, host=1)),  # type: ignore[arg-type]
    ("skills.legal_actions", "defeats", lambda: skills.legal_actions(SKILLS, defeats=None)),  # type: ignore[arg-type]
    ("skills.actions", "state", lambda: skills.actions(None)),  # type: ignore[arg-type]
    ("skills.reachable_states", "initial", lambda: skills.reachable_states(initial=3)),  # type: ignore[arg-type]
    ("skills.reachable_states", "max_steps", lambda: skills.reachable_states(max_steps=-1)),
    ("skills.reachable_states", "host", lambda: skills.reachable_states(host="x")),  # type: ignore[arg-type]
    ("skills.reachable_states", "defeats", lambda: skills.reachable_states(defeats=0)),  # type: ignore[arg-type]
    ("skills.reachable_states", "effects", lambda: skills.reachable_states(effects=3)),  # type: ignore[arg-type]
    ("combat.configs", "beats", lambda: combat.configs(beats="rock")),  # type: ignore[arg-type]
    ("combat.configs", "uncontested", lambda: combat.configs(uncontested=1)),  # type: ignore[arg-type]
    ("combat.configs", "pairing_tiebreak", lambda: combat.configs(pairing_tiebreak="party")),  # type: ignore[arg-type]
    ("combat.configs", "max_hp", lambda: combat.configs(max_hp=0)),
    ("combat.configs", "body_slots", lambda: combat.configs(body_slots=-1)),
    ("combat.configs", "dire", lambda: combat.configs(dire="sometimes")),
    ("combat.configs", "sample_abilities", lambda: combat.configs(sample_abilities=None)),  # type: ignore[arg-type]
    ("combat.fighters", "config", lambda: combat.fighters("config")),  # type: ignore[arg-type]
    ("combat.fighters", "side", lambda: combat.fighters(COMBAT_CONFIG, side="party")),  # type: ignore[arg-type]
    ("combat.fighters", "index", lambda: combat.fighters(COMBAT_CONFIG, index=-1)),
    ("combat.initial_states", "config", lambda: combat.initial_states(config="x")),  # type: ignore[arg-type]
    ("combat.initial_states", "party", lambda: combat.initial_states(party=(3, 1))),
    ("combat.initial_states", "enemies", lambda: combat.initial_states(enemies=(0, 2))),
    ("combat.reachable_states", "initial", lambda: combat.reachable_states(initial=SKILLS)),  # type: ignore[arg-type]
    ("combat.reachable_states", "max_steps", lambda: combat.reachable_states(max_steps=1.5)),  # type: ignore[arg-type]
    ("combat.reachable_states", "running", lambda: combat.reachable_states(running=0)),  # type: ignore[arg-type]
    ("combat.declarations", "state", lambda: combat.declarations(DIPLOMACY)),  # type: ignore[arg-type]
    ("combat.arbitrary_actions", "state", lambda: combat.arbitrary_actions(None)),  # type: ignore[arg-type]
    ("diplomacy.compositions", "most_copies", lambda: diplomacy.compositions(most_copies=-1)),
    ("diplomacy.bonus_zones", "most", lambda: diplomacy.bonus_zones(most=-1)),
    ("diplomacy.bonus_zones", "most_quarters", lambda: diplomacy.bonus_zones(most_quarters="8")),  # type: ignore[arg-type]
    ("diplomacy.configs", "hand_limit", lambda: diplomacy.configs(hand_limit=9)),
    ("diplomacy.configs", "ticks_per_card", lambda: diplomacy.configs(ticks_per_card=0)),
    ("diplomacy.configs", "proposal_ttl", lambda: diplomacy.configs(proposal_ttl=0)),
    ("diplomacy.configs", "bonus_zones", lambda: diplomacy.configs(bonus_zones={"z": 1})),  # type: ignore[dict-item]
    ("diplomacy.configs", "composition", lambda: diplomacy.configs(composition=[("a", 1)])),  # type: ignore[arg-type]
    ("diplomacy.initial_states", "config", lambda: diplomacy.initial_states(config=1)),  # type: ignore[arg-type]
    ("diplomacy.initial_states", "players", lambda: diplomacy.initial_states(players=7)),
    ("diplomacy.initial_states", "seed", lambda: diplomacy.initial_states(seed=-1)),
    ("diplomacy.legal_actions", "state", lambda: diplomacy.legal_actions(SKILLS)),  # type: ignore[arg-type]
    (
        "diplomacy.legal_actions",
        "territories",
        lambda: diplomacy.legal_actions(DIPLOMACY, territories=-1),
    ),
    ("diplomacy.reachable_states", "initial", lambda: diplomacy.reachable_states(initial=1)),  # type: ignore[arg-type]
    ("diplomacy.reachable_states", "max_steps", lambda: diplomacy.reachable_states(max_steps=-2)),
    ("diplomacy.candidate_actions", "state", lambda: diplomacy.candidate_actions("s")),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(
    ("strategy", "argument", "build"), BAD, ids=[f"{s}-{a}" for s, a, _ in BAD]
)
def test_a_bad_argument_raises_invalid_argument_naming_it_when_built(
    strategy: str, argument: str, build: Callable[[], Any]
) -> None:
    with pytest.raises(InvalidArgument, match=rf"^{re.escape(argument)}="):
        build()


@pytest.mark.parametrize(("qualified", "function"), public_strategies())
def test_every_strategy_takes_subjects_positionally_and_options_by_keyword(
    qualified: str, function: Callable[..., Any]
) -> None:
    for name, parameter in inspect.signature(function).parameters.items():
        if parameter.kind is inspect.Parameter.KEYWORD_ONLY:
            continue
        assert name in SUBJECTS, f"{qualified}: {name} must be keyword-only"
        assert parameter.default is inspect.Parameter.empty, f"{qualified}: {name} has a default"


@pytest.mark.parametrize(("qualified", "function"), public_strategies())
def test_every_argument_of_every_strategy_has_a_bad_value_case(
    qualified: str, function: Callable[..., Any]
) -> None:
    covered = {argument for strategy, argument, _ in BAD if strategy == qualified}
    assert covered == set(inspect.signature(function).parameters)


# (strategy, what a drawn value satisfies, a plain value, a strategy for the same option)
Build = Callable[[Any], st.SearchStrategy[Any]]
GOOD: list[tuple[str, Build, Callable[[Any], bool], Any, st.SearchStrategy[Any]]] = [
    (
        "games.reachable_games max_steps",
        lambda v: games.reachable_games(RACE, max_steps=v),
        lambda g: g["a"].moves + g["b"].moves <= 1,
        0,
        st.integers(0, 1),
    ),
    (
        "games.action_sequences max_size",
        lambda v: games.action_sequences(RACE, max_size=v),
        lambda seq: len(seq[1]) <= 2,
        1,
        st.integers(0, 2),
    ),
    (
        "actions.mutated_actions names",
        lambda v: actions.mutated_actions([StartTurn("a")], names=v),
        lambda a: a.player in ("zed", "", "nobody", "a?"),
        ("zed",),
        st.just(["zed"]),
    ),
    (
        "skills.abilities max_cost",
        lambda v: skills.abilities(max_cost=v),
        lambda abilities: all(a.cost <= 2 for a in abilities),
        1,
        st.integers(1, 2),
    ),
    (
        "skills.configs max_deck_size",
        lambda v: skills.configs(max_deck_size=v),
        lambda c: c.deck_size <= 2 and c.gm_deck_size <= 2,
        1,
        st.integers(1, 2),
    ),
    (
        "skills.configs max_hand_limit",
        lambda v: skills.configs(max_hand_limit=v),
        lambda c: c.hand_limit == 1,
        1,
        st.just(1),
    ),
    (
        "skills.initial_states config",
        lambda v: skills.initial_states(config=v),
        lambda s: s.config == skills_pkg.SkillsConfig(),
        skills_pkg.SkillsConfig(),
        st.builds(skills_pkg.SkillsConfig),
    ),
    (
        "skills.initial_states max_players, max_gm_units",
        lambda v: skills.initial_states(max_players=v, max_gm_units=v),
        lambda s: len(s.seats) <= 3 and len(s.gm_units) <= 2,
        2,
        st.integers(1, 2),
    ),
    (
        "skills.legal_actions host",
        lambda v: skills.legal_actions(SKILLS, host=v),
        lambda a: type(a).__name__ in ("Activate", "StartRound", "EndRound"),
        False,
        st.just(False),
    ),
    (
        "skills.reachable_states initial, max_steps",
        lambda v: skills.reachable_states(initial=v, max_steps=0),
        lambda s: s == SKILLS,
        SKILLS,
        st.just(SKILLS),
    ),
    (
        "combat.configs max_hp, dire, sample_abilities",
        lambda v: combat.configs(max_hp=v, dire="always", sample_abilities=False),
        lambda c: c.max_hp in (3, 4) and c.dire == "always" and len(c.abilities) == 2,
        3,
        st.integers(3, 4),
    ),
    (
        "combat.fighters side, index",
        lambda v: combat.fighters(COMBAT_CONFIG, side=v, index=4),
        lambda f: f.id == "e4",
        combat_pkg.Side.ENEMIES,
        st.just(combat_pkg.Side.ENEMIES),
    ),
    (
        "combat.initial_states party, enemies",
        lambda v: combat.initial_states(party=v, enemies=v),
        lambda s: 2 <= len(s.combatants) <= 4,
        (1, 2),
        st.sampled_from([(1, 1), (2, 2)]),
    ),
    (
        "combat.reachable_states initial, max_steps",
        lambda v: combat.reachable_states(initial=v, max_steps=0),
        lambda s: s == COMBAT,
        COMBAT,
        st.just(COMBAT),
    ),
    (
        "diplomacy.bonus_zones most",
        lambda v: diplomacy.bonus_zones(most=v),
        lambda zones: len(zones) <= 1,
        0,
        st.integers(0, 1),
    ),
    (
        "diplomacy.configs hand_limit, proposal_ttl",
        lambda v: diplomacy.configs(hand_limit=v, proposal_ttl=2, bonus_zones={}),
        lambda c: c.hand_limit in (12, 13) and c.proposal_ttl == 2 and not c.bonus_zones,
        12,
        st.integers(12, 13),
    ),
    (
        "diplomacy.initial_states players, seed",
        lambda v: diplomacy.initial_states(players=v, seed=5),
        lambda s: len(s.players) in (3, 4),
        3,
        st.integers(3, 4),
    ),
    (
        "diplomacy.legal_actions territories",
        lambda v: diplomacy.legal_actions(DIPLOMACY, territories=v),
        lambda a: not isinstance(a, diplomacy_pkg.BeginTurn) or a.territories in (7, 8),
        7,
        st.integers(7, 8),
    ),
    (
        "diplomacy.reachable_states initial, max_steps",
        lambda v: diplomacy.reachable_states(initial=v, max_steps=0),
        lambda s: s == DIPLOMACY,
        DIPLOMACY,
        st.just(DIPLOMACY),
    ),
]


@pytest.mark.parametrize("how", ["value", "strategy"])
@pytest.mark.parametrize(
    ("name", "build", "holds", "value", "strategy"), GOOD, ids=[g[0] for g in GOOD]
)
def test_an_option_is_a_plain_value_or_a_strategy(
    how: str,
    name: str,
    build: Build,
    holds: Callable[[Any], bool],
    value: Any,
    strategy: st.SearchStrategy[Any],
) -> None:
    @settings(max_examples=10, deadline=None, database=None)
    @given(build(value if how == "value" else strategy))
    def run(drawn: Any) -> None:
        assert holds(drawn), drawn

    run()


def test_a_bad_value_drawn_from_a_strategy_option_raises_invalid_argument_naming_it() -> None:
    built = skills.configs(max_deck_size=st.just(0))  # a strategy is only checked when drawn

    @settings(max_examples=1, database=None)
    @given(built)
    def run(config: Any) -> None:
        raise AssertionError("a bad value was drawn and used")

    with pytest.raises(InvalidArgument, match=r"^max_deck_size=0 \(drawn from the strategy"):
        run()


def test_a_subject_must_be_a_plain_value_not_a_strategy() -> None:
    with pytest.raises(InvalidArgument, match="must be a plain value, not a strategy"):
        skills.actions(st.just(SKILLS))  # type: ignore[arg-type]


def test_the_dialect_as_the_module_docstring_states_it_runs() -> None:
    failed, tried = doctest.testmod(testing_pkg, raise_on_error=False, report=True)
    assert tried > 0
    assert failed == 0
