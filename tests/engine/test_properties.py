"""Properties over random legal winning hands (hypothesis drives the sampler's seed)."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import rules
from rules.notation import parse_hand
from rules.sampling import sample_hand

TABLE = rules.fan_table()
BY_ID = TABLE.by_id
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def _sample(seed: int):
    return sample_hand(random.Random(seed))


def _shuffled_notation(text: str, rng: random.Random) -> str:
    """The same hand written in another order: melds shuffled, standing tiles shuffled,
    the winning tile kept last."""
    hand = parse_hand(text)
    melds = ["[" + "".join(t.text for t in m.tiles) + ("1" if m.claimed and m.kind == "kong" else "") + "]"
             for m in hand.melds]
    rng.shuffle(melds)
    standing = list(hand.standing[:-1])
    rng.shuffle(standing)
    return "".join(melds) + " ".join(t.text for t in standing) + hand.winning_tile.text


@settings(max_examples=300, deadline=None)
@given(seeds, st.integers(0, 1000))
def test_order_of_groups_does_not_change_the_score(seed: int, shuffle_seed: int) -> None:
    sampled = _sample(seed)
    a = rules.score_with_table(TABLE, sampled.hand, **sampled.situation)
    b = rules.score_with_table(TABLE, _shuffled_notation(sampled.hand, random.Random(shuffle_seed)),
                               **sampled.situation)
    assert a.total == b.total and a.fan_counts() == b.fan_counts()


@settings(max_examples=400, deadline=None)
@given(seeds)
def test_total_is_points_times_counts(seed: int) -> None:
    sampled = _sample(seed)
    result = rules.score_with_table(TABLE, sampled.hand, **sampled.situation)
    assert result.total == sum(BY_ID[f.id].points * f.count for f in result.fans)
    assert result.valid == (result.total_without_flowers >= TABLE.minimum_points)


@settings(max_examples=400, deadline=None)
@given(seeds)
def test_no_returned_fan_is_excluded_by_another(seed: int) -> None:
    sampled = _sample(seed)
    result = rules.score_with_table(TABLE, sampled.hand, **sampled.situation)
    ids = {f.id for f in result.fans}
    for fan in result.fans:
        assert not (set(BY_ID[fan.id].excludes) & ids), (sampled, fan.id)
        # `absorbs` drops only within the fan's own sets: an absorbed fan left standing
        # must be made of other sets.
        for absorbed in BY_ID[fan.id].absorbs:
            for other in result.fans:
                if other.id == absorbed and fan.groups:
                    assert not set(other.groups) <= set(fan.groups) or len(other.groups) > len(fan.groups)


@settings(max_examples=300, deadline=None)
@given(seeds, st.data())
def test_exposing_a_set_never_adds_concealed_fans(seed: int, data: st.DataObject) -> None:
    sampled = _sample(seed)
    hand = parse_hand(sampled.hand)
    before = rules.score_with_table(TABLE, sampled.hand, **sampled.situation)
    if before.shape != "standard" or len(hand.melds) >= 4:
        return
    reading = [g for g in before.groups]
    # Expose one concealed standing set that does not hold the winning tile.
    standing = list(hand.standing[:-1])
    candidates = []
    for text in reading:
        tiles = [t for t in parse_hand_tiles(text)]
        if len(tiles) == 3 and all(standing.count(t) >= tiles.count(t) for t in tiles):
            candidates.append(tiles)
    if not candidates:
        return
    chosen = data.draw(st.sampled_from(candidates))
    for t in chosen:
        standing.remove(t)
    meld = "[" + "".join(t.text for t in chosen) + "]"
    melds = "".join("[" + "".join(t.text for t in m.tiles) + ("1" if m.claimed and m.kind == "kong" else "") + "]"
                    for m in hand.melds)
    exposed = melds + meld + "".join(t.text for t in standing) + hand.winning_tile.text
    try:
        after = rules.score_with_table(TABLE, exposed, **sampled.situation)
    except rules.RulesError:
        return
    for fan_id in ("concealed_hand", "fully_concealed_hand"):
        if fan_id not in before.fan_counts():
            assert fan_id not in after.fan_counts(), (sampled, exposed)


def parse_hand_tiles(group_text: str):
    return rules.read_tiles(group_text)
