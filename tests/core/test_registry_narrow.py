"""A wrapper's ``narrow`` (EN-5, EN-6): its refusal said once for a whole listing, so the
listing keeps exactly what ``refuse`` accepts without asking it about each candidate."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.core.toy import Add, Counter, make

from gamefold import Action, Events, Refusal, RegistryError, Rules
from gamefold.registry import Game, Keep, Rule, Wrapper

BIG = Refusal("toy/too-big", "Too big.", "EN-6")


def _game(value: int = 0) -> tuple[Rules, Game]:
    rules = Rules([make("a")])
    return rules, rules.new_game({"a": Counter("a", value=value)})


def _at_most(asked: list[Any]) -> Any:
    """A refusal of amounts above the counter's value plus one, logging what it is asked."""

    def refuse(game: Game, action: Add) -> Refusal | None:
        asked.append(action)
        return BIG if action.amount > game["a"].value + 1 else None

    return refuse


def _at_most_narrow(calls: list[str]) -> Any:
    """:func:`_at_most` for a whole listing: the bound read once, every candidate kept when
    it allows them all, none when it allows none."""

    def narrow(game: Game, actor: str) -> Keep:
        calls.append(actor)
        bound = game["a"].value + 1
        if bound >= 3:
            return True
        if bound < 1:
            return False
        return lambda action: action.amount <= bound

    return narrow


@given(value=st.integers(min_value=-2, max_value=4))
def test_en5_a_narrowed_listing_is_the_listing_refuse_keeps(value: int) -> None:
    """EN-5: whatever the bound, the narrowed listing is the one the refusal alone keeps,
    each listed action is accepted, each one left out is refused, and the listing asked
    ``narrow`` once and ``refuse`` never."""
    rules, game = _game(value)
    asked: list[Any] = []
    calls: list[str] = []
    plain = rules.wrap(Wrapper(Add, refuse=_at_most([])))
    narrowed = rules.wrap(Wrapper(Add, refuse=_at_most(asked), narrow=_at_most_narrow(calls)))
    listed = narrowed.legal_actions(game, "a")
    assert listed == plain.legal_actions(game, "a")
    assert (calls, asked) == (["a"], [])
    for amount in (1, 2, 3):
        assert (narrowed.check(game, Add(amount)) is None) == (Add(amount) in listed)


def test_en5_narrow_is_asked_only_for_a_listing_with_candidates_of_its_type() -> None:
    """EN-5: an actor whose listing holds no candidate of the wrapped type costs nothing."""
    rules, game = _game()
    calls: list[str] = []
    narrowed = rules.wrap(Wrapper(Add, refuse=_at_most([]), narrow=_at_most_narrow(calls)))
    assert narrowed.legal_actions(game, "b") == ()
    assert calls == []


KEEPS = ("all", "none", "some")
"""What a narrowing keeps of a listing: every candidate, none, or those a predicate keeps."""


def _keeping(keeps: str, skip: int) -> tuple[Any, Any]:
    """A refusal and its narrowing that keep ``keeps`` of the counter ``a``'s listing:
    ``"some"`` refuses the amount the counter's value plus ``skip`` names, read from the
    game; the narrowing reads the actor, and keeps nothing of anyone but ``a``'s."""

    def refuse(game: Game, action: Add) -> Refusal | None:
        if keeps == "all" or (keeps == "some" and action.amount != game["a"].value + skip):
            return None
        return BIG

    def narrow(game: Game, actor: str) -> Keep:
        if actor != "a" or keeps == "none":
            return False
        if keeps == "all":
            return True
        refused = game["a"].value + skip
        return lambda action: action.amount != refused

    return refuse, narrow


@pytest.mark.parametrize("second", KEEPS)
@pytest.mark.parametrize("first", KEEPS)
def test_en5_two_narrowing_wrappers_keep_what_both_refusals_accept(first: str, second: str) -> None:
    """EN-5, EN-6: two wrappers of one type that both narrow compose, whatever each keeps
    (all, none, some), at every pair: the listing is the one their refusals alone keep,
    each listed action is accepted and each left out refused."""
    (refuse_one, narrow_one), (refuse_two, narrow_two) = _keeping(first, 1), _keeping(second, 0)
    for value in (0, 1, 2):
        rules, game = _game(value)
        narrowed = rules.wrap(
            Wrapper(Add, refuse=refuse_one, narrow=narrow_one),
            Wrapper(Add, refuse=refuse_two, narrow=narrow_two),
        )
        plain = rules.wrap(Wrapper(Add, refuse=refuse_one), Wrapper(Add, refuse=refuse_two))
        listed = narrowed.legal_actions(game, "a")
        assert listed == plain.legal_actions(game, "a")
        for amount in (1, 2, 3):
            assert (narrowed.check(game, Add(amount)) is None) == (Add(amount) in listed)


def test_en5_a_narrowing_and_a_plain_refusal_of_one_type_both_narrow() -> None:
    """EN-5: a wrapper that narrows and one that only refuses compose: a candidate is listed
    when both keep it, the plain one asked about each candidate the other kept."""
    rules, game = _game(1)  # the narrowing keeps amounts up to 2
    asked: list[Any] = []

    def not_one(game: Game, action: Add) -> Refusal | None:
        asked.append(action)
        return BIG if action.amount == 1 else None

    both = rules.wrap(
        Wrapper(Add, refuse=_at_most([]), narrow=_at_most_narrow([])),
        Wrapper(Add, refuse=not_one),
    )
    assert both.legal_actions(game, "a") == (Add(2),)
    assert asked == [Add(1), Add(2)]  # Add(3) was left out by the narrowing first
    closed = rules.wrap(
        Wrapper(Add, refuse=_at_most([]), narrow=lambda game, actor: False),
        Wrapper(Add, refuse=not_one),
    )
    assert closed.legal_actions(game, "a") == ()


@attrs.frozen
class Pick(Action):
    amount: int


def _pick(game: Game, action: Pick) -> tuple[Game, Events]:
    return game, ()


def test_en5_a_narrowing_over_a_rule_listing_skips_it_when_it_keeps_nothing() -> None:
    """EN-5, EN-6: a game-level rule's listing is narrowed the same way, and not made at all
    when the narrowing keeps nothing of it."""
    made: list[str] = []

    def listing(game: Game, actor: str) -> tuple[Pick, ...]:
        made.append(actor)
        return (Pick(1), Pick(2), Pick(3)) if actor == "a" else ()

    rules = Rules([make("a")], rules=[Rule(Pick, _pick, legal_actions=listing)])
    game = rules.new_game({"a": Counter("a")})

    def refuse(game: Game, action: Pick) -> Refusal | None:
        return BIG if action.amount == 2 else None

    def narrow(game: Game, actor: str) -> Keep:
        if actor != "a":
            return False  # only a picks: nothing of anyone else's to keep
        return lambda action: action.amount != 2

    wrapped = rules.wrap(Wrapper(Pick, refuse=refuse, narrow=narrow))
    assert wrapped.legal_actions(game, "a")[-2:] == (Pick(1), Pick(3))
    assert made == ["a"]
    assert not any(isinstance(a, Pick) for a in wrapped.legal_actions(game, "b"))
    assert made == ["a"]


def test_en6_a_narrowing_without_a_refusal_is_refused_when_built() -> None:
    """EN-6: ``narrow`` is the listing's form of ``refuse``: alone, step and check would let
    through what the listing leaves out."""
    with pytest.raises(RegistryError, match="house rule narrows the listing but refuses") as raised:
        Wrapper(Add, narrow=lambda game, actor: True, name="house rule")
    # The error says what to write and why: the one refusal, said for a whole listing.
    assert str(raised.value).endswith(
        "give refuse=f too, the one refusal narrow says for a whole listing, so that step, "
        "check and the listing agree"
    )
    with pytest.raises(RegistryError, match=r"^the wrapper of Add narrows the listing"):
        Wrapper(Add, narrow=lambda game, actor: True)


@pytest.mark.parametrize(("keeps", "kept"), [("all", (1, 2, 3)), ("some", (1, 3))])
def test_en5_a_narrowed_rule_listing_is_made_for_the_game_and_actor(
    keeps: str, kept: tuple[int, ...]
) -> None:
    """EN-5, EN-6: a rule's listing that a narrowing keeps all or some of is still made for
    the game and the actor asked: a count's worth of picks for ``a``, none for ``b``."""

    def listing(game: Game, actor: str) -> tuple[Pick, ...]:
        return tuple(Pick(n + 1) for n in range(game["a"].value)) if actor == "a" else ()

    def refuse(game: Game, action: Pick) -> Refusal | None:
        return BIG if keeps == "some" and action.amount == 2 else None

    def narrow(game: Game, actor: str) -> Keep:
        return True if keeps == "all" else (lambda action: action.amount != 2)

    rules = Rules([make("a")], rules=[Rule(Pick, _pick, legal_actions=listing)])
    game = rules.new_game({"a": Counter("a", value=3)})
    wrapped = rules.wrap(Wrapper(Pick, refuse=refuse, narrow=narrow))
    picks = [a for a in wrapped.legal_actions(game, "a") if isinstance(a, Pick)]
    assert picks == [Pick(n) for n in kept]
    assert not any(isinstance(a, Pick) for a in wrapped.legal_actions(game, "b"))
