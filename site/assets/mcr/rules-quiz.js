// The web rules quiz of the rules site (hand-written, not generated).
//
// The rules quiz page (generator/site/rules_quiz.py) holds one <div class="mcr-rules-quiz"> that
// names its data file (the page language's questions and strings, from quizzes/rules.json),
// the tile pictures and the URL of every cited rulebook chapter. This script asks one
// question at a time, grades it exactly as generator/quizzes/rules_questions.py grade_rules does (right
// when the ticked options are exactly the right ones), and answers with the right options
// ("The right answer: B", "The right answers: A, C": counted on them, listed with the page's
// list_separator), the reason and a link to the section of the rulebook the question comes from.
// A question to tick every right option says so itself, so the page adds no instruction to it. The score
// and the questions recently asked stay in localStorage. It uses the DOM builders of dom.js.
(function () {
  "use strict";

  var dom = window.McrDom, h = dom.h;
  var STORAGE_KEY = "mcr-rules-quiz";
  var FORMAT = 1;
  var LABELS = "ABCDEFGH";   // as generator/quizzes/check_blocks.py OPTION_LABELS

  // ---- Grading and choosing: generator/quizzes/rules_questions.py ---------------------------------------
  function grade(question, picked) {
    var want = question.answer.slice().sort(), got = picked.slice().sort();
    if (want.length !== got.length) return false;
    for (var i = 0; i < want.length; i++) if (want[i] !== got[i]) return false;
    return true;
  }

  // A question not among the recent ones (all were: the oldest of them), at random.
  function pickQuestion(questions, recent, random) {
    var fresh = questions.filter(function (q) { return recent.indexOf(q.id) < 0; });
    if (!fresh.length) {
      var oldest = recent[0];
      fresh = questions.filter(function (q) { return q.id === oldest; });
      if (!fresh.length) fresh = questions;
    }
    return fresh[Math.floor(random() * fresh.length)];
  }

  // ---- The score, kept in the browser --------------------------------------------------------
  function isCount(value) {
    return typeof value === "number" && isFinite(value) && value >= 0 && Math.floor(value) === value;
  }

  var RESET_WINDOW_MS = 5000;   // the second click of "reset" must come this soon

  function newState() { return {format: FORMAT, seen: 0, right: 0, recent: []}; }

  function checkState(data) {
    if (!data || data.format !== FORMAT || !isCount(data.seen) || !isCount(data.right) || data.right > data.seen ||
        !Array.isArray(data.recent)) throw new Error("not a rules quiz score of format 1");
    return {format: FORMAT, seen: data.seen, right: data.right,
            recent: data.recent.filter(function (id) { return typeof id === "string"; })};
  }

  // ---- The page --------------------------------------------------------------------------------
  function Quiz(root, data) {
    this.root = root;
    this.data = data;
    this.store = new dom.Store(STORAGE_KEY, newState, checkState);   // dom.js
    var back = root.getAttribute("data-tiles") || "";
    this.tilesBase = back.slice(0, back.length - "back.svg".length);
  }

  Quiz.prototype.t = function (key, values) {
    var template = this.data.text[key];
    if (template === undefined) return key;
    return values ? dom.fillNodes(template, values).map(function (p) {
      return typeof p === "string" ? p : p.textContent;
    }).join("") : template;
  };

  Quiz.prototype.nodes = function (key, values) { return dom.fillNodes(this.data.text[key] || key, values); };

  Quiz.prototype.tile = function (face, variant) {
    var file = variant === "back" ? "back.svg" : variant === "standing" ? face + ".svg" : face + "-" + variant + ".svg";
    var alt = variant === "back" ? this.t("face_down") : (this.data.tiles[face] || face);
    var css = "mcr-tile" + (variant === "standing" ? "" : " mcr-tile--" + variant);
    return h("img", {class: css, src: this.tilesBase + file, alt: alt, title: alt});
  };

  // The hand without its scoring, drawn as the rulebook draws it (generator/site/hand_render.py).
  Quiz.prototype.hand = function (tiles) {
    var self = this;
    var groups = dom.handGroups(tiles, function (k) { return self.t(k); }, function (f, v) { return self.tile(f, v); });
    return h("figure", {class: "mcr-hand mcr-quiz__hand", lang: this.data.lang},
             [h("div", {class: "mcr-hand__tiles", role: "group", "aria-label": this.t("hand_label")}, groups)]);
  };

  // The section a question cites, as a link into the rulebook page of this language.
  Quiz.prototype.sectionLink = function (q) {
    var page = this.root.getAttribute("data-chapter-" + q.chapter);
    var label = this.t("rules_section", {chapter: this.data.chapters[q.chapter] || q.chapter, section: q.section});
    var link = h("a", {class: "mcr-rules-quiz__source", href: (page || "") + "#" + q.anchor}, [label]);
    return h("p", {class: "mcr-rules-quiz__cite"}, this.nodes("rules_source", {section: link}));
  };

  Quiz.prototype.scoreLine = function (state) {
    return state.seen ? this.t("score", {right: state.right, asked: state.seen}) : this.t("score_none");
  };

  Quiz.prototype.run = function () {
    var self = this, root = this.root, questions = this.data.questions;
    var state = this.store.load();
    var score = h("p", {class: "mcr-quiz__score", "aria-live": "polite"}, [this.scoreLine(state)]);
    var notice = h("p", {class: "mcr-quiz__notice"}, []);
    var stage = h("div", {class: "mcr-quiz__stage"}, []);
    notice.hidden = true;
    if (!this.store.available) { notice.textContent = this.t("rules_storage_off"); notice.hidden = false; }
    else if (this.store.damaged) { notice.textContent = this.t("rules_storage_damaged"); notice.hidden = false; }
    root.textContent = "";
    // Reset asks twice, as the scoring quiz's does: the first click arms it for a few seconds.
    var armed = 0, reset = h("button", {type: "button", class: "md-button mcr-quiz__reset"}, [this.t("reset")]);
    reset.addEventListener("click", function () {
      if (Date.now() - armed > RESET_WINDOW_MS) {
        armed = Date.now();
        reset.textContent = self.t("reset_confirm");
        return;
      }
      armed = 0;
      reset.textContent = self.t("reset");
      self.store.save(newState());
      score.textContent = self.scoreLine(newState());
      notice.textContent = self.t("reset_done");
      notice.hidden = false;
    });
    root.appendChild(h("div", {class: "mcr-quiz__bar"}, [score, reset]));
    root.appendChild(notice);
    root.appendChild(stage);
    var number = 0;

    function ask() {
      var current = self.store.load();
      var q = pickQuestion(questions, current.recent, Math.random);
      number += 1;
      var kind = q.pick === "one" ? "radio" : "checkbox";
      var items = q.options.map(function (option, i) {
        var input = h("input", {type: kind, name: "rules-option", value: option.key});
        return h("li", {class: "mcr-quiz__option", "data-key": option.key}, [
          h("label", {}, [input, h("strong", {}, [LABELS.charAt(i) + "."]), option.text])]);
      });
      // The group's role sits on a box around the list: on the list itself its items would
      // lose their list (axe-core's listitem). The question names it, so moving among the options says it.
      var askId = "mcr-rules-quiz-ask-" + number;
      var list = h("ul", {class: "mcr-quiz__options"}, items);
      var group = h("div", {class: "mcr-rules-quiz__group", role: kind === "radio" ? "radiogroup" : "group",
                            "aria-labelledby": askId}, [list]);
      var feedback = h("div", {class: "mcr-quiz__feedback", "aria-live": "polite"}, []);
      var check = h("button", {type: "button", class: "md-button md-button--primary mcr-quiz__check"}, [self.t("check")]);
      var next = h("button", {type: "button", class: "md-button mcr-quiz__next"}, [self.t("next")]);
      next.hidden = true;
      stage.textContent = "";
      stage.appendChild(h("p", {class: "mcr-quiz__counter"}, [self.t("question_heading", {n: number})]));
      // Focusable: after Next the focus lands on the new question, not on the page.
      stage.appendChild(h("p", {class: "mcr-quiz__ask", id: askId, tabindex: "-1"}, [q.question]));
      if (q.tiles) stage.appendChild(self.hand(q.tiles));
      if (q.pick === "one") stage.appendChild(h("p", {class: "mcr-rules-quiz__pick"}, [self.t("rules_pick_one")]));
      stage.appendChild(group);
      stage.appendChild(h("div", {class: "mcr-quiz__actions"}, [check, next]));
      stage.appendChild(feedback);
      root.setAttribute("data-state", "question");
      root.setAttribute("data-question", q.id);

      check.addEventListener("click", function () {
        var picked = [];
        Array.prototype.forEach.call(list.querySelectorAll("input"), function (input) {
          if (input.checked) picked.push(input.value);
          input.disabled = true;
        });
        var correct = grade(q, picked);
        var saved = self.store.load();
        saved.seen += 1;
        if (correct) saved.right += 1;
        saved.recent = saved.recent.filter(function (id) { return id !== q.id; }).concat([q.id])
          .slice(-Math.max(0, questions.length - 1));
        self.store.save(saved);
        score.textContent = self.scoreLine(saved);
        items.forEach(function (li) {
          var key = li.getAttribute("data-key"), right = q.answer.indexOf(key) >= 0, ticked = picked.indexOf(key) >= 0;
          if (right) li.classList.add(ticked ? "mcr-quiz__option--right" : "mcr-quiz__option--missed");
          else if (ticked) li.classList.add("mcr-quiz__option--wrong");
        });
        var letters = function (keys) {
          return keys.map(function (k) {
            for (var i = 0; i < q.options.length; i++) if (q.options[i].key === k) return LABELS.charAt(i);
            return k;
          }).join(self.t("list_separator"));
        };
        var verdict = correct ? self.t("right") : self.t("wrong_answer", {answer: picked.length ? letters(picked) : self.t("no_answer")});
        feedback.appendChild(h("p", {class: "mcr-quiz__verdict mcr-quiz__verdict--" + (correct ? "right" : "wrong")}, [verdict]));
        feedback.appendChild(h("p", {class: "mcr-quiz__expected"}, [
          dom.counted(self.t.bind(self), "rules_expected", q.answer.length, {letters: letters(q.answer)})]));
        feedback.appendChild(h("ul", {class: "mcr-rules-quiz__right"}, q.options.filter(function (o) {
          return q.answer.indexOf(o.key) >= 0;
        }).map(function (o) { return h("li", {}, [letters([o.key]) + ". " + o.text]); })));
        feedback.appendChild(h("p", {class: "mcr-rules-quiz__reason"}, [q.reason]));
        feedback.appendChild(self.sectionLink(q));
        check.hidden = true;
        next.hidden = false;
        root.setAttribute("data-state", "answered");
        root.setAttribute("data-correct", correct ? "true" : "false");
        next.focus();
      });
      next.addEventListener("click", function () {
        root.removeAttribute("data-correct");
        ask();
        stage.scrollIntoView({block: "start"});
        stage.querySelector(".mcr-quiz__ask").focus({preventScroll: true});
      });
    }
    ask();
  };

  function start(root) {
    window.fetch(root.getAttribute("data-data")).then(function (response) {
      if (!response.ok) throw new Error(response.url + ": HTTP " + response.status);
      return response.json();
    }).then(function (data) {
      if (!data.questions || !data.questions.length) throw new Error("no rules questions");
      new Quiz(root, data).run();
    }).catch(function (err) {
      root.setAttribute("data-state", "error");
      var status = root.querySelector(".mcr-quiz__status") || root.appendChild(h("p", {class: "mcr-quiz__status"}));
      status.textContent = root.getAttribute("data-failed") || String(err);
      if (window.console) window.console.warn("mcr rules quiz:", err);
    });
  }

  // For the browser tests, which compare this grading with generator/quizzes/rules_questions.py.
  window.mcrRulesQuiz = {grade: grade, pickQuestion: pickQuestion, checkState: checkState, storageKey: STORAGE_KEY};

  function startAll() {
    Array.prototype.forEach.call(document.querySelectorAll("div.mcr-rules-quiz[data-data]"), start);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", startAll);
  } else {
    startAll();
  }
})();
