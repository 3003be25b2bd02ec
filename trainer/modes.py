"""The session's two other modes: count it with me (guided steps) and the flashcards.

Both hand out items and take answers as the practice mode does (trainer/session.py); both
record what the answers show about fans: a guided step on a family of fans or on the
principles credits the fans ticked right and blames those missed or ticked wrongly; a
flashcard credits or blames its fan. Both are kinds of the progress ("guided", "learn").
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .attribution import Verdict
from .blocks import hand_block, line
from .flashcards import NAME_TO_TILES, TILES_TO_NAME, Flashcard, flashcard
from .fresh_questions import question_key
from .guided import Step, guided_steps
from .learn_cards import learn_card
from .progress import stability

if TYPE_CHECKING:
    from .session import Session

GUIDED_KIND = "guided"
LEARN_KIND = "learn"


class GuidedMode:
    """`count` hands, each walked through the checklist."""

    def __init__(self, session: "Session") -> None:
        self.session = session
        self.hands = self._hands(session.options.count)
        self.steps: list[Step] = []
        self.hand = -1
        self.step = 0

    def _hands(self, count: int) -> list[Any]:
        s = self.session
        unit = s.unit()
        focus = set(unit.fans) if unit else set()
        if s.options.fan:
            focus = {s.options.fan}
        level = s.options.level or s.progress.level
        recent = set(s.progress.recent)
        candidates = [q for q in s.trainer.pool(s.edition).questions
                      if q.kind == "fans" and q.level == level and question_key(q) not in recent]
        s.rng.shuffle(candidates)
        candidates.sort(key=lambda q: -len(set(q.answer_ids) & focus))
        return candidates[:count]

    def count(self) -> int:
        return len(self.hands)

    def next(self) -> dict[str, Any] | None:
        if self.hand < 0 or self.step >= len(self.steps):
            self.hand += 1
            if self.hand >= len(self.hands):
                return None
            self.steps = guided_steps(self.hands[self.hand], self.session.explainer())
            self.step = 0
        q, step = self.hands[self.hand], self.steps[self.step]
        data = step.as_data()
        return {"type": "step", "hand": self.hand + 1, "hand_count": len(self.hands), "n": self.step + 1,
                "of": len(self.steps), "tiles": q.data["tiles"], "situation": dict(q.situation),
                "id": data["id"], "form": data["form"], "prompt": data["prompt"], "ask": data["ask"],
                "options": data["options"],
                "numbers": len(step.answer) if step.form == "numbers" else None}

    def answer(self, item: dict[str, Any], response: Any) -> dict[str, Any]:
        s, step = self.session, self.steps[self.step]
        q = self.hands[self.hand]
        self.step += 1
        right = step.right(response)
        ex = s.explainer()
        outcomes = []
        if step.form == "multi" and step.id != "principles":
            picked = set(response or ())
            for value, _ in step.options:
                if value in step.answer:
                    outcomes.append((value, Verdict.CREDIT if value in picked else Verdict.BLAME))
                elif value in picked:
                    outcomes.append((value, Verdict.BLAME))
        s.record_outcomes(GUIDED_KIND, right, outcomes, hand=question_key(q) if self.step == 1 else None,
                          ends=self.step == len(self.steps))   # the hand is one question of the daily goal
        blocks = [line(("✓ " + ex.t("right")) if right else ("✗ " + ex.t("wrong")))] + [line(t) for t in step.explain]
        return s.progress_feedback(right, blocks)


class FlashcardMode:
    """`count` flashcards: the current unit's fans not met yet first, then the fans due,
    then the unit's fans the learner recalls least; a fan's name to its tiles and back."""

    def __init__(self, session: "Session") -> None:
        self.session = session
        self.fans = self._fans(session.options.count)
        self.index = -1
        self.card: Flashcard | None = None

    def _fans(self, count: int) -> list[str]:
        s = self.session
        if s.options.fan:
            return [s.options.fan] * count
        unit = s.unit()
        unit_fans = [f for f in (unit.fans if unit else ()) if f in s.table.by_id and not s.table.fan(f).bonus]
        unmet = [f for f in unit_fans if f not in s.progress.fans or s.progress.fans[f].met is None]
        due = [f for f in s.progress.due_fans(s.today) if f in s.table.by_id]
        rest = sorted(unit_fans, key=lambda f: stability(s.progress.fans[f].spaced) if f in s.progress.fans else 0.0)
        order = list(dict.fromkeys(unmet + due + rest))
        return (order * (count // max(1, len(order)) + 1))[:count] if order else []

    def count(self) -> int:
        return len(self.fans)

    def next(self) -> dict[str, Any] | None:
        s = self.session
        while True:
            self.index += 1
            if self.index >= len(self.fans):
                return None
            fan = self.fans[self.index]
            direction = NAME_TO_TILES if self.index % 2 == 0 else TILES_TO_NAME
            unit = s.unit()
            pool = list(unit.fans) if unit else []
            card = flashcard(fan, direction, s.explainer(), pool, s.rng) or \
                flashcard(fan, TILES_TO_NAME, s.explainer(), pool, s.rng)
            if card is not None:
                self.card = card
                data = card.as_data()
                return {"type": "flashcard", "n": self.index + 1, "of": len(self.fans), "fan": fan,
                        "direction": card.direction, "prompt": card.prompt, "ask": data["ask"],
                        "hands": data["hands"], "options": data["options"], "form": "choice"}

    def answer(self, item: dict[str, Any], response: Any) -> dict[str, Any]:
        s, card = self.session, self.card
        assert card is not None
        right = card.right(response)
        ex = s.explainer()
        s.record_outcomes(LEARN_KIND, right, [(card.fan, Verdict.CREDIT if right else Verdict.BLAME)])
        s.save(lambda p: p.met([card.fan], s.today))
        blocks = [line(("✓ " + ex.t("right")) if right else ("✗ " + ex.t("wrong")))]
        blocks += [line(t) for t in card.back]
        learn = learn_card(s.table, card.fan)
        if card.direction == TILES_TO_NAME and learn.near is not None:
            blocks.append(hand_block(learn.near.hand.tiles, situation=learn.near.hand.situation))
        if card.direction == NAME_TO_TILES:
            blocks.append(line(ex.t("flash_it_was", n=int(card.answer) + 1)))
        return s.progress_feedback(right, blocks)
