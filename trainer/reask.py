"""A session's questions, with the missed ones asked again a few questions later.

A missed question goes back into the session `after` questions later (trainer/learner.yaml),
or last when fewer remain; never straight after itself, so when it was the last question
of the session it is not asked again (the Leitner boxes bring its fans back next time).
site/assets/mcr/quiz.js does the same in the endless web quiz.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, Iterator, TypeVar

Item = TypeVar("Item")


@dataclass(frozen=True, slots=True)
class Turn(Generic[Item]):
    item: Item
    again: int = 0      # how many times it was asked before in this session


class SessionQueue(Generic[Item]):
    """The questions of one session in the order they are asked."""

    def __init__(self, items: list[Item], after: int, times: int) -> None:
        self._turns = [Turn(item) for item in items]
        self._after = after
        self._times = times
        self._next = 0

    def __len__(self) -> int:
        return len(self._turns)

    def __iter__(self) -> Iterator[Turn[Item]]:
        while self._next < len(self._turns):
            self._next += 1
            yield self._turns[self._next - 1]

    def missed(self, turn: Turn[Item]) -> bool:
        """The turn just asked was missed: queue it again; False when it will not come back
        (asked too often already, or nothing left to ask in between)."""
        remaining = len(self._turns) - self._next
        if turn.again >= self._times or remaining == 0:
            return False
        self._turns.insert(self._next + min(self._after - 1, remaining), Turn(turn.item, turn.again + 1))
        return True
