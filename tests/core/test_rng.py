"""The Rng value (EN-3): known answers, statistics, purity and cross-process determinism."""

from __future__ import annotations

import pickle
from collections import Counter
from itertools import permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.support import run_python

from gamefold import Rng

STATES = st.integers(min_value=0, max_value=2**64 - 1)

# Chi-square critical values at p = 0.001: draws use fixed seeds, so a pass is stable.
CHI2_CRITICAL = {4: 18.47, 5: 20.52, 23: 49.73}


def chi_square(counts: Counter[int] | Counter[tuple[int, ...]], expected: dict) -> float:
    return sum((counts[k] - e) ** 2 / e for k, e in expected.items())


def draws(rng: Rng, n: int, method: str, *args: object) -> list[object]:
    out = []
    for _ in range(n):
        value, rng = getattr(rng, method)(*args)
        out.append(value)
    return out


def test_en3_known_answer_vectors_match_splitmix64() -> None:
    """The reference SplitMix64 sequence for seed 1234567, and seed 0's first output."""
    assert draws(Rng(1234567), 5, "next64") == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]
    assert Rng(0).next64()[0] == 0xE220A8397B1DCDAF


def test_en3_draws_never_change_the_generator() -> None:
    rng = Rng.from_seed(11)
    first = rng.below(1000)
    rng.shuffle(range(30))
    rng.roll(2, 3)
    assert rng.below(1000) == first
    assert rng == Rng.from_seed(11)


def test_en3_seeds_from_strings_and_ints_are_stable() -> None:
    assert Rng.from_seed("skirmish") == Rng.from_seed("skirmish")
    assert Rng.from_seed("skirmish") != Rng.from_seed("summit")
    assert Rng.from_seed(-1) == Rng(2**64 - 1)
    with pytest.raises(TypeError):
        Rng.from_seed(True)
    with pytest.raises(TypeError):
        Rng.from_seed(1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="2\\*\\*64"):
        Rng(2**64)


def test_en3_split_is_pure_and_names_give_independent_streams() -> None:
    rng = Rng.from_seed(3)
    skills, combat = rng.split("skills"), rng.split("combat")
    assert rng.split("skills") == skills
    assert skills != combat
    assert draws(skills, 20, "below", 100) != draws(combat, 20, "below", 100)
    assert rng.next64() == Rng.from_seed(3).next64()


def test_en3_below_is_uniform_chi_square() -> None:
    values = draws(Rng.from_seed(2026), 60_000, "below", 6)
    counts = Counter(values)
    assert set(counts) == set(range(6))
    assert chi_square(counts, dict.fromkeys(range(6), 10000)) < CHI2_CRITICAL[5]


def test_en3_shuffle_gives_every_permutation_uniformly() -> None:
    rng = Rng.from_seed(5)
    counts: Counter[tuple[int, ...]] = Counter()
    for _ in range(24_000):
        order, rng = rng.shuffle(range(4))
        counts[order] += 1
    expected = dict.fromkeys(permutations(range(4)), 1000)
    assert set(counts) == set(expected)
    assert chi_square(counts, expected) < CHI2_CRITICAL[23]


def test_cb14_roll_2d3_is_the_sum_of_two_d3() -> None:
    """2d3 (the Stress roll of CB-14) lands on 2..6 in the ratio 1:2:3:2:1."""
    totals = Counter(draws(Rng.from_seed(9), 45_000, "roll", 2, 3))
    expected = {2: 5000, 3: 10_000, 4: 15_000, 5: 10_000, 6: 5000}
    assert set(totals) == set(expected)
    assert chi_square(totals, expected) < CHI2_CRITICAL[4]


def test_dice_and_argument_errors() -> None:
    faces, _ = Rng.from_seed(1).dice(10, 3)
    assert len(faces) == 10
    assert set(faces) <= {1, 2, 3}
    with pytest.raises(ValueError, match="below"):
        Rng(1).below(0)
    with pytest.raises(ValueError, match="count >= 0"):
        Rng(1).dice(-1, 6)
    with pytest.raises(ValueError, match="non-empty"):
        Rng(1).choice([])
    with pytest.raises(ValueError, match="0 <= k <= 2"):
        Rng(1).sample([1, 2], 3)


@given(STATES, st.integers(min_value=1, max_value=2**200))
def test_en3_below_stays_in_range(state: int, n: int) -> None:
    """EN-3: any bound, beyond 2**64 too, gives a draw in range (never a ValueError)."""
    value, nxt = Rng(state).below(n)
    assert 0 <= value < n
    assert nxt != Rng(state)


def test_en3_below_beyond_two_to_the_64_reaches_the_whole_range() -> None:
    """EN-3: a bound of three times 2**64 gives each third of its range (one word would not)."""
    n = 3 * 2**64
    thirds = {Rng(state).below(n)[0] * 3 // n for state in range(60)}
    assert thirds == {0, 1, 2}
    assert Rng(5).below(n) == Rng(5).below(n)


@pytest.mark.parametrize("bad", [0, -1, 2.0, True])
def test_below_names_what_its_bound_must_be(bad: object) -> None:
    with pytest.raises(ValueError, match=r"below\(n\) draws from \[0, n\), so n is a whole"):
        Rng(1).below(bad)  # type: ignore[arg-type]


@given(STATES, st.lists(st.integers(), max_size=40))
def test_en3_shuffle_is_a_permutation(state: int, items: list[int]) -> None:
    shuffled, _ = Rng(state).shuffle(items)
    assert sorted(shuffled) == sorted(items)
    assert Rng(state).shuffle(items)[0] == shuffled


@given(STATES, st.lists(st.integers(), unique=True, max_size=30), st.data())
def test_en3_sample_and_choice_pick_from_the_sequence(
    state: int, items: list[int], data: st.DataObject
) -> None:
    k = data.draw(st.integers(min_value=0, max_value=len(items)))
    picked, _ = Rng(state).sample(items, k)
    assert len(set(picked)) == k
    assert set(picked) <= set(items)
    if items:
        assert Rng(state).choice(items)[0] in items


@given(STATES)
def test_en1_rng_is_a_value(state: int) -> None:
    rng = Rng(state)
    assert pickle.loads(pickle.dumps(rng)) == rng
    assert hash(rng) == hash(Rng(state))
    assert repr(rng).startswith("Rng(state=0x")
    value, _ = rng.random()
    assert 0.0 <= value < 1.0


SCRIPT = """
from gamefold import Rng
from tests.support import run_python
rng = Rng.from_seed("cross-process").split("skills")
out = []
for _ in range(5):
    v, rng = rng.below(1000)
    out.append(v)
print(out, rng.shuffle(range(30))[0])
"""


def test_en3_same_seed_same_numbers_under_any_pythonhashseed() -> None:
    outputs = {run_python(SCRIPT, hash_seed=hash_seed) for hash_seed in ("0", "4242")}
    assert len(outputs) == 1
