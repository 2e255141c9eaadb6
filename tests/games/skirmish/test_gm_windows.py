"""SK-18 (SD-8, CB-10): a party member's declaration at a GM unit opens the GM's reaction
window; the GM's reaction cards shield the unit aimed at; the declaration stays the
member's secret until the exchange reveals it."""

from __future__ import annotations

import pytest

from gamefold import ConfigError, Rng
from gamefold.combat import Declared, Warded
from gamefold.games.skirmish import (
    DeclarationHeld,
    DeclarationLapsed,
    Held,
    Skirmish,
    SkirmishConfig,
    UseAbility,
)
from gamefold.games.skirmish.account import event_rules
from gamefold.registry import Game
from gamefold.skills import (
    GM,
    Activate,
    Burn,
    CloseReactionWindow,
    DefeatUnit,
    EndActivation,
    Play,
    ReactionWindowClosed,
    ReactionWindowOpened,
)

from .support import ROCK, cards_named, events_of, pair_first, step, with_hand


def _ana_attacks_goblin(config: SkirmishConfig) -> tuple[Skirmish, Game, tuple, int]:
    """ana Attacks the goblin; the GM holds one Parry and one Strike."""
    game_def = Skirmish(config)
    game = pair_first(game_def, game_def.setup(1))
    parry, strike = cards_named(game, GM, "Parry")[0], cards_named(game, GM, "Strike")[0]
    game = with_hand(game, GM, [parry, strike])
    dash = cards_named(game, "ana", "Dash")[0]
    game = with_hand(game, "ana", [dash])
    game, _ = step(game_def, game, Activate("ana"))
    game, events = step(game_def, game, UseAbility("ana", "Attack", ROCK, "goblin", (dash,)))
    return game_def, game, events, parry


def test_sk18_sd8_a_party_declaration_at_a_gm_unit_opens_the_gms_window() -> None:
    """SK-18 (``gm_reaction_windows=True``): the declaration waits; only the GM acts, with
    its reaction cards, until it closes the window; then the declaration is made."""
    game_def, game, events, parry = _ana_attacks_goblin(SkirmishConfig())
    assert events[-2:] == (DeclarationHeld("ana", "goblin"), ReactionWindowOpened(GM))
    assert not events_of(events, Declared)
    assert game["skirmish"].held == Held("ana", "Attack", ROCK, "goblin")
    assert game_def.actor(game) == GM
    assert set(game_def.rules.legal_actions(game, GM)) == {
        Play(GM, parry),
        Burn(GM, parry),
        CloseReactionWindow(GM),
    }
    assert game_def.rules.legal_actions(game, "ana") == ()
    assert game_def.rules.check(game, EndActivation("ana")) is not None
    assert event_rules(game_def.config)[DeclarationHeld](events[-2]) == ("SK-18",)
    game, events = step(game_def, game, CloseReactionWindow(GM))
    assert events[0] == ReactionWindowClosed(GM)
    assert Declared("ana", "Attack", ROCK, "goblin", 1) in events
    assert game["skirmish"].held is None


def test_sk18_sk5_the_gms_reaction_card_shields_the_unit_aimed_at() -> None:
    """SK-18, SK-5: Parry Played in the GM's window shields the goblin (the target), not the
    active unit, which is ana."""
    game_def, game, _, parry = _ana_attacks_goblin(SkirmishConfig())
    game, events = step(game_def, game, Play(GM, parry))
    assert Warded("goblin", 2, 2) in events
    assert game["skirmish"].tallies[-1].reactions == 1


def test_sk18_gm_reaction_windows_other_value_declares_at_once() -> None:
    """``gm_reaction_windows=False``: the party's declaration is made at once."""
    _, game, events, _ = _ana_attacks_goblin(SkirmishConfig(gm_reaction_windows=False))
    assert Declared("ana", "Attack", ROCK, "goblin", 1) in events
    assert not events_of(events, DeclarationHeld)
    assert game["skills"].reacting == ()


def test_en9_cb10_sk18_the_gm_learns_only_which_unit_is_aimed_at() -> None:
    """EN-9, CB-10: the GM's view names the target only; ana sees her own declaration; bo
    sees neither."""
    game_def, game, _, _ = _ana_attacks_goblin(SkirmishConfig())
    gm, ana, bo = (game_def.rules.view(game, v)["skirmish"] for v in (GM, "ana", "bo"))
    assert (gm.held, gm.held_target) == (None, "goblin")
    assert (ana.held, ana.held_target) == (Held("ana", "Attack", ROCK, "goblin"), "goblin")
    assert (bo.held, bo.held_target) == (None, None)


def test_sk18_sk6_a_target_taken_out_during_the_window_closes_it_and_the_choice_lapses() -> None:
    """SK-18, SK-6: the host defeats the goblin while the GM may react: the GM's window
    closes, ana's declaration lapses and she may choose again."""
    game_def, game, _, _ = _ana_attacks_goblin(SkirmishConfig())
    game, events = step(game_def, game, DefeatUnit("goblin"))
    assert ReactionWindowClosed(GM) in events
    assert DeclarationLapsed("ana", "goblin") in events
    assert game["skills"].reacting == ()
    assert "ana" not in game["skirmish"].chosen


@pytest.mark.parametrize("value", ["yes", 1, None])
def test_sk18_gm_reaction_windows_must_be_a_bool(value: object) -> None:
    with pytest.raises(ConfigError) as error:
        SkirmishConfig(gm_reaction_windows=value)  # type: ignore[arg-type]
    assert error.value.field == "gm_reaction_windows"


def test_en9_sk18_the_gm_plays_out_a_declaration_at_the_unit_it_knows_is_aimed_at() -> None:
    """EN-9, SK-18: the GM knows which of its units ana aims at, not how; the games a search
    bot plays out for it hold a declaration of ana's at that unit only, drawn among those
    the fight allows, and show the GM the same view."""
    game_def, game, _, _ = _ana_attacks_goblin(SkirmishConfig())
    shown = game_def.rules.view(game, GM)
    assert (shown.skirmish.held, shown.skirmish.held_target) == (None, "goblin")
    drawn = [game_def.determinize(shown, GM, Rng.from_seed(k)) for k in range(12)]
    helds = {d.skirmish.held for d in drawn}
    assert {held.target for held in helds} == {"goblin"}
    assert len(helds) > 1
    assert all(game_def.rules.view(d, GM) == shown for d in drawn)
