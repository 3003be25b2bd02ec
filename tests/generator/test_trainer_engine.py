"""The quiz pages' trainer (generator/site/trainer_engine.py) on the files the site ships
(generator/site/trainer_assets.py), run on CPython as the page's worker runs it in Pyodide:

- the zip is enough on its own: a Python that sees only the zip's files (no site-packages:
  no jsonschema, no libyaml, no genanki) runs a session through the glue;
- a wrong pick gets its reason: the fan's definition line, and the fans missed;
- a fan missed on day one comes back first on a later day (the date the page passes), in a
  hand not seen on day one;
- the progress is the terminal's document: a file the terminal's store wrote is read by the
  page's `check` as it is, and the page's text is read back by the terminal's store;
- a damaged document is named, and a new progress starts;
- the site ships the trainer compiled for Pyodide (page_python.py), and Pyodide (under Node)
  runs sessions of every mode on it and on the site's compiled standard library alone.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from datetime import date, timedelta
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest

from generator.quizzes.levels import LEVELS
from generator.quizzes.questions import KINDS
from generator.site import trainer_engine
from generator.site.site_data import load_site_data
from generator.site.calculator_assets import FULL_STDLIB, PYODIDE_ASSETS, STDLIB, calculator_assets
from generator.site.page_python import PYODIDE_PACKAGE
from generator.site.trainer_assets import TRAINER_ZIP, trainer_assets, trainer_files, trainer_python
from generator.site.reproducible_zip import zip_bytes
from trainer.fresh_questions import hand_key
from trainer.learn_cards import learn_card
from trainer.progress_store import ProgressStore, progress_text

DAY_ONE = date(2026, 3, 2)


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("trainer-files")
    for name, body in trainer_files(load_site_data()).items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(body)
    trainer_engine._trainer = None
    trainer_engine.load_trainer(folder)
    return folder


def ask(**request: Any) -> dict[str, Any]:
    answer = json.loads(trainer_engine.answer(json.dumps(request)))
    assert "error" not in answer, answer
    return answer


def open_on(day: date, progress: str | None, seed: int, count: int = 6, level: str = "beginner",
            kinds: tuple[str, ...] = KINDS) -> dict[str, Any]:
    opened = ask(op="open", progress=progress, lang="en", today=day.isoformat(), level=level, count=count, seed=seed,
                 kinds=list(kinds))
    if opened["needs_edition"]:
        ask(op="edition", edition=opened["editions"][0]["id"])
    ask(op="begin")
    return opened


def items_until_end() -> list[dict[str, Any]]:
    """Every item of the open session, each answered "I don't know"; the last progress."""
    items = []
    while (nxt := ask(op="next"))["item"] is not None:
        items.append(nxt["item"])
        if nxt["item"]["type"] != "lesson":
            ask(op="answer", response=None)
    return items


def test_the_zip_alone_runs_a_session_without_site_packages(tmp_path: Path) -> None:
    (tmp_path / "trainer.zip").write_bytes(zip_bytes(trainer_files(load_site_data())))
    script = f"""
import json, sys, zipfile
zipfile.ZipFile({str(tmp_path / 'trainer.zip')!r}).extractall({str(tmp_path / 'mcr')!r})
sys.path.insert(0, {str(tmp_path / 'mcr')!r})
import trainer_engine as te
def ask(**r):
    a = json.loads(te.answer(json.dumps(r)))
    assert "error" not in a, a
    return a
o = ask(op="open", progress=None, lang="fr", today="2026-03-02", level="beginner", count=2, seed=3)
ask(op="edition", edition=o["editions"][0]["id"])
ask(op="begin")
item = ask(op="next")["item"]
f = ask(op="answer", response=None)["feedback"]
for banned in ("jsonschema", "genanki", "platformdirs", "yaml._yaml"):
    assert banned not in sys.modules, banned
print(json.dumps({{"kind": item["kind"], "correct": f["correct"], "lines": len(f["blocks"]),
                  "progress": json.loads(f and ask(op="next")["progress"])["format"]}}))
"""
    # -S: no site-packages; -I: no user site, no PYTHON* variables, not the checkout's folder.
    run = subprocess.run([sys.executable, "-S", "-I", "-c", script], capture_output=True, text=True, timeout=600,
                         cwd=tmp_path, check=False)
    assert run.returncode == 0, run.stderr[-3000:]
    out = json.loads(run.stdout.strip().splitlines()[-1])
    assert out["kind"] in KINDS and out["correct"] is False and out["lines"] >= 2 and out["progress"] == 3


def _fans_item(seed: int) -> dict[str, Any]:
    """The first "which fans count?" question of a session (others answered blank)."""
    while (item := ask(op="next")["item"]) is not None:
        if item["type"] == "question" and item["kind"] == "fans":
            return item
        if item["type"] != "lesson":
            ask(op="answer", response=None)
    pytest.fail(f"seed {seed}: no fans question")


def _not_counted(question: Any) -> set[str]:
    return {n["id"] for n in question.data["explanation"]["not_counted"]}


def test_a_wrong_pick_shows_the_fans_definition_and_the_fans_missed(files: Path) -> None:
    open_on(DAY_ONE, None, seed=11, count=10, kinds=("fans",))
    while True:   # a pick that does not match at all (a fan ruled out by another gets its reason instead)
        item = _fans_item(11)
        question = trainer_engine._session.current_question()
        wrong = next((o["value"] for o in item["options"] if o["value"] not in question.answer_ids
                      and o["value"] not in _not_counted(question)), None)
        if wrong is not None:
            break
        ask(op="answer", response=None)
    feedback = ask(op="answer", response=[wrong])["feedback"]
    text = "\n".join(b["text"] for b in feedback["blocks"] if b["type"] == "line")
    assert feedback["correct"] is False
    table = trainer_engine._session.table
    summary = learn_card(table, wrong).texts(table, "en")["summary"]
    # The wrong pick's line gives its definition (why it does not count here); each fan missed is named.
    assert any(summary in line and table.by_id[wrong].name("en") in line for line in text.splitlines()), text
    for fan in question.answer_ids:
        if fan in table.by_id:
            assert table.by_id[fan].name("en") in text


def test_a_fan_missed_on_day_one_comes_back_first_later_in_a_new_hand(files: Path) -> None:
    open_on(DAY_ONE, None, seed=5, count=4, kinds=("fans",))
    item = _fans_item(5)
    ask(op="answer", response=[])          # every fan of the hand missed
    seen = {hand_key(item["tiles"])} | {hand_key(i["tiles"]) for i in items_until_end() if i["type"] == "question"}
    progress = json.loads(ask(op="next")["progress"])
    missed = {f for f, r in progress["fans"].items() if r["seen"] > r["right"]}
    # One step on day one, the miss: FSRS's first stability after a miss (0.212 days) makes it due the next day.
    assert missed and {progress["fans"][f]["memory"]["due"] for f in missed} == {(DAY_ONE + timedelta(days=1)).isoformat()}
    open_on(DAY_ONE, json.dumps(progress), seed=6, count=4)       # the same day: not due yet
    assert all(i.get("reason") != "due" for i in items_until_end())
    open_on(DAY_ONE + timedelta(days=2), json.dumps(progress), seed=6, count=4)
    first = ask(op="next")["item"]
    assert first["type"] == "question" and first["reason"] == "due" and first["fan"] in missed
    assert hand_key(first["tiles"]) not in seen


def test_the_progress_is_the_terminals_document(files: Path, tmp_path: Path) -> None:
    open_on(DAY_ONE, None, seed=2, count=3)
    answered = sum(i["type"] != "lesson" for i in items_until_end())   # the misses asked again included
    page_text = ask(op="next")["progress"]
    editions = trainer_engine.load_trainer().editions
    store = ProgressStore(tmp_path, fans={f for t in editions.values() for f in t.by_id},
                          kinds=trainer_engine.STORE_KINDS, levels=LEVELS,
                          families={f.family for t in editions.values() for f in t.fans}, editions=list(editions))
    (tmp_path / "from-site.json").write_text(page_text, encoding="utf-8")
    imported = store.import_from(tmp_path / "from-site.json").progress   # the terminal reads the page's export
    assert imported.session == 1 and sum(t.seen for t in imported.kinds.values()) == answered
    exported = tmp_path / "from-terminal.json"
    store.export(exported)
    checked = ask(op="check", text=exported.read_text(encoding="utf-8"), today=DAY_ONE.isoformat())
    assert checked["progress"] == exported.read_text(encoding="utf-8") == progress_text(imported)


def test_a_damaged_document_is_named_and_a_new_progress_starts(files: Path) -> None:
    opened = ask(op="open", progress='{"format": 3, "session": -1}', lang="en", today=DAY_ONE.isoformat(),
                 level="beginner", count=2, seed=1)
    assert opened["problem"] and json.loads(opened["progress"])["session"] == 0
    assert ask(op="check", text="not json", today=DAY_ONE.isoformat())["problem"]
    assert "unknown request" in json.loads(trainer_engine.answer('{"op": "nothing"}'))["error"]


def test_the_page_refuses_an_import_dated_after_tomorrow_as_the_terminal_does(files: Path) -> None:
    # The learner's export with a day moved 400 days on: nothing would be due, no answer count.
    open_on(DAY_ONE, None, seed=2, count=3)
    items_until_end()
    data = json.loads(ask(op="next")["progress"])
    data["daily"]["day"] = (DAY_ONE + timedelta(days=400)).isoformat()
    checked = ask(op="check", text=json.dumps(data), today=DAY_ONE.isoformat())
    tomorrow = (DAY_ONE + timedelta(days=1)).isoformat()
    assert checked == {"problem": f"daily.day: {data['daily']['day']} is later than tomorrow, {tomorrow}"}


def test_one_bad_field_costs_the_page_only_that_field(files: Path) -> None:
    open_on(DAY_ONE, None, seed=2, count=3)
    items_until_end()
    saved = json.loads(ask(op="next")["progress"])
    assert saved["session"] == 1 and saved["kinds"]
    saved["fans"]["no_such_fan"] = {"seen": 1}     # a fan the table does not have
    saved["daily"]["goal"] = -4                    # and a goal no page could have set
    opened = ask(op="open", progress=json.dumps(saved), lang="en", today=DAY_ONE.isoformat(), level="beginner",
                 count=2, seed=1)
    assert opened["salvaged"] and opened["left_out"] == 2 and "no_such_fan" in opened["problem"]
    kept = json.loads(opened["progress"])
    assert kept["session"] == 1 and kept["kinds"] == saved["kinds"] and kept["history"] == saved["history"]
    assert "no_such_fan" not in kept["fans"] and kept["fans"] == {k: v for k, v in saved["fans"].items()
                                                                  if k != "no_such_fan"}
    assert kept["daily"]["goal"] is None


@pytest.mark.parametrize("mode, kind", [("learn", "flashcard"), ("guided", "step")])
def test_flashcards_and_guided_steps_through_the_glue(files: Path, mode: str, kind: str) -> None:
    opened = ask(op="open", progress=None, lang="zh", today=DAY_ONE.isoformat(), level="beginner", count=2, seed=4,
                 mode=mode)
    if opened["needs_edition"]:
        ask(op="edition", edition=opened["editions"][0]["id"])
    ask(op="begin")
    item = ask(op="next")["item"]
    assert item["type"] == kind and item["form"]
    feedback = ask(op="answer", response=None)["feedback"]
    assert feedback["correct"] is False and feedback["blocks"]
    assert json.loads(trainer_engine.answer(json.dumps({"op": "open", "mode": "dance", "today": "2026-03-02"})))["error"]


def test_a_family_page_session_keeps_to_its_family(files: Path) -> None:
    # The concealment family, from the MCR table by hand: Concealed Hand, Fully Concealed Hand,
    # Melded Hand, Two, Three and Four Concealed Pungs.
    family = {"concealed_hand", "fully_concealed_hand", "melded_hand", "two_concealed_pungs",
              "three_concealed_pungs", "four_concealed_pungs"}
    opened = ask(op="open", progress=None, lang="en", today=DAY_ONE.isoformat(), family="concealment", count=5, seed=3,
                 kinds=["total"])
    assert opened["needs_edition"] and opened["edition"] == opened["editions"][0]["id"]
    ask(op="edition", edition=opened["editions"][0]["id"])
    assert ask(op="begin")["begin"]["level"] is None        # a family's answers move no level
    item = ask(op="next")["item"]
    question = trainer_engine._session.current_question()
    assert item["kind"] == "total" and family & set(question.drill)
    marks = ask(op="answer", response=question.answer["total"])["feedback"]["marks"]
    assert marks["expected"] == question.answer["total"]
    assert "unknown fan family" in json.loads(trainer_engine.answer(json.dumps(
        {"op": "open", "family": "nonsense", "today": DAY_ONE.isoformat()})))["error"]


def test_the_timed_drills_best_is_kept_by_the_trainers_rule(files: Path) -> None:
    first = ask(op="timed_best", bests=None, level="beginner", count=5, edition="1998", right=3, seconds=42.04)
    assert first["new_best"] and first["previous"] is None
    slower = ask(op="timed_best", bests=first["bests"], level="beginner", count=5, edition="1998", right=3, seconds=50)
    assert not slower["new_best"] and slower["previous"] == {"right": 3, "seconds": 42.0}
    assert json.loads(slower["bests"]) == {"beginner:5:1998": {"right": 3, "seconds": 42.0}}


def test_the_earlier_quiz_scripts_progress_is_carried_with_its_edition(files: Path) -> None:
    old = {"format": 1, "session": 1, "answers": 5, "last_active": 0, "modes": {},
           "fans": {"half_flush": {"box": 2, "seen": 1, "right": 1, "last_session": 1}},
           "kinds": {"total": {"seen": 5, "right": 4}}}
    opened = ask(op="open", progress=None, legacy=json.dumps(old), legacy_edition="green-book", lang="en",
                 today=DAY_ONE.isoformat(), level="beginner", count=2, seed=1)
    kept = json.loads(opened["progress"])
    assert opened["carried"] and not opened["needs_edition"] and kept["edition"] == "green-book"
    assert kept["fans"]["half_flush"]["seen"] == 1 and kept["kinds"]["total"] == {"seen": 5, "right": 4}
    bad = ask(op="open", progress=None, legacy="[]", lang="en", today=DAY_ONE.isoformat(), level="beginner")
    assert not bad["carried"] and bad["legacy_problem"] and json.loads(bad["progress"])["fans"] == {}


# Slow: compiles the trainer and the calculator in Pyodide under Node (30-60 s) unless cached.
@pytest.mark.slow
def test_the_site_ships_the_trainer_compiled_and_the_library_it_imports() -> None:
    data = load_site_data()
    sources = trainer_files(data)
    shipped = zipfile.ZipFile(BytesIO(trainer_assets(data)[TRAINER_ZIP]))
    names = shipped.namelist()
    assert not [n for n in names if n.endswith(".py")]
    assert names == sorted(n[:-3] + ".pyc" if n.endswith(".py") else n for n in sources)
    assert {"trainer/session.pyc", "rules/__init__.pyc", "yaml/__init__.pyc", "trainer_engine.pyc"} <= set(names)
    assert all(shipped.read(n) == sources[n] for n in names if not n.endswith(".pyc"))   # data files as they are
    stdlib = set(zipfile.ZipFile(BytesIO(calculator_assets(data)[f"{PYODIDE_ASSETS}/{STDLIB}"])).namelist())
    imported = trainer_python(data).modules   # what the build saw a session import, in Pyodide
    assert "datetime" in imported and {"json.__init__", "random", "dataclasses"} <= set(imported)
    assert {m.replace(".", "/") + ".pyc" for m in imported} <= stdlib


# The quiz page's Python as its worker runs it: Pyodide on the site's compiled standard library
# alone (the whole one out of reach), trainer.zip unpacked and put on the path; sessions of
# this test's own (other seeds, languages and days than the build's), every mode and kind.
PYODIDE_SESSIONS = """
import {loadPyodide} from %(pyodide)s;
import fs from "node:fs";
const dir = %(dir)s;
const pyodide = await loadPyodide({indexURL: %(index)s, stdLibURL: dir + "/python_stdlib.zip",
                                   lockFileContents: fs.readFileSync(dir + "/pyodide-lock.json", "utf8")});
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(dir + "/trainer.zip")), "zip", {extractDir: "/home/pyodide/mcr"});
pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/mcr')");
console.log(pyodide.runPython(fs.readFileSync(dir + "/sessions.py", "utf8")));
"""
SESSIONS_PY = """
import json, sys
import trainer_engine as te
def ask(**r):
    a = json.loads(te.answer(json.dumps(r)))
    assert "error" not in a, (r, a)
    return a
te.load_trainer()
kinds, progress = [], None
for i, (lang, mode, level) in enumerate([("es", "practice", "expert"), ("ko", "learn", "intermediate"),
                                         ("fr", "guided", "beginner"), ("ja", "practice", "intermediate")]):
    o = ask(op="open", progress=progress, lang=lang, today=f"2026-04-0{i + 1}", level=level, mode=mode, count=4,
            seed=900 + i)
    if o["needs_edition"]:
        ask(op="edition", edition=o["editions"][-1]["id"])
    ask(op="begin")
    while (n := ask(op="next"))["item"] is not None:
        kinds.append(n["item"].get("kind") or n["item"]["type"])
        if n["item"]["type"] != "lesson":
            ask(op="answer", response=None)
    progress = n["progress"]
ask(op="check", text=progress, today="2026-04-05")
# Where each module came from; the interpreter's frozen modules (os, io...) name a .py but are built in.
files = {m: getattr(mod, "__file__", None) or "" for m, mod in list(sys.modules.items())
         if getattr(getattr(mod, "__spec__", None), "origin", None) != "frozen"}
json.dumps({"kinds": sorted(set(kinds)), "python": sys.version.split()[0],
            "sources": sorted(m for m, f in files.items() if f.endswith(".py")),
            "compiled": sorted(m for m, f in files.items() if f.endswith(".pyc") and "/mcr/" in f)})
"""


@pytest.mark.slow
def test_the_compiled_trainer_runs_in_pyodide_on_the_compiled_library_alone(tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (./dev setup)")
    data = load_site_data()
    files = calculator_assets(data)
    for rel, name in ((f"{PYODIDE_ASSETS}/{STDLIB}", "python_stdlib.zip"),
                      (f"{PYODIDE_ASSETS}/pyodide-lock.json", "pyodide-lock.json")):
        (tmp_path / name).write_bytes(files[rel])
    assert f"{PYODIDE_ASSETS}/{FULL_STDLIB}" in files   # the worker's fallback, left out here
    (tmp_path / "trainer.zip").write_bytes(trainer_assets(data)[TRAINER_ZIP])
    (tmp_path / "sessions.py").write_text(SESSIONS_PY, encoding="utf-8")
    script = PYODIDE_SESSIONS % {"pyodide": json.dumps((PYODIDE_PACKAGE / "pyodide.mjs").as_uri()),
                                 "dir": json.dumps(str(tmp_path)), "index": json.dumps(str(PYODIDE_PACKAGE) + "/")}
    (tmp_path / "run.mjs").write_text(script, encoding="utf-8")
    run = subprocess.run([node, str(tmp_path / "run.mjs")], capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stderr[run.stderr.rfind("PythonError"):][:3000]   # past Pyodide's own source
    out = json.loads(run.stdout.strip().splitlines()[-1])
    assert out["python"].startswith("3.")
    assert {"flashcard", "step"} <= set(out["kinds"]) and set(out["kinds"]) & set(KINDS)
    assert out["sources"] == []   # nothing compiled from source in the page: every module came as bytecode
    assert {"trainer_engine", "trainer.session", "rules", "yaml", "fsrs"} <= set(out["compiled"])


# Where the terminal asks to type (a number, y or n), hand-written by language: the page asks
# to choose or tick, in its own strings (i18n/web-quiz) of the keys the trainer names.
TYPING = {"en": ("Type", "(y/n)"), "fr": ("Tapez", "(o/n)"), "es": ("Escriba", "(s/n)")}


@pytest.mark.parametrize("lang", sorted(TYPING))
def test_the_page_words_the_flashcards_and_steps_for_choosing_not_typing(files: Path, lang: str) -> None:
    from generator.site.quiz_site_text import QUIZ_TEXT, quiz_text   # noqa: PLC0415
    typed = []
    for mode in ("learn", "guided"):
        opened = ask(op="open", progress=None, lang=lang, today=DAY_ONE.isoformat(), level="beginner", count=2,
                     seed=8, mode=mode)
        if opened["needs_edition"]:
            ask(op="edition", edition=opened["editions"][0]["id"])
        ask(op="begin")
        for item in items_until_end():
            if any(word in item["prompt"] for word in TYPING[lang]):
                typed.append(item)
    assert {i["ask"]["key"] for i in typed} >= {"flash_name_to_tiles", "flash_tiles_to_name", "guided_family"}
    for item in typed:
        key, values = item["ask"]["key"], item["ask"]["values"]
        assert key in QUIZ_TEXT[lang], key
        site = quiz_text(lang, key, **{"minimum": 8, **values})
        assert not any(word in site for word in TYPING[lang]), site


def test_the_pages_words_for_choosing() -> None:
    from generator.site.quiz_site_text import quiz_text   # noqa: PLC0415
    assert quiz_text("fr", "flash_name_to_tiles", fan="Petite suite", points="1 point") == \
        "Quelle main compte Petite suite (1 point) ? Choisissez-la."
    assert quiz_text("es", "flash_tiles_to_name") == "¿Cuál es el fan que muestra esta mano? Elíjalo."
    assert quiz_text("en", "guided_family", family="Chows") == \
        "Chows: which of these count? Tick every one that does, and none if none does."
