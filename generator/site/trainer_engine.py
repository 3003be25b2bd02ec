"""The quiz pages' trainer side: the page's requests, answered by trainer.session.

It runs in the quiz page's worker under Pyodide (generator/site/trainer_assets.py ships it
with `rules`, `trainer`, the generator's question modules, the banks, fans.yaml and the
string tables) and, unchanged, in the tests on CPython. The page draws and asks; every
grade, every spacing step (FSRS, by days), the diagnosis, the learn cards and the
progress document are the trainer's, as in `mcr quiz`.

One request, one answer, both JSON (`answer`). The progress travels as text: the page keeps
the document the terminal writes (trainer/progress.py, format 3) in its storage, sends it
when a session opens, and stores the text each answer returns.

    {"op": "open", "progress": text or null, "lang", "today": "YYYY-MM-DD", "level", "mode",
     "count", "seed", "fan", "family", "kinds",
     "legacy": the earlier quiz script's progress or null, "legacy_edition": its edition or null}
                                   -> {"needs_edition", "editions", "edition", "problem", "left_out",
                                       "salvaged", "carried", "legacy_problem", "progress"}
    {"op": "edition", "edition"}   -> {"progress"}
    {"op": "begin"}                -> {"begin": what the session is about, "progress"}
    {"op": "next"}                 -> {"item": an item or null, "summary" when null, "progress"}
    {"op": "answer", "response"}   -> {"feedback", "progress"}
    {"op": "check", "text"}        -> {"progress": the document read strictly} or {"problem"}
    {"op": "timed_best", "bests": text or null, "level", "count", "edition", "right", "seconds"}
                                   -> {"bests": the records to keep, "previous": {"right", "seconds"}
                                       or null, "new_best"}
An error is {"error": message}.
"""
from __future__ import annotations

import json
import rules
from datetime import date
from pathlib import Path
from typing import Any, Callable

from generator.quizzes.levels import LEVELS
from generator.quizzes.questions import KINDS, Question
from generator.quizzes.rules_questions import RULES_KIND
from trainer.curriculum import CURRICULUM_PATH, curriculum_from
from trainer.drill_bests import DrillRecord, site_bests, site_key
from trainer.json_checks import ProgressError
from trainer.modes import GUIDED_KIND, LEARN_KIND
from trainer.progress import Progress
from trainer.progress_reading import no_future_days, read_progress
from trainer.progress_salvage import Salvaged, salvage_progress
from trainer.session import MODES, Options, Session, Trainer
from trainer.web_quiz_carry import as_old_file, carried_into

# What the progress may record: every kind a session of the terminal records too.
STORE_KINDS = (*KINDS, RULES_KIND, GUIDED_KIND, LEARN_KIND)
FILES = Path(__file__).resolve().parent   # the page's files: quizzes/<level>.json, tables/<edition>.json
TABLES_INDEX = "tables/index.json"        # the editions' ids, the site's own first

_trainer: Trainer | None = None
_session: Session | None = None


def _json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def load_trainer(files: Path | None = None) -> Trainer:
    """The trainer of the page's files (default: beside this module): the banks, each
    edition's table data (checked when the site was built: the page has no jsonschema)
    and the curriculum; made once."""
    global _trainer
    if _trainer is None:
        folder = files or FILES
        questions = [Question.from_data(q) for level in LEVELS if (folder / "quizzes" / f"{level}.json").is_file()
                     for q in _json(folder / "quizzes" / f"{level}.json")["questions"]]
        editions = {eid: rules.table_from_data(_json(folder / "tables" / f"{eid}.json"), f"{eid}.json", checked=True)
                    for eid in _json(folder / TABLES_INDEX)}
        course = curriculum_from(CURRICULUM_PATH.read_text(encoding="utf-8"), list(editions.values()),
                                 "trainer/curriculum.yaml")
        _trainer = Trainer(questions, editions, course)
    return _trainer


def progress_text(progress: Progress) -> str:
    """The document as the terminal's file and export hold it (trainer/progress_store.py)."""
    return json.dumps(progress.as_data(), indent=1, ensure_ascii=False) + "\n"


def _known(trainer: Trainer) -> tuple[set[str], set[str]]:
    """The fan ids and the families of every edition the trainer holds."""
    editions = trainer.editions.values()
    return {f for t in editions for f in t.by_id}, {f.family for t in editions for f in t.fans}


def read(text: str, trainer: Trainer, today: date) -> Progress:
    """The progress in `text`, read as strictly as the terminal reads an import."""
    fans, families = _known(trainer)
    return read_progress(text, fans, STORE_KINDS, LEVELS, families, today=today, editions=list(trainer.editions))


def salvage(text: str, trainer: Trainer, today: date) -> Salvaged:
    """The progress the page saved, every part that can be read kept, as the terminal reads its file."""
    fans, families = _known(trainer)
    return salvage_progress(text, fans, STORE_KINDS, LEVELS, families, today=today, editions=list(trainer.editions))


def _options(request: dict[str, Any]) -> Options:
    mode = request.get("mode") or "practice"
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}; modes: {', '.join(MODES)}")
    level = request.get("level")
    if level is not None and level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    kinds = tuple(request.get("kinds") or KINDS)
    unknown = [k for k in kinds if k not in KINDS]
    if unknown:
        raise ValueError(f"unknown kind {unknown[0]!r}; kinds: {', '.join(KINDS)}")
    family = request.get("family")
    if family is not None and family not in _known(load_trainer())[1]:
        raise ValueError(f"unknown fan family {family!r}")
    return Options(mode=mode, count=int(request.get("count") or 10), level=level, fan=request.get("fan"),
                   family=family, kinds=kinds, seed=int(request.get("seed") or 0))


def open_session(request: dict[str, Any]) -> dict[str, Any]:
    """A session on the learner's progress. A document with damage is named in `problem`
    (its first), `left_out` counts its parts that could not be read, and `salvaged` says
    whether the rest was kept (else a new progress starts); the page keeps the old text aside."""
    global _session
    trainer = load_trainer()
    today = date.fromisoformat(request["today"])
    found = salvage(request["progress"], trainer, today) if request.get("progress") else Salvaged(Progress())
    progress, legacy_problem = found.progress, None
    if request.get("legacy"):
        try:
            progress = carry(progress, request["legacy"], request.get("legacy_edition"), trainer, today)
        except ProgressError as err:
            legacy_problem = str(err)
    _session = Session(trainer, progress, _options(request), today=today, lang=request.get("lang") or "en")
    return {"needs_edition": _session.needs_edition(), "editions": _session.editions(), "edition": _session.edition,
            "problem": found.dropped[0] if found.dropped else None, "left_out": len(found.dropped),
            "salvaged": found.in_parts, "carried": bool(request.get("legacy")) and legacy_problem is None,
            "legacy_problem": legacy_problem, "progress": progress_text(_session.progress)}


def carry(progress: Progress, legacy: str, edition: Any, trainer: Trainer, today: date) -> Progress:
    """`progress` with the earlier quiz script's (trainer/web_quiz_carry.py), and its edition
    when the learner has not chosen one; ProgressError when it cannot be read."""
    old = read(as_old_file(legacy, progress.levels.current), trainer, today)
    carried = carried_into(progress, old)
    if carried.edition is None and edition in trainer.editions:
        carried = carried.with_edition(edition)
    return carried


def _current() -> Session:
    if _session is None:
        raise ValueError("no session is open")
    return _session


def _with_progress(result: dict[str, Any]) -> dict[str, Any]:
    return {**result, "progress": progress_text(_current().progress)}


def _set_edition(edition: str) -> dict[str, Any]:
    _current().set_edition(edition)
    return _with_progress({})


def _next() -> dict[str, Any]:
    session = _current()
    item = session.next()
    return {"item": item} if item is not None else {"item": None, "summary": session.summary()}


def _timed_best(request: dict[str, Any]) -> dict[str, Any]:
    key = site_key(request["level"], int(request["count"]), request["edition"])
    kept, recorded = site_bests(request.get("bests"), key, DrillRecord(int(request["right"]), float(request["seconds"])))
    previous = recorded.previous
    return {"bests": json.dumps(kept), "new_best": recorded.new_best,
            "previous": None if previous is None else {"right": previous.right, "seconds": previous.seconds}}


def _check(request: dict[str, Any]) -> dict[str, Any]:
    """A file to import, read as `mcr quiz --import` reads it (nothing dated after tomorrow)."""
    trainer = load_trainer()
    today = date.fromisoformat(request["today"])
    try:
        progress = read(request["text"], trainer, today)
        no_future_days(request["text"], today)
        return {"progress": progress_text(progress)}
    except ProgressError as err:
        return {"problem": str(err)}


OPS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "open": open_session,
    "edition": lambda r: _set_edition(r["edition"]),
    "begin": lambda r: _with_progress({"begin": _current().begin()}),
    "next": lambda r: _with_progress(_next()),
    "answer": lambda r: _with_progress({"feedback": _current().answer(r.get("response"))}),
    "check": _check,
    "timed_best": _timed_best,
}


def answer(request_json: str) -> str:
    """One request from the page (JSON) to its answer (JSON): the worker's only call."""
    try:
        request = json.loads(request_json)
        op = OPS.get(request.get("op"))
        if op is None:
            raise ValueError(f"unknown request {request.get('op')!r}; requests: {', '.join(OPS)}")
        return json.dumps(op(request), ensure_ascii=False, default=_plain)
    except (ValueError, KeyError, TypeError) as err:
        return json.dumps({"error": f"{type(err).__name__}: {err}"}, ensure_ascii=False)


def _plain(value: Any) -> Any:
    """Sets and tuples in items and feedback, as lists; dates as ISO text."""
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    if isinstance(value, date):
        return value.isoformat()
    raise TypeError(f"{type(value).__name__} is not JSON")
