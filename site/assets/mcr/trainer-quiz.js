// The quizzes of the rules site, driven by the trainer (hand-written, not generated).
//
// A quiz page (generator/site/quiz_pages.py) holds one <div class="mcr-trainer"> naming its
// files and what it drills: a level (data-level), a fan family (data-family: a session on the
// family's fans, with a choice of question kind and of rules) or the timed drill
// (data-drill="timed": trainer-timed.js, loaded before this script, runs it). trainer.session, the Python of `mcr quiz`, runs under Pyodide in a
// worker (trainer-worker.mjs; generator/site/trainer_engine.py answers the requests): it
// plans the questions, grades every answer, spaces the fans by days (FSRS), diagnoses the
// mistake and writes the feedback, learn cards included. This script only draws what it is
// given and sends back what the learner answers. The progress is the document the terminal
// writes (trainer/progress.py, format 3), kept as text in localStorage; the learner can
// export it to a file `mcr quiz --import` reads, and import one `mcr quiz --export` wrote.
// The progress the earlier quiz script kept (LEGACY_KEY) is carried into it once, by the trainer.
(function () {
  "use strict";

  var STORAGE_KEY = "mcr-trainer-progress";
  var MODES = ["practice", "learn", "guided"];   // trainer.session's: questions, flashcards, count it with me
  var EXPORT_NAME = "mcr-progress.json";
  // Progress that could not be read whole is set aside here, one key per copy (never over
  // another), until the learner puts a copy back; the oldest goes when there are too many.
  var ASIDE_PREFIX = STORAGE_KEY + ".aside.";
  var ASIDE_KEEP = 5;
  var LEGACY_KEY = "mcr-quiz-progress", LEGACY_EDITION_KEY = "mcr-quiz-edition";
  var CARRIED_KEY = LEGACY_KEY + ".carried";   // kept, once carried: nothing is lost
  var dom = window.McrDom, h = dom.h;   // dom.js

  // A share as a percent in the page's language ("50%", "50 %"), as the quiz index writes it.
  function percent(right, asked) {
    return new Intl.NumberFormat(document.documentElement.lang || "en", {style: "percent", maximumFractionDigits: 0})
      .format(right / asked);
  }

  function localDay() {   // the learner's calendar day: the trainer spaces by days
    var d = new Date();
    var pad = function (n) { return (n < 10 ? "0" : "") + n; };
    return d.getFullYear() + "-" + pad(d.getMonth() + 1) + "-" + pad(d.getDate());
  }

  // The line over a question asked again, as the terminal's (trainer.terminal.again_key): the
  // fan missed or only a question of its kind, just before or a few questions ago.
  function againKey(item) {
    var key = item.again_for === "kind" ? "asked_again_kind" : "asked_again";
    return item.again_ago === 1 ? key + "_just" : key;
  }

  function Quiz(root, data) {
    this.root = root;
    this.data = data;
    this.lang = data.lang;
    var tiles = root.getAttribute("data-tiles") || "";
    this.tilesBase = tiles.slice(0, tiles.lastIndexOf("/") + 1);
    this.pending = {};
    this.mode = "practice";
    this.nextId = 1;
    this.family = root.getAttribute("data-family");
    this.kind = "";                                  // a family page's choice of question kind ("": every kind)
    // How many items the page has shown (data-shown): a new session may open on the question
    // shown last, so its id alone does not tell a reader (or a test) that another came.
    this.itemsShown = 0;
    this.idsMade = 0;   // newId's count
    root.setAttribute("data-shown", "0");
    this.body = h("div", {class: "mcr-trainer__body", "aria-live": "polite"}, []);
    this.notice = h("p", {class: "mcr-trainer__notice", role: "status"}, []);
    this.detail = h("details", {class: "mcr-trainer__detail"}, []);   // under a notice (when shown): what the trainer found
    this.today = h("p", {class: "mcr-trainer__today"}, []);
    this.timed = root.getAttribute("data-drill") === "timed" ? new window.McrTimedDrill(this) : null;   // trainer-timed.js
    var top = this.timed ? this.timed.bar() : this.family ? this.bar() : this.modes();
    root.replaceChildren(top, this.notice, this.today, this.body, this.tools());
  }

  // An id for an element another names (aria-labelledby), unique in the page.
  Quiz.prototype.newId = function (prefix) {
    this.idsMade += 1;
    return "mcr-trainer-" + prefix + "-" + this.idsMade;
  };

  Quiz.prototype.t = function (key, values) {
    var template = this.data.text[key];
    if (template === undefined) return "[" + key + "]";   // a missing string shows its key
    return dom.fillNodes(template, values || {}).map(String).join("");
  };

  // A string whose placeholders may be nodes (links): its nodes and texts.
  Quiz.prototype.nodes = function (key, values) {
    var template = this.data.text[key];
    return template === undefined ? ["[" + key + "]"] : dom.fillNodes(template, values || {});
  };

  // ---- The worker ---------------------------------------------------------------------------
  Quiz.prototype.start = function () {
    var self = this, root = this.root;
    // Absolute: the worker resolves addresses against its own, not the page's.
    function url(name) { return new URL(root.getAttribute("data-" + name), location.href).href; }
    this.setState("starting");
    this.say(this.t("trainer_starting"));
    return new Promise(function (resolve, reject) {
      self.worker = new Worker(url("worker"), {type: "module"});
      self.worker.onmessage = function (event) {
        var m = event.data;
        if (m.type === "ready") resolve();
        else if (m.type === "failed") reject(new Error(m.message));
        else if (m.type === "answer") { self.pending[m.id](JSON.parse(m.answer)); delete self.pending[m.id]; }
      };
      self.worker.onerror = function (event) { reject(new Error(event.message || "worker")); };
      self.worker.postMessage({type: "start", pyodide: url("pyodide"), stdlib: url("stdlib"), stdlibFull: url("stdlib-full"),
                              trainer: url("trainer")});
    });
  };

  // One request to trainer_engine.py; its answer, the progress it returns stored.
  Quiz.prototype.ask = function (request) {
    var self = this, id = this.nextId++;
    return new Promise(function (resolve, reject) {
      self.pending[id] = function (answer) {
        if (answer.error) { reject(new Error(answer.error)); return; }
        if (answer.progress) self.store(answer.progress);
        resolve(answer);
      };
      self.worker.postMessage({type: "ask", id: id, request: JSON.stringify(request)});
    });
  };

  Quiz.prototype.stored = function () {
    try { return window.localStorage.getItem(STORAGE_KEY); } catch (err) { return null; }
  };

  Quiz.prototype.store = function (text) {
    try { window.localStorage.setItem(STORAGE_KEY, text); } catch (err) { this.say(this.t("storage_off")); }
  };

  // ---- A session ----------------------------------------------------------------------------
  // What the session drills: the page's level, family (and kind) or the timed drill's choice.
  Quiz.prototype.request = function (kept) {
    var request = {op: "open", progress: kept, lang: this.lang, today: localDay(),
                   level: this.root.getAttribute("data-level") || null, mode: this.mode, count: 10,
                   seed: Math.floor(Math.random() * 1e9)};
    if (this.family) request.family = this.family;
    if (this.kind) request.kinds = [this.kind];
    if (this.timed) Object.assign(request, this.timed.request());
    var legacy = this.legacy();
    if (legacy) { request.legacy = legacy.progress; request.legacy_edition = legacy.edition; }
    return request;
  };

  Quiz.prototype.open = function () {
    var self = this, kept = this.stored();
    return this.ask(this.request(kept)).then(function (opened) {
      if (opened.problem) {
        self.setAside(kept);
        self.sayProblem(opened.salvaged ? dom.counted(self.t.bind(self), "trainer_salvaged", opened.left_out)
                                        : self.t("trainer_damaged"), opened.problem);
      } else {
        self.say(opened.carried ? self.t("trainer_carried") : "");
      }
      if (opened.carried !== undefined && self.legacy()) self.legacyDone();
      self.showAside();
      self.showEdition(opened.edition);
      return opened.needs_edition ? self.chooseEdition(opened.editions) : self.begin();
    });
  };

  // The earlier quiz script's progress, not yet carried: {progress, edition}, else null.
  Quiz.prototype.legacy = function () {
    try {
      var text = window.localStorage.getItem(LEGACY_KEY);
      return text === null ? null : {progress: text, edition: window.localStorage.getItem(LEGACY_EDITION_KEY)};
    } catch (err) { return null; }
  };

  // Carried (or found unreadable: the trainer said why): kept under another key, not carried twice.
  Quiz.prototype.legacyDone = function () {
    try {
      window.localStorage.setItem(CARRIED_KEY, window.localStorage.getItem(LEGACY_KEY));
      window.localStorage.removeItem(LEGACY_KEY);
    } catch (err) { /* storage full: it is carried again next time, which adds nothing twice to a fan */ }
  };

  Quiz.prototype.chooseEdition = function (editions) {
    var self = this;
    this.setState("edition");
    var choices = editions.map(function (e) {
      return h("li", {}, [h("button", {type: "button", class: "md-button", "data-edition": e.id, onclick: function () {
        self.ask({op: "edition", edition: e.id}).then(function () { return self.begin(); }).catch(self.failed.bind(self));
      }}, [e.name]), " ", h("span", {}, [e.summary])]);
    });
    this.body.replaceChildren(h("p", {}, [this.t("trainer_edition_prompt")]), h("ul", {class: "mcr-trainer__editions"}, choices));
  };

  Quiz.prototype.begin = function () {
    var self = this;
    return this.ask({op: "begin"}).then(function (answer) {
      self.edition = answer.begin.edition;
      self.showEdition(self.edition);
      self.showScore(0, 0);
      return self.next();
    });
  };

  Quiz.prototype.next = function () {
    var self = this;
    return this.ask({op: "next"}).then(function (answer) {
      if (answer.item === null) (self.timed ? self.timed.finish(answer.summary) : self.summary(answer.summary));
      else self.item(answer.item);
    });
  };

  Quiz.prototype.item = function (item) {
    var self = this;
    this.itemsShown += 1;
    this.root.setAttribute("data-shown", String(this.itemsShown));
    this.setState(item.type === "lesson" ? "lesson" : "question");
    this.root.setAttribute("data-type", item.type);
    this.root.setAttribute("data-question", item.id || "");
    this.root.setAttribute("data-kind", item.kind || "");
    this.root.setAttribute("data-reason", item.reason || "");   // why it is asked: due, level, again...
    this.root.setAttribute("data-fan", item.fan || "");         // the fan it was planned for, if any
    if (item.type === "lesson") {
      var title = this.heading(item.title);
      this.show([title, h("p", {}, [item.summary]), this.button("next", function () {
        self.next().catch(self.failed.bind(self));
      })], title);
      return;
    }
    var heading = this.timed ? this.timed.heading(item) : this.heading(this.t("trainer_question_of", {n: item.n, of: item.of}));
    var again = item.again ? h("p", {class: "mcr-trainer__again"}, [this.t(againKey(item))]) : null;
    // A flashcard from tiles to a name shows its one hand; from a name to tiles, its hands are the options.
    var shown = item.type !== "flashcard" ? this.hand(item.tiles, item.situation)
      : item.options.length ? this.hand(item.hands[0].tiles, item.hands[0].situation) : null;
    var promptId = this.newId("prompt");   // names the group of options
    var form = this.form(item, promptId);
    var prompt = h("p", {class: "mcr-trainer__prompt", id: promptId}, [this.prompt(item)]);
    this.show([heading, again, shown, prompt, form].filter(Boolean), this.timed ? null : heading);
    if (this.timed) this.timed.shown(form);
  };

  // An item's heading: an h2 under the page's h1, focusable so the focus can land on it.
  Quiz.prototype.heading = function (text) {
    return h("h2", {class: "mcr-trainer__heading", tabindex: "-1"}, [text]);
  };

  // The body's new content. When the learner was working in the body (the button pressed is
  // about to go), the focus moves to `target` rather than fall to the page; a page that
  // just loaded keeps its focus where it is.
  Quiz.prototype.show = function (nodes, target) {
    var working = this.body.contains(document.activeElement);
    this.body.replaceChildren.apply(this.body, nodes);
    if (working && target) focusOn(target);
  };

  // Focus without the browser's own jump, then the element brought to the top of the view.
  function focusOn(node) {
    node.focus({preventScroll: true});
    node.scrollIntoView({block: "start"});
  }

  // The page's own wording of the question where it has one (choosing and ticking, not typing:
  // the item's "ask" names the trainer's string and its values, trainer/blocks.py), else the trainer's.
  Quiz.prototype.prompt = function (item) {
    var ask = item.ask;
    if (!ask || !(ask.key in this.data.text)) return item.prompt;
    return this.t(ask.key, Object.assign({minimum: this.data.minimum}, ask.values));
  };

  // ---- Drawing ------------------------------------------------------------------------------
  Quiz.prototype.tile = function (face, variant) {
    var file = variant === "back" ? "back.svg" : variant === "standing" ? face + ".svg" : face + "-" + variant + ".svg";
    var alt = variant === "back" ? this.t("face_down") : (this.data.tiles[face] || face);
    return h("img", {class: "mcr-tile" + (variant === "standing" ? "" : " mcr-tile--" + variant),
                     src: this.tilesBase + file, alt: alt, title: alt});
  };

  Quiz.prototype.hand = function (tiles, situation, label) {
    var self = this;
    var groups = dom.handGroups(tiles, function (k) { return self.t(k); }, function (f, v) { return self.tile(f, v); });
    // The label ("Example:") first, apart: the dots of the CSS go between the situation's parts only.
    var caption = (label ? [h("b", {}, [label]), " "] : []).concat(
      (situation ? this.situation(situation) : []).map(function (s) { return h("span", {}, [s]); }));
    return h("figure", {class: "mcr-hand mcr-quiz__hand", lang: this.lang, "data-tiles": JSON.stringify(tiles)}, [
      h("div", {class: "mcr-hand__tiles", role: "group", "aria-label": this.t("hand_label")}, groups),
      // With an id: a hand offered as an option is named by its caption too.
      h("figcaption", {class: "mcr-hand__situation", id: this.newId("caption")}, caption)]);
  };

  Quiz.prototype.situation = function (s) {
    return window.McrDom.situationParts(s, this.t.bind(this), this.data.situation_flags);   // dom.js
  };

  Quiz.prototype.button = function (key, onclick, extra) {
    return h("button", {type: "button", class: "md-button" + (extra ? " " + extra : ""), "data-action": key,
                        onclick: onclick}, [this.t(key)]);
  };

  // The label of each box of a question answered with numbers, by the question's string
  // (trainer/blocks.py ask); any other number is points.
  var NUMBER_LABELS = {
    ask_payments_discard: ["label_discarder", "label_others"],
    ask_payments_self: ["label_each"],
    guided_sets: ["label_chows", "label_pungs"]
  };

  // The answer form the item's `form` names: its fields, Check and "I don't know". Check with
  // nothing given grades nothing: it says what is missing and puts the focus on the field.
  Quiz.prototype.form = function (item, promptId) {
    var self = this;
    var answer = item.form === "number" || item.form === "numbers" ? this.numberAnswer(item)
      : item.form === "multi" || item.form === "choice" || item.form === "tiles" ? this.optionAnswer(item, promptId)
      : this.yesNoAnswer(promptId);
    var missing = h("p", {class: "mcr-trainer__missing", role: "alert"}, []);
    var sent = false;
    var send = function (response) {
      if (sent) return;
      sent = true;
      missing.textContent = "";
      self.ask({op: "answer", response: response}).then(function (a) {
        if (self.timed) return self.timed.answered(item, response, a.feedback);
        self.feedback(a.feedback);
      }).catch(self.failed.bind(self));
    };
    return h("form", {class: "mcr-trainer__form", onsubmit: function (e) {
      e.preventDefault();
      var response = answer.read();
      if (response !== undefined) { send(response); return; }
      var gap = answer.missing();
      missing.textContent = self.t(gap.key);
      gap.field.focus();
    }}, [answer.fields, missing,
         h("button", {type: "submit", class: "md-button md-button--primary", "data-action": "check"}, [this.t("check")]), " ",
         this.button("dont_know", function () { send(null); })]);
  };

  // The box of the options, named by the question (promptId) so that moving among them says it.
  function optionGroup(multi, promptId, options) {
    return h("div", {class: "mcr-trainer__inputs", role: multi ? "group" : "radiogroup", "aria-labelledby": promptId},
             options);
  }

  // Each kind of answer: `fields` (the box of inputs), `read()` the response as trainer.session
  // takes it (undefined: none given yet), `missing()` what to ask for then, and the field to focus.
  Quiz.prototype.numberAnswer = function (item) {
    var boxes = [], labels = [];
    var n = item.form === "number" ? 1 : item.numbers;
    var names = NUMBER_LABELS[item.ask && item.ask.key] || [];
    for (var i = 0; i < n; i++) {   // each box with its own visible label: which payment is which
      var box = h("input", {type: "number", min: "0", step: "1", inputmode: "numeric", class: "mcr-trainer__number"}, []);
      boxes.push(box);
      labels.push(h("label", {class: "mcr-trainer__field"}, [
        h("span", {class: "mcr-trainer__field-name"}, [this.t(names[i] || "label_total")]), box]));
    }
    // An empty box, or one the browser emptied because it held no number ("abc").
    var unanswered = function (box) { return box.value.trim() === "" || !isFinite(Number(box.value)); };
    return {
      fields: h("div", {class: "mcr-trainer__inputs"}, labels),
      read: function () {
        if (boxes.some(unanswered)) return undefined;
        var values = boxes.map(function (box) { return Number(box.value); });
        return item.form === "number" ? values[0] : values;
      },
      missing: function () {
        return {key: n > 1 ? "trainer_missing_numbers" : "trainer_missing_number", field: boxes.filter(unanswered)[0]};
      }
    };
  };

  Quiz.prototype.optionAnswer = function (item, promptId) {
    var self = this, multi = item.form !== "choice";
    var options = item.form === "tiles"
      ? this.data.tile_order.map(function (f) { return {value: f, label: self.data.tiles[f] || f, face: f}; })
      : (item.readings && item.readings.length) ? item.readings
      : (item.options && item.options.length) ? item.options
      : (item.hands || []).map(function (hand, i) { return self.handOption(hand, i); });
    var boxes = [];
    var labels = options.map(function (o) {
      var box = h("input", {type: multi ? "checkbox" : "radio", name: "mcr-trainer-option", value: String(o.value),
                            "aria-labelledby": o.labelledBy}, []);
      box._value = o.value;
      boxes.push(box);
      return h("label", {class: "mcr-trainer__option", "data-value": String(o.value)},
               [box, " ", o.face ? self.tile(o.face, "standing") : o.label]);
    });
    return {
      fields: optionGroup(multi, promptId, labels),
      read: function () {
        var picked = boxes.filter(function (b) { return b.checked; }).map(function (b) { return b._value; });
        // Ticking none answers a guided step (a family with no fan here), never a question
        // whose item asks for `least` (a hand always has a fan and waits on a tile).
        if (picked.length < (item.least || (multi ? 0 : 1))) return undefined;
        return multi ? picked : picked[0];
      },
      missing: function () {
        var key = !multi ? "trainer_missing_choice" : item.kind === "waits" ? "trainer_missing_waits"
          : "trainer_missing_fans";
        return {key: key, field: boxes[0]};
      }
    };
  };

  // A hand offered as an option, numbered (the answer names the hand by its number). Its name
  // is its number, its tiles and its situation (a hidden line and the caption, by id): the
  // situation alone is the same in every option.
  Quiz.prototype.handOption = function (hand, i) {
    var drawn = this.hand(hand.tiles, hand.situation);
    var named = h("span", {id: this.newId("hand"), hidden: true},
                  [this.t("trainer_hand_option", {n: i + 1, tiles: this.tileNames(drawn)})]);
    return {value: i, labelledBy: named.id + " " + drawn.querySelector("figcaption").id,
            label: h("span", {class: "mcr-trainer__numbered"}, [h("b", {}, [String(i + 1)]), " ", drawn, named])};
  };

  // The tiles of a drawn hand as its pictures name them, in the page's language.
  Quiz.prototype.tileNames = function (drawn) {
    return Array.prototype.map.call(drawn.querySelectorAll(".mcr-hand__tiles img"), function (img) {
      return img.alt;
    }).join(this.t("list_separator"));
  };

  Quiz.prototype.yesNoAnswer = function (promptId) {
    var choice, boxes = [];
    var labels = [true, false].map(function (value) {
      var box = h("input", {type: "radio", name: "mcr-trainer-yes-no", value: String(value),
                            onchange: function () { choice = value; }}, []);
      boxes.push(box);
      return h("label", {class: "mcr-trainer__option"}, [box, " ", this.t(value ? "trainer_yes" : "trainer_no")]);
    }, this);
    return {
      fields: optionGroup(false, promptId, labels),
      read: function () { return choice; },
      missing: function () { return {key: "trainer_missing_choice", field: boxes[0]}; }
    };
  };

  // The trainer's feedback: its lines and drawn hands, as the terminal prints them.
  Quiz.prototype.feedback = function (f) {
    var self = this;
    this.setState(f.correct ? "right" : "wrong");
    var form = this.body.querySelector("form");
    if (form) {
      form.querySelectorAll("input, button").forEach(function (x) { x.disabled = true; });
      if (f.marks) this.mark(form, f.marks);
    }
    var shown = this.blocks(f);
    this.body.appendChild(shown);
    if (f.comes_back) {   // a miss the session asks again: the fan ("fan") or a question of its kind
      this.body.appendChild(h("p", {class: "mcr-trainer__comes-back"},
                              [this.t(f.comes_back === "fan" ? "comes_back" : "comes_back_kind")]));
    }
    this.body.appendChild(this.button("next", function () { self.next().catch(self.failed.bind(self)); }));
    this.showToday(f.today);
    this.showScore(f.right, f.asked);
    focusOn(shown);   // Check and "I don't know" are disabled now: the focus would fall to the page
  };

  // The feedback's lines and drawn hands, as the terminal prints them.
  Quiz.prototype.blocks = function (f) {
    var self = this;
    return h("div", {class: "mcr-trainer__feedback " + (f.correct ? "mcr-trainer__feedback--right"
                                                                  : "mcr-trainer__feedback--wrong"), tabindex: "-1"},
             f.blocks.map(function (b) { return self.block(b); }));
  };

  // One block of the feedback (trainer/blocks.py): a hand drawn, a line as the trainer wrote
  // it, or a section of the rulebook, a ruling, a fan met for the first time, worded by the
  // page and linked to their pages in its language (where the terminal gives paths and commands).
  Quiz.prototype.block = function (b) {
    var parts;
    if (b.type === "hand") return this.hand(b.tiles, b.situation || null, b.label);   // a card's hand has its situation
    if (b.type === "section") {
      parts = this.nodes("trainer_section", {section: this.link(this.sectionUrl(b), b.title)});
    } else if (b.type === "ruling") {
      parts = this.nodes("trainer_ruling", {question: this.link(this.sectionUrl(b), b.question), answer: b.answer});
    } else if (b.type === "new_fan") {
      var points = typeof b.points === "number" ? dom.counted(this.t.bind(this), "points", b.points) : "?";
      parts = this.nodes("trainer_new_fan", {fan: this.link(this.fanUrl(b.fan), b.name), points: points,
                                             summary: b.summary});
    } else if (b.type === "guided") {   // the page's own words, and the mode's button in place of the command
      var self = this;
      parts = this.nodes("trainer_unexplained", {difference: b.difference}).concat([" ",
        h("button", {type: "button", class: "md-button mcr-trainer__to-guided", onclick: function () {
          var mode = self.root.querySelector("button[data-mode=guided]");
          if (mode) mode.click();
        }}, [this.t("trainer_mode_guided")])]);
    } else {
      parts = [b.text];
    }
    return h("p", {class: "mcr-trainer__line", "data-block": b.type}, parts);
  };

  Quiz.prototype.link = function (href, text) { return h("a", {href: href}, [text]); };

  // A section of a chapter the trainer cites: the chapter's page in this language (the
  // widget's data-chapter-<chapter>, generator/site/quiz_pages.py) and the section's anchor.
  Quiz.prototype.sectionUrl = function (b) {
    return (this.root.getAttribute("data-chapter-" + b.chapter) || "") + "#" + b.anchor;
  };

  // A fan's page, beside the fan index the widget names (as quiz-overview.js links the fans).
  Quiz.prototype.fanUrl = function (id) {
    var base = this.root.getAttribute("data-fans") || "";
    return /index\.html$/.test(base) ? base.replace(/index\.html$/, id + ".html")
      : base + (base && base.slice(-1) !== "/" ? "/" : "") + id + "/";
  };

  // Each option ticked or not drawn as the trainer graded it: right, missed, or picked wrong.
  Quiz.prototype.mark = function (form, marks) {
    var expected = [].concat(marks.expected).map(String);
    form.querySelectorAll(".mcr-trainer__option[data-value]").forEach(function (label) {
      var value = label.getAttribute("data-value"), box = label.querySelector("input");
      var due = expected.indexOf(value) >= 0, ticked = box && box.checked;
      if (due || ticked) label.classList.add("mcr-trainer__option--" + (due ? (ticked ? "right" : "missed") : "wrong"));
    });
  };

  // ---- A family page's choices: the question kind, the rules; and the session's score ----------
  Quiz.prototype.bar = function () {
    var self = this;
    var kinds = h("select", {class: "mcr-trainer__kind"}, [h("option", {value: ""}, [this.t("kind_all")])].concat(
      this.data.kinds.map(function (k) { return h("option", {value: k}, [self.t("kind_" + k)]); })));
    var editions = h("select", {class: "mcr-trainer__edition"}, this.data.editions.map(function (e) {
      return h("option", {value: e.id}, [e.name]);
    }));
    kinds.addEventListener("change", function () {
      self.kind = kinds.value;
      if (self.worker) self.open().catch(self.failed.bind(self));
    });
    editions.addEventListener("change", function () {   // the learner's rules, kept: the level pages' too
      if (!self.worker) return;
      self.ask({op: "edition", edition: editions.value}).then(function () { return self.open(); }).catch(self.failed.bind(self));
    });
    this.editionSelect = editions;
    this.score = h("span", {class: "mcr-trainer__score", "aria-live": "polite"}, []);
    return h("div", {class: "mcr-trainer__bar"}, [h("label", {}, [this.t("kind_label") + " ", kinds]), " ",
                                                  h("label", {}, [this.t("edition_label") + " ", editions]), " ", this.score]);
  };

  Quiz.prototype.showEdition = function (edition) {
    if (this.editionSelect && edition) this.editionSelect.value = edition;
    if (edition) this.root.setAttribute("data-edition", edition);
  };

  Quiz.prototype.showScore = function (right, asked) {
    this.root.setAttribute("data-right", right);
    this.root.setAttribute("data-asked", asked);
    if (!this.score) return;
    this.score.textContent = asked ? this.t("score_percent", {right: right, asked: asked, percent: percent(right, asked)})
      : this.t("score_none");
  };

  Quiz.prototype.showToday = function (today) {
    var t = this.t.bind(this);
    this.today.textContent = t("trainer_today", {answered: today.answered, goal: dom.counted(t, "trainer_answers", today.goal),
                                                 streak: dom.counted(t, "trainer_days", today.streak)});
  };

  Quiz.prototype.summary = function (s) {
    var self = this, t = this.t.bind(this);
    this.setState("done");
    this.showToday(s.today);
    var lines = [h("p", {class: "mcr-trainer__summary", tabindex: "-1"},
                   [dom.counted(t, "trainer_summary", s.right, {asked: s.asked})])];
    if (s.due_waiting) {   // a kind that reviews no fan (valid? waits): the fans due wait for another
      lines.push(h("p", {class: "mcr-trainer__due-waiting"}, [dom.counted(t, "trainer_due_waiting", s.due_waiting,
        {total: t("kind_total"), fans: t("kind_fans"), payments: t("kind_payments")})]));
    }
    this.show(lines.concat([this.button("trainer_more", function () { self.open().catch(self.failed.bind(self)); })]),
              lines[0]);
  };

  // The three ways to practise, as `mcr quiz`, `mcr quiz --learn` and `mcr quiz --guided`.
  Quiz.prototype.modes = function () {
    var self = this;
    var buttons = MODES.map(function (mode) {
      return h("button", {type: "button", class: "md-button" + (mode === self.mode ? " md-button--primary" : ""),
                          "data-mode": mode, "aria-pressed": String(mode === self.mode),
                          onclick: function () {
        if (self.mode === mode || !self.worker) return;
        self.mode = mode;
        buttons.forEach(function (b) {   // the chosen one drawn as the site's primary buttons (their contrast is checked)
          var on = b.getAttribute("data-mode") === mode;
          b.setAttribute("aria-pressed", String(on));
          b.classList.toggle("md-button--primary", on);
        });
        self.open().catch(self.failed.bind(self));
      }}, [self.t("trainer_mode_" + mode)]);
    });
    return h("div", {class: "mcr-trainer__modes", role: "group", "aria-label": this.t("trainer_modes")}, buttons);
  };

  // ---- Export and import ----------------------------------------------------------------------
  Quiz.prototype.tools = function () {
    var self = this;
    var file = h("input", {type: "file", accept: ".json,application/json", class: "mcr-trainer__file",
                           "aria-label": this.t("trainer_import"), onchange: function () {
      if (file.files.length) self.importFile(file.files[0]).then(function () { file.value = ""; });
    }}, []);
    this.aside = h("div", {class: "mcr-trainer__aside"}, []);
    return h("div", {class: "mcr-trainer__tools"}, [
      h("p", {}, [this.t("trainer_memory")]),
      this.button("trainer_export", function () { self.exportFile(); }), " ",
      h("label", {class: "md-button"}, [this.t("trainer_import"), file]), this.aside]);
  };

  Quiz.prototype.exportFile = function () {
    var text = this.stored();
    if (text === null) { this.say(this.t("trainer_nothing_to_export")); return; }
    download(text, EXPORT_NAME);
  };

  function download(text, name) {
    var url = URL.createObjectURL(new Blob([text], {type: "application/json"}));
    var link = h("a", {href: url, download: name}, []);
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 1000);
  }

  // ---- Progress set aside ---------------------------------------------------------------------
  function asideKeys() {
    var keys = [];
    try {
      for (var i = 0; i < window.localStorage.length; i++) {
        var key = window.localStorage.key(i);
        if (key.indexOf(ASIDE_PREFIX) === 0) keys.push(key);
      }
    } catch (err) { /* storage off: nothing was set aside */ }
    return keys.sort();   // the keys carry the time: oldest first
  }

  Quiz.prototype.setAside = function (text) {
    if (!text) return;
    try {
      var keys = asideKeys();
      if (keys.some(function (k) { return window.localStorage.getItem(k) === text; })) return;   // kept already
      var key = ASIDE_PREFIX + new Date().toISOString(), n = 1;
      while (window.localStorage.getItem(key + (n > 1 ? "-" + n : "")) !== null) n += 1;
      window.localStorage.setItem(key + (n > 1 ? "-" + n : ""), text);
      keys = asideKeys();
      while (keys.length > ASIDE_KEEP) window.localStorage.removeItem(keys.shift());
    } catch (err) { /* storage full: the notice says what could not be read */ }
  };

  // Each copy set aside, with a download and a way back: putting one back sets the progress
  // it replaces aside in turn, so nothing is lost either way.
  Quiz.prototype.showAside = function () {
    var self = this, keys = asideKeys();
    var items = keys.map(function (key) {
      var when = new Date(key.slice(ASIDE_PREFIX.length, ASIDE_PREFIX.length + 24));
      return h("li", {"data-key": key}, [
        self.t("trainer_aside_item", {when: isNaN(when) ? key : when.toLocaleString(self.lang)}), " ",
        self.button("trainer_aside_download", function () { download(window.localStorage.getItem(key), "mcr-progress-set-aside.json"); }), " ",
        self.button("trainer_aside_restore", function () { self.putBack(key); })]);
    });
    this.aside.replaceChildren.apply(this.aside, keys.length
      ? [h("p", {}, [this.t("trainer_aside_heading")]), h("ul", {}, items)] : []);
  };

  Quiz.prototype.putBack = function (key) {
    var self = this, text = window.localStorage.getItem(key);
    if (text === null) { this.showAside(); return null; }
    this.setAside(this.stored());
    window.localStorage.removeItem(key);
    this.store(text);
    return this.open().then(function (opened) {
      if (!self.notice.textContent) self.say(self.t("trainer_aside_restored"));
      return opened;
    }).catch(this.failed.bind(this));
  };

  // A file read as strictly as the terminal reads its own; one that cannot be used changes nothing.
  Quiz.prototype.importFile = function (file) {
    var self = this;
    return file.text().then(function (text) {
      return self.ask({op: "check", text: text, today: localDay()});
    }).then(function (checked) {
      if (checked.problem) { self.sayProblem(self.t("trainer_import_failed"), checked.problem); return null; }
      self.store(checked.progress);
      return self.open().then(function () { self.say(self.t("trainer_imported")); });
    }).catch(this.failed.bind(this));
  };

  // ---- State --------------------------------------------------------------------------------
  Quiz.prototype.setState = function (state) { this.root.setAttribute("data-state", state); };

  Quiz.prototype.say = function (text) {
    this.notice.textContent = text;
    this.detail.remove();   // out of the page, not hidden: the theme draws every details box
  };

  // A notice in the page's words, and folded under it what the trainer found, in its own
  // words (English: the terminal's reader's, trainer/json_checks.py), for a report.
  Quiz.prototype.sayProblem = function (text, problem) {
    this.say(text);
    this.detail.replaceChildren(h("summary", {}, [this.t("trainer_problem_detail")]), h("code", {}, [problem]));
    this.detail.open = false;
    this.notice.after(this.detail);
  };

  Quiz.prototype.failed = function (err) {
    this.setState("failed");
    this.say(this.t("trainer_failed", {message: String((err && err.message) || err)}));
  };

  function boot(root) {
    fetch(root.getAttribute("data-text")).then(function (r) {
      if (!r.ok) throw new Error(r.url + ": HTTP " + r.status);
      return r.json();
    }).then(function (data) {
      var quiz = new Quiz(root, data);
      window.McrTrainer = quiz;   // the browser tests reach the session through it
      return quiz.start().then(function () { return quiz.timed ? quiz.timed.ready() : quiz.open(); })
        .catch(quiz.failed.bind(quiz));
    }).catch(function () {
      root.setAttribute("data-state", "failed");
      root.replaceChildren(h("p", {}, [root.getAttribute("data-failed") || ""]));
    });
  }

  document.querySelectorAll("div.mcr-trainer").forEach(boot);
})();
