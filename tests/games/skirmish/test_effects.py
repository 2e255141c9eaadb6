"""SK-16, SK-17: Strike's damage, Rally's healing and every Burn modifier act in the fight,
through combat's host actions (Empower, Heal, Move) and the deck's draw; each config field
at its default and at another value."""

from __future__ import annotations

from typing import Any

import pytest

from gamefold import ConfigError
from gamefold.combat import AbilityResolved, Empowered, Healed, Moved, Zone
from gamefold.core import replace
from gamefold.games.skirmish import Dodged, Skirmish, SkirmishConfig, UseAbility, UseCard
from gamefold.games.skirmish.account import event_rules
from gamefold.registry import Game
from gamefold.skills import (
    Activate,
    Burn,
    CardBurned,
    CardPlayed,
    CardsDrawn,
    EndActivation,
    Play,
    owner_of,
)

from .support import ROCK, cards_named, declare, events_of, pair_first, step, with_hand


def _ready(config: SkirmishConfig, *names: str, seed: int = 1) -> tuple[Skirmish, Game, list]:
    """ana activating, holding one card of each of ``names`` (in that order)."""
    game_def = Skirmish(config)
    game = pair_first(game_def, game_def.setup(seed))
    held = [cards_named(game, "ana", name)[i] for i, name in _numbered(names)]
    game = with_hand(game, "ana", held)
    game, _ = step(game_def, game, Activate("ana"))
    return game_def, game, held


def _numbered(names: tuple[str, ...]) -> list[tuple[int, str]]:
    """Each name with how many times it came before (a second Dodge is the second card)."""
    return [(names[:i].count(name), name) for i, name in enumerate(names)]


def _wounded(game: Game, cid: str, hp: int) -> Game:
    fight = game["combat"]
    combatants = tuple(replace(c, hp=hp) if c.id == cid else c for c in fight.combatants)
    return game.with_slice("combat", replace(fight, combatants=combatants))


def _edge(game: Game, cid: str) -> int:
    return next(c.edge for c in game["combat"].combatants if c.id == cid)


@pytest.mark.parametrize(("damage", "edge"), [("damage", 2), (None, 0)])
def test_sk16_strike_adds_its_damage_to_its_attack(damage: str | None, edge: int) -> None:
    """SK-16 (``card_damage="damage"``): UseCard with Strike (damage 2) declares Attack and
    empowers ana's blow by 2 before the declaration; with ``None`` the damage is flavour."""
    game_def, game, (strike,) = _ready(SkirmishConfig(card_damage=damage), "Strike")
    game, events = declare(game_def, game, UseCard("ana", strike, ROCK, "goblin"))
    assert (Empowered("ana", 2, 2) in events) is bool(edge)
    assert _edge(game, "ana") == edge
    played = events_of(events, CardPlayed)[0]
    rules = event_rules(game_def.config)[CardPlayed](played)
    assert ("SK-16" in rules) is bool(edge)


def test_sk16_an_empowered_strike_deals_more_when_the_exchange_resolves() -> None:
    """SK-16, CB-10: whatever resolves ana's Attack, a landing blow carries the boost of 2."""
    game_def = Skirmish()
    seen: list[Any] = []
    for seed in range(1, 6):
        _, game, (strike,) = _ready(SkirmishConfig(), "Strike", seed=seed)
        game, _ = declare(game_def, game, UseCard("ana", strike, ROCK, "goblin"))
        game, _ = step(game_def, game, EndActivation("ana"))
        while game["combat"].exchange == 0 and game_def.actor(game) is not None:
            actor = game_def.actor(game)
            legal = game_def.rules.legal_actions(game, actor)  # type: ignore[arg-type]
            choice = next((a for a in legal if isinstance(a, UseAbility)), legal[-1])
            game, more = step(game_def, game, choice)
            seen.extend(more)
    mine = [e for e in seen if isinstance(e, AbilityResolved) and e.combatant == "ana"]
    assert mine
    for resolved in mine:
        assert resolved.boost == (2 if resolved.damage else 0)


@pytest.mark.parametrize(("effects", "healed"), [({"heal": "amount"}, 1), ({}, None)])
def test_sk16_rally_heals_its_player(effects: dict, healed: int | None) -> None:
    """SK-16 (``heal_effects={"heal": "amount"}``): Rally (amount 1) heals ana from 7 to 8;
    with no healing effect it is flavour."""
    game_def, game, (rally,) = _ready(SkirmishConfig(heal_effects=effects), "Rally")
    game = _wounded(game, "ana", 7)
    game, events = step(game_def, game, Play("ana", rally))
    hp = next(c.hp for c in game["combat"].combatants if c.id == "ana")
    if healed is None:
        assert not events_of(events, Healed)
        assert hp == 7
    else:
        assert Healed("ana", 1, 8) in events
        assert hp == 8


def _burned(config: SkirmishConfig, name: str) -> tuple[Game, tuple]:
    game_def, game, (card,) = _ready(config, name)
    game = _wounded(game, "ana", 7)
    return step(game_def, game, Burn("ana", card))


@pytest.mark.parametrize("config", [SkirmishConfig(), SkirmishConfig(burn_effects={})])
def test_sk17_every_burn_modifier_acts_or_is_flavour(config: SkirmishConfig) -> None:
    """SK-17: Burning Strike (attack) empowers, Rally (morale) heals, Focus (focus) draws,
    Dash (speed) moves; with ``burn_effects={}`` each is only reported."""
    acts = bool(config.burn_effects)
    _, events = _burned(config, "Strike")
    assert (Empowered("ana", 1, 1) in events) is acts
    _, events = _burned(config, "Rally")
    assert (Healed("ana", 1, 8) in events) is acts
    _, events = _burned(config, "Focus")
    assert bool([e for e in events_of(events, CardsDrawn) if e.player == "ana"]) is acts
    _, events = _burned(config, "Dash")
    assert (Moved("ana", Zone.FORWARD, Zone.REARWARD) in events) is acts
    burned = events_of(events, CardBurned)[0]
    assert ("SK-17" in event_rules(config)[CardBurned](burned)) is acts


def test_sk17_burn_effects_other_value_remaps_a_stat() -> None:
    """SK-17: ``burn_effects={"morale": "empower"}``: Rally's Burn now empowers, and Strike's
    attack modifier does nothing."""
    config = SkirmishConfig(burn_effects={"morale": "empower"})
    _, events = _burned(config, "Rally")
    assert Empowered("ana", 1, 1) in events
    assert not events_of(events, Healed)
    _, events = _burned(config, "Strike")
    assert not events_of(events, Empowered)


def _dodge_after_burn(config: SkirmishConfig, seed: int) -> Dodged:
    """ana Burns a Dodge (evasion +1), Defends, and Plays another Dodge when attacked."""
    game_def, game, (first, second) = _ready(config, "Dodge", "Dodge", seed=seed)
    game, _ = step(game_def, game, Burn("ana", first))
    game, _ = declare(game_def, game, UseAbility("ana", "Defend", ROCK, "goblin"))
    game, _ = step(game_def, game, EndActivation("ana"))
    game, _ = step(game_def, game, Activate("goblin"))
    payment = (owner_of(game["skills"], "gm").hand[0],)
    game, _ = step(game_def, game, UseAbility("goblin", "Attack", ROCK, "ana", payment))
    _, events = step(game_def, game, Play("ana", second))
    return events_of(events, Dodged)[0]


def test_sk17_sk15_evasion_raises_the_dodge_chance_while_it_lasts() -> None:
    """SK-17, SK-15, SD-12: with evasion 1 Burned this Round, Dodge's chance is 2 of 2: every
    roll shields 4; with ``burn_effects={}`` a roll of 2 shields nothing."""
    boosted = [_dodge_after_burn(SkirmishConfig(), seed) for seed in range(1, 7)]
    assert all(d.shield == 4 for d in boosted)
    plain = [_dodge_after_burn(SkirmishConfig(burn_effects={}), seed) for seed in range(1, 7)]
    assert {d.roll for d in plain} == {1, 2}
    assert all(d.shield == (4 if d.roll == 1 else 0) for d in plain)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("card_damage", ""),
        ("card_damage", 3),
        ("heal_effects", {"heal": "amt"}),
        ("heal_effects", {"attack": "damage"}),
        ("burn_effects", {"attack": "fly"}),
        ("burn_effects", {"defence": "heal"}),
    ],
)
def test_sk16_sk17_bad_effect_fields_are_refused_naming_the_field(field: str, value: Any) -> None:
    """SK-16, SK-17: a ConfigError naming the field, when the config is built."""
    with pytest.raises(ConfigError) as error:
        SkirmishConfig(**{field: value})
    assert error.value.field == field
