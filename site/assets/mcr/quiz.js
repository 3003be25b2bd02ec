// The web scoring quiz of the rules site (hand-written, not generated).
//
// A quiz page (generator/site/quiz_pages.py) holds one <div class="mcr-quiz"> that says what to
// drill (data-mode "level", "family" or "overview" and data-key) and where its data files
// are (generator/site/quiz_assets.py): the page language's strings, fan names and tile names,
// and the quiz banks. This script asks one question at a time, grades the answer exactly as
// generator/quizzes/questions.py does, shows the full breakdown, and keeps the learner's progress
// in localStorage with the Leitner boxes of trainer/progress.py, crediting and blaming the
// fans as trainer/attribution.py does, asking a missed question again a few questions later
// (trainer/reask.py), and keeping accuracy by fan family session by session (trainer/history.py),
// which the quiz index draws. It names no fan: every fan, point value, family, review flag
// and setting of the learner model (trainer/learner.yaml) comes from the data files.
(function () {
  "use strict";

  // ---- Progress: trainer/progress.py in the browser ------------------------------------
  var STORAGE_KEY = "mcr-quiz-progress";
  var PROGRESS_FORMAT = 2;            // 1: no history, no re-asking (read, and carried over)
  var BOXES = 5;
  var INTERVALS = [1, 2, 4, 8, 16];   // sessions before a fan in box 1..5 is due again
  var NOT_DUE_WEIGHT = 0.1;
  var UNSEEN_WEIGHT = 1.0;
  // The terminal counts one session per `mcr quiz` run. A web page has no runs, so a
  // session ends every ANSWERS_PER_SESSION answers and a visit after a pause starts one:
  // a missed fan comes back within a few questions, a well-known one after many.
  var ANSWERS_PER_SESSION = 5;
  var NEW_VISIT_MS = 30 * 60 * 1000;
  var RECENT_MAX = 30;                // a question is not asked again within this many
  var REVIEW_ROWS = 12;
  var RESET_WINDOW_MS = 5000;         // the second click of "reset" must come this soon

  function newProgress() {
    return {format: PROGRESS_FORMAT, session: 0, answers: 0, last_active: 0, fans: {}, kinds: {}, modes: {},
            history: []};
  }

  function newMode() {
    return {seen: 0, right: 0, current: null, answered: false, response: null, recent: [], kind: "",
            again: 0, reask: [], window: []};
  }

  function isCount(value) {
    return typeof value === "number" && isFinite(value) && value >= 0 && Math.floor(value) === value;
  }

  function isObject(value) {
    return value !== null && typeof value === "object" && !Array.isArray(value);
  }

  // Saved progress, checked as Progress.from_data checks the terminal's file. Throws when
  // it cannot be trusted; the caller then keeps it aside and starts afresh.
  function checkProgress(data) {
    if (!isObject(data) || (data.format !== 1 && data.format !== PROGRESS_FORMAT)) {
      throw new Error("not progress of format 1 or 2");
    }
    var p = newProgress();
    ["session", "answers", "last_active"].forEach(function (key) {
      if (!isCount(data[key])) throw new Error("bad " + key);
      p[key] = data[key];
    });
    if (!isObject(data.fans) || !isObject(data.kinds) || !isObject(data.modes)) throw new Error("bad tables");
    Object.keys(data.fans).forEach(function (fan) {
      var r = data.fans[fan];
      if (!isObject(r) || !isCount(r.box) || r.box < 1 || r.box > BOXES || !isCount(r.seen) || !isCount(r.right) ||
          r.right > r.seen || !isCount(r.last_session)) throw new Error("impossible record for " + fan);
      p.fans[fan] = {box: r.box, seen: r.seen, right: r.right, last_session: r.last_session};
    });
    Object.keys(data.kinds).forEach(function (kind) {
      var t = data.kinds[kind];
      if (!isObject(t) || !isCount(t.seen) || !isCount(t.right)) throw new Error("bad tally for " + kind);
      p.kinds[kind] = {seen: t.seen, right: t.right};
    });
    Object.keys(data.modes).forEach(function (mode) {
      var m = data.modes[mode];
      if (!isObject(m) || !isCount(m.seen) || !isCount(m.right) || !Array.isArray(m.recent)) {
        throw new Error("bad mode " + mode);
      }
      p.modes[mode] = {seen: m.seen, right: m.right, current: typeof m.current === "string" ? m.current : null,
                       answered: m.answered === true, response: m.answered === true ? m.response : null,
                       recent: m.recent.filter(function (id) { return typeof id === "string"; }),
                       kind: typeof m.kind === "string" ? m.kind : "",
                       again: isCount(m.again) ? m.again : 0,
                       reask: (Array.isArray(m.reask) ? m.reask : []).filter(function (r) {
                         return isObject(r) && typeof r.id === "string" && isCount(r.at) && isCount(r.times);
                       }),
                       window: (Array.isArray(m.window) ? m.window : []).filter(function (x) { return x === 0 || x === 1; })};
    });
    if (data.format === 1) return p;   // carried over whole: no history yet
    if (!Array.isArray(data.history)) throw new Error("bad history");
    data.history.forEach(function (e, i) {
      if (!isObject(e) || !isCount(e.session) || e.session > p.session || !isObject(e.families) ||
          (i && e.session <= data.history[i - 1].session)) throw new Error("bad history entry " + i);
      var families = {};
      Object.keys(e.families).forEach(function (f) {
        var t = e.families[f];
        if (!isObject(t) || !isCount(t.seen) || !isCount(t.right) || t.right > t.seen) {
          throw new Error("bad history tally " + f);
        }
        families[f] = {seen: t.seen, right: t.right};
      });
      p.history.push({session: e.session, families: families});
    });
    return p;
  }

  function due(progress, fan) {
    var r = progress.fans[fan];
    return !r || progress.session - r.last_session >= INTERVALS[r.box - 1];
  }

  // How much a fan pulls its questions forward.
  function weight(progress, fan) {
    var r = progress.fans[fan];
    if (!r) return UNSEEN_WEIGHT;
    if (!due(progress, fan)) return NOT_DUE_WEIGHT;
    return Math.pow(2, BOXES - r.box);
  }

  // Two history entries as one (history.merged).
  function mergedEntry(a, b) {
    var families = {};
    [a, b].forEach(function (e) {
      Object.keys(e.families).forEach(function (f) {
        var t = families[f] || {seen: 0, right: 0};
        families[f] = {seen: t.seen + e.families[f].seen, right: t.right + e.families[f].right};
      });
    });
    return {session: Math.max(a.session, b.session), families: families};
  }

  // The history after the outcomes of one answer (history.with_outcomes): tallied by
  // family in the current session's entry; past `limit` entries the oldest two merge.
  function addHistory(progress, outcomes, limit) {
    var counted = outcomes.filter(function (o) { return o.verdict !== DOUBT; });
    if (!counted.length) return;
    var last = progress.history[progress.history.length - 1];
    if (!last || last.session !== progress.session) {
      last = {session: progress.session, families: {}};
      progress.history.push(last);
    }
    counted.forEach(function (o) {
      var t = last.families[o.family] || {seen: 0, right: 0};
      last.families[o.family] = {seen: t.seen + 1, right: t.right + (o.verdict === BLAME ? 0 : 1)};
    });
    while (progress.history.length > limit) {
      progress.history.splice(0, 2, mergedEntry(progress.history[0], progress.history[1]));
    }
  }

  // The progress after one graded question (Progress.record and FanRecord.after), then
  // the session clock. `again`: a question asked again, kept out of the history.
  function record(progress, kind, correct, outcomes, again, settings) {
    outcomes.forEach(function (o) {
      var old = progress.fans[o.fan];
      if (o.verdict === DOUBT) {   // down one box, and no mark; an unseen fan has no box to lower
        if (old) progress.fans[o.fan] = {box: Math.max(1, old.box - 1), seen: old.seen, right: old.right,
                                         last_session: progress.session};
        return;
      }
      old = old || {box: 1, seen: 0, right: 0, last_session: 0};
      var box = o.verdict === BLAME ? 1
        : o.verdict === WEAK ? (old.box < settings.weak_top_box ? old.box + 1 : old.box)
        : Math.min(BOXES, old.box + 1);
      progress.fans[o.fan] = {box: box, seen: old.seen + 1, right: old.right + (o.verdict === BLAME ? 0 : 1),
                              last_session: progress.session};
    });
    if (!again) addHistory(progress, outcomes, settings.history_sessions);
    var tally = progress.kinds[kind] || {seen: 0, right: 0};
    progress.kinds[kind] = {seen: tally.seen + 1, right: tally.right + (correct ? 1 : 0)};
    progress.answers += 1;
    if (progress.answers % ANSWERS_PER_SESSION === 0) progress.session += 1;
  }

  // One question among `pool`, weighted like schedule(): a question weighs as much as its
  // neediest fan (among `focus` fans when drilling a family; `focus` also leaves out the
  // fans not reviewed); recent ones are left out.
  function pickQuestion(pool, progress, recent, focus) {
    var avoid = {};
    recent.slice(-Math.min(RECENT_MAX, Math.floor(pool.length / 2))).forEach(function (id) { avoid[id] = true; });
    var best = null, bestKey = -1;
    pool.forEach(function (q) {
      if (avoid[q.id]) return;
      var fans = focus ? q.drill.filter(focus) : q.drill;
      var w = fans.length ? Math.max.apply(null, fans.map(function (f) { return weight(progress, f); })) : UNSEEN_WEIGHT;
      var key = Math.pow(Math.random(), 1 / w);   // Efraimidis-Spirakis, one draw
      if (key > bestKey) { bestKey = key; best = q; }
    });
    return best || pool[0] || null;
  }

  // ---- Grading: generator/quizzes/questions.py grade() ---------------------------------------------
  function unique(list) {
    var seen = {};
    return list.filter(function (x) { return seen[x] ? false : (seen[x] = true); });
  }

  function answerIds(q) {
    return q.answer.fans.map(function (f) { return f.id; });
  }

  // ---- Editions of the rules: the bank answers in its first; others where they differ ------------------
  var EDITION_KEY = "mcr-quiz-edition";

  // The question as `edition` scores it (Question.in_edition): its answer and what is not
  // counted are that edition's where the bank says it differs.
  function inEdition(q, edition) {
    var other = q.editions && q.editions[edition];
    if (!other) return q;
    var copy = {}, explanation = {};
    Object.keys(q).forEach(function (k) { copy[k] = q[k]; });
    Object.keys(q.explanation).forEach(function (k) { explanation[k] = q.explanation[k]; });
    explanation.not_counted = other.not_counted;
    copy.answer = other.answer;
    copy.explanation = explanation;
    if (other.reading_totals) {
      copy.readings = q.readings.map(function (r, i) {
        var swapped = {};
        Object.keys(r).forEach(function (k) { swapped[k] = r[k]; });
        swapped.total = other.reading_totals[i];
        return swapped;
      });
    }
    copy.base = q;
    return copy;
  }

  // The answer of every edition of the rules, by edition id.
  function answersByEdition(q, editions) {
    var base = q.base || q, out = {};
    editions.forEach(function (e, i) {
      out[e.id] = i === 0 || !(base.editions && base.editions[e.id]) ? base.answer : base.editions[e.id].answer;
    });
    return out;
  }

  function sameAnswer(a, b) {
    return JSON.stringify(a) === JSON.stringify(b);
  }

  // What a payments answer must give: [each] when self-drawn, else [discarder, others].
  function expectedPayments(q) {
    var p = q.answer.payments;
    if (!p) throw new Error("question " + q.id + " has no payments: the hand is not a valid win");
    return p.self_drawn ? [p.each] : [p.discarder, p.others];
  }

  // The fans of each way to the highest total, the answer's own first (accepted_fan_sets).
  function acceptedFanSets(q) {
    return [q.answer].concat(q.answer.ties || []).map(function (way) {
      var set = {};
      way.fans.forEach(function (f) { set[f.id] = true; });
      return set;
    });
  }

  // The offered readings that score highest (best_readings).
  function bestReadings(q) {
    var totals = q.readings.map(function (r) { return r.total; }), top = Math.max.apply(null, totals);
    return totals.map(function (t, i) { return t === top ? i : -1; }).filter(function (i) { return i >= 0; });
  }

  function singleWait(q) {
    return q.answer.waits.length === 1;
  }

  function involvedFans(q, correct) {
    var involved = unique(answerIds(q).concat(q.explanation.not_counted.map(function (n) { return n.id; })));
    return involved.map(function (f) { return [f, correct]; });
  }

  function sortedKeys(set) {
    return Object.keys(set).filter(function (k) { return set[k]; }).sort();
  }

  // response: a number (total), a list of fan ids (fans), a boolean (valid, one_tile_wait),
  // a list of numbers (payments), a list of tiles (waits), a reading's index (best_reading);
  // null or [] when the learner does not know. A fans answer is right when it names the fans
  // of any way to the highest total; `tie` says which way it took (0: the answer's own).
  function grade(q, response) {
    var answer = q.answer;
    if (q.kind === "fans") {
      var picked = {};
      (response || []).forEach(function (f) { picked[f] = true; });
      var ways = acceptedFanSets(q), tie = 0, closest = Infinity;
      ways.forEach(function (way, i) {
        var apart = q.options.filter(function (f) { return !!way[f] !== !!picked[f]; }).length;
        if (apart < closest) { closest = apart; tie = i; }
      });
      var right = ways[tie];
      var missed = q.options.filter(function (f) { return right[f] && !picked[f]; });
      var wrong = q.options.filter(function (f) { return picked[f] && !right[f]; });
      var ok = !missed.length && !wrong.length;
      return {correct: ok, missed: missed, wrong: wrong, tie: ok ? tie : 0,
              fanResults: q.options.map(function (f) { return [f, !!picked[f] === !!right[f]]; })};
    }
    if (q.kind === "waits") {
      var given = {}, waits = {};
      (response || []).forEach(function (t) { given[t] = true; });
      answer.waits.forEach(function (t) { waits[t] = true; });
      // In the engine's tile order (1m..9s, winds, dragons), as generator/quizzes/questions.py and the breakdown.
      var missedTiles = answer.waits.filter(function (t) { return !given[t]; });
      var wrongTiles = sortedKeys(given).filter(function (t) { return !waits[t]; });
      var all = !missedTiles.length && !wrongTiles.length;
      return {correct: all, missed: missedTiles, wrong: wrongTiles, tie: 0, fanResults: involvedFans(q, all)};
    }
    var correct;
    if (q.kind === "total") {
      correct = response === answer.total;
    } else if (q.kind === "valid") {
      correct = response === answer.valid;
    } else if (q.kind === "payments") {
      var expected = expectedPayments(q), values = response || [];
      correct = values.length === expected.length && expected.every(function (v, i) { return values[i] === v; });
    } else if (q.kind === "one_tile_wait") {
      correct = response === singleWait(q);
    } else if (q.kind === "best_reading") {
      correct = response !== null && response !== undefined && bestReadings(q).indexOf(response) >= 0;
    } else {
      throw new Error("unknown question kind " + q.kind);
    }
    return {correct: correct, missed: [], wrong: [], tie: 0, fanResults: involvedFans(q, correct)};
  }

  // ---- Attribution: trainer/attribution.py in the browser -------------------------------------
  var CREDIT = "credit", WEAK = "weak", DOUBT = "doubt", BLAME = "blame";

  // The total a response stands for (implied_total): the number given; for payments, the
  // total the payment from the discarder (or from each, when self-drawn) implies.
  function impliedTotal(q, response) {
    if (q.kind === "total") return Number.isInteger(response) ? response : null;
    var p = q.answer.payments;
    if (!p || !Array.isArray(response) || !response.every(Number.isInteger)) return null;
    if (response.length !== (p.self_drawn ? 1 : 2)) return null;
    return response[0] - ((p.self_drawn ? p.each : p.discarder) - q.answer.total);
  }

  // The fewest mistakes whose points add up to `difference` (explanations): items are
  // [fan, points it adds, how many times it can be made]; [] when `most` mistakes cannot.
  function explanations(difference, items, most) {
    for (var size = 1; size <= most; size++) {
      var found = [];
      (function walk(start, left, sum, way) {
        if (!left) {
          if (sum === difference) found.push(way.map(function (i) { return items[i][0]; }));
          return;
        }
        for (var i = start; i < items.length; i++) {
          var used = way.filter(function (j) { return j === i; }).length;
          if (used < items[i][2]) walk(i, left - 1, sum + items[i][1], way.concat([i]));
        }
      })(0, size, 0, []);
      if (found.length) return found;
    }
    return [];
  }

  // `taken`: the way to the highest total the response took (grade().tie), 0 the answer's own.
  function fansVerdicts(q, response, taken) {
    var picked = {}, right = acceptedFanSets(q)[taken || 0], out = [];
    (response || []).forEach(function (f) { picked[f] = true; });
    q.options.forEach(function (f) {
      if (right[f]) out.push([f, picked[f] ? CREDIT : BLAME]);
      else if (picked[f]) out.push([f, BLAME]);   // a distractor rightly left alone says nothing
    });
    return out;
  }

  function pointsVerdicts(q, response, fans, settings) {
    var given = impliedTotal(q, response);
    if (given === null) return [];
    var counted = q.answer.fans.filter(function (f) { return fans[f.id]; });
    var suspects = {}, certain = {};
    if (given !== q.answer.total) {
      var items = counted.map(function (f) { return [f.id, -fans[f.id].points, f.count]; }), tempting = {};
      q.explanation.not_counted.forEach(function (n) {
        if (fans[n.id]) tempting[n.id] = (tempting[n.id] || 0) + 1;
      });
      Object.keys(tempting).forEach(function (f) { items.push([f, fans[f].points, tempting[f]]); });
      var found = explanations(given - q.answer.total, items, settings.most_mistakes);
      if (!found.length) return counted.map(function (f) { return [f.id, DOUBT]; });
      found.forEach(function (way) { way.forEach(function (f) { suspects[f] = true; }); });
      Object.keys(suspects).forEach(function (f) {
        if (found.every(function (way) { return way.indexOf(f) >= 0; })) certain[f] = true;
      });
    }
    var out = Object.keys(suspects).sort().map(function (f) { return [f, certain[f] ? BLAME : DOUBT]; });
    return out.concat(counted.filter(function (f) { return !suspects[f.id]; }).map(function (f) { return [f.id, WEAK]; }));
  }

  // The outcome for each reviewed fan (attribute()): [{fan, verdict, family}]. `fans`: the
  // data file's fans (points, family, reviewed).
  function attribute(q, response, fans, settings, taken) {
    var verdicts = q.kind === "fans" ? fansVerdicts(q, response, taken)
      : q.kind === "total" || q.kind === "payments" ? pointsVerdicts(q, response, fans, settings) : [];
    var out = [], at = {};
    verdicts.forEach(function (pair) {
      var fan = pair[0], fact = fans[fan];
      if (!fact || !fact.reviewed) return;
      if (!(fan in at)) { at[fan] = out.length; out.push({fan: fan, verdict: pair[1], family: fact.family}); }
      else if (out[at[fan]].verdict !== BLAME) out[at[fan]].verdict = pair[1];   // a fan met twice keeps a blame
    });
    return out;
  }

  // ---- Drawing ---------------------------------------------------------------------------------
  var dom = window.McrDom, h = dom.h, fillNodes = dom.fillNodes, table = dom.table, cell = dom.cell;   // dom.js

  // Replace a node's children, skipping the absent ones (null for "nothing to say").
  function setChildren(node, children) {
    node.replaceChildren.apply(node, children.filter(function (c) { return c !== null && c !== undefined; }));
  }

  function Context(root, data) {
    this.root = root;
    this.data = data;
    this.lang = data.lang;
    this.store = new window.McrDom.Store(STORAGE_KEY, newProgress, checkProgress);   // dom.js
    var tiles = root.getAttribute("data-tiles") || "";
    this.tilesBase = tiles.slice(0, tiles.lastIndexOf("/") + 1);
    this.fansUrl = root.getAttribute("data-fans") || "";
    this.scoringUrl = root.getAttribute("data-scoring") || "";
    this.rulingsUrl = root.getAttribute("data-rulings") || "";
  }

  // A string of the page's language; a missing one shows its key, never nothing.
  // The edition the learner scores by: their choice, kept in the browser, else the first.
  Context.prototype.edition = function () {
    var ids = this.data.editions.map(function (e) { return e.id; }), saved = null;
    try { saved = window.localStorage.getItem(EDITION_KEY); } catch (err) { saved = null; }
    return ids.indexOf(saved) >= 0 ? saved : ids[0];
  };

  Context.prototype.setEdition = function (id) {
    try { window.localStorage.setItem(EDITION_KEY, id); } catch (err) { /* kept for this page only */ }
  };

  // A note per other edition that scores the hand differently: its total and the fans
  // that differ from the chosen edition's.
  Context.prototype.editionNotes = function (q) {
    var self = this, chosen = this.edition(), answers = answersByEdition(q, this.data.editions);
    var mine = answers[chosen];
    return this.data.editions.filter(function (e) {
      return e.id !== chosen && !sameAnswer(answers[e.id], mine);
    }).map(function (e) {
      var theirs = answers[e.id], count = {}, changes = [];
      mine.fans.forEach(function (f) { count[f.id] = -f.count; });
      theirs.fans.forEach(function (f) { count[f.id] = (count[f.id] || 0) + f.count; });
      Object.keys(count).sort(function (a, b) { return self.fan(a).number - self.fan(b).number; }).forEach(function (id) {
        if (count[id]) changes.push((count[id] > 0 ? "+" : "−") + self.fan(id).name +
                                    (Math.abs(count[id]) > 1 ? " ×" + Math.abs(count[id]) : ""));
      });
      return h("p", {class: "mcr-quiz__edition-note", "data-edition": e.id},
               [self.t("edition_note", {edition: e.name, points: self.points(theirs.total), changes: changes.join(", ")})]);
    });
  };

  Context.prototype.t = function (key, values) {
    var template = this.data.text[key];
    if (template === undefined) return "[" + key + "]";
    return fillNodes(template, values || {}).map(String).join("");
  };

  Context.prototype.nodes = function (key, values) {
    var template = this.data.text[key];
    return template === undefined ? ["[" + key + "]"] : fillNodes(template, values || {});
  };

  Context.prototype.points = function (n) {
    return this.t(n === 1 ? "points_one" : "points_other", {n: n});
  };

  Context.prototype.fan = function (id) {
    return this.data.fans[id] || {name: id, points: 0, number: 0, family: "", missing: false};
  };

  // fans/index.md's URL gives every fan page's: "../../fans/" + id + "/" (or id.html).
  Context.prototype.fanUrl = function (id) {
    var base = this.fansUrl;
    if (/index\.html$/.test(base)) return base.replace(/index\.html$/, id + ".html");
    return base + (base && base.slice(-1) !== "/" ? "/" : "") + id + "/";
  };

  Context.prototype.fanLink = function (id) {
    var fan = this.fan(id);
    var badge = fan.missing ? h("span", {class: "mcr-untranslated", title: this.t("untranslated_title")},
                                [this.t("untranslated")]) : null;
    return h("span", {class: "mcr-quiz__fan"}, [h("a", {href: this.fanUrl(id)}, [fan.name]), badge ? " " : null, badge]);
  };

  Context.prototype.fanNames = function (ids) {
    var self = this;
    return ids.map(function (id) { return self.fan(id).name; }).join(this.t("list_separator"));
  };

  Context.prototype.tileName = function (face) {
    return this.data.tiles[face] || face;
  };

  Context.prototype.tile = function (face, variant, extra) {
    var file = variant === "back" ? "back.svg" : variant === "standing" ? face + ".svg" : face + "-" + variant + ".svg";
    var alt = variant === "back" ? this.t("face_down") : this.tileName(face);
    var css = "mcr-tile" + (variant === "standing" ? "" : " mcr-tile--" + variant) + (extra ? " " + extra : "");
    return h("img", {class: css, src: this.tilesBase + file, alt: alt, title: alt});
  };

  Context.prototype.tileImages = function (faces) {
    var self = this;
    return faces.map(function (f) { return self.tile(f, "standing", "mcr-tile--mini"); });
  };

  Context.prototype.tileNames = function (faces) {
    var self = this;
    return faces.map(function (f) { return self.tileName(f); }).join(this.t("list_separator"));
  };

  // "345p" -> ["3p", "4p", "5p"]; "EEE" -> ["E", "E", "E"] (the engine's group texts).
  function facesOf(group) {
    var faces = [], match, pattern = /(\d+)([mps])|([ESWNCFP])/g;
    while ((match = pattern.exec(group)) !== null) {
      if (match[3]) faces.push(match[3]);
      else match[1].split("").forEach(function (d) { faces.push(d + match[2]); });
    }
    return faces;
  }

  Context.prototype.sets = function (groups) {
    var self = this;
    if (!groups.length) return [h("span", {class: "mcr-whole"}, [this.t("score_whole_hand")])];
    return groups.map(function (g) {
      return h("span", {class: "mcr-set", title: g.replace("*", "")},
               facesOf(g).map(function (f) { return self.tile(f, "standing", "mcr-tile--mini"); }));
    });
  };

  // The hand as the site draws `hand` blocks (generator/site/hand_render.py, same CSS classes).
  Context.prototype.hand = function (q) {
    var self = this, tiles = q.kind === "waits" ? q.waiting.tiles : q.tiles;   // waits: before its winning tile
    var groups = window.McrDom.handGroups(tiles, function (k) { return self.t(k); }, function (f, v) { return self.tile(f, v); });
    var situation = this.situation(q.situation).map(function (s) { return h("span", {}, [s]); });
    return h("figure", {class: "mcr-hand mcr-quiz__hand", "data-hand": q.hand, lang: this.lang}, [
      h("div", {class: "mcr-hand__tiles", role: "group", "aria-label": this.t("hand_label")}, groups),
      h("figcaption", {class: "mcr-hand__situation"}, situation)]);
  };

  // How the hand was won, always with the winds (they change the score): situation_line().
  Context.prototype.situation = function (s) {
    var self = this, parts = [];
    parts.push(this.t(s.self_drawn || s.replacement ? "situation_self_drawn" : "situation_discard"));
    this.data.situation_flags.forEach(function (flag) {
      if (s[flag]) parts.push(self.t("situation_" + flag));
    });
    parts.push(this.t("situation_seat_wind", {wind: this.t("wind_" + s.seat_wind)}));
    parts.push(this.t("situation_prevalent_wind", {wind: this.t("wind_" + s.prevalent_wind)}));
    if (s.flowers) parts.push(this.t("situation_flowers", {n: s.flowers}));
    return parts;
  };

  Context.prototype.principle = function (principle) {
    var name = this.t("principle_" + principle);
    if (!this.scoringUrl) return h("span", {}, [name]);
    return h("a", {href: this.scoringUrl + "#" + principle.replace(/_/g, "-")}, [name]);
  };

  // Why a matched fan does not count: the fan that implies it, and the principle.
  Context.prototype.reason = function (n) {
    // "Implied by" only where the fan's definition implies it; else the rules list it (listed).
    var reason = n.principle === "non_repeat" && n.by
      ? h("span", {}, this.nodes(n.listed ? "why_listed" : "why_non_repeat", {fan: this.fanLink(n.by)}))
      : h("span", {}, [this.t("why_" + n.principle)]);
    return this.nodes("why_principle", {reason: reason, principle: this.principle(n.principle)});
  };

  // Why a "near" option does not count: the one change that would make it count.
  Context.prototype.near = function (change) {
    if ("out" in change) return this.t("near_tile", {old: this.tileName(change.out), "new": this.tileName(change["in"])});
    if ("self_drawn" in change) return this.t(change.self_drawn ? "near_self_drawn" : "near_discard");
    if ("seat_wind" in change) return this.t("near_seat_wind", {wind: this.t("wind_" + change.seat_wind)});
    if ("prevalent_wind" in change) return this.t("near_prevalent_wind", {wind: this.t("wind_" + change.prevalent_wind)});
    return this.t("near_other");
  };

  // Everything about the answer: each fan with its points and sets, each tempting fan not
  // counted and why, the other options, the lower readings, the total, validity, payments.
  Context.prototype.breakdown = function (q) {
    var self = this, answer = q.answer, expl = q.explanation;
    var reading = h("p", {class: "mcr-quiz__reading"},
                    [h("strong", {}, [this.t("reading")]), " "].concat(this.sets(expl.groups)));
    var fanRows = answer.fans.map(function (f) {
      return h("tr", {"data-fan": f.id}, [cell("", [self.fanLink(f.id)]), cell("mcr-num", [self.fan(f.id).points]),
        cell("mcr-num", ["×" + f.count]), cell("mcr-sets", self.sets(f.groups))]);
    });
    var flowers = answer.total - answer.total_without_flowers;
    var total = flowers ? this.t("score_total_with_flowers", {total: answer.total, base: answer.total_without_flowers,
                                                               flowers: flowers}) : String(answer.total);
    var foot = h("tfoot", {}, [h("tr", {}, [h("th", {scope: "row"}, [this.t("score_total")]),
                                           h("td", {class: "mcr-num mcr-total", colspan: "3"}, [total])])]);
    var parts = [reading, table(this.t("score_caption"),
      [this.t("score_fan"), this.t("score_points"), this.t("score_count"), this.t("score_sets")], fanRows, foot)];
    if (expl.not_counted.length) {
      parts.push(h("div", {class: "mcr-hand__not-counted"}, [table(this.t("not_counted_caption"), null,
        expl.not_counted.map(function (n) {
          return h("tr", {"data-fan": n.id}, [cell("", [self.fanLink(n.id)]), cell("mcr-num", [self.fan(n.id).points]),
            cell("mcr-sets", self.sets(n.groups)), cell("mcr-quiz__why", self.reason(n))]);
        }))]));
    }
    var near = (q.distractors || []).filter(function (d) { return d.reason === "near"; });
    if (near.length) {
      parts.push(h("div", {class: "mcr-hand__not-counted mcr-quiz__near"}, [table(this.t("other_options"), null,
        near.map(function (d) {
          return h("tr", {"data-fan": d.id}, [cell("", [self.fanLink(d.id)]), cell("mcr-num", [self.fan(d.id).points]),
            cell("mcr-quiz__why", [self.near(d.change)])]);
        }))]));
    }
    expl.other_readings.forEach(function (other) {
      parts.push(h("p", {class: "mcr-quiz__other-reading"}, self.nodes("other_reading",
        {groups: h("span", {class: "mcr-quiz__sets"}, self.sets(other.groups)), points: self.points(other.total)})));
    });
    (answer.ties || []).forEach(function (way) {
      parts.push(h("p", {class: "mcr-quiz__tie"}, self.nodes("tie_way",
        {groups: h("span", {class: "mcr-quiz__sets"}, self.sets(way.groups)),
         fans: self.fanNames(way.fans.map(function (f) { return f.id; }))})));
    });
    if (q.kind === "best_reading") {
      q.readings.forEach(function (r, i) {
        parts.push(h("p", {class: "mcr-quiz__reading-score", "data-reading": i}, [self.t("reading_scores",
          {n: i + 1, points: self.points(r.total), fans: self.fanNames(r.fans.map(function (f) { return f.id; }))})]));
      });
    }
    parts.push(h("p", {class: "mcr-quiz__waited"}, this.nodes(answer.waits.length === 1 ? "waited_on_one" : "waited_on",
      {tiles: h("span", {class: "mcr-quiz__tiles"}, this.tileImages(answer.waits))})));
    var onHand = {};
    answer.fans.concat(expl.not_counted).forEach(function (f) { onHand[f.id] = true; });
    var rulings = (this.data.rulings || []).filter(function (r) { return r.fans.some(function (f) { return onHand[f]; }); });
    if (rulings.length) {   // where the rulebook settles a point about this hand's fans
      parts.push(h("div", {class: "mcr-quiz__rulings"}, [h("p", {}, [this.t("rulings_heading")]),
        h("ul", {}, rulings.map(function (r) {
          return h("li", {"data-ruling": r.id}, [self.rulingsUrl ? h("a", {href: self.rulingsUrl + "#" + r.id}, [r.question])
                                                                 : r.question]);
        }))]));
    }
    var minimum = this.data.minimum;
    parts.push(h("p", {class: "mcr-verdict mcr-verdict--" + (answer.valid ? "valid" : "invalid")},
      [this.t(answer.valid ? "valid_win" : "invalid_win", {points: this.points(answer.total_without_flowers), minimum: minimum})]));
    var p = answer.payments, pay;
    if (!p) pay = this.t("pay_none");
    else if (p.self_drawn) pay = this.t("pay_self", {base: p.each - answer.total, total: answer.total, each: p.each,
                                                    receives: p.winner_receives});
    else pay = this.t("pay_discard", {base: p.others, total: answer.total, discarder: p.discarder,
                                      receives: p.winner_receives});
    parts.push(h("p", {class: "mcr-payments"}, [pay]));
    return h("div", {class: "mcr-quiz__breakdown"}, [
      h("p", {class: "mcr-quiz__subhead"}, [this.t("breakdown")]),
      h("div", {class: "mcr-hand__score"}, parts)]);
  };

  // ---- Asking --------------------------------------------------------------------------------
  function blank(kind) {
    return kind === "payments" || kind === "waits" ? [] : null;   // "I don't know" (grades as picking no fan, for fans)
  }

  function button(label, css, onclick, type) {
    return h("button", {type: type || "button", class: "md-button " + (css || ""), onclick: onclick}, [label]);
  }

  function numberField(label, name) {
    return h("label", {class: "mcr-quiz__field"}, [h("span", {}, [label]),
      h("input", {type: "number", name: name, min: "0", step: "1", inputmode: "numeric", required: true,
                  autocomplete: "off"})]);
  }

  // The question's prompt and its form; `answer(response)` is called once with the response.
  Context.prototype.form = function (q, answer) {
    var self = this, fields = [], actions = [];
    var form = h("form", {class: "mcr-quiz__form", "data-kind": q.kind});
    var dontKnow = button(this.t("dont_know"), "mcr-quiz__dont-know", function () { answer(blank(q.kind)); });
    var read = null;
    if (q.kind === "total") {
      fields.push(numberField(this.t("label_total"), "total"));
      read = function () { return parseInt(form.elements.total.value, 10); };
    } else if (q.kind === "payments") {
      if (expectedPayments(q).length === 1) {
        fields.push(numberField(this.t("label_each"), "each"));
      } else {
        fields.push(numberField(this.t("label_discarder"), "discarder"), numberField(this.t("label_others"), "others"));
      }
      read = function () {
        return Array.prototype.map.call(form.querySelectorAll("input"), function (i) { return parseInt(i.value, 10); });
      };
    } else if (q.kind === "fans") {
      fields.push(h("ul", {class: "mcr-quiz__options"}, q.options.map(function (id) {
        var fan = self.fan(id);
        return h("li", {class: "mcr-quiz__option", "data-fan": id}, [h("label", {}, [
          h("input", {type: "checkbox", name: "fan", value: id}), " ", h("span", {class: "mcr-quiz__option-name"},
            [fan.name]), " ", h("span", {class: "mcr-quiz__points"}, [self.points(fan.points)])])]);
      })));
      read = function () {
        return Array.prototype.filter.call(form.querySelectorAll("input[name=fan]"), function (i) { return i.checked; })
          .map(function (i) { return i.value; });
      };
    } else if (q.kind === "waits") {
      // Every face, by suit then honors: the learner ticks the ones the hand waits on.
      fields.push(h("div", {class: "mcr-quiz__palette", role: "group", "aria-label": this.t("label_tiles")},
        this.data.tile_order.map(function (face) {
          return h("label", {class: "mcr-quiz__tile-choice", "data-tile": face, title: self.tileName(face)}, [
            h("input", {type: "checkbox", name: "tile", value: face}), self.tile(face, "standing")]);
        })));
      read = function () {
        return Array.prototype.filter.call(form.querySelectorAll("input[name=tile]"), function (i) { return i.checked; })
          .map(function (i) { return i.value; });
      };
    } else if (q.kind === "best_reading") {
      fields.push(h("ol", {class: "mcr-quiz__readings"}, q.readings.map(function (r, i) {
        return h("li", {class: "mcr-quiz__reading-choice", "data-reading": i}, [h("label", {}, [
          h("input", {type: "radio", name: "reading", value: i, required: true}), " ",
          h("span", {class: "mcr-quiz__sets"}, self.readingSets(r))])]);
      })));
      read = function () {
        var picked = form.querySelector("input[name=reading]:checked");
        return picked ? parseInt(picked.value, 10) : null;
      };
    }
    if (q.kind === "valid" || q.kind === "one_tile_wait") {
      actions.push(button(this.t("yes"), "md-button--primary mcr-quiz__yes", function () { answer(true); }),
                   button(this.t("no"), "md-button--primary mcr-quiz__no", function () { answer(false); }));
    } else {
      actions.push(button(this.t("check"), "md-button--primary mcr-quiz__check", null, "submit"));
    }
    actions.push(dontKnow);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (read) answer(read());
    });
    fields.forEach(function (f) { form.appendChild(f); });
    form.appendChild(h("div", {class: "mcr-quiz__actions"}, actions));
    return form;
  };

  // A reading's sets, the one its winning tile completed marked.
  Context.prototype.readingSets = function (reading) {
    var marked = false, self = this;
    return reading.groups.map(function (g) {
      var winning = !marked && g === reading.winning_group;
      if (winning) marked = true;
      return h("span", {class: "mcr-set" + (winning ? " mcr-set--winning" : ""),
                        title: winning ? self.t("winning_tile") : g.replace("*", "")},
               facesOf(g).map(function (f) { return self.tile(f, "standing", "mcr-tile--mini"); }));
    });
  };

  Context.prototype.prompt = function (q) {
    if (q.kind === "payments") return this.t(q.answer.payments.self_drawn ? "ask_payments_self" : "ask_payments_discard");
    return this.t("ask_" + q.kind, {minimum: this.data.minimum});
  };

  Context.prototype.shownAnswer = function (q, response) {
    if (response === null || response === undefined || (Array.isArray(response) && !response.length && q.kind !== "fans"
                                                         && q.kind !== "waits")) {
      return this.t("no_answer");
    }
    if (q.kind === "fans") return response.length ? this.fanNames(q.options.filter(function (f) {
      return response.indexOf(f) >= 0; })) : "—";
    if (q.kind === "valid" || q.kind === "one_tile_wait") return this.t(response ? "yes" : "no");
    if (q.kind === "payments") return response.join(" / ");
    if (q.kind === "waits") return response.length ? this.tileNames(response.slice().sort()) : "—";
    if (q.kind === "best_reading") return this.t("reading_n", {n: response + 1});
    return String(response);
  };

  Context.prototype.expected = function (q) {
    var answer = q.answer, minimum = this.data.minimum;
    if (q.kind === "total") return this.t("expected_total", {points: this.points(answer.total)});
    if (q.kind === "valid") {
      return this.t(answer.valid ? "expected_valid" : "expected_invalid",
                    {points: this.points(answer.total_without_flowers), minimum: minimum});
    }
    if (q.kind === "fans") return this.t("expected_fans", {fans: this.fanNames(answerIds(q))});
    if (q.kind === "waits") return this.t("expected_waits", {tiles: this.tileNames(answer.waits)});
    if (q.kind === "one_tile_wait") {
      return this.t(singleWait(q) ? "expected_single" : "expected_not_single", {tiles: this.tileNames(answer.waits)});
    }
    if (q.kind === "best_reading") {
      var best = bestReadings(q);
      return this.t("expected_reading", {numbers: best.map(function (i) { return i + 1; }).join(this.t("list_separator")),
                                         points: this.points(q.readings[best[0]].total)});
    }
    var p = answer.payments;
    return p.self_drawn ? this.t("expected_self", {each: p.each})
      : this.t("expected_discard", {discarder: p.discarder, others: p.others});
  };

  // ---- A quiz: one level or one family -----------------------------------------------------------
  function runQuiz(ctx, pool, mode, focus) {
    var modeKind = mode.split(":")[0], key = mode.slice(modeKind.length + 1);
    var root = ctx.root, byId = {}, kinds = {}, settings = ctx.data.learner;
    var weighed = function (fan) { return ctx.fan(fan).reviewed === true && (!focus || focus(fan)); };
    pool.forEach(function (q) { byId[q.id] = q; kinds[q.kind] = true; });
    var score = h("span", {class: "mcr-quiz__score", "aria-live": "polite"});
    var select = h("select", {class: "mcr-quiz__kind"}, [h("option", {value: ""}, [ctx.t("kind_all")])].concat(
      ctx.data.kinds.filter(function (k) { return kinds[k]; }).map(function (k) {
        return h("option", {value: k}, [ctx.t("kind_" + k)]);
      })));
    var editionSelect = h("select", {class: "mcr-quiz__edition"}, ctx.data.editions.map(function (e) {
      return h("option", {value: e.id}, [e.name]);
    }));
    editionSelect.value = ctx.edition();
    var notice = h("p", {class: "mcr-quiz__notice", hidden: true, role: "status"});
    var stage = h("div", {class: "mcr-quiz__stage"});
    root.replaceChildren(
      h("div", {class: "mcr-quiz__bar"}, [h("label", {}, [ctx.t("kind_label") + " ", select]),
                                          h("label", {}, [ctx.t("edition_label") + " ", editionSelect]), score,
                                          resetButton(ctx, function () { say(ctx.t("reset_done")); next(); })]),
      notice, stage);

    function say(message) {
      notice.textContent = message;
      notice.hidden = !message;
    }

    function modeOf(progress) {
      return progress.modes[mode] || (progress.modes[mode] = newMode());
    }

    // Read, change and save the stored progress in one step.
    function update(change) {
      var progress = ctx.store.load();
      var result = change(progress, modeOf(progress));
      progress.last_active = Date.now();
      ctx.store.save(progress);
      showScore(modeOf(progress));
      return result;
    }

    function showScore(m) {
      score.textContent = m.seen ? ctx.t("score_percent", {right: m.right, asked: m.seen,
                                                           percent: Math.round(100 * m.right / m.seen)})
        : ctx.t("score_none");
      root.setAttribute("data-right", m.right);
      root.setAttribute("data-asked", m.seen);
    }

    function choices(kind) {
      return kind ? pool.filter(function (q) { return q.kind === kind; }) : pool;
    }

    function next() {
      var q = update(function (progress, m) {
        // A missed question whose turn has come first (trainer/reask.py), then the boxes' pick.
        var due = m.reask.filter(function (r) {
          return r.at <= m.seen && byId[r.id] && (!m.kind || byId[r.id].kind === m.kind);
        })[0];
        var picked = due ? byId[due.id] : pickQuestion(choices(m.kind), progress, m.recent, weighed);
        m.reask = m.reask.filter(function (r) { return r !== due && byId[r.id]; });
        m.again = due ? due.times : 0;
        m.current = picked ? picked.id : null;
        m.answered = false;
        m.response = null;
        return picked;
      });
      show(q, false, null, true);
    }

    function show(q, answered, response, moveFocus) {
      if (!q) {
        root.setAttribute("data-state", "empty");
        stage.replaceChildren(h("p", {class: "mcr-quiz__empty"}, [ctx.t("no_questions")]));
        return;
      }
      q = inEdition(q.base || q, ctx.edition());   // asked and graded as the chosen edition scores it
      root.setAttribute("data-edition", ctx.edition());
      var m = modeOf(ctx.store.load());
      var feedback = h("div", {class: "mcr-quiz__feedback", "aria-live": "polite"});
      var form = ctx.form(q, function (given) {
        if (root.getAttribute("data-state") !== "asking") return;
        var result = grade(q, given), back = false, move = null;
        update(function (progress, mode) {
          if (!mode.again) move = levelEvidence(mode, result.correct);
          var outcomes = attribute(q, given, ctx.data.fans, settings, result.tie);
          // Asked again, the answer was seen a few questions before: it may blame, not credit.
          if (mode.again) outcomes = outcomes.filter(function (o) { return o.verdict === BLAME; });
          record(progress, q.kind, result.correct, outcomes, mode.again > 0, settings);
          mode.seen += 1;
          if (!result.correct && mode.again < settings.reask_times) {
            mode.reask.push({id: q.id, at: mode.seen + settings.reask_after - 1, times: mode.again + 1});
            back = true;
          }
          mode.right += result.correct ? 1 : 0;
          mode.current = q.id;
          mode.answered = true;
          mode.response = given;
          mode.recent = mode.recent.concat([q.id]).slice(-RECENT_MAX);
        });
        answer(q, form, feedback, given, result, true, back, move);
      });
      setChildren(stage, [
        h("p", {class: "mcr-quiz__counter"}, [ctx.t("question_heading", {n: m.seen + (answered ? 0 : 1)}), " · ",
                                               ctx.t("kind_" + q.kind)]),
        m.again && m.current === q.id ? h("p", {class: "mcr-quiz__again"}, [ctx.t("asked_again")]) : null,
        ctx.hand(q), h("p", {class: "mcr-quiz__ask"}, [ctx.prompt(q)]), form, feedback]);
      root.setAttribute("data-question", q.id);
      root.setAttribute("data-kind", q.kind);
      root.setAttribute("data-state", "asking");
      if (answered) {
        answer(q, form, feedback, response, grade(q, response), false);
      } else if (moveFocus) {
        // Into the first field to fill in. A question answered with a button (Yes / No) puts
        // the focus on its prompt instead: a focused button looks already chosen.
        var first = form.querySelector("input, select, textarea");
        var ask = stage.querySelector(".mcr-quiz__ask");
        if (stage.getBoundingClientRect().top < 0) stage.scrollIntoView();
        if (first) {
          first.focus({preventScroll: true});
        } else if (ask) {
          ask.setAttribute("tabindex", "-1");
          ask.focus({preventScroll: true});
        }
      }
    }

    // Lock the form, mark the options, and explain.
    // A level page's answers are evidence for the learner's level (trainer/level_moves.py): once
    // the last `window` answers are in, enough right suggests the next level, too few the one
    // before; the page links to it, and the evidence starts again.
    function levelEvidence(m, correct) {
      var rule = settings.levels, levels = ctx.data.levels, at = levels.indexOf(key);
      if (modeKind !== "level" || at < 0) return null;
      m.window = (m.window || []).concat([correct ? 1 : 0]).slice(-rule.window);
      if (m.window.length < rule.window) return null;
      var right = m.window.reduce(function (a, b) { return a + b; }, 0), share = right / m.window.length;
      var to = share >= rule.up ? levels[at + 1] : share < rule.down ? levels[at - 1] : undefined;
      if (!to) return null;
      var n = m.window.length;
      m.window = [];
      return {level: to, up: share >= rule.up, right: right, n: n};
    }

    function answer(q, form, feedback, response, result, moveFocus, back, move) {
      root.setAttribute("data-state", "answered");
      Array.prototype.forEach.call(form.querySelectorAll("input, button"), function (el) { el.disabled = true; });
      form.querySelector(".mcr-quiz__actions").hidden = true;
      if (q.kind === "fans") {
        var way = acceptedFanSets(q)[result.tie], picked = response || [];   // the way the learner took
        var right = Object.keys(way);
        (response || []).forEach(function (id) {
          var box = form.querySelector('input[value="' + id + '"]');
          if (box) box.checked = true;
        });
        Array.prototype.forEach.call(form.querySelectorAll(".mcr-quiz__option"), function (li) {
          var id = li.getAttribute("data-fan"), counts = right.indexOf(id) >= 0, ticked = picked.indexOf(id) >= 0;
          li.classList.add("mcr-quiz__option--" + (counts ? (ticked ? "right" : "missed") : (ticked ? "wrong" : "other")));
        });
      } else if (q.kind === "waits") {
        var waits = q.answer.waits, ticked = response || [];
        Array.prototype.forEach.call(form.querySelectorAll(".mcr-quiz__tile-choice"), function (label) {
          var face = label.getAttribute("data-tile"), waited = waits.indexOf(face) >= 0, mine = ticked.indexOf(face) >= 0;
          label.querySelector("input").checked = mine;
          if (waited || mine) label.classList.add("mcr-quiz__option--" + (waited ? (mine ? "right" : "missed") : "wrong"));
        });
      } else if (q.kind === "best_reading") {
        var best = bestReadings(q);
        Array.prototype.forEach.call(form.querySelectorAll(".mcr-quiz__reading-choice"), function (li) {
          var i = parseInt(li.getAttribute("data-reading"), 10), top = best.indexOf(i) >= 0, mine = i === response;
          li.querySelector("input").checked = mine;
          li.classList.add("mcr-quiz__option--" + (top ? (mine ? "right" : "missed") : (mine ? "wrong" : "other")));
        });
      } else {
        var inputs = form.querySelectorAll("input");
        var values = q.kind === "total" ? [response] : (response || []);
        Array.prototype.forEach.call(inputs, function (input, i) {
          if (values[i] !== null && values[i] !== undefined && !isNaN(values[i])) input.value = values[i];
        });
      }
      var verdict = result.correct ? "✓ " + ctx.t("right")
        : "✗ " + ctx.t("wrong_answer", {answer: ctx.shownAnswer(q, response)});
      var nextButton = button(ctx.t("next"), "md-button--primary mcr-quiz__next", next);
      setChildren(feedback, [
        h("p", {class: "mcr-quiz__verdict mcr-quiz__verdict--" + (result.correct ? "right" : "wrong")}, [verdict]),
        h("p", {class: "mcr-quiz__expected"}, [ctx.expected(q)]),
        result.missed.length ? h("p", {class: "mcr-quiz__missed"}, [q.kind === "waits"
          ? ctx.t("missed_tiles", {tiles: ctx.tileNames(result.missed)}) : ctx.t("missed", {fans: ctx.fanNames(result.missed)})])
          : null,
        result.wrong.length ? h("p", {class: "mcr-quiz__picked-wrong"}, [q.kind === "waits"
          ? ctx.t("not_waited", {tiles: ctx.tileNames(result.wrong)}) : ctx.t("not_counting", {fans: ctx.fanNames(result.wrong)})])
          : null,
        result.tie ? h("p", {class: "mcr-quiz__tie-taken"}, ctx.nodes("tie_taken",
          {groups: h("span", {class: "mcr-quiz__sets"}, ctx.sets(q.answer.ties[result.tie - 1].groups))})) : null,
        back ? h("p", {class: "mcr-quiz__comes-back"}, [ctx.t("comes_back")]) : null,
        move ? h("p", {class: "mcr-quiz__level-move", role: "status", "data-level": move.level},
                 ctx.nodes(move.up ? "level_ready_up" : "level_ready_down", {right: move.right, n: move.n,
                   level: h("a", {href: "../" + move.level + "/"}, [ctx.t("level_" + move.level)])})) : null,
        ctx.breakdown(q)].concat(ctx.editionNotes(q), [
        h("div", {class: "mcr-quiz__actions"}, [nextButton])]));
      if (moveFocus) nextButton.focus({preventScroll: true});
    }

    // Another edition: the same question, asked (or answered) again as that edition scores it.
    editionSelect.addEventListener("change", function () {
      ctx.setEdition(editionSelect.value);
      var m = modeOf(ctx.store.load());
      var current = byId[m.current];
      if (current) show(current, m.answered, m.response, false);
    });

    select.addEventListener("change", function () {
      var kind = select.value;
      var current = update(function (progress, m) {
        m.kind = kind;
        return m.answered ? null : byId[m.current];
      });
      if (!current || (kind && current.kind !== kind)) next();
    });

    // Open where the learner left off: the same question, answered or not.
    var opening = update(function (progress, m) {
      if (progress.answers && Date.now() - progress.last_active > NEW_VISIT_MS) progress.session += 1;
      return {current: byId[m.current], answered: m.answered, response: m.response, kind: m.kind};
    });
    if (opening.kind && !kinds[opening.kind]) opening.kind = "";
    select.value = opening.kind;
    if (ctx.store.damaged) say(ctx.t("storage_damaged"));
    if (!ctx.store.available) say(ctx.t("storage_off"));
    if (opening.current && (!opening.kind || opening.current.kind === opening.kind)) {
      show(opening.current, opening.answered, opening.response, false);
    } else {
      next();
    }
  }

  // "Reset my progress", asking for a second click before erasing anything.
  function resetButton(ctx, after) {
    var armed = 0;
    var node = button(ctx.t("reset"), "mcr-quiz__reset", function () {
      if (Date.now() - armed > RESET_WINDOW_MS) {
        armed = Date.now();
        node.textContent = ctx.t("reset_confirm");
        node.classList.add("mcr-quiz__reset--armed");
        return;
      }
      armed = 0;
      node.textContent = ctx.t("reset");
      node.classList.remove("mcr-quiz__reset--armed");
      ctx.store.reset();
      after();
    });
    node.addEventListener("blur", function () {
      armed = 0;
      node.textContent = ctx.t("reset");
      node.classList.remove("mcr-quiz__reset--armed");
    });
    return node;
  }

  // ---- The timed drill: N hands' totals against the clock (trainer/timed_drill.py in the terminal) ----------
  var TIMED_KEY = "mcr-quiz-timed", TIMED_COUNTS = [5, 10, 20];

  function clockText(seconds) {
    var whole = Math.round(seconds);
    return Math.floor(whole / 60) + ":" + ("0" + whole % 60).slice(-2);
  }

  // The best drill per level, length and edition: more hands right, or as many in less time.
  function loadBests() {
    try {
      var data = JSON.parse(window.localStorage.getItem(TIMED_KEY) || "{}");
      return isObject(data) ? data : {};
    } catch (err) { return {}; }
  }

  function keepBest(key, right, seconds) {
    var bests = loadBests(), before = bests[key];
    var valid = isObject(before) && isCount(before.right) && typeof before.seconds === "number";
    var better = !valid || right > before.right || (right === before.right && seconds < before.seconds);
    if (better) {
      bests[key] = {right: right, seconds: Math.round(seconds * 10) / 10};
      try { window.localStorage.setItem(TIMED_KEY, JSON.stringify(bests)); } catch (err) { /* kept for this page */ }
    }
    return {previous: valid ? before : null, better: better};
  }

  function runTimed(ctx, pool) {
    var root = ctx.root, now = function () { return window.performance.now() / 1000; };
    var totals = pool.filter(function (q) { return q.kind === "total"; });
    var levelSelect = h("select", {class: "mcr-quiz__timed-level"}, ctx.data.levels.map(function (lv) {
      return h("option", {value: lv}, [ctx.t("level_" + lv)]);
    }));
    var countSelect = h("select", {class: "mcr-quiz__timed-count"}, TIMED_COUNTS.map(function (n) {
      return h("option", {value: n, selected: n === 10}, [String(n)]);
    }));
    var stage = h("div", {class: "mcr-quiz__stage"});
    var startButton = button(ctx.t("timed_start"), "md-button--primary mcr-quiz__timed-start", begin);
    root.replaceChildren(h("div", {class: "mcr-quiz__bar"}, [
      h("label", {}, [ctx.t("timed_level") + " ", levelSelect]),
      h("label", {}, [ctx.t("timed_count") + " ", countSelect]), startButton]), stage);
    root.setAttribute("data-state", "ready");
    var ticker = null;

    function begin() {
      var level = levelSelect.value, count = parseInt(countSelect.value, 10);
      var questions = totals.filter(function (q) { return q.level === level; }).slice();
      for (var i = questions.length - 1; i > 0; i--) {   // a fresh random order each drill
        var j = Math.floor(Math.random() * (i + 1)), swap = questions[i];
        questions[i] = questions[j];
        questions[j] = swap;
      }
      questions = questions.slice(0, count).map(function (q) { return inEdition(q, ctx.edition()); });
      var answers = [], clock = h("span", {class: "mcr-quiz__clock", role: "timer"}), started = now(), shownAt = 0;
      startButton.disabled = levelSelect.disabled = countSelect.disabled = true;
      window.clearInterval(ticker);
      ticker = window.setInterval(function () { clock.textContent = ctx.t("timed_clock", {time: clockText(now() - started)}); }, 250);
      clock.textContent = ctx.t("timed_clock", {time: clockText(0)});

      function ask(n) {
        if (n === questions.length) return finish();
        var q = questions[n];
        var field = h("input", {type: "number", name: "total", min: "0", step: "1", inputmode: "numeric",
                                autocomplete: "off", "aria-label": ctx.t("label_total")});
        var form = h("form", {class: "mcr-quiz__form", "data-kind": "total"}, [
          h("label", {class: "mcr-quiz__field"}, [h("span", {}, [ctx.t("label_total")]), field]),
          h("div", {class: "mcr-quiz__actions"}, [button(ctx.t("check"), "md-button--primary mcr-quiz__check", null, "submit"),
            button(ctx.t("dont_know"), "mcr-quiz__dont-know", function () { answered(null); })])]);
        function answered(given) {
          answers.push({q: q, given: given, seconds: now() - shownAt});
          ask(n + 1);
        }
        form.addEventListener("submit", function (event) {
          event.preventDefault();
          var value = parseInt(field.value, 10);
          answered(isNaN(value) ? null : value);
        });
        stage.replaceChildren(
          h("p", {class: "mcr-quiz__counter"}, [ctx.t("timed_hand", {n: n + 1, count: questions.length}), " · ", clock]),
          ctx.hand(q), h("p", {class: "mcr-quiz__ask"}, [ctx.t("ask_total")]), form);
        root.setAttribute("data-question", q.id);
        root.setAttribute("data-state", "asking");
        shownAt = now();
        field.focus({preventScroll: true});
      }

      function finish() {
        window.clearInterval(ticker);
        var right = 0, seconds = 0;
        var rows = answers.map(function (a, i) {
          var ok = grade(a.q, a.given).correct;
          right += ok ? 1 : 0;
          seconds += a.seconds;
          return h("tr", {"data-question": a.q.id, class: ok ? "mcr-quiz__timed-right" : "mcr-quiz__timed-wrong"}, [
            cell("mcr-num", [String(i + 1)]), cell("", [ok ? "✓" : "✗"]),
            cell("mcr-num", [a.given === null ? "—" : String(a.given)]), cell("mcr-num", [String(a.q.answer.total)]),
            cell("mcr-num", [a.seconds.toFixed(1)])]);
        });
        var best = keepBest([levelSelect.value, questions.length, ctx.edition()].join(":"), right, seconds);
        var bestLine = best.previous ? ctx.t(best.better ? "timed_new_best" : "timed_best",
          {right: best.previous.right, time: clockText(best.previous.seconds)}) : null;
        var explained = answers.map(function (a, i) {
          if (grade(a.q, a.given).correct) return null;
          return h("details", {class: "mcr-quiz__timed-review", "data-question": a.q.id}, [
            h("summary", {}, [ctx.t("timed_review", {n: i + 1})]), ctx.hand(a.q), ctx.breakdown(a.q)]);
        });
        stage.replaceChildren.apply(stage, [
          h("p", {class: "mcr-quiz__timed-summary", role: "status"}, [ctx.t("timed_summary", {right: right, asked: answers.length,
            time: clockText(seconds), each: (seconds / answers.length).toFixed(1)})]),
          bestLine ? h("p", {class: "mcr-quiz__timed-best"}, [bestLine]) : null,
          h("div", {class: "mcr-quiz__timed-results"}, [table(ctx.t("timed_caption"), [ctx.t("timed_col_hand"),
            ctx.t("timed_col_ok"), ctx.t("timed_col_yours"), ctx.t("timed_col_right"), ctx.t("timed_col_time")], rows)])]
          .concat(explained).filter(function (x) { return x; }));
        startButton.disabled = levelSelect.disabled = countSelect.disabled = false;
        startButton.textContent = ctx.t("timed_again");
        root.setAttribute("data-state", "finished");
        startButton.focus({preventScroll: true});
      }
      ask(0);
    }
  }

  // ---- The history chart: accuracy by fan family, one bar per session (trainer/history_chart.py) -----
  var SVG_NS = "http://www.w3.org/2000/svg";
  var BAR_WIDTH = 10, BAR_GAP = 4, CHART_HEIGHT = 28;

  function svg(tag, attrs, children) {
    var node = document.createElementNS(SVG_NS, tag);
    Object.keys(attrs).forEach(function (key) { node.setAttribute(key, String(attrs[key])); });
    (children || []).forEach(function (child) { node.appendChild(child); });
    return node;
  }

  // A table: each family that came up in the last `shown` sessions, its bars (a bar's
  // height is the share right that session; a dot: none of its fans came up), and its
  // latest session's share. null when there is no history yet.
  function historyChart(ctx, history, shown) {
    var entries = history.slice(-shown);
    if (!entries.length) return null;
    var present = {};
    entries.forEach(function (e) { Object.keys(e.families).forEach(function (f) { present[f] = true; }); });
    var order = Object.keys(ctx.data.families).filter(function (f) { return present[f]; });
    Object.keys(present).sort().forEach(function (f) { if (order.indexOf(f) < 0) order.push(f); });
    var width = entries.length * (BAR_WIDTH + BAR_GAP) - BAR_GAP;
    var rows = order.map(function (family) {
      var name = ctx.data.families[family] || family, latest = null, marks = [];
      entries.forEach(function (e, i) {
        var t = e.families[family], x = i * (BAR_WIDTH + BAR_GAP);
        if (!t) {
          marks.push(svg("circle", {cx: x + BAR_WIDTH / 2, cy: CHART_HEIGHT - 2, r: 1.5, class: "mcr-quiz__chart-none"}));
          return;
        }
        latest = t;
        var height = Math.max(2, Math.round((CHART_HEIGHT - 2) * t.right / t.seen));
        var bar = svg("rect", {x: x, y: CHART_HEIGHT - height, width: BAR_WIDTH, height: height,
                               class: "mcr-quiz__chart-bar"});
        bar.appendChild(svg("title", {}, [document.createTextNode(
          ctx.t("history_bar", {session: e.session + 1, right: t.right, seen: t.seen}))]));
        marks.push(bar);
      });
      var label = ctx.t("history_label", {family: name, right: latest.right, seen: latest.seen});
      var plot = svg("svg", {width: width, height: CHART_HEIGHT, viewBox: "0 0 " + width + " " + CHART_HEIGHT,
                             role: "img", "aria-label": label, class: "mcr-quiz__chart"},
                     [svg("line", {x1: 0, x2: width, y1: CHART_HEIGHT - 0.5, y2: CHART_HEIGHT - 0.5,
                                   class: "mcr-quiz__chart-axis"})].concat(marks));
      return h("tr", {"data-family": family}, [h("td", {}, [name]), h("td", {}, [plot]),
        h("td", {class: "mcr-num"}, [Math.round(100 * latest.right / latest.seen) + "%"])]);
    });
    return h("div", {class: "mcr-quiz__history"}, [h("table", {}, [
      h("thead", {}, [h("tr", {}, [h("th", {scope: "col"}, [ctx.t("history_col_family")]),
                                   h("th", {scope: "col"}, [ctx.t("history_col_sessions", {first: entries[0].session + 1,   // counted from 1
                                                                                         last: entries[entries.length - 1].session + 1})]),
                                   h("th", {scope: "col"}, [ctx.t("history_col_last")])])]),
      h("tbody", {}, rows)])]);
  }

  // ---- The index page: scores by level and family, fans to review ------------------------------------
  function runOverview(ctx) {
    var root = ctx.root;
    var notice = h("p", {class: "mcr-quiz__notice", hidden: true, role: "status"});

    function render() {
      var progress = ctx.store.load(), seen = 0, right = 0;
      Object.keys(progress.kinds).forEach(function (k) { seen += progress.kinds[k].seen; right += progress.kinds[k].right; });
      var kinds = ctx.data.kinds.filter(function (k) { return progress.kinds[k]; }).map(function (k) {
        return h("li", {}, [ctx.t("kind_" + k) + " ", h("strong", {}, [progress.kinds[k].right + "/" + progress.kinds[k].seen])]);
      });
      var weak = Object.keys(progress.fans).filter(function (f) {
        return progress.fans[f].right < progress.fans[f].seen && ctx.data.fans[f] && ctx.data.fans[f].reviewed;
      }).sort(function (a, b) {
        var ra = progress.fans[a], rb = progress.fans[b];
        return ra.right / ra.seen - rb.right / rb.seen || rb.seen - ra.seen || ctx.fan(a).number - ctx.fan(b).number;
      }).slice(0, REVIEW_ROWS);
      var review = weak.length ? h("div", {class: "mcr-quiz__review"}, [h("table", {}, [
        h("thead", {}, [h("tr", {}, [h("th", {scope: "col"}, [ctx.t("review_col_fan")]),
                                     h("th", {scope: "col"}, [ctx.t("review_col_right")])])]),
        h("tbody", {}, weak.map(function (f) {
          var r = progress.fans[f];
          return h("tr", {"data-fan": f}, [h("td", {}, [ctx.fanLink(f)]),
                                           h("td", {class: "mcr-num"}, [ctx.t("review_right", {right: r.right, seen: r.seen})])]);
        }))])]) : h("p", {}, [ctx.t("review_empty")]);
      setChildren(root, [
        h("p", {class: "mcr-quiz__overall"}, [seen ? ctx.t("overall", {right: right, seen: seen,
                                                                       percent: Math.round(100 * right / seen)})
                                                    : ctx.t("overall_none")]),
        kinds.length ? h("ul", {class: "mcr-quiz__kinds"}, kinds) : null,
        h("p", {class: "mcr-quiz__subhead"}, [ctx.t("review_heading")]),
        weak.length ? h("p", {}, [ctx.t("review_intro")]) : null,
        review,
        h("p", {class: "mcr-quiz__subhead"}, [ctx.t("history_heading")]),
        h("p", {}, [ctx.t(progress.history.length ? "history_intro" : "history_empty")]),
        historyChart(ctx, progress.history, ctx.data.learner.history_shown),
        h("div", {class: "mcr-quiz__actions"}, [resetButton(ctx, function () {
          render();
          notice.textContent = ctx.t("reset_done");
          notice.hidden = false;
        })]),
        notice]);
      Array.prototype.forEach.call(document.querySelectorAll(".mcr-quiz-score[data-quiz-mode]"), function (slot) {
        var m = progress.modes[slot.getAttribute("data-quiz-mode")];
        slot.textContent = m && m.seen ? ctx.t("score", {right: m.right, asked: m.seen}) : "";
      });
      root.setAttribute("data-state", "overview");
      if (!ctx.store.available) { notice.textContent = ctx.t("storage_off"); notice.hidden = false; }
      else if (ctx.store.damaged) { notice.textContent = ctx.t("storage_damaged"); notice.hidden = false; }
    }
    render();
  }

  // ---- Start -----------------------------------------------------------------------------------------
  function getJson(url) {
    return window.fetch(url).then(function (response) {
      if (!response.ok) throw new Error(url + ": HTTP " + response.status);
      return response.json();
    });
  }

  // Bank questions with the situation fields their file leaves at the default.
  function questionsOf(bank) {
    return bank.questions.map(function (q) {
      var situation = {};
      Object.keys(bank.situation_defaults).forEach(function (k) { situation[k] = bank.situation_defaults[k]; });
      Object.keys(q.situation).forEach(function (k) { situation[k] = q.situation[k]; });
      var copy = {};
      Object.keys(q).forEach(function (k) { copy[k] = q[k]; });
      copy.situation = situation;
      return copy;
    });
  }

  function start(root) {
    var banks = (root.getAttribute("data-banks") || "").split(/\s+/).filter(Boolean);
    var mode = root.getAttribute("data-mode"), key = root.getAttribute("data-key");
    Promise.all([getJson(root.getAttribute("data-text"))].concat(banks.map(getJson))).then(function (loaded) {
      var ctx = new Context(root, loaded[0]);
      if (mode === "overview") return runOverview(ctx);
      var pool = [];
      loaded.slice(1).forEach(function (bank) {
        pool = pool.concat(questionsOf(bank).map(function (q) { q.level = bank.level; return q; }));
      });
      if (mode === "timed") return runTimed(ctx, pool);
      var focus = null;
      if (mode === "family") {
        focus = function (fan) { return ctx.fan(fan).family === key; };
        pool = pool.filter(function (q) { return q.drill.some(focus); });
      }
      runQuiz(ctx, pool, mode + ":" + key, focus);
    }).catch(function (err) {
      root.setAttribute("data-state", "error");
      var status = root.querySelector(".mcr-quiz__status") || root.appendChild(h("p", {class: "mcr-quiz__status"}));
      status.textContent = root.getAttribute("data-failed") || String(err);
      if (window.console) window.console.warn("mcr quiz:", err);
    });
  }

  // For the browser tests, which compare this grading with generator/quizzes/questions.py.
  window.mcrQuiz = {grade: grade, bestReadings: bestReadings, expectedPayments: expectedPayments, weight: weight,
                    due: due, record: record, attribute: attribute, historyChart: historyChart,
                    pickQuestion: pickQuestion, checkProgress: checkProgress, storageKey: STORAGE_KEY,
                    inEdition: inEdition, editionKey: EDITION_KEY, timedKey: TIMED_KEY};

  function startAll() {
    Array.prototype.forEach.call(document.querySelectorAll("div.mcr-quiz[data-text]"), start);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", startAll);
  } else {
    startAll();
  }
})();
