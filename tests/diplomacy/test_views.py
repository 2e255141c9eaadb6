"""EN-9: what each player sees of the diplomacy state, field by field (DP-9, DP-10, DP-12).

A viewer sees their own hand and waiting effect; of the others, counts, counters, debts and
open windows; a proposal's cards if a party to it; the pool's size per kind; public pacts
and their own secret ones; no RNG.
"""

from __future__ import annotations

from gamefold import replace
from gamefold.diplomacy import Kind, Pact, Propose, step, view
from gamefold.diplomacy.standalone import Effect
from gamefold.diplomacy.views import PlayerView, PoolView, ProposalView

from .helpers import arrange, begin, table


def _state():
    """ann's turn with her proposal to bob pending, bob's window open with an effect
    waiting, a debt and counters set, a public pact and a secret one of bob's and cy's."""
    state, _ = begin(table())
    cards = state.config.cards
    agreement = next(i for i, c in enumerate(cards) if c.kind is Kind.AGREEMENT)
    values = tuple(i for i, c in enumerate(cards) if c.kind is Kind.VALUE)[: cards[agreement].slots]
    standalone = next(i for i, c in enumerate(cards) if c.kind is Kind.STANDALONE)
    state = arrange(state, {"ann": (agreement, *values, standalone)})
    state, _ = step(state, Propose("ann", "bob", agreement, values))
    effect = Effect(standalone, "Fortify T1", "Fortify", 1, "north")
    bob = replace(
        state.players[1],
        between_turns=True,
        pending=effect,
        deploy_debt=2,
        ticks=replace(state.players[1].ticks, random=3, value=1),
    )
    pacts = (
        Pact(7, "Ceasefire T1", "ann", "cy", (), 2),
        Pact(8, "Covert Support T1", "bob", "cy", (), 3, secret=True),
    )
    players = (state.players[0], bob, state.players[2])
    return replace(state, players=players, pacts=pacts), agreement, values, effect


STATE, AGREEMENT, VALUES, EFFECT = _state()


def test_en9_the_viewer_sees_their_own_hand_and_effect_and_counts_of_the_others() -> None:
    """EN-9, DP-10, DP-12: own hand and waiting effect shown; the others' as counts, with
    their locked cards, counters, debts and windows."""
    for viewer in ("ann", "bob", "cy"):
        shown = view(STATE, viewer)
        assert shown.viewer == viewer
        assert shown.config == STATE.config
        assert (shown.turn, shown.active) == (STATE.turn, "ann")
        for player, seen in zip(STATE.players, shown.players, strict=True):
            own = player.player == viewer
            locked = 1 + len(VALUES) if player.player == "ann" else 0
            assert seen == PlayerView(
                player=player.player,
                hand_size=len(player.hand),
                locked=locked,
                ticks=player.ticks,
                deploy_debt=player.deploy_debt,
                between_turns=player.between_turns,
                hand=player.hand if own else None,
                pending=player.pending if own else None,
            )
    bob = view(STATE, "bob").players[1]
    assert (bob.pending, bob.deploy_debt, bob.between_turns) == (EFFECT, 2, True)
    assert view(STATE, "ann").players[0].hand == STATE.players[0].hand != ()


def test_en9_a_proposals_cards_show_to_its_two_parties_only() -> None:
    """EN-9, DP-9: proposer and recipient see the Agreement and Value cards; a third
    player sees the proposal, its expiry and how many cards it locks."""
    proposal = STATE.proposals[0]
    base = (proposal.id, "ann", "bob", proposal.expires, 1 + len(VALUES))
    for viewer in ("ann", "bob"):
        assert view(STATE, viewer).proposals == (ProposalView(*base, AGREEMENT, VALUES),)
    assert view(STATE, "cy").proposals == (ProposalView(*base),)


def test_en9_the_pool_shows_its_size_per_kind_and_secret_pacts_their_parties() -> None:
    """EN-9, DP-9: the pool's size per kind; public pacts for all, a secret one for its
    parties only (proposer or partner)."""
    pool = STATE.pool
    sizes = PoolView(len(pool.agreement), len(pool.value), len(pool.standalone))
    public, secret = STATE.pacts
    for viewer in ("ann", "bob", "cy"):
        shown = view(STATE, viewer)
        assert shown.pool == sizes
        assert shown.pacts == ((public, secret) if viewer != "ann" else (public,))
    assert len(pool.agreement) != len(pool.value)
