"""A question's answer in words: what was expected, the full breakdown, how the other
editions score the hand, the rulings that change its score, and why a fan counts or not.

Lines of plain text in the learner's language (i18n/quiz/<lang>.yaml); fan names,
definitions and rulings come from the fan table of the learner's edition. The sections of
the rulebook and the rulings cited are blocks of data (trainer/blocks.py), which the
terminal prints with their address and the site links.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Callable, Mapping, Sequence

import rules
from i18n import pick, plural_key
from i18n.display_width import display_width
from rules import FanTable
from rules.tiles import tile

from .blocks import SCORING_CHAPTER, block_text, line, ruling_block, section_block
from .grading import Grade, best_readings, waited_on_one_tile
from .terminal_tiles import short_tile
from .text import fan_name, text
from generator.quizzes.questions import Question

LINE_WIDTH = 46


def tiles_text(tiles: Any, lang: str) -> str:
    """Tiles in the engine's order (1m..9s, winds, dragons), each written the learner's way
    (5m in English, 五萬 in Japanese, 5만 in Korean), as the hands are drawn."""
    return " ".join(short_tile(t, lang) for t in sorted(tiles, key=lambda t: rules.read_tiles(t)[0]))


width = display_width   # the name the trainer's aligned tables use


def _held_four(hand: str, tiles: Sequence[str]) -> list[str]:
    """Those of `tiles` the hand held all four of before its winning tile: no fifth can come."""
    held = rules.parse_hand(hand)
    copies = list(held.copies)   # every tile held, melds included; less the winning tile below
    copies[held.winning_tile.code] -= 1
    return [t for t in tiles if copies[tile(t).code] >= 4]


def _starred(groups: list[str]) -> dict[str, Any]:
    """A reading whose winning group is written with a trailing * (the banks' other readings)."""
    winning = next((g.rstrip("*") for g in groups if g.endswith("*")), None)
    return {"groups": [g.rstrip("*") for g in groups], "winning_group": winning}


def dots(label: str, value: str) -> str:
    return f"{label} {'.' * max(2, LINE_WIDTH - width(label) - len(value) - 2)} {value}"


def counted(t: Callable[..., str], lang: str, key: str, n: int, **values: object) -> str:
    """'1 chow', '2 chows', '2 副顺子': a count with its noun in `lang`, from the strings
    `key_one` and `key_other` (i18n.plural_key picks); `t` words a key, filling {n} and
    `values` (a sentence whose words agree with the count has its other placeholders)."""
    return t(plural_key(lang, key, n), n=n, **values)


class Explainer:
    """The words for questions scored by `edition` (one of `editions`, by id, default first)."""

    def __init__(self, lang: str, editions: Mapping[str, FanTable], edition: str) -> None:
        self.lang = lang
        self.editions = dict(editions)
        self.edition = edition
        self.table = self.editions[edition]
        self._fans = {f.id: f for t in [self.table, *self.editions.values()] for f in t.fans}
        for f in self.table.fans:
            self._fans[f.id] = f   # the learner's edition's points and texts

    def t(self, key: str, **values: object) -> str:
        return text(self.lang, key, **values)

    def points(self, n: int) -> str:
        return counted(self.t, self.lang, "points", n)

    def name(self, fan_id: str) -> str:
        fan = self._fans.get(fan_id)
        return fan_name(fan.names, self.lang) if fan else fan_id   # a bank older than the table

    def fan_points(self, fan_id: str) -> str:
        points = self.fan_points_number(fan_id)
        return "?" if points is None else str(points)

    def fan_label(self, fan_id: str) -> str:
        """'All Chows (2 points)', '平和（2点）': a fan to choose, with its points."""
        points = self.fan_points_number(fan_id)
        return self.t("card_title", fan=self.name(fan_id), points="?" if points is None else self.points(points))

    def fan_points_number(self, fan_id: str) -> int | None:
        fan = self._fans.get(fan_id)
        return fan.points if fan else None

    def names(self, fan_ids: list[str] | tuple[str, ...]) -> str:
        return self.t("list_separator").join(self.name(f) for f in fan_ids)

    def summary(self, fan_id: str) -> str:
        fan = self._fans.get(fan_id)
        if fan is None:
            return ""
        return pick(fan.summaries, self.lang).text or pick(fan.definitions, self.lang).text

    def number(self, fan_id: str) -> int:
        fan = self._fans.get(fan_id)
        return fan.number if fan else 0

    # -- the answer -------------------------------------------------------------------------
    def shown_answer(self, question: Question, response: Any) -> str:
        if response is None:
            return self.t("no_answer")
        if question.kind == "fans":
            return self.names([f for f in question.options if f in response]) or "-"
        if question.kind in ("valid", "one_tile_wait"):
            return self.t("answer_yes" if response else "answer_no")
        if question.kind == "payments":
            return " ".join(str(v) for v in response)
        if question.kind == "waits":
            return tiles_text(response, self.lang) or "-"
        if question.kind == "best_reading":
            return str(response + 1)
        return str(response)

    def expected(self, question: Question) -> str:
        answer = question.answer
        if question.kind == "total":
            return self.t("expected_total", total=self.points(answer["total"]))
        if question.kind == "valid":
            key = "expected_valid" if answer["valid"] else "expected_invalid"
            return self.t(key, points=self.points(answer["total_without_flowers"]), minimum=self.table.minimum_points)
        if question.kind == "fans":
            return self.t("expected_fans", fans=self.names(question.answer_ids))
        if question.kind == "waits":
            return self.t("expected_waits", tiles=tiles_text(answer["waits"], self.lang))
        if question.kind == "one_tile_wait":
            key = "expected_single" if waited_on_one_tile(question) else "expected_not_single"
            return self.t(key, tiles=tiles_text(answer["waits"], self.lang))
        if question.kind == "best_reading":
            best = best_readings(question)
            total = question.data["readings"][best[0]]["total"]
            return self.t("expected_reading", numbers=", ".join(str(i + 1) for i in best), total=self.points(total))
        p = answer["payments"]
        if p["self_drawn"]:
            return self.t("expected_self", each=p["each"])
        return self.t("expected_discard", discarder=p["discarder"], others=p["others"])

    def counted_line(self, question: Question) -> str:
        """The fans that count, on one line: "Half Flush 6 · All Pungs 6 · Flower Tiles 1 x2"."""
        parts = []
        for f in question.answer["fans"]:
            parts.append(f"{self.name(f['id'])} {self.fan_points(f['id'])}" + (f" x{f['count']}" if f["count"] > 1 else ""))
        return self.t("counted", fans=" · ".join(parts), total=self.points(question.answer["total"]))

    # -- why a fan counts, or not ------------------------------------------------------------
    def why_not_lines(self, question: Question, result: Grade) -> list[str]:
        """One line per fan missed (what it is) and per fan picked that does not count (why not)."""
        if question.kind == "waits":
            lines = [self.t("missed_tiles", tiles=tiles_text(result.missed, self.lang))] if result.missed else []
            held = _held_four(question.hand, result.wrong)
            for key, tiles in (("not_waited", [t for t in result.wrong if t not in held]), ("not_waited_held", held)):
                if tiles:
                    lines.append(self.t(key, tiles=tiles_text(tiles, self.lang)))
            return lines
        lines = [self.t("missed_fan", fan=self.name(f), points=self.fan_points(f), summary=self.summary(f))
                 for f in result.missed]
        for fan in result.wrong:
            lines.append(self.t("wrong_pick", fan=self.name(fan), why=self.why_not(question, fan)))
        return lines

    def why_not(self, question: Question, fan: str) -> str:
        """Why `fan` does not count in this hand, in one phrase."""
        for n in question.data["explanation"]["not_counted"]:
            if n["id"] == fan:
                by = self.name(n["by"]) if n["by"] else ""
                return self.t("why_listed" if n.get("listed") else f"why_{n['principle']}", by=by)
        for d in question.data.get("distractors", []):
            if d["id"] == fan and d["reason"] == "near":
                return self.t("why_near", summary=self.summary(fan), change=self.near(d["change"]))
        return self.t("why_definition", summary=self.summary(fan))

    def near(self, change: Mapping[str, Any]) -> str:
        if "out" in change:
            return self.t("near_tile", old=short_tile(change["out"], self.lang),
                          new=short_tile(change["in"], self.lang))
        if "self_drawn" in change:
            return self.t("near_self_drawn" if change["self_drawn"] else "near_discard")
        if "flowers" in change:
            return counted(self.t, self.lang, "near_flowers", change["flowers"])
        if not change:
            return self.t("near_compare")
        key = "seat_wind" if "seat_wind" in change else "prevalent_wind"
        return self.t(f"near_{key}", wind=self.t(f"wind_{change[key]}"))

    # -- the editions and the rulings ------------------------------------------------------
    def _answers(self, question: Question) -> dict[str, Mapping[str, Any]]:
        """Each edition's answer to the hand."""
        data = question.data
        base = data.get("default_answer", data["answer"])   # the answer the question was made with
        stated = data.get("editions") or {}
        out = {}
        for eid in self.editions:
            if eid == self.edition:
                out[eid] = question.answer
            else:
                out[eid] = stated.get(eid, {}).get("answer", base)
        return out

    def edition_lines(self, question: Question) -> list[str]:
        """How each other edition scores the hand, where it differs."""
        mine = question.answer
        lines = []
        for eid, theirs in self._answers(question).items():
            if eid == self.edition or theirs == mine:
                continue
            count: Counter = Counter({f["id"]: -f["count"] for f in mine["fans"]})
            count.update({f["id"]: f["count"] for f in theirs["fans"]})
            changes = [("+" if n > 0 else "−") + self.name(fan) + (f" x{abs(n)}" if abs(n) > 1 else "")
                       for fan, n in sorted(count.items(), key=lambda kv: self.number(kv[0])) if n]
            table = self.editions[eid]
            name = table.edition.name(self.lang) if table.edition else eid
            lines.append(self.t("edition_note", edition=name, total=self.points(theirs["total"]),
                                changes=self.t("list_separator").join(changes)))
        return lines

    def changed_fans(self, question: Question) -> set[str]:
        """The fans the editions score differently on this hand."""
        mine = {f["id"]: f["count"] for f in question.answer["fans"]}
        changed: set[str] = set()
        for theirs in self._answers(question).values():
            other = {f["id"]: f["count"] for f in theirs["fans"]}
            changed |= {f for f in set(mine) | set(other) if mine.get(f) != other.get(f)}
        return changed

    def ruling_blocks(self, question: Question) -> list[dict[str, Any]]:
        """The rulings that change this hand's score (the editions read them otherwise on a
        fan of the hand), each with its answer."""
        changed = self.changed_fans(question)
        return [ruling_block(r.id, pick(r.question, self.lang).text, pick(r.answer, self.lang).text)
                for r in self.table.rulings_on(changed)]

    # -- the breakdown -----------------------------------------------------------------------
    def breakdown(self, question: Question) -> list[str]:
        """The full explanation as the terminal prints it (`breakdown_blocks`, each a line)."""
        return [block_text(b, self.t, self.lang) for b in self.breakdown_blocks(question)]

    def breakdown_blocks(self, question: Question) -> list[dict[str, Any]]:
        """The full explanation: every fan with its points, every tempting fan and why not,
        the sections of the rulebook and the rulings on it, the totals."""
        answer, expl = question.answer, question.data["explanation"]
        lines = ["", self.t("breakdown") + " · " + self.t("reading", groups=self.groups(expl))]
        for f in answer["fans"]:
            value = self.fan_points(f["id"]) + (f" x{f['count']}" if f["count"] > 1 else "")
            where = f"   {' '.join(f['groups'])}" if f["groups"] else ""
            lines.append("  " + dots(self.name(f["id"]), value) + where)
        lines += self._tempting(question)
        for other in expl["other_readings"]:
            lines.append(self.t("other_reading", groups=self.groups(_starred(other["groups"])), total=other["total"]))
        for way in answer.get("ties", []):
            lines.append(self.t("tie_way", groups=self.groups(way), fans=self.names([f["id"] for f in way["fans"]])))
        if question.kind == "best_reading":
            for i, reading in enumerate(question.data["readings"], 1):
                lines.append(self.t("reading_scores", n=i, total=self.points(reading["total"]),
                                    fans=self.names([f["id"] for f in reading["fans"]])))
        waits = answer["waits"]
        lines.append(self.t("waited_on_one" if len(waits) == 1 else "waited_on", tiles=tiles_text(waits, self.lang)))
        return [line(t) for t in lines] + self.citations(question) + [line(t) for t in self._totals(question)]

    def _tempting(self, question: Question) -> list[str]:
        expl = question.data["explanation"]
        tempting = Counter((n["id"], n["principle"], n["by"], n.get("listed", False)) for n in expl["not_counted"])
        lines = [self.t("not_counted")] if tempting else []
        for (fan, principle, by, listed), times in tempting.items():
            # "Implied by" only where the fan's definition implies it; else the rules list it.
            why = self.t("why_listed" if listed else f"why_{principle}", by=self.name(by) if by else "")
            more = f" x{times}" if times > 1 else ""
            lines.append("  " + self.t("not_counted_entry", fan=self.name(fan), points=self.fan_points(fan),
                                       times=more, why=why))
        near = [d for d in question.data.get("distractors", []) if d["reason"] == "near"]
        if near:
            lines.append(self.t("other_options"))
            # Worded as a fan left out is (not_counted_entry): each language's punctuation.
            lines += ["  " + self.t("not_counted_entry", fan=self.name(d["id"]), points=self.fan_points(d["id"]),
                                    times="", why=self.near(d["change"])) for d in near]
        return lines

    def _totals(self, question: Question) -> list[str]:
        answer = question.answer
        total, without = answer["total"], answer["total_without_flowers"]
        lines = [self.t("total", total=self.points(total)) if total == without
                 else self.t("total_flowers", total=self.points(total), without=without)]
        lines.append(self.t("valid_win" if answer["valid"] else "false_win", minimum=self.table.minimum_points))
        return lines + [self.payment_line(question)]

    def payment_line(self, question: Question) -> str:
        """Who pays what, with the base and the total the payments are made of."""
        total, p = question.answer["total"], question.answer["payments"]
        if p is None:
            return self.t("pay_none")
        if p["self_drawn"]:
            return self.t("pay_self", base=p["each"] - total, total=total, each=p["each"], receives=p["winner_receives"])
        return self.t("pay_discard", base=p["others"], total=total, discarder=p["discarder"],
                      receives=p["winner_receives"])

    def citations(self, question: Question) -> list[dict[str, Any]]:
        """Where the rulebook explains this hand: the section of each principle that left a
        fan out (its heading: the principle's name), and each ruling that changes the hand's score."""
        principles = dict.fromkeys(n["principle"] for n in question.data["explanation"]["not_counted"])
        blocks = [section_block(SCORING_CHAPTER, p.replace("_", "-"), self.t(f"principle_{p}")) for p in principles]
        return blocks + self.ruling_blocks(question)

    @staticmethod
    def groups(reading: Mapping[str, Any]) -> str:
        """A reading's groups, the group the winning tile completed marked ▶."""
        winning = reading["winning_group"]
        shown, marked = [], False
        for g in reading["groups"]:
            if g == winning and not marked:
                shown.append("▶" + g)
                marked = True
            else:
                shown.append(g)
        return " ".join(shown)
