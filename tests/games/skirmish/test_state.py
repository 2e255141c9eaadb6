"""The skirmish slice on its own: tallies, shields, the held declaration's view, EndRound.

SK-1 (one choice a Round), SK-4 and SK-18 (a held declaration is its declarer's secret,
EN-9), SK-5 (shields), SK-9 (tallies), SD-12 (EndRound drops the Round's shields).
"""

from __future__ import annotations

import pytest

from gamefold.combat import Hand
from gamefold.core import EndRound, StartRound, replace
from gamefold.errors import IllegalAction
from gamefold.games.skirmish.state import (
    NAME,
    Held,
    SkirmishState,
    SkirmishView,
    Tally,
    bump,
    chose,
    determinize,
    initial_state,
    mark,
    subsystem,
    tallies_sound,
    tally_of,
    view,
)
from gamefold.rng import Rng

PLAYERS = ("ana", "bo", "gm")


def test_sk9_a_fresh_slice_has_one_empty_tally_per_player_and_its_own_stream() -> None:
    """SK-9, SK-15: one zero tally per player in order; the stream is split from the seed
    under the slice's name."""
    state = initial_state(PLAYERS, 7)
    assert state.tallies == (Tally("ana"), Tally("bo"), Tally("gm"))
    assert (state.held, state.chosen) == (None, ())
    assert state.rng == Rng.from_seed(7).split(NAME)
    assert initial_state(PLAYERS).rng == Rng.from_seed(0).split("skirmish")
    assert SkirmishState(()).rng == Rng.from_seed(0).split("skirmish")


def test_sk9_bump_adds_to_one_players_tally_only() -> None:
    """SK-9: ``bump`` adds each amount to the named player's fields, others untouched."""
    state = bump(initial_state(PLAYERS), "bo", damage_dealt=3, cards_paid=2)
    state = bump(state, "bo", damage_dealt=4)
    assert tally_of(state, "bo") == Tally("bo", damage_dealt=7, cards_paid=2)
    assert tally_of(state, "ana") == Tally("ana")
    assert tally_of(state, "gm") == Tally("gm")
    assert bump(state, "zed", reactions=1) == state


def test_sk9_tally_of_an_unknown_player_is_a_key_error() -> None:
    """SK-9: only the players have tallies."""
    with pytest.raises(KeyError, match="zed"):
        tally_of(initial_state(PLAYERS), "zed")


def test_sk6_mark_sets_a_round_once() -> None:
    """SK-6, SK-9: the Round a character fell or died is the first one marked."""
    state = mark(initial_state(PLAYERS), "ana", "fell_round", 3)
    state = mark(state, "ana", "fell_round", 5)
    state = mark(state, "ana", "death_round", 5)
    assert tally_of(state, "ana") == Tally("ana", fell_round=3, death_round=5)
    assert tally_of(state, "bo") == Tally("bo")


def test_sk1_chose_records_each_unit_in_order() -> None:
    """SK-1: the units that made their choice this Round, in order."""
    assert chose(chose(initial_state(PLAYERS), "bo"), "orc").chosen == ("bo", "orc")


def test_sk1_end_round_forgets_the_choices() -> None:
    """SK-1: EndRound forgets the Round's choices and tells nothing (combat drops the
    shields, SK-5)."""
    after, events = subsystem.step(chose(initial_state(PLAYERS), "bo"), EndRound())
    assert (after.chosen, events) == ((), ())
    plain = initial_state(PLAYERS)
    assert subsystem.step(plain, EndRound()) == (plain, ())


def test_en4_the_slice_takes_no_other_action() -> None:
    """EN-4: anything but EndRound is refused by the slice as malformed."""
    problem = subsystem.check(initial_state(PLAYERS), StartRound())
    assert isinstance(problem, IllegalAction)
    assert problem.code == "skirmish/malformed"
    assert subsystem.check(initial_state(PLAYERS), EndRound()) is None
    assert subsystem.legal_actions(initial_state(PLAYERS), "ana") == ()


def test_sk9_tallies_sound_names_negative_tallies() -> None:
    """SK-9: the slice's invariant: no tally below 0."""
    state = initial_state(PLAYERS)
    assert list(tallies_sound(state)) == []
    bad = bump(state, "bo", damage_taken=-1)
    assert list(tallies_sound(bad)) == [f"bo has a negative tally: {tally_of(bad, 'bo')}"]
    first = bump(state, "ana", damage_dealt=-1)
    assert list(tallies_sound(first)) == [f"ana has a negative tally: {tally_of(first, 'ana')}"]
    marked = mark(state, "bo", "fell_round", 0)
    assert list(tallies_sound(marked)) == []


HELD_BY_ENEMY = Held("orc", "Attack", Hand.ROCK, "ana")
HELD_BY_MEMBER = Held("bo", "Attack", Hand.PAPER, "orc")


@pytest.mark.parametrize(
    ("held", "viewer", "shown", "target"),
    [
        (HELD_BY_ENEMY, "gm", HELD_BY_ENEMY, "ana"),
        (HELD_BY_ENEMY, "ana", None, "ana"),
        (HELD_BY_ENEMY, "bo", None, None),
        (HELD_BY_ENEMY, "spectator", None, None),
        (HELD_BY_MEMBER, "bo", HELD_BY_MEMBER, "orc"),
        (HELD_BY_MEMBER, "gm", None, "orc"),
        (HELD_BY_MEMBER, "ana", None, None),
    ],
)
def test_en9_sk4_sk18_a_held_declaration_is_its_declarers_secret(
    held: Held, viewer: str, shown: Held | None, target: str | None
) -> None:
    """EN-9, SK-4, SK-18: the declaring side's player sees the held declaration; its
    target's player learns only the target; everyone else sees neither."""
    state = replace(chose(initial_state(PLAYERS), "orc"), held=held)
    seen = view(state, viewer)
    assert seen == SkirmishView(state.tallies, shown, target, ("orc",))


def test_en9_without_a_held_declaration_everyone_sees_the_same() -> None:
    """EN-9: tallies and choices are public."""
    state = chose(bump(initial_state(PLAYERS), "bo", reactions=1), "bo")
    for viewer in (*PLAYERS, "spectator"):
        assert view(state, viewer) == SkirmishView(state.tallies, None, None, ("bo",))


@pytest.mark.parametrize("held", [None, HELD_BY_MEMBER])
def test_en9_determinize_keeps_what_the_view_shows_and_draws_the_stream(held: Held | None) -> None:
    """EN-9, SK-15: the slice drawn from a view keeps its tallies, the held declaration it
    shows and the Round's choices, and draws Dodge's stream afresh from ``rng``."""
    state = replace(chose(initial_state(PLAYERS, 3), "bo"), held=held)
    shown = view(state, "bo")
    rng = Rng.from_seed(11)
    drawn = determinize(shown, "bo", rng)
    assert drawn == SkirmishState(state.tallies, held, ("bo",), rng.split("stream"))
    assert view(drawn, "bo") == shown
    assert drawn.rng != state.rng
