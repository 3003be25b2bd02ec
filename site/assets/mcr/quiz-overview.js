// The quiz index's overview of the learner's progress (hand-written, not generated).
//
// It reads the trainer's progress document (trainer/progress.py, format 3), which the quiz
// pages keep in this browser (trainer-quiz.js) and `mcr quiz --export` writes; it grades and
// schedules nothing. It draws: the answers right by question kind, the fans missed most, the
// accuracy by fan family session by session (trainer/history.py), the score beside each level
// (its last answers there: trainer/level_moves.py) and each family (its history), and a reset
// that sets the progress aside, where a quiz page can put it back.
(function () {
  "use strict";

  var STORAGE_KEY = "mcr-trainer-progress";
  var ASIDE_PREFIX = STORAGE_KEY + ".aside.";          // as trainer-quiz.js sets progress aside
  var LEGACY_KEY = "mcr-quiz-progress";                // the earlier quiz script's: not carried after a reset
  var REVIEW_ROWS = 12;
  var RESET_WINDOW_MS = 5000;                          // the second click of "reset" must come this soon
  var SVG_NS = "http://www.w3.org/2000/svg";
  var BAR_WIDTH = 10, BAR_GAP = 4, CHART_HEIGHT = 28;
  var dom = window.McrDom, h = dom.h;   // dom.js

  // A share as a percent in the page's language, its sign and space as the language writes
  // them ("50%", "50 %"): every percent the overview shows.
  function percent(right, seen) {
    return new Intl.NumberFormat(document.documentElement.lang || "en", {style: "percent", maximumFractionDigits: 0})
      .format(right / seen);
  }

  function Overview(root, data) {
    this.root = root;
    this.data = data;
    this.fansUrl = root.getAttribute("data-fans") || "";
  }

  Overview.prototype.t = function (key, values) {
    var template = this.data.text[key];
    if (template === undefined) return "[" + key + "]";   // a missing string shows its key
    return dom.fillNodes(template, values || {}).map(String).join("");
  };

  // The stored document, or an empty one when there is none or it cannot be read (the quiz
  // pages salvage it when they open).
  Overview.prototype.progress = function () {
    var empty = {fans: {}, kinds: {}, history: [], recent: {}};
    try {
      var data = JSON.parse(window.localStorage.getItem(STORAGE_KEY) || "null");
      return data && data.format === 3 ? data : empty;
    } catch (err) { return empty; }
  };

  Overview.prototype.fanLink = function (id) {
    var fan = this.data.fans[id] || {name: id, missing: false}, base = this.fansUrl;
    var url = /index\.html$/.test(base) ? base.replace(/index\.html$/, id + ".html")
      : base + (base && base.slice(-1) !== "/" ? "/" : "") + id + "/";
    var badge = fan.missing ? h("span", {class: "mcr-untranslated", title: this.t("untranslated_title")},
                                [this.t("untranslated")]) : null;
    return h("span", {class: "mcr-quiz__fan"}, [h("a", {href: url}, [fan.name]), badge ? " " : null, badge]);
  };

  // The reviewed fans answered wrong at least once, weakest first.
  Overview.prototype.review = function (fans) {
    var self = this;
    var weak = Object.keys(fans).filter(function (f) {
      return fans[f].right < fans[f].seen && self.data.fans[f] && self.data.fans[f].reviewed;
    }).sort(function (a, b) {
      return fans[a].right / fans[a].seen - fans[b].right / fans[b].seen || fans[b].seen - fans[a].seen ||
        self.data.fans[a].number - self.data.fans[b].number;
    }).slice(0, REVIEW_ROWS);
    if (!weak.length) return [h("p", {}, [this.t("review_empty")])];
    return [h("p", {}, [this.t("review_intro")]), h("div", {class: "mcr-quiz__review"}, [grid(
      [this.t("review_col_fan"), this.t("review_col_right")], weak.map(function (f) {
        return h("tr", {"data-fan": f}, [dom.cell("", [self.fanLink(f)]),
          dom.cell("mcr-num", [self.t("review_right", {right: fans[f].right, seen: fans[f].seen})])]);
      }))])];
  };

  // A table under the overview's own subheading: column names and rows, no caption.
  function grid(head, rows) {
    return h("table", {}, [h("thead", {}, [h("tr", {}, head.map(function (c) { return h("th", {scope: "col"}, [c]); }))]),
                           h("tbody", {}, rows)]);
  }

  function svg(tag, attrs, children) {
    var node = document.createElementNS(SVG_NS, tag);
    Object.keys(attrs).forEach(function (key) { node.setAttribute(key, String(attrs[key])); });
    (children || []).forEach(function (child) { node.appendChild(child); });
    return node;
  }

  // One family's bars: a bar's height is the share right that session; a dot, none of its fans came up.
  Overview.prototype.bars = function (family, entries, name) {
    var self = this, latest = null, marks = [], width = entries.length * (BAR_WIDTH + BAR_GAP) - BAR_GAP;
    entries.forEach(function (e, i) {
      var t = e.families[family], x = i * (BAR_WIDTH + BAR_GAP);
      if (!t) {
        marks.push(svg("circle", {cx: x + BAR_WIDTH / 2, cy: CHART_HEIGHT - 2, r: 1.5, class: "mcr-quiz__chart-none"}));
        return;
      }
      latest = t;
      var height = Math.max(2, Math.round((CHART_HEIGHT - 2) * t.right / t.seen));
      var bar = svg("rect", {x: x, y: CHART_HEIGHT - height, width: BAR_WIDTH, height: height, class: "mcr-quiz__chart-bar"});
      bar.appendChild(svg("title", {}, [document.createTextNode(
        self.t("history_bar", {session: e.session, right: t.right, seen: t.seen}))]));
      marks.push(bar);
    });
    var label = this.t("history_label", {family: name, right: latest.right, seen: latest.seen});
    var plot = svg("svg", {width: width, height: CHART_HEIGHT, viewBox: "0 0 " + width + " " + CHART_HEIGHT, role: "img",
                           "aria-label": label, class: "mcr-quiz__chart"},
                   [svg("line", {x1: 0, x2: width, y1: CHART_HEIGHT - 0.5, y2: CHART_HEIGHT - 0.5,
                                 class: "mcr-quiz__chart-axis"})].concat(marks));
    return h("tr", {"data-family": family}, [h("td", {}, [name]), h("td", {}, [plot]),
      h("td", {class: "mcr-num"}, [percent(latest.right, latest.seen)])]);
  };

  // The last sessions' accuracy by family (trainer/history_chart.py draws it in the terminal).
  Overview.prototype.chart = function (history) {
    var self = this, entries = history.slice(-this.data.learner.history_shown);
    if (!entries.length) return null;
    var present = {};
    entries.forEach(function (e) { Object.keys(e.families).forEach(function (f) { present[f] = true; }); });
    var order = Object.keys(this.data.families).filter(function (f) { return present[f]; });
    Object.keys(present).sort().forEach(function (f) { if (order.indexOf(f) < 0) order.push(f); });
    return h("div", {class: "mcr-quiz__history"}, [grid([this.t("history_col_family"),
      this.t("history_col_sessions", {first: entries[0].session, last: entries[entries.length - 1].session}),
      this.t("history_col_last")], order.map(function (f) { return self.bars(f, entries, self.data.families[f] || f); }))]);
  };

  // Beside each level on the index, its last answers; beside each family, its history's.
  Overview.prototype.scores = function (progress) {
    var self = this;
    document.querySelectorAll(".mcr-quiz-score[data-quiz-mode]").forEach(function (slot) {
      var mode = slot.getAttribute("data-quiz-mode").split(":"), right = 0, asked = 0;
      if (mode[0] === "level") {
        (progress.recent[mode[1]] || []).forEach(function (bit) { asked += 1; right += bit; });
      } else {
        progress.history.forEach(function (e) {
          var t = e.families[mode[1]];
          if (t) { asked += t.seen; right += t.right; }
        });
      }
      slot.textContent = asked ? self.t("score", {right: right, asked: asked}) : "";
    });
  };

  Overview.prototype.render = function (notice) {
    var self = this, progress = this.progress(), seen = 0, right = 0;
    Object.keys(progress.kinds).forEach(function (k) { seen += progress.kinds[k].seen; right += progress.kinds[k].right; });
    var kinds = this.data.kinds.filter(function (k) { return progress.kinds[k]; }).map(function (k) {
      return h("li", {}, [self.t("kind_" + k) + " ", h("strong", {}, [progress.kinds[k].right + "/" + progress.kinds[k].seen])]);
    });
    var status = h("p", {class: "mcr-quiz__notice", role: "status", hidden: !notice}, [notice || ""]);
    this.root.replaceChildren.apply(this.root, [
      h("p", {class: "mcr-quiz__overall"}, [seen ? dom.counted(this.t.bind(this), "overall", seen,
                                                               {right: right, percent: percent(right, seen)})
                                                  : this.t("overall_none")]),
      kinds.length ? h("ul", {class: "mcr-quiz__kinds"}, kinds) : null,
      h("p", {class: "mcr-quiz__subhead"}, [this.t("review_heading")])].concat(this.review(progress.fans), [
      h("p", {class: "mcr-quiz__subhead"}, [this.t("history_heading")]),
      h("p", {}, [this.t(progress.history.length ? "history_intro" : "history_empty")]),
      this.chart(progress.history),
      h("div", {class: "mcr-quiz__actions"}, [this.resetButton()]), status]).filter(Boolean));
    this.scores(progress);
    this.root.setAttribute("data-state", "overview");
  };

  // "Reset my progress", asking for a second click; the progress is set aside, not erased.
  Overview.prototype.resetButton = function () {
    var self = this, armed = 0;
    var node = h("button", {type: "button", class: "md-button mcr-quiz__reset", onclick: function () {
      if (Date.now() - armed > RESET_WINDOW_MS) {
        armed = Date.now();
        node.textContent = self.t("reset_confirm");
        node.classList.add("mcr-quiz__reset--armed");
        return;
      }
      self.reset();
    }}, [this.t("reset")]);
    node.addEventListener("blur", function () {
      armed = 0;
      node.textContent = self.t("reset");
      node.classList.remove("mcr-quiz__reset--armed");
    });
    return node;
  };

  Overview.prototype.reset = function () {
    try {
      var text = window.localStorage.getItem(STORAGE_KEY);
      if (text !== null) window.localStorage.setItem(ASIDE_PREFIX + new Date().toISOString(), text);
      window.localStorage.removeItem(STORAGE_KEY);
      var legacy = window.localStorage.getItem(LEGACY_KEY);
      if (legacy !== null) {
        window.localStorage.setItem(LEGACY_KEY + ".carried", legacy);
        window.localStorage.removeItem(LEGACY_KEY);
      }
      this.render(this.t("reset_done"));
    } catch (err) {
      this.render(this.t("storage_off"));
    }
  };

  function boot(root) {
    fetch(root.getAttribute("data-text")).then(function (r) {
      if (!r.ok) throw new Error(r.url + ": HTTP " + r.status);
      return r.json();
    }).then(function (data) {
      new Overview(root, data).render(null);
    }).catch(function () {
      root.setAttribute("data-state", "failed");
      root.replaceChildren(h("p", {}, [root.getAttribute("data-failed") || ""]));
    });
  }

  document.querySelectorAll("div.mcr-quiz-overview").forEach(boot);
})();
