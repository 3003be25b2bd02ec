"""Simulated play (generator/quizzes/simulated_play.py) and the frequencies it yields
(generator/quizzes/play_frequencies.yaml): every simulated win is a real win, the planner finds
the hands a holding is nearest, and the committed figures are sane."""
from __future__ import annotations

from collections import Counter

import pytest

import rules
from generator.quizzes import play_frequencies
from generator.quizzes.simulated_play import Planner, nearest_targets, play_game, simulate
from rules.notation import read_tiles
from rules.tiles import COPIES_PER_FACE, counts_of

TABLE = rules.fan_table()
GAMES = 4


@pytest.fixture(scope="module")
def wins():
    return simulate(GAMES, "test", TABLE)


def _held(text: str) -> list[int]:
    return list(counts_of(read_tiles(text)))


# Slow: plays the games first (about 9 s).
@pytest.mark.slow
def test_every_simulated_win_is_a_valid_win_by_the_engine(wins) -> None:
    # Four players dealt 13 tiles from a 136-tile wall nearly always finish a hand of
    # plain chows and pungs well before the wall runs out: at least one win in four.
    assert len(wins) >= 1
    for w in wins:
        result = rules.score(w.draft.notation(), **w.draft.situation.as_dict())
        assert result.valid, w.draft.notation()
        held = Counter(t.code for t in w.draft.all_tiles)
        assert max(held.values()) <= COPIES_PER_FACE
        # 14 tiles, one more for each kong.
        kongs = sum(len(m.tiles) == 4 for m in w.draft.melds)
        assert len(w.draft.all_tiles) == 14 + kongs
        assert 0 <= w.draft.situation.flowers <= 8
        assert w.turn >= 0


# Slow: plays the same games twice (about 7 s).
@pytest.mark.slow
def test_the_same_game_number_and_seed_play_the_same_game() -> None:
    first = play_game(3, "same", TABLE, Planner(TABLE))
    again = play_game(3, "same", TABLE, Planner(TABLE))
    assert (first is None) == (again is None)
    if first is not None:
        assert first.draft == again.draft and first.turn == again.turn


def test_nearest_targets_of_a_hand_one_tile_from_complete() -> None:
    # 123m 456m 789m 123p and a lone 5p: the only complete hand one tile away pairs
    # the 5p (4p would make 345p but leave 1p 2p unmatched; nothing else fits).
    held = _held("123456789m1235p")
    targets = nearest_targets(held, 0, [COPIES_PER_FACE] * 34, lambda missing: True)
    five_p = read_tiles("5p")[0].code
    assert targets and targets[0].missing == (five_p,)
    assert [t for t in targets if len(t.missing) == 1] == [targets[0]]
    assert targets[0].surplus == ()


def test_nearest_targets_respect_tiles_no_longer_to_be_had() -> None:
    # The same hand when every other 5p is gone (seen on the table): pairing the 5p
    # is out, so the nearest hands lack two tiles or more.
    held = _held("123456789m1235p")
    five_p = read_tiles("5p")[0].code
    targets = nearest_targets(held, 0, [COPIES_PER_FACE] * 34, lambda missing: five_p not in missing)
    assert targets and all(len(t.missing) >= 2 and five_p not in t.missing for t in targets)


def test_the_committed_frequencies_are_sane() -> None:
    freq = play_frequencies.load(table=TABLE)
    assert 0 < freq.wins <= freq.games
    assert set(freq.counts) == {f.id for f in TABLE.fans}
    # All Chows is the easiest hand to complete (any chow fits, the pair need not be
    # special): it must beat every fan of 24 points or more, and every 88-point fan
    # needs so many particular tiles that it should not show in a few hundred wins.
    big = [f.id for f in TABLE.fans if f.points >= 24 and f.id != "seven_pairs"]
    assert freq.share("all_chows") > 0.25
    assert all(freq.share("all_chows") > 3 * freq.share(f) for f in big)
    assert all(freq.counts[f.id] == 0 for f in TABLE.fans if f.points == 88)
    # Waiting on a closed or edge tile is ordinary; a robbed kong is not.
    assert freq.share("closed_wait") > freq.share("robbing_the_kong")


def test_frequencies_file_faults_are_named(tmp_path) -> None:
    bad = tmp_path / "freq.yaml"
    bad.write_text("seed: 1\ngames: 10\nwins: 5\nfans:\n  all_chowz: 3\n", encoding="utf-8")
    with pytest.raises(ValueError, match="all_chowz.*no fan"):
        play_frequencies.load(bad, TABLE)
    bad.write_text("seed: 1\ngames: 10\nwins: 5\nfans:\n  all_chows: 7\n", encoding="utf-8")
    with pytest.raises(ValueError, match="between 0 and wins"):
        play_frequencies.load(bad, TABLE)
