"""EN-9: a viewer's view never depends on what the viewer may not see."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gamefold.combat import HANDS, CombatState, Side
from gamefold.core import replace
from gamefold.games.skirmish import Skirmish, SkirmishConfig
from gamefold.registry import Game
from gamefold.rng import Rng
from gamefold.skills import GM, SkillsState
from gamefold.testing import reachable_games

GAME = Skirmish(SkirmishConfig(party_size=2))


def _other_hands(deck: SkillsState, viewer: str) -> SkillsState:
    """Another card in every other owner's hand (swapped with its deck), every deck reversed."""
    owners = []
    for owner in deck.owners:
        hand, pile = owner.hand, owner.deck[::-1]
        if owner.player != viewer and hand and pile:
            hand, pile = (pile[0], *hand[1:]), (hand[0], *pile[1:])
        owners.append(replace(owner, hand=hand, deck=pile))
    return replace(deck, owners=tuple(owners), rng=Rng.from_seed("other"))


def _other_choices(fight: CombatState, viewer: str) -> CombatState:
    """Another Hand in each pending declaration of the viewer's other side."""
    mine = Side.ENEMIES if viewer == GM else Side.PARTY
    combatants = []
    for c in fight.combatants:
        d = c.declaration
        if c.side is not mine and d is not None and d.hand is not None:
            hand = HANDS[(HANDS.index(d.hand) + 1) % 3]
            c = replace(c, declaration=replace(d, hand=hand))
        combatants.append(c)
    return replace(fight, combatants=tuple(combatants), rng=Rng.from_seed("again"))


def _hidden_changed(game: Game, viewer: str) -> Game:
    game = game.with_slice("skills", _other_hands(game["skills"], viewer))
    game = game.with_slice("combat", _other_choices(game["combat"], viewer))
    state = replace(game["skirmish"], rng=Rng.from_seed("hidden"))
    game = game.with_slice("skirmish", state)
    held = state.held
    if held is None:
        return game
    side = next(c.side for c in game["combat"].combatants if c.id == held.unit)
    declarer = GM if side is Side.ENEMIES else held.unit
    if viewer != declarer:
        # CB-10, SK-4, SK-18: the declaring unit, its ability and its Hand are the declaring
        # player's secret (the GM's for an enemy, the member's own for a party member).
        hand = held.hand if held.hand is None else HANDS[(HANDS.index(held.hand) + 1) % 3]
        ability = "Defend" if held.ability != "Defend" else "Attack"
        units = [c.id for c in game["combat"].combatants if c.side is side]
        unit = held.unit if side is Side.PARTY else units[(units.index(held.unit) + 1) % len(units)]
        changed = replace(held, hand=hand, ability=ability, unit=unit)
        game = game.with_slice("skirmish", replace(state, held=changed))
    return game


@settings(max_examples=30)
@given(game=reachable_games(GAME, max_steps=120), data=st.data())
def test_en9_views_are_equal_for_states_differing_only_in_hidden_parts(
    game: Game, data: st.DataObject
) -> None:
    """EN-9, CB-10: other hands, deck orders, the other side's pending declarations (a held
    one's unit, ability and Hand too) and the RNGs (the dodge die's too) never show in a
    player's view."""
    viewer = data.draw(st.sampled_from(GAME.players(game)), label="viewer")
    twin = _hidden_changed(game, viewer)
    assert GAME.rules.view(twin, viewer) == GAME.rules.view(game, viewer)


def test_en9_a_view_does_show_the_viewers_own_hand_and_side() -> None:
    """EN-9, the converse: what the viewer may see does show (so the property can fail)."""
    game = GAME.setup(3)
    view = GAME.rules.view(game, "ana")
    assert view["skills"].owners[0].hand == game["skills"].owners[0].hand
    assert view["skills"].owners[1].hand is None
    assert view["combat"].viewer == "ana"
    assert GAME.rules.view(game, GM)["combat"].viewer == "enemies"
    assert GAME.rules.view(game, "someone")["combat"].viewer is None
    swapped = _other_hands(game["skills"], "bo")
    assert GAME.rules.view(game.with_slice("skills", swapped), "ana") != view


def test_en9_the_same_holds_at_every_step_of_two_games() -> None:
    """EN-9 at every step of two whole games, for every player, held declarations and all."""
    from gamefold.games import play

    held = {GM: 0, "party": 0}
    for seed in (1, 2):
        for game in play(GAME, seed, max_steps=600).states:
            declared = game["skirmish"].held
            if declared is not None:
                held[GM if declared.unit in game["skills"].gm_units else "party"] += 1
            for viewer in GAME.players(game):
                twin = _hidden_changed(game, viewer)
                assert GAME.rules.view(twin, viewer) == GAME.rules.view(game, viewer)
    assert held[GM] > 0  # SK-4: enemies' declarations held for a party member's window
    assert held["party"] > 0  # SK-18: party declarations held for the GM's window
