// Small DOM builders shared by the quiz (quiz.js) and the calculator (calculator.js); each
// page loads this file first. Hand-written, not generated.
(function () {
  "use strict";

  // An element with attributes ("onclick": a listener; true: a bare attribute; null,
  // undefined and false: left out) and children (strings, numbers or nodes; absent ones skipped).
  function h(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      var value = attrs[key];
      if (value === null || value === undefined || value === false) return;
      if (key === "class") node.className = value;
      else if (key.slice(0, 2) === "on") node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : String(value));
    });
    (children || []).forEach(function (child) {
      if (child === null || child === undefined || child === false) return;
      node.appendChild(typeof child === "string" || typeof child === "number"
        ? document.createTextNode(String(child)) : child);
    });
    return node;
  }

  // A template whose {placeholders} may be nodes: the list of nodes and strings it makes.
  function fillNodes(template, values) {
    var parts = [], last = 0, match, pattern = /\{(\w+)\}/g;
    while ((match = pattern.exec(template)) !== null) {
      parts.push(template.slice(last, match.index));
      var value = values[match[1]];
      parts.push(value === undefined ? match[0] : (typeof value === "object" ? value : String(value)));
      last = pattern.lastIndex;
    }
    parts.push(template.slice(last));
    return fitParticles(parts.filter(function (p) { return p !== ""; }));
  }

  // Korean particles written in both forms after a value ("{name}을(를)", "{wind}(으)로") take
  // the one that fits the word before them, as i18n/korean_particles.py does for the strings
  // Python fills (tests/generator/test_korean_particles.py holds the two to the same answers):
  // 을 이 은 과 으로 after a final consonant, 를 가 는 와 로 after a vowel (로 after ㄹ too).
  var PAIRS = {"을(를)": ["을", "를"], "를(을)": ["을", "를"], "이(가)": ["이", "가"], "가(이)": ["이", "가"],
               "은(는)": ["은", "는"], "는(은)": ["은", "는"], "과(와)": ["과", "와"], "와(과)": ["과", "와"],
               "(으)로": ["으로", "로"], "(이)었": ["이었", "였"], "(이)라": ["이라", "라"], "(이)면": ["이면", "면"]};
  var PAIR = /을\(를\)|를\(을\)|이\(가\)|가\(이\)|은\(는\)|는\(은\)|과\(와\)|와\(과\)|\(으\)로|\(이\)[었라면]/g;
  var RIEUL = 8, DIGIT_ENDINGS = [21, 8, 0, 16, 0, 0, 1, 8, 8, 0], LETTER_ENDINGS = {l: 8, r: 8, m: 16, n: 4};
  var QUOTES = "'\"’”]」』", ASIDES = {")": "(", "）": "（"};

  // Where the word a particle goes with ends: inside closing quotes, before an aside in
  // brackets (and the spaces before it), in a Markdown link's text; -1 for none.
  function wordEnd(text) {
    var at = text.length - 1;
    while (at >= 0 && (QUOTES.indexOf(text[at]) >= 0 || ASIDES[text[at]])) {
      if (QUOTES.indexOf(text[at]) >= 0) { at -= 1; continue; }
      var opening = text.lastIndexOf(ASIDES[text[at]], at - 1);
      if (opening < 0) return -1;
      if (opening > 0 && text[opening - 1] === "]") { at = opening - 2; continue; }
      at = opening - 1;
      while (at >= 0 && text[at] === " ") at -= 1;
    }
    return at;
  }

  // The final consonant of how the word read: 0 none, 8 ㄹ, another number another; null unknown.
  function finalConsonant(text) {
    var at = wordEnd(text);
    if (at < 0) return null;
    var ch = text[at];
    if (ch >= "가" && ch <= "힣") return (ch.charCodeAt(0) - 0xAC00) % 28;
    if (/[0-9]/.test(ch)) {
      var digits = /[0-9]+$/.exec(text.slice(0, at + 1))[0];
      if (/^0+$/.test(digits)) return DIGIT_ENDINGS[0];
      return ch !== "0" ? DIGIT_ENDINGS[Number(ch)] : 1;   // 10, 100, 1000: 십 백 천, each with one
    }
    if (/[A-Za-z]/.test(ch)) return LETTER_ENDINGS[ch.toLowerCase()] || 0;
    return null;
  }

  // The text a node stands for: an image's alt text, an element's text when it holds no other
  // element; else an unknown word ("\u0000", which keeps both forms of the particle after it).
  function nodeWord(node) {
    if (!node) return "\u0000";
    if (node.nodeName === "IMG") return node.getAttribute("alt") || "\u0000";
    return node.children && node.children.length ? "\u0000" : (node.textContent || "\u0000");
  }

  function fitParticles(parts) {
    var before = "";
    return parts.map(function (part) {
      if (typeof part !== "string") { before += nodeWord(part); return part; }
      var fitted = part.replace(PAIR, function (pair, offset) {
        var ending = finalConsonant(before + part.slice(0, offset));
        if (ending === null) return pair;
        if (pair === "(으)로") return ending === 0 || ending === RIEUL ? "로" : "으로";
        return PAIRS[pair][ending ? 0 : 1];
      });
      before += part;
      return fitted;
    });
  }

  // A table with a caption, an optional header row of column names, body rows and footer.
  function table(caption, head, rows, foot) {
    return h("table", {}, [
      h("caption", {}, [caption]),
      head ? h("thead", {}, [h("tr", {}, head.map(function (c) { return h("th", {scope: "col"}, [c]); }))]) : null,
      h("tbody", {}, rows),
      foot || null]);
  }

  function cell(css, children) { return h("td", css ? {class: css} : {}, children); }

  // A hand's tile groups as the site draws `hand` blocks (generator/site/hand_render.py, same CSS
  // classes): each claimed meld, a concealed kong with its ends face down, the standing tiles,
  // and the winning tile when there is one. `t(key)` gives a string, `tile(face, variant)` an image.
  function handGroups(tiles, t, tile) {
    var groups = [];
    tiles.melds.forEach(function (meld) {
      var faces = meld.tiles;
      if (faces.length === 4 && !meld.exposed) {
        var label = t("meld_concealed_kong");
        groups.push(h("span", {class: "mcr-meld mcr-meld--concealed", role: "group", "aria-label": label, title: label},
          [tile(faces[0], "back"), tile(faces[1], "standing"), tile(faces[2], "standing"), tile(faces[3], "back")]));
        return;
      }
      var key = faces.length === 4 ? "meld_kong" : faces[0] === faces[1] ? "meld_pung" : "meld_chow";
      groups.push(h("span", {class: "mcr-meld mcr-meld--exposed", role: "group", "aria-label": t(key), title: t(key)},
        faces.map(function (f) { return tile(f, "exposed"); })));
    });
    var standing = t("standing_tiles"), winning = t("winning_tile");
    groups.push(h("span", {class: "mcr-standing", role: "group", "aria-label": standing, title: standing},
                  tiles.concealed.map(function (f) { return tile(f, "standing"); })));
    if (tiles.winning) {
      groups.push(h("span", {class: "mcr-winning", role: "group", "aria-label": winning, title: winning},
                    [tile(tiles.winning, "winning")]));
    }
    return groups;
  }

  // A JSON value kept in localStorage under `key`: `fresh()` makes a new one, `check(data)`
  // returns a sound one or throws. When the browser refuses storage it is kept in memory
  // (`available` false); an unreadable value is set aside under key + ".damaged" (".damaged.2" for a second, ...; or by
  // `keepAside(raw, error)`, which returns whether it kept it) and started afresh (`damaged`
  // true, `problem` the reason), so the page can say so. A value that cannot be set aside
  // stays where it is, and the page works in memory: it is never dropped.
  function Store(key, fresh, check, keepAside) {
    this.key = key;
    this.fresh = fresh;
    this.check = check;
    this.keepAside = keepAside || null;
    this.memory = null;
    this.damaged = false;
    this.keptAside = false;
    this.problem = null;
    this.available = true;
    try {
      window.localStorage.setItem(key + ".probe", "1");
      window.localStorage.removeItem(key + ".probe");
    } catch (err) {
      this.available = false;
    }
  }

  // Every change reads the stored value first, so two open tabs do not undo each other.
  Store.prototype.load = function () {
    if (!this.available) return this.memory || this.fresh();
    var raw = window.localStorage.getItem(this.key);
    if (raw === null) return this.fresh();
    try {
      return this.check(JSON.parse(raw));
    } catch (err) {
      this.damaged = true;
      this.problem = err.message || String(err);
      this.keptAside = this.setAside(raw, err);
      if (this.keptAside) window.localStorage.removeItem(this.key);
      else this.available = false;   // saving now would overwrite it
      return this.memory || this.fresh();
    }
  };

  // One key per copy (key.damaged, key.damaged.2, ...): a second damage never costs the first copy.
  Store.prototype.setAside = function (raw, err) {
    if (this.keepAside) return this.keepAside(raw, err);
    try {
      for (var n = 1; ; n++) {
        var key = this.key + ".damaged" + (n > 1 ? "." + n : ""), there = window.localStorage.getItem(key);
        if (there === raw) return true;   // this very copy is kept already
        if (there === null) { window.localStorage.setItem(key, raw); return true; }
      }
    } catch (full) { return false; }
  };

  Store.prototype.save = function (value) {
    this.memory = value;
    if (!this.available) return;
    try {
      window.localStorage.setItem(this.key, JSON.stringify(value));
    } catch (err) {
      this.available = false;   // full or forbidden: carry on in memory, and say so
    }
  };

  Store.prototype.reset = function () {
    this.memory = null;
    if (this.available) window.localStorage.removeItem(this.key);
  };

  // A hand's situation in words, a part each: how it was won, its flags (the page's list of
  // situation flags), the two winds and the flowers; `t(key, values)` is the page's strings.
  function situationParts(s, t, flags) {
    var parts = [t(s.self_drawn || s.replacement ? "situation_self_drawn" : "situation_discard")];
    flags.forEach(function (flag) { if (s[flag]) parts.push(t("situation_" + flag)); });
    parts.push(t("situation_seat_wind", {wind: t("wind_" + s.seat_wind)}));
    parts.push(t("situation_prevalent_wind", {wind: t("wind_" + s.prevalent_wind)}));
    if (s.flowers) parts.push(t("situation_flowers", {n: s.flowers}));
    return parts;
  }

  // "1 kind", "4 kinds", "4種", "0 jour": a count with its noun, from the strings `key_one`
  // and `key_other`, the form the page's language gives the count (CLDR's rules, as
  // i18n/languages.yaml lists them for Python); `values` are any others the strings fill,
  // `t` as above.
  var pluralRules = {};
  function counted(t, key, n, values) {
    var lang = document.documentElement.lang || "en";
    var rules = pluralRules[lang] || (pluralRules[lang] = new Intl.PluralRules(lang));
    return t(key + (rules.select(n) === "one" ? "_one" : "_other"), Object.assign({}, values, {n: n}));
  }

  window.McrDom = {h: h, fillNodes: fillNodes, table: table, cell: cell, handGroups: handGroups, Store: Store,
                   situationParts: situationParts, counted: counted};
})();
