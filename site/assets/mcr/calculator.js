// The scoring calculator of the rules site (hand-written, not generated).
//
// The page (generator/site/calculator_page.py) writes the controls: the notation field, the tile
// palette, the ways of adding a tile, the situation. This script keeps the hand and its
// notation in step both ways, draws the hand, asks the engine (calculator-worker.mjs: the
// `rules` package under Pyodide) and shows its answer: the breakdown for 14 tiles, the
// waits for 13, the discard analysis of a hand that is not ready or not a win
// (calculator-analysis.js), the engine's error otherwise, and keeps the total in view in a bar
// that stays on screen. It scores nothing itself. The hand and the situation live in the
// page's address, so a copied link reopens them (calculator-link.js reads it back).
(function () {
  "use strict";

  var TILES_IN_HAND = 14;
  var COPIES = 4;
  var MAX_MELDS = 4;
  var FLAGS = ["self_drawn", "fourth_tile", "replacement", "robbing_kong", "last_wall_tile"];
  var WINDS = ["E", "S", "W", "N"];
  var HONORS = "ESWNCFP";
  var STAGES = 4;   // progress steps: download, start, table, ready
  var MAX_FLOWERS = 8;   // the four flowers and four seasons of the set
  // The mistakes of a hand still being typed, by the engine's code: what follows the place
  // the error names when it is only unfinished ("123m45": digits awaiting their suit letter;
  // "[12": a meld not closed yet). Said at each key, they had a screen reader read an error
  // after nearly every digit: they wait for a pause in the typing, or for the field to be left.
  var UNFINISHED = {no_suit: /^[1-9 ]+$/, unclosed_meld: /^\[[^\]]*$/};
  var TYPING_PAUSE_MS = 1500;

  // ---- The hand and its notation ----------------------------------------------------------
  // A hand is {melds: [{kind: "chow"|"pung"|"kong", tiles: [faces], concealed}], standing: [faces]};
  // a face is "5p" or "E". The last standing tile of a 14-tile hand is the winning tile.

  function isHonor(face) { return face.length === 1; }

  function faceOrder(face) {
    return isHonor(face) ? 27 + HONORS.indexOf(face) : "mps".indexOf(face[1]) * 9 + Number(face[0]) - 1;
  }

  // Faces as notation, suited runs sharing their letter: ["4p", "5p", "9s"] -> "45p9s".
  function written(faces) {
    var out = "", digits = "", suit = "";
    faces.forEach(function (face) {
      if (!isHonor(face) && face[1] === suit) { digits += face[0]; return; }
      out += digits + suit;
      if (isHonor(face)) { out += face; digits = ""; suit = ""; } else { digits = face[0]; suit = face[1]; }
    });
    return out + digits + suit;
  }

  function meldNotation(meld) {
    return "[" + written(meld.tiles) + (meld.kind === "kong" && !meld.concealed ? "1" : "") + "]";
  }

  // The tiles of the 14: a kong counts as three (its fourth tile is drawn again), any other
  // meld as the tiles typed in it, so a meld typed short or long ([1m], [12345m]) is counted
  // as it stands, not as the three of a set (the engine names its mistake).
  function tileCount(hand) {
    return hand.melds.reduce(function (n, meld) { return n + (meld.kind === "kong" ? 3 : meld.tiles.length); }, 0) +
      hand.standing.length;
  }

  function toNotation(hand) {
    var standing = hand.standing;
    var last = tileCount(hand) === TILES_IN_HAND && standing.length ? standing[standing.length - 1] : null;
    var concealed = last ? standing.slice(0, -1) : standing;
    return hand.melds.map(meldNotation).join("") + written(concealed) + (last || "");
  }

  function facesOf(text) {
    var faces = [], match, pattern = /([1-9]+)([mps])|([ESWNCFP])/g;
    while ((match = pattern.exec(text)) !== null) {
      if (match[3]) faces.push(match[3]);
      else match[1].split("").forEach(function (d) { faces.push(d + match[2]); });
    }
    return faces;
  }

  // The hand a typed notation shows, read leniently so the picture follows the typing; the
  // engine alone judges the notation and reports its mistakes.
  function fromNotation(text) {
    var hand = {melds: [], standing: []}, match, pattern = /\[([^\[\]]*)\]?|[^\[]+/g;
    while ((match = pattern.exec(text)) !== null) {
      if (match[0][0] !== "[") { hand.standing = hand.standing.concat(facesOf(match[0])); continue; }
      var body = match[1].replace(/\s/g, ""), claimed = /[mpsESWNCFP][1-3]$/.test(body);
      var tiles = facesOf(claimed ? body.slice(0, -1) : body);
      if (!tiles.length) continue;
      var same = tiles.every(function (f) { return f === tiles[0]; });
      var kind = tiles.length === 4 ? "kong" : same ? "pung" : "chow";
      hand.melds.push({kind: kind, tiles: tiles, concealed: kind === "kong" && !claimed});
    }
    return hand;
  }

  function copiesIn(hand, face) {
    var n = 0;
    hand.melds.forEach(function (m) { m.tiles.forEach(function (f) { if (f === face) n += 1; }); });
    hand.standing.forEach(function (f) { if (f === face) n += 1; });
    return n;
  }

  // The tiles a tap on `face` adds in `mode`, or null when they cannot be added.
  function addition(hand, mode, face) {
    var tiles;
    if (mode === "standing") tiles = [face];
    else if (mode === "chow") {
      if (isHonor(face) || Number(face[0]) > 7) return null;
      tiles = [0, 1, 2].map(function (k) { return (Number(face[0]) + k) + face[1]; });
    } else tiles = mode === "pung" ? [face, face, face] : [face, face, face, face];
    var size = mode === "standing" ? 1 : 3;
    if (tileCount(hand) + size > TILES_IN_HAND) return null;
    if (mode !== "standing" && (hand.melds.length >= MAX_MELDS || tileCount(hand) + size > TILES_IN_HAND - 2)) return null;
    var ok = tiles.every(function (f) {
      return copiesIn(hand, f) + tiles.filter(function (g) { return g === f; }).length <= COPIES;
    });
    return ok ? tiles : null;
  }

  function withAddition(hand, mode, tiles) {
    var next = {melds: hand.melds.slice(), standing: hand.standing.slice()};
    if (mode === "standing") next.standing.push(tiles[0]);
    else next.melds.push({kind: mode === "chow" ? "chow" : mode === "pung" ? "pung" : "kong", tiles: tiles,
                          concealed: mode === "closed_kong"});
    return next;
  }

  // ---- Drawing -------------------------------------------------------------------------------
  var dom = window.McrDom, h = dom.h, fillNodes = dom.fillNodes, table = dom.table, cell = dom.cell;   // dom.js

  function Calculator(root, data) {
    this.root = root;
    this.data = data;
    var tiles = root.getAttribute("data-tiles") || "";
    this.tilesBase = tiles.slice(0, tiles.lastIndexOf("/") + 1);
    this.fansUrl = root.getAttribute("data-fans") || "";
    this.scoringUrl = root.getAttribute("data-scoring") || "";
    this.hand = {melds: [], standing: []};
    this.history = [];
    this.keyAt = -Infinity;    // when the notation was last typed in (see unfinished)
    this.waiting = null;       // an answer held back while a hand is typed (see showAfterPause)
    this.asked = 0;       // the number of the latest question; older answers are dropped
    this.engine = null;
    this.$ = function (selector) { return root.querySelector(selector); };
  }

  Calculator.prototype.t = function (key, values) {
    var template = this.data.text[key];
    if (template === undefined) return "[" + key + "]";
    return fillNodes(template, values || {}).map(String).join("");
  };

  // "1 point", "8 points": a total with its unit, singular or plural.
  Calculator.prototype.points = function (n) {
    return dom.counted(this.t.bind(this), "points", n);
  };

  Calculator.prototype.nodes = function (key, values) {
    var template = this.data.text[key];
    return template === undefined ? ["[" + key + "]"] : fillNodes(template, values || {});
  };

  Calculator.prototype.tileName = function (face) { return this.data.tiles[face] || face; };

  // A column heading read aloud but not shown (a column of buttons).
  Calculator.prototype.hiddenHeader = function (key) {
    return h("span", {class: "mcr-visually-hidden"}, [this.t(key)]);
  };

  Calculator.prototype.tile = function (face, variant, extra) {
    var file = variant === "back" ? "back.svg" : variant === "standing" ? face + ".svg" : face + "-" + variant + ".svg";
    var alt = variant === "back" ? this.t("face_down") : this.tileName(face);
    var css = "mcr-tile" + (variant === "standing" ? "" : " mcr-tile--" + variant) + (extra ? " " + extra : "");
    return h("img", {class: css, src: this.tilesBase + file, alt: alt, title: alt, "data-face": face});
  };

  Calculator.prototype.fanUrl = function (id) {
    var base = this.fansUrl;
    if (/index\.html$/.test(base)) return base.replace(/index\.html$/, id + ".html");
    return base + (base && base.slice(-1) !== "/" ? "/" : "") + id + "/";
  };

  Calculator.prototype.fanLink = function (id) {
    var fan = this.data.fans[id] || {name: id, missing: false};
    var badge = fan.missing ? h("span", {class: "mcr-untranslated", title: this.t("untranslated_title")},
                                [this.t("untranslated")]) : null;
    return h("span", {}, [h("a", {href: this.fanUrl(id)}, [fan.name]), badge ? " " : null, badge]);
  };

  Calculator.prototype.meldLabel = function (meld) {
    if (meld.kind === "kong") return this.t(meld.concealed ? "meld_concealed_kong" : "meld_kong");
    return this.t(meld.kind === "pung" ? "meld_pung" : "meld_chow");
  };

  // The tiles of a hand in the site's drawing: melds on trays, concealed tiles, the winning
  // tile apart. With `remove`, each meld and tile is a button that takes it out.
  Calculator.prototype.drawTiles = function (melds, standing, winning, remove) {
    var self = this, groups = [];
    melds.forEach(function (meld, i) {
      var faces = meld.tiles, tiles;
      if (meld.kind === "kong" && meld.concealed) {
        tiles = [self.tile(faces[0], "back"), self.tile(faces[1], "standing"), self.tile(faces[2], "standing"),
                 self.tile(faces[3], "back")];
      } else {
        tiles = faces.map(function (f) { return self.tile(f, "exposed"); });
      }
      var label = self.meldLabel(meld), css = "mcr-meld mcr-meld--" + (meld.concealed ? "concealed" : "exposed");
      if (remove) {
        var name = label + " " + faces.map(function (f) { return self.tileName(f); }).join(" ");
        groups.push(h("button", {type: "button", class: css + " mcr-calc__remove", title: label,
                                 "aria-label": self.t("calc_remove", {tiles: name}),
                                 onclick: function () { remove("meld", i); }}, tiles));
      } else {
        groups.push(h("span", {class: css, role: "group", "aria-label": label, title: label}, tiles));
      }
    });
    function concealedTile(face, i, variant) {
      var img = self.tile(face, variant);
      if (!remove) return img;
      return h("button", {type: "button", class: "mcr-calc__remove", "aria-label": self.t("calc_remove", {tiles: self.tileName(face)}),
                          onclick: function () { remove("standing", i); }}, [img]);
    }
    var label = this.t("standing_tiles");
    if (standing.length) {
      groups.push(h("span", {class: "mcr-standing", role: "group", "aria-label": label, title: label},
                    standing.map(function (f, i) { return concealedTile(f, i, "standing"); })));
    }
    if (winning) {
      var win = this.t("winning_tile");
      groups.push(h("span", {class: "mcr-winning", role: "group", "aria-label": win, title: win},
                    [concealedTile(winning, standing.length, "winning")]));
    }
    return groups;
  };

  Calculator.prototype.sets = function (groups) {
    var self = this;
    if (!groups.length) return [h("span", {class: "mcr-whole"}, [this.t("score_whole_hand")])];
    return groups.map(function (g) {
      return h("span", {class: "mcr-set", title: g}, facesOf(g).map(function (f) {
        return self.tile(f, "standing", "mcr-tile--mini");
      }));
    });
  };

  Calculator.prototype.situationLine = function (s) {
    return window.McrDom.situationParts(s, this.t.bind(this), this.data.situation_flags);   // dom.js
  };

  // The site's words for the three readings of non-repeat (the breakdown's "reason":
  // rules/breakdown.py; generator/site/hand_render.py says them the same way).
  var NON_REPEAT_REASONS = {implied: "reason_non_repeat", listed: "reason_listed", left_out: "reason_left_out"};

  Calculator.prototype.reason = function (n) {
    if (n.by && NON_REPEAT_REASONS[n.reason]) return this.nodes(NON_REPEAT_REASONS[n.reason], {fan: this.fanLink(n.by)});
    var words = this.t("reason_" + n.principle);
    if (!this.scoringUrl) return [words];
    return [h("a", {href: this.scoringUrl + "#" + n.principle.replace(/_/g, "-")}, [words])];
  };

  // A cell that names its column when a narrow screen stacks the table (mcr.css).
  function labelled(label, children) { return h("td", {"data-label": label}, children); }

  // The breakdown of a scored hand, as the site draws a `hand` block (hand.html.j2).
  Calculator.prototype.breakdown = function (answer) {
    var self = this, r = answer.result, tiles = answer.tiles;
    var standing = tiles.standing.slice(0, -1), winning = tiles.standing[tiles.standing.length - 1];
    var melds = tiles.melds.map(function (m) {
      return {kind: m.kind, tiles: m.tiles, concealed: m.kind === "kong" && !m.claimed};
    });
    var rows = r.fans.map(function (f) {
      return h("tr", {"data-fan": f.id}, [cell("", [self.fanLink(f.id)]), cell("mcr-num", [f.points]),
        cell("mcr-num", ["×" + f.count]), cell("mcr-sets", self.sets(f.groups))]);
    });
    var flowers = r.total - r.total_without_flowers;
    var total = flowers ? this.t("score_total_with_flowers", {total: r.total, base: r.total_without_flowers,
                                                              flowers: flowers}) : String(r.total);
    var foot = h("tfoot", {}, [h("tr", {}, [h("th", {scope: "row"}, [this.t("score_total")]),
                                           h("td", {class: "mcr-num mcr-total", colspan: "3"}, [total])])]);
    var parts = [table(this.t("score_caption"), [this.t("score_fan"), this.t("score_points"), this.t("score_count"),
                                                 this.t("score_sets")], rows, foot)];
    if (r.not_counted.length) {
      parts.push(h("div", {class: "mcr-hand__not-counted"}, [table(this.t("not_counted_caption"), null,
        r.not_counted.map(function (n) {
          return h("tr", {"data-fan": n.id}, [cell("", [self.fanLink(n.id)]), cell("mcr-num", [n.points]),
            cell("mcr-sets", self.sets(n.groups)), cell("", self.reason(n))]);
        }))]));
    }
    if (answer.same_total && answer.same_total.length) parts.push(this.sameTotal(answer.same_total));
    parts.push(h("p", {class: "mcr-verdict mcr-verdict--" + (r.valid ? "valid" : "invalid")}, [this.verdict(answer)]));
    var p = r.payments;
    if (p) {
      parts.push(h("p", {class: "mcr-payments"}, [p.self_drawn
        ? this.t("payments_self_drawn", {each: p.each, total: p.winner_receives})
        : this.t("payments_discard", {discarder: p.discarder, others: p.others, total: p.winner_receives})]));
    }
    var toSheet = this.sheetLink(answer);
    if (toSheet) parts.push(toSheet);
    return h("figure", {class: "mcr-hand", "data-hand": r.hand, lang: this.data.lang}, [
      h("div", {class: "mcr-hand__tiles", role: "group", "aria-label": this.t("hand_label")},
        this.drawTiles(melds, standing, winning, null)),
      h("figcaption", {class: "mcr-hand__situation"},
        this.situationLine(r.situation).map(function (s) { return h("span", {}, [s]); })),
      h("div", {class: "mcr-hand__score"}, parts)]);
  };

  // The other counts that reach the same total (rules.other_counts): a player who counts
  // one of them scores the hand right, which a referee checking a count needs to see.
  Calculator.prototype.sameTotal = function (others) {
    var self = this;
    function side(fans) {
      var parts = [];
      fans.forEach(function (f, i) {
        if (i) parts.push(self.t("calc_list_separator"));
        parts.push.apply(parts, self.nodes("same_total_fan", {fan: self.fanLink(f.id), points: f.points,
                                                                   times: f.times > 1 ? " ×" + f.times : ""}));
      });
      return h("span", {}, parts);
    }
    return h("div", {class: "mcr-hand__same-total"}, [
      h("p", {}, [this.t("same_total_caption")]),
      h("ul", {}, others.map(function (o) {
        var line = self.nodes("same_total_line", {counted: side(o.counted), instead: side(o.instead_of)});
        // Another reading of the tiles: its sets say how.
        if (o.groups.length) line = self.nodes("same_total_reading", {line: h("span", {}, line), groups: h("span", {}, self.sets(o.groups))});
        return h("li", {}, line);
      }))]);
  };

  // A valid win can go to the score sheet page: its total, how it was won, its flowers and
  // winds (the sheet settles it with its own edition's data, and fills its form with them).
  Calculator.prototype.sheetLink = function (answer) {
    var base = this.root.getAttribute("data-scoresheet"), r = answer.result, s = r.situation;
    if (!base || !r.valid) return null;
    var params = new URLSearchParams({from: "calculator", total: String(r.total)});
    if (s.self_drawn || s.replacement) params.set("self_drawn", "1");
    if (s.flowers) params.set("flowers", String(s.flowers));
    params.set("seat_wind", s.seat_wind);
    params.set("prevalent_wind", s.prevalent_wind);
    params.set("edition", r.edition || this.edition());
    return h("p", {class: "mcr-calc__to-sheet"}, [h("a", {href: base + "?" + params.toString()}, [this.t("calc_to_sheet")])]);
  };

  Calculator.prototype.verdict = function (answer) {
    var r = answer.result;
    return this.t(r.valid ? "valid_win" : "invalid_win", {points: this.points(r.total_without_flowers),
                                                          minimum: r.minimum});
  };

  Calculator.prototype.waitScore = function (scored) {
    if (scored.error) return [this.errorText(scored.error)];
    var self = this;
    var total = scored.valid ? String(scored.total) : this.t("calc_wait_invalid", {total: scored.total,
                                                                                     minimum: this.data.minimum});
    var names = scored.fans.map(function (id) { return (self.data.fans[id] || {name: id}).name; });
    return [h("span", {class: "mcr-calc__wait-total" + (scored.valid ? "" : " mcr-calc__wait-total--invalid")},
              [total]),
            h("span", {class: "mcr-calc__wait-fans"}, [names.join(this.t("calc_list_separator"))])];
  };

  Calculator.prototype.waitsTable = function (waits) {
    var self = this;
    var rows = waits.map(function (w) {
      return h("tr", {"data-wait": w.tile}, [
        cell("mcr-calc__wait-tile", [self.tile(w.tile, "standing", "mcr-tile--small"), " ", self.tileName(w.tile)]),
        labelled(self.t("calc_col_unseen"), [self.t("calc_unseen", {n: w.unseen})]),
        labelled(self.t("calc_col_discard"), self.waitScore(w.discard)),
        labelled(self.t("calc_col_self_drawn"), self.waitScore(w.self_drawn)),
        cell("", [h("button", {type: "button", class: "md-button mcr-calc__try", "data-face": w.tile,
                              onclick: function () { self.change(withAddition(self.hand, "standing", [w.tile])); }},
                    [self.t("calc_try_wait", {tile: self.tileName(w.tile)})])])]);
    });
    return h("div", {class: "mcr-calc__waits"}, [
      table(this.t("calc_waits_caption"), [this.t("calc_col_tile"), this.t("calc_col_unseen"),
        this.t("calc_col_discard"), this.t("calc_col_self_drawn"), this.hiddenHeader("calc_col_try")], rows),
      h("p", {class: "mcr-calc__note"}, [this.t("calc_waits_note")])]);
  };

  // An engine error in the reader's language: the string of its code, filled with the values
  // the engine's error names (calculator_engine.describe); a code that counts its n ("1 tile",
  // "5 tiles") is a counted pair, error_<code>_one and _other (as mcr.cli_text.error_text).
  Calculator.prototype.errorText = function (error) {
    var values = {}, key = "error_" + error.code;
    Object.keys(error.values || {}).forEach(function (k) { values[k] = error.values[k]; });
    if (values.tile) values.tile = this.tileName(values.tile);
    var text = this.data.text[key + "_one"] === undefined ? this.t(key, values)
      : dom.counted(this.t.bind(this), key, values.n, values);
    if (error.in_meld) text = this.t("calc_error_in_meld", {error: text});
    if (error.column) text = this.t("calc_error_at", {error: text, column: error.column});
    return text;
  };

  // ---- The page ---------------------------------------------------------------------------------
  Calculator.prototype.situation = function () {
    var root = this.root, s = {};
    FLAGS.forEach(function (flag) { if (root.querySelector("input[name=" + flag + "]").checked) s[flag] = true; });
    s.seat_wind = root.querySelector("select[name=seat_wind]").value;
    s.prevalent_wind = root.querySelector("select[name=prevalent_wind]").value;
    s.flowers = this.flowers().count || 0;
    return s;
  };

  // The flowers as typed: {count} from 0 to 8 (an empty box is none), or {problem} in words.
  // The box is a text box (with a numeric keypad), so that whatever is typed stays to be
  // named back, never clamped or emptied by the browser.
  Calculator.prototype.flowers = function () {
    var input = this.root.querySelector("input[name=flowers]"), text = input.value.trim();
    if (text === "") return {count: 0};
    if (/^\d+$/.test(text) && Number(text) <= MAX_FLOWERS) return {count: Number(text)};
    return {problem: this.t("calc_flowers_invalid", {value: text, most: MAX_FLOWERS})};
  };

  // The flowers box says what is wrong with its count, beside it and to assistive technology.
  Calculator.prototype.showFlowers = function (problem) {
    var input = this.root.querySelector("input[name=flowers]"), box = this.$(".mcr-calc__field-error");
    box.textContent = problem || "";
    box.hidden = !problem;
    if (problem) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
  };

  // The edition of the rules the hand is scored by (the select's value, the site's own by default).
  Calculator.prototype.edition = function () {
    var select = this.root.querySelector("select[name=edition]");
    return (select && select.value) || this.data.table;
  };

  Calculator.prototype.mode = function () {
    var checked = this.root.querySelector("input[name=mcr-calc-mode]:checked");
    return checked ? checked.value : "standing";
  };

  // A new hand from a tap: the notation follows it.
  Calculator.prototype.change = function (hand) {
    this.history.push(this.$(".mcr-calc__notation").value);
    this.hand = hand;
    this.$(".mcr-calc__notation").value = toNotation(hand);
    this.update();
  };

  Calculator.prototype.remove = function (where, index) {
    var next = {melds: this.hand.melds.slice(), standing: this.hand.standing.slice()};
    (where === "meld" ? next.melds : next.standing).splice(index, 1);
    this.change(next);
    var focus = this.$(".mcr-calc__hand button") || this.$(".mcr-calc__pick[tabindex='0']");
    if (focus) focus.focus();
  };

  // A tile discarded from a 14-tile hand: its last concealed copy goes.
  Calculator.prototype.discard = function (face) {
    var at = this.hand.standing.lastIndexOf(face);
    if (at >= 0) this.remove("standing", at);
  };

  Calculator.prototype.drawHand = function () {
    var self = this, hand = this.hand, box = this.$(".mcr-calc__hand"), count = tileCount(hand);
    var full = count === TILES_IN_HAND && hand.standing.length > 0;
    var standing = full ? hand.standing.slice(0, -1) : hand.standing;
    var winning = full ? hand.standing[hand.standing.length - 1] : null;
    if (!count) box.replaceChildren(h("p", {class: "mcr-calc__empty"}, [this.t("calc_hand_empty")]));
    else box.replaceChildren(h("div", {class: "mcr-hand__tiles"}, this.drawTiles(hand.melds, standing, winning,
      function (where, i) { self.remove(where, i); })));
    this.$(".mcr-calc__count").textContent = this.t("calc_count", {n: count});
    var mode = this.mode();
    this.root.querySelectorAll(".mcr-calc__pick").forEach(function (button) {
      var blocked = addition(hand, mode, button.getAttribute("data-face")) === null;
      button.setAttribute("aria-disabled", blocked ? "true" : "false");
    });
  };

  Calculator.prototype.link = function () {
    var params = new URLSearchParams(), s = this.situation(), notation = this.$(".mcr-calc__notation").value.trim();
    if (notation) params.set("hand", notation);
    FLAGS.forEach(function (flag) { if (s[flag]) params.set(flag, "1"); });
    if (s.seat_wind !== "E") params.set("seat_wind", s.seat_wind);
    if (s.prevalent_wind !== "E") params.set("prevalent_wind", s.prevalent_wind);
    if (s.flowers) params.set("flowers", String(s.flowers));   // a count the box refuses is not kept
    if (this.edition() !== this.data.table) params.set("edition", this.edition());
    var query = params.toString();
    return location.pathname + (query ? "?" + query : "");
  };

  // The hand and situation of the page's address; each setting it cannot use is listed, with
  // what is used instead (calculator-link.js), above the calculator.
  Calculator.prototype.restore = function () {
    var root = this.root, editions = this.data.editions.map(function (e) { return e.id; });
    var link = window.McrCalcLink.read(location.search, {flags: FLAGS, winds: WINDS, maxFlowers: MAX_FLOWERS,
                                                        editions: editions, edition: this.data.table});
    var settings = link.settings;
    FLAGS.forEach(function (flag) { root.querySelector("input[name=" + flag + "]").checked = !!settings.flags[flag]; });
    ["seat_wind", "prevalent_wind"].forEach(function (key) { root.querySelector("select[name=" + key + "]").value = settings[key]; });
    root.querySelector("input[name=flowers]").value = String(settings.flowers);
    var edition = root.querySelector("select[name=edition]");
    if (edition) edition.value = settings.edition;
    this.$(".mcr-calc__notation").value = settings.hand;
    this.hand = fromNotation(settings.hand);
    this.showLinkProblems(link.problems);
  };

  Calculator.prototype.showLinkProblems = function (problems) {
    var self = this, box = this.$(".mcr-calc__link-problems");
    box.querySelector("ul").replaceChildren.apply(box.querySelector("ul"), problems.map(function (p) {
      return h("li", {"data-param": p.values.param}, [self.t(p.key, p.values)]);
    }));
    box.hidden = !problems.length;
  };

  // Everything that follows a change of the hand or the situation.
  Calculator.prototype.update = function () {
    this.drawHand();
    this.showFlowers(this.flowers().problem);
    var url = this.link();
    history.replaceState(null, "", url);
    this.$(".mcr-calc__link").value = new URL(url, location.href).href;
    this.$(".mcr-calc__copied").textContent = "";
    this.ask();
  };

  // The answer: `summary` (a sentence, announced), `result` (a node or null) and what the bar
  // shows (`bar`: a list of nodes and strings; the tile count when absent).
  Calculator.prototype.say = function (summary, result, bar) {
    this.$(".mcr-calc__summary").textContent = summary;
    this.$(".mcr-calc__result").replaceChildren.apply(this.$(".mcr-calc__result"), result ? [result] : []);
    this.showBar(bar || null, bar ? "answer" : "count");
  };

  // The total bar (it stays on screen while tiles are tapped: mcr.css): the total and whether
  // the hand is a valid win, or how far it is from one, and a link down to the details.
  Calculator.prototype.showBar = function (nodes, state, valid) {
    var bar = this.$(".mcr-calc__bar"), text = this.$(".mcr-calc__bar-text"), jump = this.$(".mcr-calc__bar-jump");
    var shown = nodes || [this.t("calc_count", {n: tileCount(this.hand)})];
    text.replaceChildren.apply(text, shown.map(function (n) { return typeof n === "string" ? document.createTextNode(n) : n; }));
    bar.setAttribute("data-state", state);
    if (valid === undefined) bar.removeAttribute("data-valid");
    else bar.setAttribute("data-valid", String(valid));
    jump.hidden = state === "count";
    jump.textContent = this.t(state === "score" ? "calc_bar_breakdown" : "calc_bar_details");
  };

  // The bar of a scored hand: its total, bold, and the verdict in words (not by colour alone).
  Calculator.prototype.scoreBar = function (r) {
    var verdict = r.valid ? this.t("calc_bar_valid") : this.t("calc_bar_invalid", {minimum: r.minimum});
    return [h("strong", {class: "mcr-calc__bar-total"}, [this.points(r.total)]), " ",
            h("span", {class: "mcr-calc__bar-verdict"}, [verdict])];
  };

  // An answer the page gives without the engine (no tile, a count of flowers it refuses):
  // an answer still on its way is for the hand before, and is dropped.
  Calculator.prototype.answerHere = function (kind, summary, bar) {
    this.asked += 1;
    this.showEngineTime(null);
    this.say(summary, null, bar);
    this.root.removeAttribute("aria-busy");
    this.root.setAttribute("data-answer", kind);
    this.root.setAttribute("data-answered", String(this.asked));
  };

  // The engine's time in its worker on the answer shown (data-engine-ms), for
  // benchmarks/calculator_speed.py: the rest of an answer's time is the messages, the page's
  // own work and the drawing. No attribute for an answer the page gives itself.
  Calculator.prototype.showEngineTime = function (ms) {
    if (ms === null) this.root.removeAttribute("data-engine-ms");
    else this.root.setAttribute("data-engine-ms", String(Math.round(ms * 10) / 10));
  };

  Calculator.prototype.ask = function () {
    var self = this, notation = this.$(".mcr-calc__notation").value;
    this.showError(null);
    if (!notation.trim()) { this.answerHere("empty", dom.counted(this.t.bind(this), "calc_need_tiles", 0), null); return; }
    var flowers = this.flowers().problem;
    if (flowers) {
      this.answerHere("flowers", this.t("calc_summary_flowers", {problem: flowers, most: MAX_FLOWERS}), [flowers]);
      return;
    }
    if (!this.engine) { this.showBar(null, "count"); return; }   // asked again once the engine is ready
    var request = this.situation();
    request.hand = notation;
    request.lang = this.data.lang;
    request.edition = this.edition();
    var number = ++this.asked, engineMs = null;
    this.root.setAttribute("aria-busy", "true");
    this.engine.ask(request, function (ms) { engineMs = ms; }).then(function (answer) {
      if (number !== self.asked) return;   // the hand changed meanwhile
      self.root.removeAttribute("aria-busy");
      self.showEngineTime(engineMs);
      self.show(answer);
    });
  };

  // Whether `error` is only a hand not finished yet, in the field being typed in.
  Calculator.prototype.unfinished = function (error) {
    var input = this.$(".mcr-calc__notation"), rest = UNFINISHED[error.code];
    var typing = Date.now() - this.keyAt < TYPING_PAUSE_MS;   // not a hand from a link, a tap or undo
    return Boolean(rest && error.column && typing && document.activeElement === input &&
                   rest.test(input.value.slice(error.column - 1).trimEnd()));
  };

  // An answer of an unfinished hand is shown after a pause in the typing (or when the field
  // is left), unless another answer came meanwhile. Until then the page counts the tiles
  // typed: the answer of the hand before (its total, its link to the score sheet) no longer holds.
  Calculator.prototype.showAfterPause = function (answer) {
    var self = this, number = this.asked;
    this.say(dom.counted(this.t.bind(this), "calc_need_tiles", tileCount(this.hand)), null);
    this.root.setAttribute("data-answer", "typing");
    var waiting = this.waiting = function () {
      if (self.waiting !== waiting) return;   // shown already, or another answer came
      self.waiting = null;
      if (number === self.asked) self.show(answer, true);
    };
    setTimeout(waiting, TYPING_PAUSE_MS);
  };

  Calculator.prototype.show = function (answer, paused) {
    this.waiting = null;
    if (answer.kind === "error" && !paused && this.unfinished(answer.error)) { this.showAfterPause(answer); return; }
    this.root.setAttribute("data-answer", answer.kind);
    var self = this, analysis = window.McrCalcAnalysis;
    if (answer.kind === "score") {
      this.say(this.t("calc_summary_score", {total: this.points(answer.result.total), verdict: this.verdict(answer)}),
               this.breakdown(answer));
      this.showBar(this.scoreBar(answer.result), "score", answer.result.valid);
    } else if (answer.kind === "waits") {
      var names = answer.waits.map(function (w) { return self.tileName(w.tile); });
      var waits = [answer.analysis ? analysis.formsTable(this, answer.analysis) : null, this.waitsTable(answer.waits)];
      this.say(dom.counted(this.t.bind(this), "calc_summary_waits", names.length,
                           {tiles: names.join(this.t("calc_list_separator"))}),
               h("div", {class: "mcr-calc__analysis"}, waits),
               this.nodes("calc_bar_ready", {tiles: h("span", {class: "mcr-calc__bar-tiles"}, answer.waits.map(function (w) {
                 return self.tile(w.tile, "standing", "mcr-tile--mini");
               }))}));
    } else if (answer.kind === "shanten") {
      var waiting = analysis.waiting(this, answer.analysis, function (face) {
        self.change(withAddition(self.hand, "standing", [face]));
      });
      this.say(waiting.summary, waiting.result, waiting.bar);
    } else if (answer.kind === "discards") {
      var discarding = analysis.discarding(this, answer.analysis, function (face) { self.discard(face); });
      this.say(discarding.summary, discarding.result, discarding.bar);
    } else if (answer.kind === "incomplete") {
      this.say(answer.count > TILES_IN_HAND ? this.t("calc_too_many_tiles", {n: answer.count})
        : dom.counted(this.t.bind(this), "calc_need_tiles", answer.count), null);
    } else {
      var text = this.errorText(answer.error);
      this.say(this.t("calc_summary_error", {error: text}), null, [this.t("calc_bar_error")]);
      this.showError(answer.error, text);
    }
    this.root.setAttribute("data-answered", String(this.asked));
  };

  // Points at the fault: the character of the notation, or the tiles in the picture.
  Calculator.prototype.showError = function (error, text) {
    var box = this.$(".mcr-calc__error"), input = this.$(".mcr-calc__notation");
    this.root.querySelectorAll(".mcr-calc__fault").forEach(function (n) { n.classList.remove("mcr-calc__fault"); });
    if (!error) { box.hidden = true; box.replaceChildren(); input.removeAttribute("aria-invalid"); return; }
    input.setAttribute("aria-invalid", "true");
    var parts = [h("span", {}, [text])];
    if (error.column) {
      var value = input.value, at = error.column - 1;
      parts.push(h("code", {class: "mcr-calc__at"}, [value.slice(0, at),
        h("mark", {}, [value.slice(at, at + 1) || " "]), value.slice(at + 1)]));
    }
    box.replaceChildren.apply(box, parts);
    box.hidden = false;
    (error.tiles || []).forEach(function (face) {
      this.root.querySelectorAll(".mcr-calc__hand img[data-face='" + face + "']").forEach(function (img) {
        (img.closest("button") || img).classList.add("mcr-calc__fault");
      });
    }, this);
  };

  // The palette is one stop of the Tab key; the arrow keys move between its tiles.
  Calculator.prototype.wirePalette = function () {
    var self = this, rows = Array.prototype.slice.call(this.root.querySelectorAll(".mcr-calc__palette-row"));
    var grid = rows.map(function (row) { return Array.prototype.slice.call(row.querySelectorAll(".mcr-calc__pick")); });
    grid.forEach(function (row, r) {
      row.forEach(function (button, c) {
        button.tabIndex = r === 0 && c === 0 ? 0 : -1;
        button.addEventListener("click", function () {
          if (button.getAttribute("aria-disabled") === "true") return;
          var tiles = addition(self.hand, self.mode(), button.getAttribute("data-face"));
          if (tiles) self.change(withAddition(self.hand, self.mode(), tiles));
        });
        button.addEventListener("keydown", function (event) {
          var to = null;
          if (event.key === "ArrowRight") to = row[c + 1] || (grid[r + 1] || [])[0];
          else if (event.key === "ArrowLeft") to = row[c - 1] || (grid[r - 1] ? grid[r - 1][grid[r - 1].length - 1] : null);
          else if (event.key === "ArrowDown" && grid[r + 1]) to = grid[r + 1][Math.min(c, grid[r + 1].length - 1)];
          else if (event.key === "ArrowUp" && grid[r - 1]) to = grid[r - 1][Math.min(c, grid[r - 1].length - 1)];
          else if (event.key === "Home") to = row[0];
          else if (event.key === "End") to = row[row.length - 1];
          if (!to) return;
          event.preventDefault();
          button.tabIndex = -1;
          to.tabIndex = 0;
          to.focus();
        });
      });
    });
  };

  Calculator.prototype.copyLink = function () {
    var self = this, field = this.$(".mcr-calc__link"), note = this.$(".mcr-calc__copied");
    function fallback() { field.focus(); field.select(); note.textContent = self.t("calc_link_select"); }
    if (!navigator.clipboard) { fallback(); return; }
    navigator.clipboard.writeText(field.value).then(function () { note.textContent = self.t("calc_link_copied"); },
                                                    fallback);
  };

  // The site's notices (offline.js: "saved on this device", "a new version") sit at the foot
  // of the screen, where the total bar sticks: the bar rises above whichever is shown.
  Calculator.prototype.liftBar = function () {
    var root = this.root, notices = Array.prototype.slice.call(document.querySelectorAll(".mcr-notice"));
    if (!notices.length || !window.ResizeObserver) return;
    function lift() {
      var highest = notices.reduce(function (most, n) {
        return n.hidden ? most : Math.max(most, window.innerHeight - n.getBoundingClientRect().top);
      }, 0);
      root.style.setProperty("--mcr-calc-bar-lift", highest ? Math.ceil(highest + 6) + "px" : "0px");
    }
    var watch = new ResizeObserver(lift);
    notices.forEach(function (n) { watch.observe(n); });
    window.addEventListener("resize", lift);
    lift();
  };
  // The notices come after the calculator in the page: they are looked for once it is read.
  Calculator.prototype.liftBarSoon = function () {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", this.liftBar.bind(this));
    else this.liftBar();
  };

  Calculator.prototype.wire = function () {
    var self = this, root = this.root;
    this.wirePalette();
    this.liftBarSoon();
    this.$(".mcr-calc__notation").addEventListener("input", function (event) {
      self.keyAt = Date.now();
      self.history.push(self.notationBefore || "");
      self.hand = fromNotation(event.target.value);
      self.notationBefore = event.target.value;
      self.update();
    });
    this.$(".mcr-calc__notation").addEventListener("focus", function (event) { self.notationBefore = event.target.value; });
    this.$(".mcr-calc__notation").addEventListener("blur", function () { if (self.waiting) self.waiting(); });
    root.querySelectorAll("input[name=mcr-calc-mode]").forEach(function (radio) {
      radio.addEventListener("change", function () { self.drawHand(); });
    });
    root.querySelectorAll(".mcr-calc__situation input, .mcr-calc__situation select").forEach(function (control) {
      control.addEventListener("change", function () { self.update(); });
    });
    this.$(".mcr-calc__undo").addEventListener("click", function () {
      if (!self.history.length) return;
      var notation = self.history.pop();
      self.$(".mcr-calc__notation").value = notation;
      self.hand = fromNotation(notation);
      self.update();
    });
    this.$(".mcr-calc__clear").addEventListener("click", function () { self.change({melds: [], standing: []}); });
    this.$(".mcr-calc__copy").addEventListener("click", function () { self.copyLink(); });
    // The flowers box answers as it is typed, not only when it loses the focus.
    root.querySelector("input[name=flowers]").addEventListener("input", function () { self.update(); });
    this.$(".mcr-calc__link-dismiss").addEventListener("click", function () {
      self.$(".mcr-calc__link-problems").hidden = true;
      self.$(".mcr-calc__notation").focus();
    });
  };

  // ---- The engine in its worker -----------------------------------------------------------------
  // `table`: the edition the page shows, whose table the engine loads first.
  function Engine(root, table, onProgress) {
    var self = this;
    function url(name) { return new URL(root.getAttribute("data-" + name), location.href).href; }
    this.waiting = {};
    this.next = 1;
    this.worker = new Worker(url("worker"), {type: "module"});
    this.ready = new Promise(function (resolve, reject) {
      self.worker.onmessage = function (event) {
        var message = event.data;
        if (message.type === "progress") onProgress(message.stage);
        else if (message.type === "ready") resolve(self);
        else if (message.type === "failed") reject(new Error(message.message));
        else if (message.type === "answer") {
          var done = self.waiting[message.id];
          delete self.waiting[message.id];
          if (done) done(JSON.parse(message.answer), typeof message.ms === "number" ? message.ms : null);
        }
      };
      self.worker.onerror = function (event) { reject(new Error(event.message || "worker error")); };
    });
    var tables = {};
    (root.getAttribute("data-editions") || "").split(/\s+/).filter(Boolean).forEach(function (e) {
      tables[e] = url("table-" + e);
    });
    this.worker.postMessage({type: "start", pyodide: url("pyodide"), stdlibFull: url("stdlib-full"),
                             engine: url("engine"), tables: tables, table: table});
  }

  // One request (an object) to its answer (an object); `timed`, if given, hears the worker's
  // milliseconds on it (null from a worker that does not say) just before the answer comes.
  Engine.prototype.ask = function (request, timed) {
    var self = this, id = this.next++;
    return new Promise(function (resolve) {
      self.waiting[id] = function (answer, ms) {
        if (timed) timed(ms);
        resolve(answer);
      };
      self.worker.postMessage({type: "ask", id: id, request: JSON.stringify(request), table: request.edition || null});
    });
  };

  // The page's strings and names, in the page (a JSON data block), so the tiles can be
  // tapped at once; the engine starts right after, with the edition the address names.
  function pageData(root) {
    var block = root.querySelector(".mcr-calc__data");
    return JSON.parse(block ? block.textContent : "null");
  }

  function start(root) {
    var status = root.querySelector(".mcr-calc__status"), statusText = root.querySelector(".mcr-calc__status-text");
    var progress = root.querySelector(".mcr-calc__progress");
    var started = performance.now(), stage = 0, calc = null;
    var stages = ["calc_stage_runtime", "calc_stage_engine", "calc_stage_table"];
    function showStage() {
      progress.value = stage;
      // When each stage was reached (ms from the page's start), for the benchmark.
      if (!root.hasAttribute("data-stage-" + stage + "-ms")) {
        root.setAttribute("data-stage-" + stage + "-ms", String(Math.round(performance.now())));
      }
      if (calc && stage > 0 && stage < STAGES) statusText.textContent = calc.t(stages[stage - 1]);
    }
    function failed(message) {
      status.setAttribute("data-state", "failed");
      statusText.textContent = calc ? calc.t("calc_load_failed", {reason: message}) : message;
    }
    try {
      calc = new Calculator(root, pageData(root));
      calc.restore();
      calc.wire();
      calc.update();
    } catch (err) {
      failed(String(err.message || err));
      return;
    }
    var engine = new Engine(root, calc.edition(), function (n) { stage = n; showStage(); });
    // For the browser tests and the benchmark: the engine's own answers.
    window.mcrCalculator = {ready: engine.ready, ask: function (request) { return engine.ask(request); }};
    showStage();
    engine.ready.then(function () {
      calc.engine = engine;
      stage = STAGES;
      showStage();
      status.setAttribute("data-state", "ready");
      root.setAttribute("data-ready-ms", String(Math.round(performance.now() - started)));
      statusText.textContent = calc.t("calc_ready");
      calc.ask();
    }, function (err) { failed(err.message); });
  }

  document.querySelectorAll(".mcr-calc").forEach(start);
})();
