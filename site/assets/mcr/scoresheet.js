// The score sheet page (hand-written, not generated): the players, the form that enters a
// hand (a win, a draw, or the time running out, with its penalties), the hands of the
// session with each player's seat wind, hand result and running score, the session scores
// and standard points. The arithmetic is scoresheet-core.js's, on the edition's data in the
// page (generator/site/scoresheet_page.py).
//
// The sheet is kept in localStorage ("mcr-scoresheet"). A stored sheet that cannot be read,
// and a sheet replaced by one from a link or a file, by a new session or by a restored one,
// is kept aside under "mcr-scoresheet.kept.N" and listed with Restore, Download and Delete:
// nothing is lost without the reader's say. The sheet is exported as CSV and JSON, printed
// with the site's print stylesheet, and shared as a link that holds it whole.
//
// The event standings add up the exported sheets of several sessions (several tables, over
// several rounds), kept in localStorage ("mcr-scoresheet.event") apart from the sheet; the
// arithmetic and the ranking are scoresheet-core.js's eventStandings.
(function () {
  "use strict";

  var core = window.McrSheetCore, dom = window.McrDom, h = dom.h;
  var STORE_KEY = "mcr-scoresheet";
  var KEPT_PREFIX = STORE_KEY + ".kept.";
  var EVENT_KEY = STORE_KEY + ".event";
  var PLAYERS = [1, 2, 3, 4];

  function Sheet(root, data) {
    var self = this;
    this.root = root;
    this.data = data;
    this.editing = null;       // the number of the hand being corrected; null: the next hand
    this.removed = null;       // {n, hand}: the hand "remove the last hand" took off
    this.$ = function (selector) { return root.querySelector(selector); };
    this.damage = null;        // what was wrong with the stored sheet, as problems (the page words them)
    this.store = new dom.Store(STORE_KEY, function () { return core.fresh(data); }, function (value) {
      var checked = core.checkSheet(data, value);
      if (checked.problems.length) {
        var err = new Error(self.problemsText(checked.problems));
        err.problems = checked.problems;
        throw err;
      }
      return checked.sheet;
    }, function (raw, err) {
      self.damage = err.problems ||
        [err instanceof SyntaxError ? self.jsonProblem(err, raw) : {key: "err_not_sheet", values: {}, at: null}];
      return self.keepAside(raw, "damaged", self.damage);
    });
    // An event that cannot be read is set aside under EVENT_KEY + ".damaged" (the Store's way).
    this.event = new dom.Store(EVENT_KEY, core.freshEvent, function (value) {
      var checked = core.checkEvent(data, value);
      if (checked.problems.length) throw new Error(self.eventProblemsText(checked.problems));
      return checked.event;
    });
  }

  // ---- Words --------------------------------------------------------------------------------
  Sheet.prototype.t = function (key, values) {
    var template = this.data.text[key];
    if (template === undefined) return "[" + key + "]";
    return dom.fillNodes(template, values || {}).map(String).join("");
  };

  Sheet.prototype.windName = function (wind) { return this.t("wind_" + wind); };

  // A player's name, or their number when no name is given: not their drawn seat, which
  // reads as the seat wind, and that moves with the deal.
  Sheet.prototype.name = function (sheet, player) {
    return sheet.players[player - 1] || this.t("sheet_player_default", {player: player});
  };

  // A problem's words; one that counts its n ("1 player name") is a counted pair, key_one
  // and key_other.
  Sheet.prototype.problemWords = function (p) {
    return this.data.text[p.key + "_one"] === undefined ? this.t(p.key, p.values)
      : dom.counted(this.t.bind(this), p.key, p.values.n, p.values);
  };

  Sheet.prototype.problemText = function (p) {
    var text = this.problemWords(p), at = p.at;
    if (!at) return text;
    if (at.param) return this.t("sheet_at_param", {name: at.param, item: at.item, problem: text});
    if (at.penalty) return this.t("sheet_at_penalty", {n: at.hand, k: at.penalty, problem: text});
    if (at.hand) return this.t("sheet_at_hand", {n: at.hand, problem: text});
    if (at.player) return this.t("sheet_at_player", {n: at.player, problem: text});
    return text;
  };

  Sheet.prototype.problemsText = function (problems) {
    return problems.map(this.problemText, this).join(this.t("sheet_problem_separator"));
  };

  // Why `text` is not JSON, as a problem. The browser's message (`err`, from JSON.parse) is in
  // the browser's language, not the page's: only the place it names is kept, which reads the
  // same in every language. Chromium says "at position 12 (line 1 column 13)", Firefox "at
  // line 1 column 13", older engines the position alone; a text cut short is said as such.
  // Chromium quotes the text itself ('Unexpected token 'x', "...x..." is not valid JSON'):
  // the quote is left out, lest a word of the file be read as a place.
  Sheet.prototype.jsonProblem = function (err, text) {
    var message = String(err && err.message || "").replace(/"[\s\S]*" is not valid JSON$/, ""), found;
    if (/end of (JSON input|data)|\bEOF\b/i.test(message)) return {key: "err_json_end", values: {}, at: null};
    if ((found = /line (\d+) column (\d+)/.exec(message))) {
      return {key: "err_json_at", values: {line: Number(found[1]), column: Number(found[2])}, at: null};
    }
    if ((found = /position (\d+)/.exec(message)) && typeof text === "string") {
      var lines = text.slice(0, Number(found[1])).split("\n");
      return {key: "err_json_at", values: {line: lines.length, column: lines[lines.length - 1].length + 1}, at: null};
    }
    return {key: "err_json", values: {}, at: null};
  };

  Sheet.prototype.edition = function (sheet) { return core.editionOf(this.data, sheet.edition); };

  Sheet.prototype.number = function (value) {
    return new Intl.NumberFormat(this.data.lang, {maximumFractionDigits: 2}).format(value);
  };

  Sheet.prototype.signed = function (value) {
    return value > 0 ? "+" + this.number(value) : value < 0 ? "\u2212" + this.number(-value) : "0";
  };

  Sheet.prototype.resultText = function (sheet, hand) {
    if (hand.result !== "win") return this.t("sheet_text_" + hand.result);
    var values = {winner: this.name(sheet, hand.winner), total: hand.total};
    var text = hand.discarder === null ? this.t("sheet_text_self_drawn", values)
      : this.t("sheet_text_discard", Object.assign(values, {discarder: this.name(sheet, hand.discarder)}));
    return hand.flowers ? text + this.t("sheet_text_flowers", {n: hand.flowers}) : text;
  };

  Sheet.prototype.penaltyText = function (sheet, pen) {
    var offence = core.offenceOf(this.edition(sheet), pen.offence);
    return this.t("sheet_text_penalty", {player: this.name(sheet, pen.player), points: pen.points,
                                         offence: offence ? offence.name : pen.offence});
  };

  // ---- Storage ------------------------------------------------------------------------------
  // Keeps `raw` (a sheet's text) aside under the next free key, with what was wrong with it
  // (`problems`, worded when shown, in the language of the page that shows it); false when
  // the browser refuses, and then the caller keeps the original where it is.
  Sheet.prototype.keepAside = function (raw, reason, problems) {
    try {
      var n = 1;
      while (window.localStorage.getItem(KEPT_PREFIX + n) !== null) n += 1;
      window.localStorage.setItem(KEPT_PREFIX + n, JSON.stringify({reason: reason, at: new Date().toISOString(),
                                                                    raw: raw, problems: problems || null}));
      return true;
    } catch (err) { return false; }
  };

  Sheet.prototype.keptCopies = function () {
    var out = [];
    if (!this.store.available) return out;
    for (var i = 0; i < window.localStorage.length; i += 1) {
      var key = window.localStorage.key(i), entry = null;
      if (key.indexOf(KEPT_PREFIX) !== 0) continue;
      try { entry = JSON.parse(window.localStorage.getItem(key)); } catch (err) { entry = null; }
      if (!entry || typeof entry.raw !== "string") entry = {reason: "damaged", at: null, raw: window.localStorage.getItem(key)};
      entry.key = key;
      entry.n = Number(key.slice(KEPT_PREFIX.length)) || 0;
      out.push(entry);
    }
    return out.sort(function (a, b) { return a.n - b.n; });
  };

  Sheet.prototype.load = function () { return this.store.load(); };

  Sheet.prototype.save = function (sheet) {
    this.store.save(sheet);
    this.render();
  };

  // Saves `next` in place of the stored sheet, which is kept aside first (with `reason`)
  // when it holds anything; false, with a notice, when it cannot be kept.
  Sheet.prototype.replace = function (next, reason) {
    var now = this.load();
    if (!core.isEmpty(now) && JSON.stringify(now) !== JSON.stringify(next) && this.store.available &&
        !this.keepAside(JSON.stringify(now), reason)) {
      this.notice(this.t("sheet_storage_full"), "error");
      return false;
    }
    this.editing = null;
    this.save(next);
    this.say("");   // "Hand n is on the sheet" spoke of the sheet just replaced
    return true;
  };

  // ---- Notices ------------------------------------------------------------------------------
  // A notice at the top of the sheet, or after `after` (an element): where the reader is.
  Sheet.prototype.notice = function (text, kind, actions, after) {
    var box = this.$(".mcr-scoresheet__notices"), note;
    var close = h("button", {type: "button", class: "md-button mcr-scoresheet__dismiss",
                             onclick: function () { note.remove(); }}, [this.t("sheet_dismiss")]);
    note = h("div", {class: "mcr-scoresheet__notice mcr-scoresheet__notice--" + (kind || "info")},
             [h("p", {}, [text])].concat(actions || [], [close]));
    if (after) {
      note.setAttribute("role", "status");
      after.insertAdjacentElement("afterend", note);
    } else {
      box.appendChild(note);
    }
    return note;
  };

  Sheet.prototype.button = function (label, onclick, extra) {
    return h("button", Object.assign({type: "button", class: "md-button", onclick: onclick}, extra || {}), [label]);
  };

  // ---- Drawing the sheet --------------------------------------------------------------------
  Sheet.prototype.render = function () {
    var sheet = this.load(), edition = this.edition(sheet), played = core.session(edition, sheet);
    this.renderPlayers(sheet);
    this.renderEntry(sheet, edition, played);
    this.$(".mcr-scoresheet__hands").replaceChildren(this.handsTable(sheet, edition, played));
    this.$(".mcr-scoresheet__ranking").replaceChildren(this.standingsTable(sheet, edition, played));
    this.$(".mcr-scoresheet__check").textContent = this.checkLine(played);
    this.$(".mcr-scoresheet__undo").hidden = !sheet.hands.length;
    this.$(".mcr-scoresheet__link").value = this.linkFor(sheet);
    this.$(".mcr-scoresheet__storage").textContent = this.t(this.store.available ? "sheet_keep_help" : "sheet_storage_off");
    this.renderKept();
    this.renderEvent();
    this.root.setAttribute("data-hands", String(sheet.hands.length));
  };

  Sheet.prototype.renderPlayers = function (sheet) {
    this.root.querySelectorAll("input[name=player]").forEach(function (input) {
      input.maxLength = core.LIMITS.name;
      if (document.activeElement !== input) input.value = sheet.players[Number(input.getAttribute("data-player")) - 1];
    });
    this.$("select[name=edition]").value = sheet.edition;
  };

  // The choices of a player select, keeping its value: the `leading` [value, text] pairs,
  // then each player as `label(player)` words them.
  function fillPlayers(select, leading, label) {
    var value = select.value, options = leading.map(function (pair) { return h("option", {value: pair[0]}, [pair[1]]); });
    PLAYERS.forEach(function (p) { options.push(h("option", {value: String(p)}, [label(p)])); });
    select.replaceChildren.apply(select, options);
    select.value = value;
    if (select.selectedIndex < 0) select.value = leading[0][0];
  }

  Sheet.prototype.renderEntry = function (sheet, edition, played) {
    var self = this, n = this.editing || sheet.hands.length + 1, over = played.over && this.editing === null;
    var next = this.$(".mcr-scoresheet__next"), form = this.$(".mcr-scoresheet__form");
    form.hidden = over;
    if (over) {
      var last = sheet.hands[sheet.hands.length - 1];
      next.textContent = last && last.result === "time" ? this.t("sheet_over_time", {n: sheet.hands.length}) : this.t("sheet_over");
      return;
    }
    next.textContent = this.t(this.editing ? "sheet_entry_edit" : "sheet_entry_next", {
      n: n, hands: edition.competition.hands_per_session, circle: this.windName(core.prevalentWind(n)),
      dealer: this.name(sheet, core.dealer(n))});
    function inHand(p) { return {name: self.name(sheet, p), wind: self.windName(core.seatWind(p, n))}; }
    var choose = ["", this.t("sheet_choose")];
    function player(p) { return self.t("sheet_player_in_hand", inHand(p)); }
    fillPlayers(form.querySelector("select[name=winner]"), [choose], player);
    fillPlayers(form.querySelector("select[name=discarder]"), [choose, ["self", this.t("sheet_self_drawn")]],
                function (p) { return self.t("sheet_discard_of", inHand(p)); });
    form.querySelectorAll("select[name=penalty-player]").forEach(function (select) { fillPlayers(select, [choose], player); });
    form.querySelector("input[name=flowers]").max = String(edition.flower_bonus.length - 1);
    form.querySelector("input[name=total]").max = String(core.LIMITS.total);
    this.$(".mcr-scoresheet__save").textContent = this.t(this.editing ? "sheet_save_edit" : "sheet_save_new", {n: n});
    this.$(".mcr-scoresheet__cancel").hidden = this.editing === null;
    this.showWinFields();
  };

  Sheet.prototype.showWinFields = function () {
    var result = this.$("input[name=result]:checked").value;
    this.$(".mcr-scoresheet__win").hidden = result !== "win";
  };

  Sheet.prototype.handsTable = function (sheet, edition, played) {
    var self = this, count = edition.competition.hands_per_session;
    var shown = played.over ? sheet.hands.length : count;   // no hand after the time ran out
    var head = [this.t("sheet_col_hand"), this.t("sheet_col_circle"), this.t("sheet_col_result")]
      .concat(PLAYERS.map(function (p) { return self.name(sheet, p); }), [this.t("sheet_col_sum")]);
    var rows = [];
    for (var n = 1; n <= Math.max(shown, sheet.hands.length); n += 1) rows.push(this.handRow(sheet, n, played.rows[n - 1]));
    var table = dom.table(this.t("sheet_hands_caption"), head, rows);
    table.className = "mcr-scoresheet__table mcr-scoresheet__hands-table";
    return table;
  };

  Sheet.prototype.handRow = function (sheet, n, row) {
    var self = this, hand = sheet.hands[n - 1];
    var result = hand ? [this.resultText(sheet, hand)].concat(hand.penalties.map(function (pen) {
      return h("span", {class: "mcr-scoresheet__pen"}, [self.penaltyText(sheet, pen)]);
    }), [this.button(this.t("sheet_edit"), function () { self.edit(n); },
                     {class: "md-button mcr-scoresheet__edit", "aria-label": this.t("sheet_edit_label", {n: n})})]) : [];
    var cells = [h("th", {scope: "row"}, [String(n)]),
                 h("td", {"data-label": this.t("sheet_col_circle")}, [this.windName(core.prevalentWind(n))]),
                 h("td", {class: "mcr-scoresheet__what", "data-label": this.t("sheet_col_result")}, result)];
    PLAYERS.forEach(function (p) { cells.push(self.playerCell(sheet, n, p, row)); });
    cells.push(h("td", {class: "mcr-num", "data-label": this.t("sheet_col_sum")}, row ? [this.signed(row.sum)] : []));
    return h("tr", {class: hand ? "mcr-scoresheet__played" : "mcr-scoresheet__to-play", "data-hand": String(n)}, cells);
  };

  // A cell reads "E −20 480" on screen; a screen reader, which skips an abbr's title, is told
  // what each is: "Seat wind: East, hand result −20, session score 480".
  Sheet.prototype.playerCell = function (sheet, n, p, row) {
    var wind = core.seatWind(p, n), said = this.t("sheet_seat_wind", {wind: this.windName(wind)});
    var parts = [h("abbr", {class: "mcr-scoresheet__wind mcr-scoresheet__wind--" + wind, title: said, "aria-hidden": "true"},
                   [this.t("sheet_wind_short_" + wind)])];
    parts.push(hidden(row ? this.t("sheet_cell_result", {seat: said}) + " " : said));
    if (row) {
      parts.push(h("span", {class: "mcr-scoresheet__delta", "data-value": String(row.results[p - 1])}, [this.signed(row.results[p - 1])]));
      if (row.penalties[p - 1]) {
        parts.push(h("span", {class: "mcr-scoresheet__penalty", "data-value": String(row.penalties[p - 1])},
                     [this.t("sheet_penalty_cell", {points: row.penalties[p - 1]})]));
      }
      parts.push(hidden(this.t("sheet_name_separator") + this.t("sheet_cell_score") + " "));
      parts.push(h("span", {class: "mcr-scoresheet__score", "data-value": String(row.scores[p - 1])}, [this.number(row.scores[p - 1])]));
    }
    return h("td", {class: "mcr-scoresheet__cell", "data-player": String(p), "data-label": this.name(sheet, p)}, parts);
  };

  function hidden(text) { return h("span", {class: "mcr-visually-hidden"}, [text]); }

  Sheet.prototype.standingsTable = function (sheet, edition, played) {
    var self = this, caption = !sheet.hands.length ? this.t("sheet_standings_before")
      : played.over ? this.t("sheet_standings_final", {hands: dom.counted(this.t.bind(this), "sheet_hands", sheet.hands.length)})
      : this.t("sheet_standings_after", {n: sheet.hands.length, hands: edition.competition.hands_per_session});
    var rows = core.standings(edition, played.scores).map(function (s) {
      var place = self.t("sheet_place_" + s.place) + (s.tied > 1 ? self.t("sheet_tied") : "");
      return h("tr", {"data-player": String(s.player)}, [
        h("td", {"data-label": self.t("sheet_col_place"), class: "mcr-scoresheet__place"}, [place]),
        h("th", {scope: "row"}, [self.name(sheet, s.player)]),
        h("td", {class: "mcr-num", "data-label": self.t("sheet_col_score")}, [self.number(s.score)]),
        h("td", {class: "mcr-num", "data-label": self.t("sheet_col_penalties")}, [self.number(played.penalties[s.player - 1])]),
        h("td", {class: "mcr-num mcr-scoresheet__standard", "data-label": self.t("sheet_col_standard"),
                 "data-value": String(s.standard.value)}, [self.number(s.standard.value)])]);
    });
    var table = dom.table(caption, [this.t("sheet_col_place"), this.t("sheet_col_player"), this.t("sheet_col_score"),
                                    this.t("sheet_col_penalties"), this.t("sheet_col_standard")], rows);
    table.className = "mcr-scoresheet__table mcr-scoresheet__ranking-table";
    return table;
  };

  // The sheet's own check: the scores add up to the starting points less the penalties,
  // and every hand's results to zero.
  Sheet.prototype.checkLine = function (played) {
    var sum = played.scores.reduce(function (a, b) { return a + b; }, 0);
    var penalties = played.penalties.reduce(function (a, b) { return a + b; }, 0);
    var balanced = sum === PLAYERS.length * played.start - penalties &&
      played.rows.every(function (r) { return r.sum === 0; });
    this.$(".mcr-scoresheet__check").setAttribute("data-balanced", String(balanced));
    // A counted pair on the penalty points ("less 1 penalty point", "moins 0 point de pénalité").
    return dom.counted(this.t.bind(this), balanced ? "sheet_check_ok" : "sheet_check_wrong", penalties,
                       {sum: this.number(sum), players: PLAYERS.length, start: this.number(played.start),
                        n: penalties});
  };

  Sheet.prototype.linkFor = function (sheet) {
    var query = core.toLink(this.data, sheet);
    return new URL(location.pathname + (query ? "?" + query : ""), location.href).href;
  };

  // ---- Sheets kept aside ----------------------------------------------------------------------
  Sheet.prototype.renderKept = function () {
    var self = this, box = this.$(".mcr-scoresheet__kept"), copies = this.keptCopies();
    box.hidden = !copies.length;
    if (!copies.length) { box.replaceChildren(); return; }
    box.replaceChildren(h("h2", {id: "mcr-scoresheet-kept"}, [this.t("sheet_kept_heading")]),
      h("p", {class: "mcr-scoresheet__help"}, [this.t("sheet_kept_help")]),
      h("ul", {class: "mcr-scoresheet__kept-list"}, copies.map(function (entry) {
        return h("li", {"data-key": entry.key}, [h("span", {}, [self.keptText(entry)]), " ",
          self.button(self.t("sheet_restore"), function () { self.restore(entry); }, {class: "md-button mcr-scoresheet__restore"}), " ",
          self.button(self.t("sheet_download"), function () { self.download(entry.raw, "kept-" + entry.n + ".json", "application/json"); },
                      {class: "md-button mcr-scoresheet__download"}), " ",
          self.button(self.t("sheet_delete"), function () { self.deleteKept(entry); }, {class: "md-button mcr-scoresheet__delete"})]);
      })));
  };

  Sheet.prototype.keptText = function (entry) {
    var when = entry.at ? new Date(entry.at).toLocaleString(this.data.lang) : "?", value = null;
    try { value = JSON.parse(entry.raw); } catch (err) { value = null; }
    var about = this.t("sheet_kept_" + (["damaged", "link", "file", "new", "restore"].indexOf(entry.reason) >= 0 ? entry.reason : "damaged"), {when: when});
    if (entry.reason === "damaged") {   // `problem`: the words of a copy kept by an earlier version of the page
      var problem = Array.isArray(entry.problems) ? this.problemsText(entry.problems) : entry.problem || "?";
      return about + " " + this.t("sheet_kept_problem", {problem: problem});
    }
    if (value && Array.isArray(value.players) && Array.isArray(value.hands)) {
      var names = value.players.filter(function (n) { return typeof n === "string" && n; }).join(this.t("sheet_name_separator"));
      return about + " " + this.t("sheet_kept_summary", {players: names || "\u2014",
                                                         hands: dom.counted(this.t.bind(this), "sheet_hands", value.hands.length)});
    }
    return about;
  };

  // A kept sheet back in place (the one open is kept aside); a damaged one as far as it can
  // be read, the copy kept while anything of it was left out.
  Sheet.prototype.restore = function (entry) {
    var value, sheet, dropped = [];
    try { value = JSON.parse(entry.raw); } catch (err) {
      this.notice(this.t("sheet_restore_failed", {reason: this.problemText(this.jsonProblem(err, entry.raw))}), "error");
      return;
    }
    var checked = core.checkSheet(this.data, value);
    sheet = checked.sheet;
    if (!sheet) {
      var saved = core.salvage(this.data, value);
      if (!saved) { this.notice(this.t("sheet_restore_failed", {reason: this.problemsText(checked.problems)}), "error"); return; }
      sheet = saved.sheet;
      dropped = saved.dropped;
    }
    if (!this.replace(sheet, "restore")) return;
    if (!dropped.length) window.localStorage.removeItem(entry.key);
    this.render();
    this.notice(dropped.length ? this.t("sheet_restored_partly", {dropped: this.problemsText(dropped)}) : this.t("sheet_restored"));
  };

  Sheet.prototype.deleteKept = function (entry) {
    if (!window.confirm(this.t("sheet_delete_confirm"))) return;
    window.localStorage.removeItem(entry.key);
    this.render();
  };

  // ---- The event: the sessions of several tables added up ---------------------------------------
  Sheet.prototype.renderEvent = function () {
    var self = this, event = this.event.load(), count = event.sessions.length;
    var standings = core.eventStandings(this.data, event.sessions.map(function (e) { return e.sheet; }));
    var list = this.$(".mcr-scoresheet__event-sessions");
    list.replaceChildren.apply(list, event.sessions.map(function (entry, i) { return self.eventItem(entry, standings.sessions[i]); }));
    this.$(".mcr-scoresheet__event-ranking").replaceChildren(count ? this.eventTable(standings)
      : h("p", {class: "mcr-scoresheet__help"}, [this.t("event_empty")]));
    ["csv", "print", "clear"].forEach(function (name) { self.$(".mcr-scoresheet__event-" + name).hidden = !count; });
    this.root.setAttribute("data-event-sessions", String(count));
  };

  // A session of the event: its file, players and hands, marked when it is unfinished.
  Sheet.prototype.eventItem = function (entry, played) {
    var self = this, parts = [h("span", {}, [this.t("event_session", {file: entry.file,
      players: entry.sheet.players.join(this.t("sheet_name_separator")),
      hands: dom.counted(this.t.bind(this), "sheet_hands", played.hands)})])];
    if (!played.over) {
      parts.push(" ", h("strong", {class: "mcr-scoresheet__unfinished"},
                        [this.t("event_unfinished", {n: played.hands, hands: played.hands_per_session})]));
    }
    parts.push(" ", this.button(this.t("event_remove"), function () { self.removeFromEvent(entry); },
                                {class: "md-button mcr-scoresheet__event-remove", "aria-label": this.t("event_remove_label", {file: entry.file})}));
    return h("li", {"data-file": entry.file}, parts);
  };

  var EVENT_COLUMNS = ["sheet_col_place", "sheet_col_player", "event_col_sessions", "sheet_col_standard", "event_col_total",
                       "event_col_best_standard", "event_col_best_score"];

  Sheet.prototype.eventHead = function () {
    var self = this;
    return EVENT_COLUMNS.map(function (key) { return self.t(key); });
  };

  // A player's place, "3=" when shared, and figures, in the order of EVENT_COLUMNS.
  Sheet.prototype.eventFigures = function (p) {
    var place = p.tied > 1 ? this.t("event_place_tied", {place: p.place}) : String(p.place);
    return [place, p.name, p.sessions, Math.round(p.standard * 100) / 100, p.total,
            Math.round(p.bestStandard * 100) / 100, p.bestScore];
  };

  Sheet.prototype.eventTable = function (standings) {
    var self = this, head = this.eventHead();
    var rows = standings.players.map(function (p) {
      var figures = self.eventFigures(p);
      return h("tr", {"data-place": String(p.place)}, figures.map(function (value, i) {
        if (i === 1) return h("th", {scope: "row"}, [value]);
        return h("td", {class: i ? "mcr-num" : "mcr-scoresheet__place", "data-label": head[i]},
                 [typeof value === "number" ? self.number(value) : value]);
      }));
    });
    var unfinished = standings.sessions.filter(function (s) { return !s.over; }).length;
    var caption = this.t("event_caption", {sessions: dom.counted(this.t.bind(this), "event_sessions", standings.sessions.length)}) +
      (unfinished ? this.t("event_caption_unfinished", {n: unfinished}) : "");
    var table = dom.table(caption, head, rows);
    table.className = "mcr-scoresheet__table mcr-scoresheet__event-table";
    return table;
  };

  // What happened to each file added, in the polite status area: [{text, error}].
  Sheet.prototype.eventSay = function (said) {
    this.$(".mcr-scoresheet__event-said").replaceChildren.apply(this.$(".mcr-scoresheet__event-said"), said.map(function (s) {
      return h("p", {class: s.error ? "mcr-scoresheet__event-refused" : "mcr-scoresheet__event-added"}, [s.text]);
    }));
    this.renderEvent();
  };

  Sheet.prototype.addEventFiles = function (files) {
    var self = this;
    Promise.all(files.map(function (file) {
      return file.text().catch(function () { return null; });   // unreadable: said per file
    })).then(function (texts) {
      self.eventSay(texts.map(function (text, i) { return self.addEventText(files[i].name, text); }));
    });
  };

  // One file's session into the event, or why not (a refused file changes nothing).
  Sheet.prototype.addEventText = function (file, text) {
    if (text === null) return this.eventRefused(file, [{key: "err_file_read", values: {}, at: null}]);
    var read = this.readJson(text);
    return read.problem ? this.eventRefused(file, [read.problem]) : this.addEventValue(file, read.value);
  };

  Sheet.prototype.addEventValue = function (file, value) {
    var event = this.event.load(), added = core.eventEntry(this.data, value, file, event.sessions);
    if (!added.entry) return this.eventRefused(file, added.problems);
    var older = core.withEntry(event, added);   // the same table, further on: one session still
    this.event.save(event);
    return {text: older === null ? this.t("event_added", {file: file}) : this.t("event_replaced", {file: file, older: older}),
            error: false};
  };

  Sheet.prototype.eventRefused = function (file, problems) {
    return {text: this.t("event_refused", {file: file, problems: this.eventProblemsText(problems)}), error: true};
  };

  // The problems of a session for the event, an unnamed seat said by its wind.
  Sheet.prototype.eventProblemsText = function (problems) {
    var self = this;
    return this.problemsText(problems.map(function (p) {
      return p.key === "err_event_unnamed" ? {key: p.key, at: p.at,
        values: Object.assign({seat: self.windName(p.values.wind)}, p.values)} : p;
    }));
  };

  Sheet.prototype.addSheetToEvent = function () {
    var label = this.t("event_this_sheet", {when: new Date().toLocaleString(this.data.lang)});
    this.eventSay([this.addEventValue(label, this.load())]);
  };

  Sheet.prototype.removeFromEvent = function (entry) {
    var event = this.event.load(), same = JSON.stringify(entry.sheet);
    event.sessions = event.sessions.filter(function (e) { return JSON.stringify(e.sheet) !== same; });
    this.event.save(event);
    this.eventSay([{text: this.t("event_removed", {file: entry.file}), error: false}]);
    this.$(".mcr-scoresheet__event-files").focus();   // the button pressed is gone
  };

  Sheet.prototype.clearEvent = function () {
    if (!this.event.load().sessions.length || !window.confirm(this.t("event_clear_confirm"))) return;
    this.event.reset();
    this.eventSay([{text: this.t("event_cleared"), error: false}]);
  };

  Sheet.prototype.exportEventCsv = function () {
    var self = this, event = this.event.load();
    var standings = core.eventStandings(this.data, event.sessions.map(function (e) { return e.sheet; }));
    this.downloadCsv([this.eventHead()].concat(standings.players.map(function (p) { return self.eventFigures(p); })),
                     this.t("event_file_name") + "-" + today() + ".csv");
  };

  // The standings alone on paper (print.css), the sheet left out.
  Sheet.prototype.printEvent = function () {
    var root = this.root;
    root.setAttribute("data-print", "event");
    window.addEventListener("afterprint", function () { root.removeAttribute("data-print"); }, {once: true});
    window.print();
  };

  // ---- The form of a hand ----------------------------------------------------------------------
  function whole(text) {
    text = String(text).trim();
    return text === "" ? null : /^\d{1,7}$/.test(text) ? Number(text) : NaN;
  }

  Sheet.prototype.formHand = function () {
    var form = this.$(".mcr-scoresheet__form"), hand = {result: form.querySelector("input[name=result]:checked").value};
    function field(name) { return form.querySelector("[name=" + name + "]").value; }
    if (hand.result === "win") {
      hand.winner = whole(field("winner"));
      hand.discarder = field("discarder") === "self" ? null : field("discarder") === "" ? undefined : whole(field("discarder"));
      hand.total = whole(field("total"));
      hand.flowers = whole(field("flowers") || "0");
    }
    hand.penalties = Array.prototype.map.call(form.querySelectorAll(".mcr-scoresheet__penalty-row"), function (row) {
      return {player: whole(row.querySelector("[name=penalty-player]").value),
              offence: row.querySelector("[name=penalty-offence]").value,
              points: whole(row.querySelector("[name=penalty-points]").value)};
    });
    return hand;
  };

  Sheet.prototype.penaltyRow = function (sheet, pen) {
    var self = this, edition = this.edition(sheet), n = this.editing || sheet.hands.length + 1;
    var player = h("select", {name: "penalty-player"}), points = h("input", {type: "number", name: "penalty-points", min: "1",
      max: String(core.LIMITS.penalty), step: "1", inputmode: "numeric"});
    var offence = h("select", {name: "penalty-offence"}, edition.competition.offences.map(function (o) {
      return h("option", {value: o.id}, [o.points === null ? o.name : self.t("sheet_offence_stated", {offence: o.name, points: o.points})]);
    }));
    fillPlayers(player, [["", this.t("sheet_choose")]], function (p) {
      return self.t("sheet_player_in_hand", {name: self.name(sheet, p), wind: self.windName(core.seatWind(p, n))});
    });
    function stated() {
      var o = core.offenceOf(edition, offence.value);
      points.readOnly = !!(o && o.points !== null);
      if (points.readOnly) points.value = String(o.points);
    }
    offence.addEventListener("change", function () { if (points.readOnly) points.value = ""; stated(); });
    if (pen) { player.value = String(pen.player); offence.value = pen.offence; points.value = String(pen.points); }
    stated();
    var row = h("div", {class: "mcr-scoresheet__penalty-row", role: "group", "aria-label": this.t("sheet_penalty_group")}, [
      h("label", {}, [this.t("sheet_penalty_player"), " ", player]),
      h("label", {}, [this.t("sheet_penalty_offence"), " ", offence]),
      h("label", {}, [this.t("sheet_penalty_points"), " ", points]),
      this.button(this.t("sheet_remove_penalty"), function () { row.remove(); self.$(".mcr-scoresheet__add-penalty").focus(); },
                  {class: "md-button mcr-scoresheet__remove-penalty"})]);
    return row;
  };

  Sheet.prototype.fillForm = function (hand) {
    var form = this.$(".mcr-scoresheet__form"), sheet = this.load(), self = this;
    form.querySelector("input[name=result][value=" + (hand ? hand.result : "win") + "]").checked = true;
    var win = hand && hand.result === "win";
    form.querySelector("[name=winner]").value = win ? String(hand.winner) : "";
    form.querySelector("[name=discarder]").value = win ? (hand.discarder === null ? "self" : String(hand.discarder)) : "";
    form.querySelector("[name=total]").value = win ? String(hand.total) : "";
    form.querySelector("[name=flowers]").value = win ? String(hand.flowers) : "0";
    this.$(".mcr-scoresheet__penalty-list").replaceChildren.apply(this.$(".mcr-scoresheet__penalty-list"),
      (hand ? hand.penalties : []).map(function (pen) { return self.penaltyRow(sheet, pen); }));
    this.showError([]);
    this.showWinFields();
  };

  // The problems of the hand in the form, beside the fields they are about.
  var FIELDS = {err_winner: "winner", err_discarder: "discarder", err_discarder_is_winner: "discarder", err_total: "total",
                err_total_minimum: "total", warn_total_high: "total", err_flowers: "flowers", err_penalty_player: "penalty-player",
                err_offence: "penalty-offence", err_penalty_stated: "penalty-points", err_penalty_points: "penalty-points"};

  Sheet.prototype.showError = function (problems) {
    var self = this, box = this.$(".mcr-scoresheet__error"), form = this.$(".mcr-scoresheet__form");
    form.querySelectorAll("[aria-invalid]").forEach(function (el) { el.removeAttribute("aria-invalid"); });
    box.hidden = !problems.length;
    box.replaceChildren.apply(box, problems.length ? [h("ul", {}, problems.map(function (p) {
      return h("li", {}, [self.problemWords(p) + (p.at && p.at.penalty ? self.t("sheet_in_penalty", {k: p.at.penalty}) : "")]);
    }))] : []);
    var first = null;
    problems.forEach(function (p) {
      var rows = form.querySelectorAll(".mcr-scoresheet__penalty-row"), name = FIELDS[p.key];
      var scope = p.at && p.at.penalty ? rows[p.at.penalty - 1] : form;
      var field = name && scope ? scope.querySelector("[name=" + name + "]") : null;
      if (field) { field.setAttribute("aria-invalid", "true"); first = first || field; }
    });
    return first;
  };

  Sheet.prototype.submit = function () {
    var sheet = this.load(), edition = this.edition(sheet), hand = this.formHand();
    var n = this.editing || sheet.hands.length + 1, hands = sheet.hands.slice();
    hands[n - 1] = hand;
    var unchosen = hand.result === "win" && hand.discarder === undefined;
    var problems = core.handProblems(edition, unchosen ? Object.assign({}, hand, {discarder: null}) : hand, n, hands.length);
    if (unchosen) {   // not chosen yet: said after the winner, before the rest
      var after = problems.filter(function (p) { return p.key === "err_winner"; }).length;
      problems.splice(after, 0, {key: "err_discarder", values: {}, at: {hand: n}});
    }
    if (problems.length || this.totalToConfirm(edition, hand, n)) {
      (this.showError(problems.length ? problems : [this.highTotal(edition, hand, n)]) ||
       this.$(".mcr-scoresheet__error")).focus();
      return;
    }
    this.confirmed = null;
    sheet.hands = hands;
    var edited = this.editing;
    this.editing = null;
    this.save(sheet);
    this.fillForm(null);
    this.say(this.t(edited ? "sheet_saved_edit" : "sheet_saved_new", {n: n}));
    this.$(".mcr-scoresheet__next").focus();
  };

  // A win's total above twice the largest fan is kept only when added a second time as it
  // stands: such hands are rare, a slipped digit is not.
  Sheet.prototype.totalToConfirm = function (edition, hand, n) {
    if (hand.result !== "win" || hand.total <= 2 * edition.largest_fan) return false;
    var key = n + ":" + JSON.stringify(hand);   // any field changed since: asked again
    if (this.confirmed === key) return false;
    this.confirmed = key;
    return true;
  };

  Sheet.prototype.highTotal = function (edition, hand, n) {
    return {key: "warn_total_high", values: {total: hand.total, top: edition.largest_fan}, at: {hand: n}};
  };

  Sheet.prototype.say = function (text) { this.$(".mcr-scoresheet__said").textContent = text; };

  Sheet.prototype.edit = function (n) {
    this.editing = n;
    this.render();
    this.fillForm(this.load().hands[n - 1]);
    this.say("");
    this.$(".mcr-scoresheet__next").focus();
  };

  Sheet.prototype.cancel = function () {
    this.editing = null;
    this.fillForm(null);
    this.render();
    this.$(".mcr-scoresheet__next").focus();
  };

  Sheet.prototype.removeLast = function () {
    var sheet = this.load(), self = this;
    if (!sheet.hands.length) return;
    var removed = {n: sheet.hands.length, hand: sheet.hands.pop()};
    this.editing = null;
    this.save(sheet);
    this.say("");   // "Hand n is on the sheet" no longer holds
    // Beside the button that removed it (on a phone the top of the sheet is screens away),
    // with the way back focused: a slip of the finger is seen and mended at once.
    var actions = this.$(".mcr-scoresheet__actions");
    var back = this.button(this.t("sheet_put_back"), function (event) {
      var now = self.load();
      event.target.closest(".mcr-scoresheet__notice").remove();
      if (now.hands.length !== removed.n - 1) {
        self.notice(self.t("sheet_put_back_late", {n: removed.n}), "error", [], actions);
        return;
      }
      now.hands.push(removed.hand);
      self.save(now);
      self.$(".mcr-scoresheet__undo").focus();   // where the reader was, not the page's top
    });
    var note = this.notice(this.t("sheet_removed", {n: removed.n}), "info", [back], actions);
    note.firstChild.id = "mcr-scoresheet-removed-" + removed.n;
    back.setAttribute("aria-describedby", note.firstChild.id);   // read with the focused button
    back.focus();
  };

  // ---- Export, import, print, share ------------------------------------------------------------
  Sheet.prototype.download = function (text, name, type) {
    var url = URL.createObjectURL(new Blob([text], {type: type + ";charset=utf-8"}));
    var link = h("a", {href: url, download: this.t("sheet_file_stem") + "-" + name});   // in the page's language
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 0);
  };

  function today() {
    var d = new Date();
    return [d.getFullYear(), ("0" + (d.getMonth() + 1)).slice(-2), ("0" + d.getDate()).slice(-2)].join("-");
  }

  // What the sheet works out to, for the exported JSON (a reader's copy: an import ignores it).
  Sheet.prototype.summary = function (sheet) {
    var edition = this.edition(sheet), played = core.session(edition, sheet);
    return {
      edition: edition.name, starting_score: played.start, over: played.over,
      hands: played.rows.map(function (row) {
        return {hand: row.hand, prevalent_wind: core.prevalentWind(row.hand), dealer: core.dealer(row.hand),
                seat_winds: PLAYERS.map(function (p) { return core.seatWind(p, row.hand); }),
                results: row.results, penalties: row.penalties, scores: row.scores};
      }),
      scores: played.scores, penalties: played.penalties,
      standings: core.standings(edition, played.scores).map(function (s) {
        return {player: s.player, place: s.place, tied: s.tied, score: s.score,
                standard_points: Math.round(s.standard.value * 100) / 100};
      })
    };
  };

  Sheet.prototype.exportJson = function () {
    var sheet = this.load();
    this.download(JSON.stringify(Object.assign({}, sheet, {summary: this.summary(sheet)}), null, 2) + "\n",
                  today() + ".json", "application/json");
  };

  // A spreadsheet cell: a name that starts like a formula is kept as text; a number with a
  // fraction takes the page's decimal mark; a cell holding the separator is quoted.
  function csvCell(value, form) {
    var text = typeof value === "number" ? String(value).replace(".", form.decimal) : String(value);
    if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = "'" + text;
    return /["\r\n]/.test(text) || text.indexOf(form.separator) >= 0 ? '"' + text.replace(/"/g, '""') + '"' : text;
  }

  // How the spreadsheets of the page's language read a CSV file: where 1.5 is written 1,5
  // (French, Spanish: the decimal mark of i18n/languages.yaml), they split cells at
  // semicolons; elsewhere at commas.
  function csvForm(decimal) {
    return {decimal: decimal, separator: decimal === "," ? ";" : ","};
  }

  Sheet.prototype.csvRows = function (sheet) {
    var self = this, edition = this.edition(sheet), played = core.session(edition, sheet);
    var rows = [[this.t("sheet_col_hand"), this.t("sheet_col_circle"), this.t("sheet_csv_dealer"), this.t("sheet_col_result")]
      .concat([].concat.apply([], PLAYERS.map(function (p) {
        var name = self.name(sheet, p);
        return ["wind", "result", "penalty", "score"].map(function (k) { return self.t("sheet_csv_" + k, {name: name}); });
      })))];
    played.rows.forEach(function (row, i) {
      var hand = sheet.hands[i], n = row.hand;
      var what = [self.resultText(sheet, hand)].concat(hand.penalties.map(function (pen) { return self.penaltyText(sheet, pen); }));
      rows.push([n, self.windName(core.prevalentWind(n)), self.name(sheet, core.dealer(n)), what.join(self.t("sheet_csv_join"))]
        .concat([].concat.apply([], PLAYERS.map(function (p) {
          return [self.windName(core.seatWind(p, n)), row.results[p - 1], row.penalties[p - 1], row.scores[p - 1]];
        }))));
    });
    rows.push([]);
    rows.push([this.t("sheet_col_place"), this.t("sheet_col_player"), this.t("sheet_col_score"),
               this.t("sheet_col_penalties"), this.t("sheet_col_standard")]);
    core.standings(edition, played.scores).forEach(function (s) {
      rows.push([s.place, self.name(sheet, s.player), s.score, played.penalties[s.player - 1],
                 Math.round(s.standard.value * 100) / 100]);
    });
    return rows;
  };

  Sheet.prototype.downloadCsv = function (rows, name) {
    var form = csvForm(this.data.decimal || ".");
    var text = rows.map(function (row) {
      return row.map(function (value) { return csvCell(value, form); }).join(form.separator);
    }).join("\r\n") + "\r\n";
    this.download("\ufeff" + text, name, "text/csv");   // the mark tells spreadsheets it is UTF-8
  };

  Sheet.prototype.exportCsv = function () { this.downloadCsv(this.csvRows(this.load()), today() + ".csv"); };

  // A file's text as JSON ({value}), or what stops it ({problem}); a leading byte order
  // mark, which some editors write, is no mistake.
  Sheet.prototype.readJson = function (text) {
    text = text.replace(/^\ufeff/, "");
    try { return {value: JSON.parse(text), problem: null}; } catch (err) { return {value: null, problem: this.jsonProblem(err, text)}; }
  };

  Sheet.prototype.importFile = function (file) {
    var self = this, reader = new FileReader();
    reader.onload = function () {
      var read = self.readJson(String(reader.result));
      if (read.problem) {
        self.notice(self.t("sheet_file_bad", {file: file.name, problems: self.problemText(read.problem)}), "error");
        return;
      }
      var checked = core.checkSheet(self.data, read.value);
      if (checked.problems.length) {
        self.notice(self.t("sheet_file_bad", {file: file.name, problems: self.problemsText(checked.problems)}), "error");
        return;
      }
      if (self.replace(checked.sheet, "file")) self.notice(self.t("sheet_file_opened", {file: file.name}));
    };
    reader.onerror = function () { self.notice(self.t("sheet_file_bad", {file: file.name, problems: self.t("err_file_read")}), "error"); };
    reader.readAsText(file);
  };

  Sheet.prototype.copyLink = function () {
    var self = this, field = this.$(".mcr-scoresheet__link"), note = this.$(".mcr-scoresheet__copied");
    function fallback() { field.focus(); field.select(); note.textContent = self.t("sheet_link_select"); }
    if (!navigator.clipboard) { fallback(); return; }
    navigator.clipboard.writeText(field.value).then(function () { note.textContent = self.t("sheet_link_copied"); }, fallback);
  };

  Sheet.prototype.newSession = function () {
    var now = this.load();
    if (core.isEmpty(now)) return;
    var next = core.fresh(this.data);
    next.edition = now.edition;
    if (this.replace(next, "new")) this.notice(this.t("sheet_new_done"));
    this.fillForm(null);
  };

  // ---- What the address brings: a shared sheet, or a hand from the calculator ------------------
  Sheet.prototype.openAddress = function () {
    var params = new URLSearchParams(location.search), names = [];
    params.forEach(function (_, name) { names.push(name); });
    if (!names.length) return;
    if (params.has("from")) this.fromCalculator(params);
    else if (core.isSheetLink(params)) this.fromLink(params);
    else {
      this.notice(this.t("sheet_link_bad", {problems: this.problemsText(names.map(function (name) {
        return {key: "err_unknown_param", values: {name: name}, at: null};
      }))}), "error");
    }
    history.replaceState(null, "", location.pathname + location.hash);   // a reload does not open it twice
  };

  Sheet.prototype.fromLink = function (params) {
    var opened = core.fromLink(this.data, params);
    if (opened.problems.length) {
      this.notice(this.t("sheet_link_bad", {problems: this.problemsText(opened.problems)}), "error");
      return;
    }
    var now = this.load();
    if (JSON.stringify(now) === JSON.stringify(opened.sheet)) return;
    var kept = !core.isEmpty(now);
    if (this.replace(opened.sheet, "link")) this.notice(this.t(kept ? "sheet_link_opened_kept" : "sheet_link_opened"));
  };

  // The calculator's hand fills the form of the next hand; the winner is the player whose
  // seat wind it was scored with in that hand. The reader checks it and adds it.
  Sheet.prototype.fromCalculator = function (params) {
    var got = core.fromCalculator(this.data, params);
    if (got.problems.length) {
      this.notice(this.t("sheet_calculator_bad", {problems: this.problemsText(got.problems)}), "error");
      return;
    }
    var sheet = this.load(), edition = this.edition(sheet), hand = got.hand, n = sheet.hands.length + 1;
    if (core.session(edition, sheet).over) { this.notice(this.t("sheet_calculator_over"), "error"); return; }
    var winner = hand.seat_wind ? PLAYERS.filter(function (p) { return core.seatWind(p, n) === hand.seat_wind; })[0] : null;
    this.editing = null;
    this.render();
    this.fillForm({result: "win", winner: winner || "", discarder: hand.self_drawn ? null : "", total: hand.total,
                   flowers: hand.flowers, penalties: []});
    var lines = [this.t("sheet_from_calculator", {n: n, total: hand.total,
      how: this.t(hand.self_drawn ? "sheet_self_drawn" : "sheet_on_discard")})];
    if (hand.prevalent_wind && hand.prevalent_wind !== core.prevalentWind(n)) {
      lines.push(this.t("sheet_calculator_wind", {wind: this.windName(hand.prevalent_wind), n: n,
                                                  circle: this.windName(core.prevalentWind(n))}));
    }
    if (hand.edition !== sheet.edition) {
      lines.push(this.t("sheet_calculator_edition", {edition: core.editionOf(this.data, hand.edition).name, sheet: edition.name}));
    }
    this.notice(lines.join(" "), lines.length > 1 ? "error" : "info");
    this.$(hand.self_drawn || !winner ? "[name=winner]" : "[name=discarder]").focus();
  };

  // ---- Wiring ---------------------------------------------------------------------------------
  Sheet.prototype.wire = function () {
    var self = this, root = this.root;
    root.querySelectorAll("input[name=player]").forEach(function (input) {
      input.addEventListener("input", function () {
        var sheet = self.load();
        sheet.players[Number(input.getAttribute("data-player")) - 1] = input.value.trim().slice(0, core.LIMITS.name);
        self.save(sheet);
      });
    });
    this.$("select[name=edition]").addEventListener("change", function (event) { self.changeEdition(event.target); });
    root.querySelectorAll("input[name=result]").forEach(function (radio) {
      radio.addEventListener("change", function () { self.showWinFields(); });
    });
    this.$(".mcr-scoresheet__form").addEventListener("submit", function (event) { event.preventDefault(); self.submit(); });
    this.$(".mcr-scoresheet__add-penalty").addEventListener("click", function () {
      var row = self.penaltyRow(self.load(), null);
      self.$(".mcr-scoresheet__penalty-list").appendChild(row);
      row.querySelector("select").focus();
    });
    var actions = {cancel: "cancel", undo: "removeLast", csv: "exportCsv", json: "exportJson", copy: "copyLink",
                   "new": "newSession", print: "print", "event-add-sheet": "addSheetToEvent", "event-csv": "exportEventCsv",
                   "event-print": "printEvent", "event-clear": "clearEvent"};
    Object.keys(actions).forEach(function (name) {
      self.$(".mcr-scoresheet__" + name).addEventListener("click", function () { self[actions[name]](); });
    });
    this.$(".mcr-scoresheet__file").addEventListener("change", function (event) {
      if (event.target.files.length) self.importFile(event.target.files[0]);
      event.target.value = "";
    });
    this.$(".mcr-scoresheet__event-files").addEventListener("change", function (event) {
      var files = Array.prototype.slice.call(event.target.files);   // before the input is emptied
      event.target.value = "";
      if (files.length) self.addEventFiles(files);
    });
    window.addEventListener("storage", function (event) {   // another tab changed the sheet
      if (event.key === null || event.key.indexOf("mcr-scoresheet") === 0) self.render();
    });
  };

  Sheet.prototype.print = function () { window.print(); };

  Sheet.prototype.changeEdition = function (select) {
    var sheet = this.load(), next = Object.assign({}, sheet, {edition: select.value});
    var checked = core.checkSheet(this.data, next);
    if (checked.problems.length) {
      select.value = sheet.edition;
      this.notice(this.t("sheet_edition_refused", {problems: this.problemsText(checked.problems)}), "error");
      return;
    }
    this.save(checked.sheet);
  };

  function start(root) {
    var block = root.querySelector(".mcr-scoresheet__data"), page = new Sheet(root, JSON.parse(block.textContent));
    page.wire();
    page.load();   // sets a damaged sheet aside, to say so
    if (page.store.damaged) {
      page.notice(page.t(page.store.keptAside ? "sheet_damaged" : "sheet_damaged_not_kept",
                         {problem: page.damage ? page.problemsText(page.damage) : page.store.problem}), "error");
    }
    if (!page.store.available) page.notice(page.t("sheet_storage_off"), "error");
    page.event.load();   // sets a damaged event aside, to say so
    if (page.event.damaged) {
      page.notice(page.t(page.event.keptAside ? "event_damaged" : "event_damaged_not_kept", {problem: page.event.problem}), "error");
    }
    page.fillForm(null);
    page.render();
    page.openAddress();
    window.mcrScoreSheet = {core: core, data: page.data, page: page};   // for the browser tests
    root.setAttribute("data-ready", "true");
  }

  document.querySelectorAll(".mcr-scoresheet").forEach(start);
})();
