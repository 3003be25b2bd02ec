// The timed drill of the rules site (hand-written, not generated): N hands' totals against
// the clock, as a referee scores at the table (`mcr quiz --timed` in the terminal).
//
// It is a session of trainer.session in "timed" mode, run by trainer-quiz.js (this script is
// loaded first and gives it window.McrTimedDrill): the trainer picks the level's hands, grades
// and schedules each answer as it comes and writes its feedback, and asks no miss again; this
// script only keeps the time, holds the feedback back until the last hand, then draws the
// table of hands, the feedback of the ones scored wrong, and the best drill, which the trainer
// also judges (op "timed_best"; the records stay in this browser under BEST_KEY).
(function () {
  "use strict";

  var COUNTS = [5, 10, 20], BEST_KEY = "mcr-quiz-timed";
  var dom = window.McrDom, h = dom.h;   // dom.js

  function now() { return window.performance.now() / 1000; }

  function clockText(seconds) {
    var whole = Math.round(seconds);
    return Math.floor(whole / 60) + ":" + ("0" + whole % 60).slice(-2);
  }

  // Seconds to a tenth, with the decimal mark of the page's language ("12.5", "12,5").
  function tenths(seconds) {
    return seconds.toLocaleString(document.documentElement.lang || "en",
                                  {minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false});
  }

  function TimedDrill(quiz) {
    this.quiz = quiz;
    this.answers = [];
    this.ticker = null;
    this.clock = h("span", {class: "mcr-trainer__clock", role: "timer"}, []);
  }

  // The level, the length and the start button; the start waits for the trainer.
  TimedDrill.prototype.bar = function () {
    var quiz = this.quiz, self = this;
    this.level = h("select", {class: "mcr-trainer__timed-level"}, quiz.data.levels.map(function (lv) {
      return h("option", {value: lv}, [quiz.t("level_" + lv)]);
    }));
    this.count = h("select", {class: "mcr-trainer__timed-count"}, COUNTS.map(function (n) {
      return h("option", {value: String(n), selected: n === 10}, [String(n)]);
    }));
    this.startButton = h("button", {type: "button", class: "md-button md-button--primary", "data-action": "timed_start",
                                    disabled: true, onclick: function () { self.start(); }}, [quiz.t("timed_start")]);
    return h("div", {class: "mcr-trainer__bar"}, [h("label", {}, [quiz.t("timed_level") + " ", this.level]), " ",
      h("label", {}, [quiz.t("timed_count") + " ", this.count]), " ", this.startButton]);
  };

  TimedDrill.prototype.controls = function (on) {
    this.startButton.disabled = this.level.disabled = this.count.disabled = !on;
  };

  TimedDrill.prototype.ready = function () {
    this.quiz.say("");
    this.quiz.setState("ready");
    this.controls(true);
  };

  TimedDrill.prototype.request = function () {
    return {mode: "timed", level: this.level.value, count: parseInt(this.count.value, 10), kinds: ["total"]};
  };

  TimedDrill.prototype.start = function () {
    var self = this, quiz = this.quiz;
    this.answers = [];
    this.started = null;
    this.controls(false);
    window.clearInterval(this.ticker);
    this.ticker = window.setInterval(function () {
      if (self.started !== null) self.clock.textContent = quiz.t("timed_clock", {time: clockText(now() - self.started)});
    }, 250);
    quiz.open().catch(function (err) { self.stop(); quiz.failed(err); });
  };

  TimedDrill.prototype.stop = function () {
    window.clearInterval(this.ticker);
    this.controls(true);
  };

  TimedDrill.prototype.heading = function (item) {
    if (this.started === null) this.started = now();
    this.clock.textContent = this.quiz.t("timed_clock", {time: clockText(now() - this.started)});
    return h("p", {class: "mcr-trainer__counter"}, [
      this.quiz.t("timed_hand", {n: item.n, count: item.of}), " · ", this.clock]);
  };

  // A hand is on the screen: its time starts, the focus goes to its field.
  TimedDrill.prototype.shown = function (form) {
    this.shownAt = now();
    var field = form.querySelector("input");
    if (field) field.focus({preventScroll: true});
  };

  // Graded and recorded by the trainer; its feedback waits for the end.
  TimedDrill.prototype.answered = function (item, given, feedback) {
    this.answers.push({item: item, given: given, seconds: now() - this.shownAt, feedback: feedback});
    return this.quiz.next();
  };

  TimedDrill.prototype.finish = function (summary) {
    var self = this, quiz = this.quiz, seconds = 0;
    window.clearInterval(this.ticker);
    this.answers.forEach(function (a) { seconds += a.seconds; });
    quiz.showToday(summary.today);
    var right = this.answers.filter(function (a) { return a.feedback.correct; }).length, asked = this.answers.length;
    if (!asked) { this.stop(); quiz.setState("finished"); quiz.body.replaceChildren(); return Promise.resolve(); }
    return quiz.ask({op: "timed_best", bests: this.bests(), level: this.level.value, count: asked,
                     edition: quiz.edition, right: right, seconds: seconds}).then(function (best) {
      self.keep(best.bests);
      var t = quiz.t.bind(quiz), previous = best.previous;
      var before = previous ? dom.counted(t, best.new_best ? "timed_new_best" : "timed_best", previous.right,
                                          {time: clockText(previous.seconds)}) : null;
      quiz.body.replaceChildren.apply(quiz.body, [
        h("p", {class: "mcr-trainer__timed-summary", role: "status"}, [dom.counted(t, "timed_summary", right,
          {asked: asked, time: clockText(seconds), each: tenths(seconds / asked)})]),
        before ? h("p", {class: "mcr-trainer__timed-best"}, [before]) : null,
        self.results()].concat(self.reviews()).filter(Boolean));
      self.startButton.textContent = quiz.t("timed_again");
      self.stop();
      quiz.setState("finished");
      self.startButton.focus({preventScroll: true});
    });
  };

  // Every hand: right or not, the total given, the total, the seconds it took.
  TimedDrill.prototype.results = function () {
    var quiz = this.quiz, cell = dom.cell;
    var rows = this.answers.map(function (a, i) {
      return h("tr", {"data-question": a.item.id, class: a.feedback.correct ? "mcr-trainer__timed-right"
                                                                             : "mcr-trainer__timed-wrong"}, [
        cell("mcr-num", [String(i + 1)]), cell("", [a.feedback.correct ? "✓" : "✗"]),
        cell("mcr-num", [a.given === null ? "—" : String(a.given)]), cell("mcr-num", [String(a.feedback.marks.expected)]),
        cell("mcr-num", [tenths(a.seconds)])]);
    });
    return h("div", {class: "mcr-trainer__timed-results"}, [dom.table(quiz.t("timed_caption"), [quiz.t("timed_col_hand"),
      quiz.t("timed_col_ok"), quiz.t("timed_col_yours"), quiz.t("timed_col_right"), quiz.t("timed_col_time")], rows)]);
  };

  // The hands scored wrong, each with the trainer's feedback (the diagnosis and the breakdown).
  TimedDrill.prototype.reviews = function () {
    var quiz = this.quiz;
    return this.answers.map(function (a, i) {
      if (a.feedback.correct) return null;
      return h("details", {class: "mcr-trainer__timed-review", "data-question": a.item.id}, [
        h("summary", {}, [quiz.t("timed_review", {n: i + 1})]), quiz.hand(a.item.tiles, a.item.situation),
        quiz.blocks(a.feedback)]);
    });
  };

  TimedDrill.prototype.bests = function () {
    try { return window.localStorage.getItem(BEST_KEY); } catch (err) { return null; }
  };

  TimedDrill.prototype.keep = function (text) {
    try { window.localStorage.setItem(BEST_KEY, text); } catch (err) { /* kept for this visit only */ }
  };

  window.McrTimedDrill = TimedDrill;
})();
