"""Thousands of random strings: the engine answers with a score or a clean error, never a crash."""
from __future__ import annotations

import random

import rules
from rules.sampling import sample_hands

ALPHABET = "123456789mpsESWNCFP[] 0xz,-"


def _random_strings(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    out = []
    hands = [h.hand for h in sample_hands(300, seed)]
    for _ in range(count):
        roll = rng.random()
        if roll < 0.5:  # a real hand, lightly damaged
            base = list(rng.choice(hands))
            for _ in range(rng.randint(1, 3)):
                i = rng.randrange(len(base))
                action = rng.random()
                if action < 0.4:
                    base[i] = rng.choice(ALPHABET)
                elif action < 0.7:
                    del base[i]
                else:
                    base.insert(i, rng.choice(ALPHABET))
            out.append("".join(base))
        else:  # noise
            out.append("".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 24))))
    return out


def test_fuzzed_strings_give_a_score_or_a_clean_error() -> None:
    scored = errors = 0
    for text in _random_strings(4000, 20261130):
        try:
            rules.score(text)
            scored += 1
        except rules.RulesError as err:
            assert str(err), text
            errors += 1
    assert scored > 0 and errors > 0
