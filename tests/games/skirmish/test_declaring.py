"""UseAbility and UseCard: their refusals word for word, their well-formedness checks, the
payments listed, and who may react to a declaration (SK-1 … SK-4, SK-18, SD-8, SD-10,
SD-11, SD-13, EN-4, EN-5)."""

from __future__ import annotations

from itertools import combinations

import attrs
import pytest

from gamefold import combat, skills
from gamefold.combat import Hand
from gamefold.games.skirmish import Skirmish, SkirmishConfig, UseAbility, UseCard, declaring
from gamefold.games.skirmish.state import NAME, DeclarationHeld, Held, chose
from gamefold.registry import Game
from gamefold.rng import Rng
from gamefold.skills import (
    GM,
    Activate,
    CloseReactionWindow,
    OpenReactionWindow,
    ReactionWindowOpened,
    owner_of,
)

from .choosers import passive
from .support import ROCK, cards_named, pair_first, play_until, step, with_hand
from .test_reactions import _goblin_attacks_ana

"""The skirmish's own layout: its rules read the slices there."""

GAME = Skirmish()


def _ana_activating(game_def: Skirmish = GAME, *names: str) -> Game:
    game = pair_first(game_def, game_def.setup(1))
    if names:
        game = with_hand(game, "ana", [cards_named(game, "ana", n)[0] for n in names])
    game, _ = step(game_def, game, Activate("ana"))
    return game


def _refusal(game: Game, action: object) -> str:
    problem = GAME.rules.check(game, action)  # type: ignore[arg-type]
    assert problem is not None
    return str(problem)


def test_sk1_a_choice_out_of_ones_activation_is_refused_in_a_sentence() -> None:
    """SK-1, SD-13: a unit chooses in its own activation, once a Round."""
    game = pair_first(GAME, GAME.setup(1))
    assert _refusal(game, UseAbility("ana", "Defend", ROCK, "goblin")) == (
        "ana makes its choice for the exchange in its own activation."
        " [skirmish/not-activating, SD-13]"
    )
    game = _ana_activating()
    chosen = game.with_slice(NAME, chose(game[NAME], "ana"))
    again = UseAbility("ana", "Defend", ROCK, "goblin")
    assert _refusal(chosen, again) == (
        "ana already made its choice for the exchange this Round. [skirmish/already-chose, CB-10]"
    )
    problem = GAME.rules.check(chosen, again)
    assert problem is not None
    assert problem.action == again


def test_sk4_a_choice_waits_for_an_open_window() -> None:
    """SK-4, SD-8: while a window is open nobody declares; the sentence names the reacting
    player."""
    game, _ = _goblin_attacks_ana(GAME)
    assert _refusal(game, UseAbility("goblin", "Defend", ROCK, "ana")) == (
        "ana may react first. [skirmish/reaction-pending, SD-8]"
    )


def test_sd10_a_free_ability_takes_no_card() -> None:
    """SD-10: cards offered for a free ability are refused; none is fine."""
    game = _ana_activating(GAME, "Dash")
    dash = owner_of(game["skills"], "ana").hand[0]
    assert _refusal(game, UseAbility("ana", "Defend", ROCK, "goblin", (dash,))) == (
        "Defend is free: it takes no card. [skirmish/wrong-cost, SD-10]"
    )
    assert GAME.rules.check(game, UseAbility("ana", "Defend", ROCK, "goblin")) is None


def test_sd11_use_card_needs_a_card_that_declares_an_ability() -> None:
    """SD-11, SK-3: UseCard with a card whose effect declares nothing is refused; Strike
    declares Attack."""
    game = _ana_activating(GAME, "Dash", "Strike")
    dash, strike = owner_of(game["skills"], "ana").hand
    assert _refusal(game, UseCard("ana", dash, ROCK, "goblin")) == (
        f"card {dash} declares no ability: Play it instead. [skirmish/not-an-ability-card, SD-11]"
    )
    assert GAME.rules.check(game, UseCard("ana", strike, ROCK, "goblin")) is None


def test_en4_a_malformed_action_is_refused_naming_it() -> None:
    """EN-4: an action with a field of the wrong type is refused with its repr."""
    game = _ana_activating()
    bad = UseAbility("ana", "Attack", ROCK, "goblin", ("x",))  # type: ignore[arg-type]
    assert _refusal(game, bad) == (
        f"{bad!r} has fields of the wrong type. [skirmish/malformed, EN-4]"
    )
    card = UseCard("ana", "1", ROCK, "goblin")  # type: ignore[arg-type]
    assert (
        _refusal(game, card) == f"{card!r} has fields of the wrong type. [skirmish/malformed, EN-4]"
    )


def _code(action: object) -> str | None:
    problem = GAME.rules.check(_ana_activating(), action)  # type: ignore[arg-type]
    return None if problem is None else problem.code


def test_en4_the_field_checks_are_the_declared_types_but_for_the_cards() -> None:
    """EN-4: UseAbility's fields are checked by their declared types, its cards as a tuple
    of ints; UseCard's card as an int (not a bool): a negative card is the deck's to judge."""
    action = UseAbility("ana", "Attack", ROCK, "goblin")
    for field, value, malformed in [
        ("hand", None, False),
        ("hand", "rock", True),
        ("unit", 1, True),
        ("cards", (-1,), False),
    ]:
        bad = attrs.evolve(action)
        object.__setattr__(bad, field, value)
        assert (_code(bad) == "skirmish/malformed") is malformed, (field, value)
    card = UseCard("ana", 0, ROCK, "goblin")
    object.__setattr__(card, "card", -1)
    assert _code(card) == "skills/malformed"  # the declared int is a count: the deck's
    object.__setattr__(card, "card", True)
    assert _code(card) == "skirmish/malformed"


@pytest.mark.parametrize(
    ("cards", "fits"),
    [((), True), ((1, 2), True), ((2, 2), False), ((1, "2"), False), ((True,), False)],
)
def test_en4_use_ability_is_well_formed_with_distinct_int_cards(cards: object, fits: bool) -> None:
    """EN-4: UseAbility's cards are distinct ints; each other field has its type."""
    action = UseAbility("ana", "Attack", ROCK, "goblin")
    object.__setattr__(action, "cards", cards)
    assert (_code(action) != "skirmish/malformed") is fits
    object.__setattr__(action, "unit", 1)
    assert _code(action) == "skirmish/malformed"


@pytest.mark.parametrize(("card", "fits"), [(3, True), (True, False), ("3", False)])
def test_en4_use_card_is_well_formed_with_an_int_card(card: object, fits: bool) -> None:
    """EN-4: UseCard's card is an int; a hand may be None."""
    action = UseCard("ana", 0, None, "goblin")
    object.__setattr__(action, "card", card)
    assert (_code(action) != "skirmish/malformed") is fits


def test_sd10_the_cards_of_a_payment_are_kept_in_id_order() -> None:
    """SD-10: equal payments are equal actions, whatever order the cards were given in; a
    list is kept as a tuple; cards that cannot be sorted stay as given, for the guard."""
    assert UseAbility("a", "Attack", None, "b", (3, 1, 2)).cards == (1, 2, 3)
    assert UseAbility("a", "Attack", None, "b", [2, 1]).cards == (1, 2)  # type: ignore[arg-type]
    assert UseAbility("a", "Attack", None, "b", (2, "x")).cards == (2, "x")  # type: ignore[arg-type]
    assert UseAbility("a", "Attack", None, "b", [2, "x"]).cards == (2, "x")  # type: ignore[arg-type]
    assert UseAbility("a", "Attack", None, "b", 5).cards == 5  # type: ignore[arg-type]


def test_en5_sd10_use_options_list_every_payment_of_exactly_the_cost() -> None:
    """EN-5, SD-10, SK-3: the active unit's controller lists each costed ability with every
    set of cards of its cost, each free one with none, and UseCard for each ability card;
    nobody else lists any, nor the unit once it chose."""
    config = SkirmishConfig(ability_costs={"Attack": 2}, gm_reaction_windows=False)
    game_def = Skirmish(config)
    game = _ana_activating(game_def, "Dash", "Strike", "Parry")
    hand = sorted(owner_of(game["skills"], "ana").hand)
    strike = cards_named(game, "ana", "Strike")[0]
    options = declaring.use_options(config, game, "ana")
    attacks = {a.cards for a in options if isinstance(a, UseAbility) and a.ability == "Attack"}
    assert attacks == set(combinations(hand, 2))
    defends = {a.cards for a in options if isinstance(a, UseAbility) and a.ability == "Defend"}
    assert defends == {()}
    used = {(a.card, a.target) for a in options if isinstance(a, UseCard)}
    assert {card for card, _ in used} == {strike}
    assert declaring.use_options(config, game, "bo") == ()
    assert declaring.use_options(config, game, "gm") == ()
    chosen = game.with_slice(NAME, chose(game[NAME], "ana"))
    assert declaring.use_options(config, chosen, "ana") == ()
    assert declaring.use_options(config, pair_first(game_def, game_def.setup(1)), "ana") == ()


def test_en5_no_use_option_while_a_window_is_open() -> None:
    """EN-5, SD-8: while a window is open the active unit lists no choice."""
    game, _ = _goblin_attacks_ana(GAME)
    assert declaring.use_options(GAME.config, game, "gm") == ()


@pytest.mark.parametrize(
    ("changes", "opened"),
    [({}, True), ({"gm_reaction_windows": False}, False), ({"reaction_windows": False}, True)],
)
def test_sk18_a_members_declaration_at_a_gm_unit_waits_for_the_gms_window(
    changes: dict[str, bool], opened: bool
) -> None:
    """SK-18: ana's declaration at the goblin is held while the GM may react, unless
    ``gm_reaction_windows`` is off (``reaction_windows`` is the party's own)."""
    game_def = Skirmish(SkirmishConfig(**changes))
    game = _ana_activating(game_def)
    game, events = step(game_def, game, UseAbility("ana", "Defend", Hand.PAPER, "goblin"))
    held = [e for e in events if isinstance(e, DeclarationHeld)]
    assert held == ([DeclarationHeld("ana", "goblin")] if opened else [])
    assert (ReactionWindowOpened("gm") in events) is opened
    assert game["skills"].reacting == (("gm",) if opened else ())


def test_sd13_use_card_out_of_ones_activation_or_without_the_card_is_refused() -> None:
    """SD-13, SK-3: UseCard is refused out of the unit's activation, and for a card its
    player does not hold (the deck's own refusal); each error names the action."""
    game = pair_first(GAME, GAME.setup(1))
    strike = cards_named(game, "ana", "Strike")[0]
    early = UseCard("ana", strike, ROCK, "goblin")
    problem = GAME.rules.check(game, early)
    assert problem is not None
    assert (problem.code, problem.action) == ("skirmish/not-activating", early)
    game = _ana_activating(GAME, "Dash")
    absent = UseCard("ana", strike, ROCK, "goblin")
    problem = GAME.rules.check(game, absent)
    assert problem is not None
    assert problem.code == "skills/card-not-in-hand"
    dash = owner_of(game["skills"], "ana").hand[0]
    plain = UseCard("ana", dash, ROCK, "goblin")
    problem = GAME.rules.check(game, plain)
    assert problem is not None
    assert problem.action == plain
    bad = UseCard("ana", "1", ROCK, "goblin")  # type: ignore[arg-type]
    problem = GAME.rules.check(game, bad)
    assert problem is not None
    assert problem.action == bad


def test_sk3_sd11_a_card_used_to_declare_is_played_with_its_effect() -> None:
    """SK-3, SD-11: UseCard Plays the card, whose Skill effect resolves: Focus, made to
    declare Attack, still draws its card."""
    config = SkirmishConfig(card_abilities={"attack": "Attack", "draw": "Attack"})
    game_def = Skirmish(config)
    game = _ana_activating(game_def, "Focus")
    focus = owner_of(game["skills"], "ana").hand[0]
    game, _ = step(game_def, game, UseCard("ana", focus, ROCK, "goblin"))
    assert len(owner_of(game["skills"], "ana").hand) == 1


def test_sk4_with_two_windows_open_both_players_are_named() -> None:
    """SK-4, SD-8: the refusal names every player whose window is open."""
    game = _ana_activating()
    deck = game["skills"]
    for player in ("bo", "cy"):
        deck, _ = skills.step(deck, OpenReactionWindow(player))
    action = UseAbility("ana", "Defend", ROCK, "goblin")
    problem = GAME.rules.check(game.with_slice("skills", deck), action)
    assert str(problem) == "bo, cy may react first. [skirmish/reaction-pending, SD-8]"
    assert problem is not None
    assert problem.action == action
    assert declaring.use_options(GAME.config, game.with_slice("skills", deck), "ana") == ()


def test_en4_use_ability_refusals_name_the_action() -> None:
    """EN-4: each refusal of UseAbility carries the refused action."""
    early = UseAbility("ana", "Defend", ROCK, "goblin")
    problem = GAME.rules.check(pair_first(GAME, GAME.setup(1)), early)
    assert problem is not None
    assert problem.action == early
    game = _ana_activating(GAME, "Dash")
    dash = owner_of(game["skills"], "ana").hand[0]
    for action in (
        UseAbility("ana", "Defend", ROCK, "goblin", (dash,)),
        UseAbility("ana", "Attack", ROCK, "goblin", ("x",)),  # type: ignore[arg-type]
    ):
        problem = GAME.rules.check(game, action)
        assert problem is not None
        assert problem.action == action


@pytest.mark.parametrize("viewer", ["ana", "bo", "cy"])
def test_en9_sk4_a_declaration_held_out_of_sight_is_drawn_among_those_the_fight_allows(
    viewer: str,
) -> None:
    """EN-9, SK-4: where the view hides the goblin's held declaration, the game a search bot
    plays out holds one: the goblin's, at ana (the target her view shows, or the player
    whose window is open), one the fight allows; draws vary, and each shows the viewer the
    same view."""
    game_def = Skirmish()
    game, _ = _goblin_attacks_ana(game_def)
    shown = game_def.rules.view(game, viewer)
    assert shown.skirmish.held is None
    drawn = [game_def.determinize(shown, viewer, Rng.from_seed(k)) for k in range(12)]
    allowed = {
        Held("goblin", d.ability, d.hand, d.target)
        for d in combat.declarations(game.combat, "goblin")
        if d.target == "ana"
    }
    assert {d.skirmish.held for d in drawn} <= allowed
    assert len({d.skirmish.held for d in drawn}) > 1
    assert all(game_def.rules.view(d, viewer) == shown for d in drawn)


def test_en9_a_held_declaration_the_viewer_sees_is_kept_and_none_is_made_up() -> None:
    """EN-9: the GM sees its goblin's held declaration, so its determinized game holds that
    one; where nothing is held (before the goblin declares), nothing is drawn."""
    game_def = Skirmish()
    game, _ = _goblin_attacks_ana(game_def)
    shown = game_def.rules.view(game, GM)
    assert game_def.determinize(shown, GM, Rng.from_seed(3)).skirmish.held == game.skirmish.held
    before = pair_first(game_def, game_def.setup(1))
    for viewer in game_def.players(before):
        view = game_def.rules.view(before, viewer)
        drawn = game_def.rules.determinize(view, viewer, Rng.from_seed(3))
        again = declaring.redraw_held(drawn, view.skirmish, view.combat.declared, Rng.from_seed(4))
        assert again is drawn


def _chose_and_resolved(game_def: Skirmish) -> Game:
    """A state of a skirmish whose active unit made its choice and the fight already
    resolved it, with no window open."""

    def resolved(state: Game) -> bool:
        unit, shown = state.skills.active, game_def.rules.view(state, GM)
        chose_ = unit in state.skirmish.chosen and not state.skills.reacting
        return chose_ and not shown.combat.declared

    return play_until(game_def, game_def.setup(0), resolved, passive)[0]


def test_en9_no_declaration_is_drawn_once_the_choice_is_out_of_its_window() -> None:
    """EN-9: once the window closed, the goblin's declaration is in the fight, and once the
    fight resolved a choice nothing is held: a determinized game holds nothing either."""
    game_def = Skirmish()
    closed, _ = _goblin_attacks_ana(game_def)
    closed, _ = step(game_def, closed, CloseReactionWindow("ana"))
    for game in (closed, _chose_and_resolved(game_def)):
        for viewer in game_def.players(game):
            shown = game_def.rules.view(game, viewer)
            drawn = game_def.determinize(shown, viewer, Rng.from_seed(5))
            assert drawn.skirmish.held is None
            assert game_def.rules.view(drawn, viewer) == shown


def test_en9_a_view_no_game_could_give_is_refused_with_a_sentence() -> None:
    """A view claiming the goblin aims at its own ally holds a declaration no fight allows:
    redrawing it is a ``ValueError`` naming the unit, never a made-up declaration."""
    game_def = Skirmish()
    game, _ = _goblin_attacks_ana(game_def)
    shown = game_def.rules.view(game, "ana")
    forged = attrs.evolve(shown.skirmish, held_target="orc")
    drawn = game_def.rules.determinize(shown, "ana", Rng.from_seed(1))
    with pytest.raises(ValueError, match="goblin holds a declaration, but none of its is legal"):
        declaring.redraw_held(drawn, forged, shown.combat.declared, Rng.from_seed(2))
