"""EN-9: a faction's (or the war-master's) view never shows other factions' hands, decks,
declarations or any RNG; extends the skirmish's and summit's non-leak properties. A
faction commanding its guards' seat (CP-12) sees what that seat sees, and only it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.summit.test_properties import _hide as hide_diplomacy

from gamefold.combat import HANDS, CombatState, Side, find
from gamefold.core import replace
from gamefold.games import play
from gamefold.games.campaign import Campaign
from gamefold.registry import Game
from gamefold.rng import Rng
from gamefold.skills import GM, SkillsState, controller
from gamefold.testing import reachable_games

GAME = Campaign()


def _seats(game: Game, viewer: str) -> tuple[str, ...]:
    """The seats ``viewer`` plays: its own, and the guards' while it commands them (CP-12)."""
    battle = game["campaign"].battle
    if viewer != GM and battle is not None and battle.commander == viewer:
        return (viewer, GM)
    return (viewer,)


def _other_decks(deck: SkillsState, seats: tuple[str, ...]) -> SkillsState:
    """Another card in every other owner's hand (swapped with its deck), every deck reversed."""
    owners = []
    for owner in deck.owners:
        hand, pile = owner.hand, owner.deck[::-1]
        if owner.player not in seats and hand and pile:
            hand, pile = (pile[0], *hand[1:]), (hand[0], *pile[1:])
        owners.append(replace(owner, hand=hand, deck=pile))
    return replace(deck, owners=tuple(owners), rng=Rng.from_seed("other"))


def _viewer_side(fight: CombatState, seats: tuple[str, ...]) -> Side | None:
    viewer = seats[0]
    if GM in seats:
        return Side.ENEMIES
    c = find(fight, viewer)
    return None if c is None else c.side


def _other_choices(fight: CombatState, seats: tuple[str, ...]) -> CombatState:
    """Another Hand in each declaration of a side the viewer is not on."""
    mine = _viewer_side(fight, seats)
    combatants = []
    for c in fight.combatants:
        d = c.declaration
        if c.side is not mine and d is not None and d.hand is not None:
            c = replace(c, declaration=replace(d, hand=HANDS[(HANDS.index(d.hand) + 1) % 3]))
        combatants.append(c)
    return replace(fight, combatants=tuple(combatants), rng=Rng.from_seed("again"))


def _hidden_changed(game: Game, viewer: str, data: st.DataObject | None) -> Game:
    if data is not None:
        game = hide_diplomacy(game, viewer, data)  # other factions' cards, the pool, two RNGs
    else:
        for name in ("diplomacy", "map"):
            game = game.with_slice(name, replace(game[name], rng=Rng.from_seed(name)))
    seats = _seats(game, viewer)
    game = game.with_slice("skills", _other_decks(game["skills"], seats))
    game = game.with_slice("combat", _other_choices(game["combat"], seats))
    state = replace(game.skirmish, rng=Rng.from_seed("hidden"))
    held = state.held
    # A held declaration's Hand is its maker's secret: the GM's from the factions, a
    # champion's (held while the GM reacts, SK-18) from everyone but its faction.
    if (
        held is not None
        and held.hand is not None
        and controller(game["skills"], held.unit) not in seats
    ):
        hand = HANDS[(HANDS.index(held.hand) + 1) % 3]
        state = replace(state, held=replace(held, hand=hand))
    game = game.with_skirmish(state)
    return game.with_slice("campaign", replace(game["campaign"], rng=Rng.from_seed("war")))


@settings(max_examples=25, deadline=None)
@given(game=reachable_games(GAME, max_steps=250), data=st.data())
def test_en9_views_are_equal_for_states_differing_only_in_hidden_parts(
    game: Game, data: st.DataObject
) -> None:
    """EN-9: other factions' diplomacy hands and the pool, other owners' Skill hands and deck
    orders, the other side's declarations (a held one's Hand too) and every RNG never show
    in a player's view, so its greedy choice cannot depend on them."""
    viewer = data.draw(st.sampled_from(GAME.players(game)), label="viewer")
    twin = _hidden_changed(game, viewer, data)
    assert twin != game
    assert GAME.rules.view(twin, viewer) == GAME.rules.view(game, viewer)
    legal = GAME.rules.legal_actions(game, viewer)
    if legal:
        greedy = GAME.policies()["greedy"]
        rng = Rng.from_seed(1)
        seen, unseen = GAME.rules.view(game, viewer), GAME.rules.view(twin, viewer)
        assert greedy(seen, legal, rng) == greedy(unseen, legal, rng)


def test_en9_the_same_holds_at_every_battle_step_of_a_game() -> None:
    """EN-9 at every step of a whole greedy campaign's battles, for every player."""
    battles = 0
    for game in play(GAME, 3, GAME.policies()["greedy"]).states:
        if game["campaign"].battle is None:
            continue
        battles += 1
        for viewer in GAME.players(game):
            twin = _hidden_changed(game, viewer, None)
            assert GAME.rules.view(twin, viewer) == GAME.rules.view(game, viewer)
    assert battles > 0


def test_en9_a_view_does_show_the_viewers_own_hand() -> None:
    """EN-9, the converse: the viewer's own hands show, another's do not (so it can fail)."""
    game = GAME.setup(3)
    view = GAME.rules.view(game, "p1")
    assert view["skills"].owners[0].hand == game["skills"].owners[0].hand
    assert view["skills"].owners[1].hand is None
    assert view["diplomacy"].viewer == "p1"
    other = game.with_slice("skills", _other_decks(game["skills"], ("p2",)))
    assert GAME.rules.view(other, "p1") != view


def test_cp12_en9_the_defender_sees_its_guards_seat_and_no_one_else_does() -> None:
    """CP-12, EN-9: during a greedy campaign's battles for a faction's territory, the
    defender's view shows the GM's Skill hand and the enemies' declarations; the attacker's
    and the third faction's do not; ``"gm"`` lists nothing while a faction commands."""
    seen = 0
    for game in play(GAME, 3, GAME.policies()["greedy"]).states:
        battle = game["campaign"].battle
        if battle is None or battle.commander == GM:
            continue
        seen += 1
        gm_hand = game["skills"].owners[-1].hand
        for viewer in GAME.config.factions:
            shown = GAME.rules.view(game, viewer)["skills"].owners[-1].hand
            assert shown == (gm_hand if viewer == battle.commander else None)
            side = GAME.rules.view(game, viewer)["combat"].viewer
            if viewer == battle.commander:
                assert side == "enemies"
        assert GAME.rules.legal_actions(game, GM) == ()
    assert seen


def test_en9_cp12_views_kept_between_steps_are_the_views_built_afresh() -> None:
    """EN-9, CP-12: the bookkeeping's view and the guards' commander's merged owners, kept
    while the very objects they come from are, are what is built afresh from each step's
    slice, for every player along a greedy campaign; the same slice keeps the same view."""
    from gamefold.games import skirmish
    from gamefold.games.campaign import command
    from gamefold.games.campaign import state as campaign_state
    from gamefold.skills import view as skills_view

    shown = 0
    for game in play(GAME, 3, GAME.policies()["greedy"]).states:
        books, deck = game["campaign"].skirmish, game["skills"]
        for viewer in GAME.players(game):
            seen = campaign_state._bookkeeping(books, viewer)
            assert seen == skirmish.view(books, viewer)
            assert campaign_state._bookkeeping(books, viewer) is seen
            mine, seat = skills_view(deck, viewer), skills_view(deck, GM)
            merged = command._skills(mine, seat)
            assert merged.owners == (*mine.owners[:-1], seat.owners[-1])
            assert command._skills(mine, seat).owners is merged.owners
            shown += merged.owners[-1].hand is not None
    assert shown
