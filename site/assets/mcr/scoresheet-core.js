// The score sheet's arithmetic and its checks (hand-written, not generated; no page needed,
// so the browser tests can call it alone): seats and winds of each hand, the settlement of
// a hand by the payment formulas of the fan table, penalties, running totals, standard
// points with ties, and the checking of a sheet read from storage, a file or a link; and an
// event's standings, the exported sheets of its sessions added up.
//
// Every number of the rules comes from the edition's data in the page (generator/site/
// scoresheet_page.py): the base, the minimum and the payment formulas of `settlement`, and
// the starting score, the hands of a session, the standard points and the offences of
// `competition` in fans.yaml. Nothing here is a second copy of them.
//
// A sheet: {format, edition, players: [4 names], hands: [hand...]}, where a hand is
// {result: "win", winner: P, discarder: P or null (self-drawn), total, flowers, penalties}
// or {result: "draw" | "time", penalties}, and a penalty {player: P, offence, points};
// players are numbered 1 to 4 in the order of the seats drawn: East, South, West, North.
// A problem is {key, values, at}: `key` names a string of the page, which words it.
(function () {
  "use strict";

  var FORMAT = 1;
  var WINDS = ["E", "S", "W", "N"];
  var RESULTS = ["win", "draw", "time"];
  var LIMITS = {name: 40, total: 9999, penalty: 9999};   // what a field may hold (typing slips), not rules

  // ---- Seats and winds -------------------------------------------------------------------
  // Players keep the seats drawn for them; the deal passes after every hand (the old South
  // deals next), so the seat winds move with it, and each circle of four hands has its
  // prevalent wind (rulings: seat_rotation; play: passing the deal).
  function seatWind(player, hand) {
    return WINDS[((player - 1 - (hand - 1) % WINDS.length) + WINDS.length) % WINDS.length];
  }

  function dealer(hand) { return (hand - 1) % WINDS.length + 1; }

  function prevalentWind(hand) { return WINDS[Math.floor((hand - 1) / WINDS.length) % WINDS.length]; }

  // ---- The payment formulas ----------------------------------------------------------------
  // The part of the table's formula vocabulary (rules/vocabulary.py) that a formula over the
  // numbers `base` and `total` can use, with Python's meaning: `and`/`or` give an operand.
  var OPERATORS = {
    "+": function (a) { return a[0] + a[1]; },
    "-": function (a) { return a[0] - a[1]; },
    "==": function (a) { return number(a[0]) === number(a[1]); },
    "!=": function (a) { return number(a[0]) !== number(a[1]); },
    "<": function (a) { return a[0] < a[1]; },
    "<=": function (a) { return a[0] <= a[1]; },
    ">": function (a) { return a[0] > a[1]; },
    ">=": function (a) { return a[0] >= a[1]; }
  };
  var ARITY = {"+": 2, "-": 2, "==": 2, "!=": 2, "<": 2, "<=": 2, ">": 2, ">=": 2, "if": 3};

  function truthy(value) { return value !== false && value !== 0 && value !== null; }

  function number(value) { return value === true ? 1 : value === false ? 0 : value; }

  function evaluate(node, facts) {
    if (typeof node === "number" || typeof node === "boolean" || typeof node === "string") return node;
    if (node === null || typeof node !== "object" || Array.isArray(node)) throw new Error("not a formula: " + JSON.stringify(node));
    var op = Object.keys(node)[0], arg = node[op];
    if (Object.keys(node).length !== 1) throw new Error("a formula node has one operator: " + JSON.stringify(node));
    if (op === "var") {
      var name = String(arg).replace(/^hand\./, "");
      if (!Object.prototype.hasOwnProperty.call(facts, name)) throw new Error("unknown name in a formula: " + arg);
      return facts[name];
    }
    if (op === "not") return !truthy(evaluate(arg, facts));
    if (!Array.isArray(arg)) throw new Error("'" + op + "' takes a list");
    if (op === "and" || op === "or") {
      var value = op === "and";
      for (var i = 0; i < arg.length; i += 1) {
        value = evaluate(arg[i], facts);
        if (truthy(value) !== (op === "and")) return value;
      }
      return value;
    }
    if (ARITY[op] === undefined) throw new Error("the score sheet cannot use the operator '" + op + "'");
    if (arg.length !== ARITY[op]) throw new Error("'" + op + "' takes " + ARITY[op] + " arguments");
    if (op === "if") return truthy(evaluate(arg[0], facts)) ? evaluate(arg[1], facts) : evaluate(arg[2], facts);
    var values = arg.map(function (a) { return evaluate(a, facts); });
    return OPERATORS[op](op === "+" || op === "-" ? values.map(number) : values);
  }

  // What each loser pays: {self_drawn, each} or {self_drawn, discarder, others}, and what the
  // winner receives, as rules/settlement.py's Payments.
  function payments(edition, total, selfDrawn) {
    var s = edition.settlement, facts = {base: s.base, total: total};
    function pay(kind, payer) { return number(evaluate(s.payments[kind][payer], facts)); }
    if (selfDrawn) {
      var each = pay("self_drawn", "each_other_player");
      return {self_drawn: true, each: each, winner_receives: (WINDS.length - 1) * each};
    }
    var discarder = pay("on_discard", "discarder"), others = pay("on_discard", "each_other_player");
    return {self_drawn: false, discarder: discarder, others: others,
            winner_receives: discarder + (WINDS.length - 2) * others};
  }

  // Each player's hand result (the points won or lost in the hand, penalties apart).
  function handResults(edition, hand) {
    var results = WINDS.map(function () { return 0; });
    if (hand.result !== "win") return results;
    var p = payments(edition, hand.total, hand.discarder === null);
    results.forEach(function (_, i) {
      var player = i + 1;
      if (player === hand.winner) results[i] = p.winner_receives;
      else if (p.self_drawn) results[i] = -p.each;
      else results[i] = -(player === hand.discarder ? p.discarder : p.others);
    });
    return results;
  }

  function handPenalties(hand) {
    var out = WINDS.map(function () { return 0; });
    hand.penalties.forEach(function (pen) { out[pen.player - 1] += pen.points; });
    return out;
  }

  // The sheet worked out: each hand's results, penalties, their sum (zero) and the session
  // scores after it; the scores now; whether the session is over.
  function session(edition, sheet) {
    var start = edition.competition.starting_score;
    var scores = WINDS.map(function () { return start; }), penalties = WINDS.map(function () { return 0; });
    var rows = sheet.hands.map(function (hand, i) {
      var results = handResults(edition, hand), deducted = handPenalties(hand);
      scores = scores.map(function (s, k) { return s + results[k] - deducted[k]; });
      penalties = penalties.map(function (s, k) { return s + deducted[k]; });
      return {hand: i + 1, results: results, penalties: deducted, scores: scores.slice(),
              sum: results.reduce(function (a, b) { return a + b; }, 0)};
    });
    var last = sheet.hands[sheet.hands.length - 1];
    return {rows: rows, scores: scores, penalties: penalties, start: start,
            over: sheet.hands.length >= edition.competition.hands_per_session || (!!last && last.result === "time")};
  }

  // Places and standard points by session score. Tied players share equally the standard
  // points of the places they occupy together (rulings: equal_session_scores); `place` is the
  // first of those places, `tied` how many share it.
  function standings(edition, scores) {
    var points = edition.competition.standard_points;
    var order = scores.map(function (s, i) { return {player: i + 1, score: s}; });
    order.sort(function (a, b) { return b.score - a.score || a.player - b.player; });
    var out = [], i = 0;
    while (i < order.length) {
      var j = i;
      while (j < order.length && order[j].score === order[i].score) j += 1;
      var shared = 0;
      for (var k = i; k < j; k += 1) shared += points[k];
      for (k = i; k < j; k += 1) {
        out.push({player: order[k].player, score: order[k].score, place: i + 1, tied: j - i,
                  standard: {numerator: shared, denominator: j - i, value: shared / (j - i)}});
      }
      i = j;
    }
    return out;
  }

  // ---- Checking a sheet ---------------------------------------------------------------------
  function problem(key, values, at) { return {key: key, values: values || {}, at: at || null}; }

  function isWhole(value, min, max) {
    return typeof value === "number" && Math.floor(value) === value && value >= min && value <= max;
  }

  function isPlayer(value) { return isWhole(value, 1, WINDS.length); }

  function editionOf(data, id) { return data.editions.filter(function (e) { return e.id === id; })[0] || null; }

  function offenceOf(edition, id) {
    return edition.competition.offences.filter(function (o) { return o.id === id; })[0] || null;
  }

  function isObject(value) { return value !== null && typeof value === "object" && !Array.isArray(value); }

  function unknownFields(value, known, at) {
    return Object.keys(value).filter(function (k) { return known.indexOf(k) < 0; }).map(function (k) {
      return problem("err_unknown_field", {field: k}, at);
    });
  }

  // The problems of a win's fields. The total includes the flowers, which never count
  // towards the minimum (the table's bonus points of each count of flowers).
  function winProblems(edition, hand, at) {
    var out = [], maxFlowers = edition.flower_bonus.length - 1;
    if (!isPlayer(hand.winner)) out.push(problem("err_winner", {}, at));
    if (!(hand.discarder === null || isPlayer(hand.discarder))) out.push(problem("err_discarder", {}, at));
    else if (hand.discarder !== null && hand.discarder === hand.winner) out.push(problem("err_discarder_is_winner", {}, at));
    if (!isWhole(hand.flowers, 0, maxFlowers)) out.push(problem("err_flowers", {max: maxFlowers}, at));
    if (!isWhole(hand.total, 1, LIMITS.total)) out.push(problem("err_total", {max: LIMITS.total}, at));
    else if (isWhole(hand.flowers, 0, maxFlowers)) {
      var points = hand.total - edition.flower_bonus[hand.flowers], minimum = edition.settlement.minimum;
      if (points < minimum) {
        // A counted pair on the flowers ("with 1 flower", "avec 0 fleur"): n is their count.
        out.push(problem("err_total_minimum", {total: hand.total, n: hand.flowers, points: points,
                                              minimum: minimum}, at));
      }
    }
    return out;
  }

  function penaltyProblems(edition, pen, at) {
    if (!isObject(pen)) return [problem("err_penalty_shape", {}, at)];
    var out = unknownFields(pen, ["player", "offence", "points"], at), offence = offenceOf(edition, pen.offence);
    if (!isPlayer(pen.player)) out.push(problem("err_penalty_player", {}, at));
    if (!offence) {
      out.push(problem("err_offence", {offence: String(pen.offence),
        known: edition.competition.offences.map(function (o) { return o.id; }).join(", ")}, at));
    } else if (offence.points !== null && pen.points !== offence.points) {
      out.push(problem("err_penalty_stated", {offence: offence.name, points: offence.points}, at));
    }
    if (!isWhole(pen.points, 1, LIMITS.penalty)) out.push(problem("err_penalty_points", {max: LIMITS.penalty}, at));
    return out;
  }

  // The problems of hand n of a sheet of `count` hands (its penalties' numbered from 1).
  function handProblems(edition, hand, n, count) {
    var at = {hand: n};
    if (!isObject(hand)) return [problem("err_hand_shape", {}, at)];
    if (RESULTS.indexOf(hand.result) < 0) return [problem("err_result", {found: String(hand.result)}, at)];
    var win = hand.result === "win";
    var out = unknownFields(hand, win ? ["result", "winner", "discarder", "total", "flowers", "penalties"]
                                      : ["result", "penalties"], at);
    if (hand.result === "time" && n !== count) out.push(problem("err_time_not_last", {}, at));
    if (win) out = out.concat(winProblems(edition, hand, at));
    if (!Array.isArray(hand.penalties)) out.push(problem("err_penalties_list", {}, at));
    else {
      hand.penalties.forEach(function (pen, i) {
        out = out.concat(penaltyProblems(edition, pen, {hand: n, penalty: i + 1}));
      });
    }
    return out;
  }

  function playerProblems(players) {
    if (!Array.isArray(players) || players.length !== WINDS.length) {
      return [problem("err_players", {n: Array.isArray(players) ? players.length : 0, players: WINDS.length})];
    }
    var out = [];
    players.forEach(function (name, i) {
      if (typeof name !== "string") out.push(problem("err_name", {}, {player: i + 1}));
      else if (name.trim().length > LIMITS.name) out.push(problem("err_name_long", {max: LIMITS.name}, {player: i + 1}));
    });
    return out;
  }

  // {sheet, problems}: a sheet as stored, exported or opened from a link, and everything
  // wrong with it (an export's `summary` is a reader's copy of the arithmetic: ignored).
  function checkSheet(data, value) {
    if (!isObject(value)) return {sheet: null, problems: [problem("err_not_sheet")]};
    var out = unknownFields(value, ["format", "edition", "players", "hands", "summary"]);
    if (value.format !== FORMAT) out.push(problem("err_format", {found: JSON.stringify(value.format === undefined ? null : value.format)}));
    var edition = editionOf(data, value.edition);
    if (!edition) {
      out.push(problem("err_edition", {edition: String(value.edition),
                                       known: data.editions.map(function (e) { return e.id; }).join(", ")}));
    }
    out = out.concat(playerProblems(value.players));
    if (!Array.isArray(value.hands)) out.push(problem("err_hands_list"));
    else if (edition) {
      var most = edition.competition.hands_per_session;
      if (value.hands.length > most) out.push(problem("err_hands_count", {n: value.hands.length, hands: most}));
      value.hands.forEach(function (hand, i) {
        out = out.concat(handProblems(edition, hand, i + 1, value.hands.length));
      });
    }
    if (out.length) return {sheet: null, problems: out};
    return {sheet: normalized(value), problems: []};
  }

  function copyHand(hand) {
    var copy = {result: hand.result};
    if (hand.result === "win") {
      copy.winner = hand.winner; copy.discarder = hand.discarder; copy.total = hand.total; copy.flowers = hand.flowers;
    }
    copy.penalties = hand.penalties.map(function (p) { return {player: p.player, offence: p.offence, points: p.points}; });
    return copy;
  }

  function normalized(value) {
    return {format: FORMAT, edition: value.edition, players: value.players.map(function (n) { return n.trim(); }),
            hands: value.hands.map(copyHand)};
  }

  function fresh(data) {
    return {format: FORMAT, edition: data.edition, players: WINDS.map(function () { return ""; }), hands: []};
  }

  function isEmpty(sheet) {
    return !sheet.hands.length && sheet.players.every(function (n) { return !n; });
  }

  // What can be read of a damaged sheet: the names, the edition (else the site's), and the
  // hands before the first one in error (a later hand moved up would change its seat winds),
  // without the penalties in error; `dropped` says what was left out. Null: nothing at all.
  function salvage(data, value) {
    if (!isObject(value)) return null;
    var sheet = fresh(data), dropped = [];
    if (editionOf(data, value.edition)) sheet.edition = value.edition;
    var edition = editionOf(data, sheet.edition);
    if (Array.isArray(value.players)) {
      sheet.players = sheet.players.map(function (_, i) {
        var name = value.players[i];
        return typeof name === "string" ? name.trim().slice(0, LIMITS.name) : "";
      });
    }
    var hands = Array.isArray(value.hands) ? value.hands.slice(0, edition.competition.hands_per_session) : [];
    for (var i = 0; i < hands.length; i += 1) {
      var hand = isObject(hands[i]) ? Object.assign({}, hands[i]) : hands[i];
      if (hand && Array.isArray(hand.penalties)) {
        hand.penalties = hand.penalties.filter(function (pen, k) {
          var found = penaltyProblems(edition, pen, {hand: i + 1, penalty: k + 1});
          dropped = dropped.concat(found);
          return !found.length;
        });
      }
      var found = handProblems(edition, hand, i + 1, hands.length);
      if (found.length) {
        var left = hands.length - i;   // this hand alone is said apart, in every language
        dropped = dropped.concat(found, [problem(left === 1 ? "err_hands_dropped_one" : "err_hands_dropped_other",
                                                 {n: left}, {hand: i + 1})]);
        break;
      }
      sheet.hands.push(copyHand(hand));
    }
    return {sheet: sheet, dropped: dropped};
  }

  // ---- The sheet as a link ------------------------------------------------------------------
  // ?p=East&p=South&p=West&p=North&edition=ID&hands=CODE,CODE,...&pen=CODE,...
  // A hand is `draw`, `time`, WINNER-s-TOTAL[-FLOWERS] (self-drawn) or
  // WINNER-DISCARDER-TOTAL[-FLOWERS]; a penalty HAND-PLAYER-POINTS-OFFENCE; players 1 to 4.
  var SHEET_PARAMS = ["p", "edition", "hands", "pen"];
  var HAND_CODE = /^([1-4])-(s|[1-4])-(\d{1,6})(?:-(\d{1,2}))?$/;
  var PENALTY_CODE = /^(\d{1,3})-([1-4])-(\d{1,6})-([a-z][a-z0-9_]*)$/;

  function items(params, name) {
    var value = params.get(name);
    return value ? value.split(",") : [];
  }

  function handFromCode(code) {
    if (code === "draw" || code === "time") return {result: code, penalties: []};
    var m = HAND_CODE.exec(code);
    if (!m) return null;
    return {result: "win", winner: Number(m[1]), discarder: m[2] === "s" ? null : Number(m[2]),
            total: Number(m[3]), flowers: m[4] === undefined ? 0 : Number(m[4]), penalties: []};
  }

  // Whether the address holds a sheet; the calculator's hand comes with from=calculator.
  function isSheetLink(params) {
    return !params.has("from") && SHEET_PARAMS.some(function (name) { return params.has(name); });
  }

  // {sheet, problems} from a link's parameters: the wording of each code first, then the
  // same checks as a stored sheet.
  function fromLink(data, params) {
    var out = [], value = {format: FORMAT, edition: params.get("edition") || data.edition,
                           players: params.getAll("p"), hands: []};
    params.forEach(function (_, name) {
      if (SHEET_PARAMS.indexOf(name) < 0) out.push(problem("err_unknown_param", {name: name}));
    });
    if (!value.players.length) value.players = fresh(data).players;
    items(params, "hands").forEach(function (code, i) {
      var hand = handFromCode(code);
      if (!hand) out.push(problem("err_hand_code", {code: code}, {param: "hands", item: i + 1}));
      value.hands.push(hand || {result: "draw", penalties: []});
    });
    items(params, "pen").forEach(function (code, i) {
      var m = PENALTY_CODE.exec(code), at = {param: "pen", item: i + 1};
      if (!m) { out.push(problem("err_penalty_code", {code: code}, at)); return; }
      var hand = value.hands[Number(m[1]) - 1];
      if (!hand) { out.push(problem("err_penalty_hand", {n: Number(m[1])}, at)); return; }
      hand.penalties.push({player: Number(m[2]), offence: m[4], points: Number(m[3])});
    });
    if (out.length) return {sheet: null, problems: out};
    return checkSheet(data, value);
  }

  function toLink(data, sheet) {
    var params = new URLSearchParams();
    if (sheet.players.some(function (n) { return n; })) sheet.players.forEach(function (n) { params.append("p", n); });
    if (sheet.edition !== data.edition) params.set("edition", sheet.edition);
    var hands = sheet.hands.map(function (hand) {
      if (hand.result !== "win") return hand.result;
      var code = [hand.winner, hand.discarder === null ? "s" : hand.discarder, hand.total];
      return code.concat(hand.flowers ? [hand.flowers] : []).join("-");
    });
    if (hands.length) params.set("hands", hands.join(","));
    var pens = [];
    sheet.hands.forEach(function (hand, i) {
      hand.penalties.forEach(function (p) { pens.push([i + 1, p.player, p.points, p.offence].join("-")); });
    });
    if (pens.length) params.set("pen", pens.join(","));
    return params.toString().replace(/%2C/g, ",");   // commas are fine in a query, and easier to read
  }

  // ---- A hand sent by the calculator ----------------------------------------------------------
  // ?from=calculator&total=N&self_drawn=1&flowers=N&seat_wind=W&prevalent_wind=W&edition=ID:
  // {hand, problems}, the hand's fields as far as the calculator knows them.
  var CALCULATOR_PARAMS = ["from", "total", "self_drawn", "flowers", "seat_wind", "prevalent_wind", "edition"];

  function wholeParam(params, name, min, max, out) {
    var text = params.get(name);
    if (text === null) return null;
    var n = /^\d{1,6}$/.test(text) ? Number(text) : NaN;
    if (!isWhole(n, min, max)) { out.push(problem("err_param_number", {name: name, value: text, min: min, max: max})); return null; }
    return n;
  }

  function fromCalculator(data, params) {
    var out = [], hand = {};
    params.forEach(function (value, name) {
      if (CALCULATOR_PARAMS.indexOf(name) < 0) out.push(problem("err_unknown_param", {name: name}));
    });
    if (params.get("from") !== "calculator") out.push(problem("err_param_value", {name: "from", value: String(params.get("from"))}));
    var edition = editionOf(data, params.get("edition") || data.edition);
    if (!edition) {
      out.push(problem("err_edition", {edition: String(params.get("edition")),
                                       known: data.editions.map(function (e) { return e.id; }).join(", ")}));
      edition = editionOf(data, data.edition);
    }
    hand.edition = edition.id;
    hand.total = wholeParam(params, "total", 1, LIMITS.total, out);
    if (hand.total === null && !out.length) out.push(problem("err_param_missing", {name: "total"}));
    hand.flowers = wholeParam(params, "flowers", 0, edition.flower_bonus.length - 1, out) || 0;
    var drawn = params.get("self_drawn");
    if (drawn !== null && drawn !== "1" && drawn !== "0") out.push(problem("err_param_value", {name: "self_drawn", value: drawn}));
    hand.self_drawn = drawn === "1";
    ["seat_wind", "prevalent_wind"].forEach(function (name) {
      var wind = params.get(name);
      if (wind !== null && WINDS.indexOf(wind) < 0) out.push(problem("err_param_value", {name: name, value: wind}));
      hand[name] = WINDS.indexOf(wind) >= 0 ? wind : null;
    });
    return {hand: out.length ? null : hand, problems: out};
  }

  // ---- An event: the sessions of several tables added up --------------------------------------
  // Players are the same person across sessions when their names match, trimmed, runs of
  // spaces as one and case aside; the first spelling met is the one shown.
  function playerKey(name) { return name.trim().replace(/\s+/g, " ").toLowerCase(); }

  // Standard points shared by tied players are fractions of a whole number of players at a
  // table: counted in 1/UNIT-ths (the least common multiple of 1 to 4), sums compare exactly.
  var UNIT = WINDS.reduce(function (m, _, i) { return lcm(m, i + 1); }, 1);

  function lcm(a, b) { return a * b / gcd(a, b); }

  function gcd(a, b) { return b ? gcd(b, a % b) : a; }

  // What stops a sound sheet from counting in an event: a seat with no name (it could not be
  // matched), or two seats whose names match.
  function namingProblems(sheet) {
    var out = [], seen = {};
    sheet.players.forEach(function (name, i) {
      if (!name.trim()) { out.push(problem("err_event_unnamed", {player: i + 1, wind: WINDS[i]})); return; }
      if (seen[playerKey(name)]) out.push(problem("err_event_same_name", {name: name}));
      seen[playerKey(name)] = true;
    });
    return out;
  }

  // Whether sheet `b` is sheet `a` played on (or as far): the same edition and players, in the
  // same seats, and a's hands the first of b's. One table's sheet added after hand 1 and
  // again at the end would otherwise count as two sessions.
  function playedOn(a, b) {
    return a.edition === b.edition && a.hands.length <= b.hands.length &&
      a.players.map(playerKey).join("\n") === b.players.map(playerKey).join("\n") &&
      JSON.stringify(a.hands) === JSON.stringify(b.hands.slice(0, a.hands.length));
  }

  // {entry: {file, sheet}, replaces, problems}: `value` (an exported sheet, read from `file`)
  // as a session of the event whose entries are `entries`, or what stops it. A session already
  // in the event, as far or further on, is refused, naming its file; a later stage of one
  // replaces it (`replaces`: its index, else null).
  function eventEntry(data, value, file, entries) {
    var checked = checkSheet(data, value);
    if (checked.problems.length) return {entry: null, replaces: null, problems: checked.problems};
    var out = namingProblems(checked.sheet), replaces = null;
    entries.forEach(function (e, i) {
      if (playedOn(checked.sheet, e.sheet)) out.push(problem("err_event_duplicate", {file: e.file}));
      else if (playedOn(e.sheet, checked.sheet)) replaces = i;
    });
    return {entry: out.length ? null : {file: String(file), sheet: checked.sheet}, replaces: out.length ? null : replaces,
            problems: out};
  }

  // {event, problems}: an event as stored ({format, sessions: [{file, sheet}]}), each
  // session checked as when it was added.
  function checkEvent(data, value) {
    if (!isObject(value) || value.format !== FORMAT || !Array.isArray(value.sessions)) {
      return {event: null, problems: [problem("err_event_shape")]};
    }
    var event = freshEvent(), out = [];
    value.sessions.forEach(function (s) {
      var added = isObject(s) ? eventEntry(data, s.sheet, s.file, event.sessions) : {problems: [problem("err_event_shape")]};
      if (added.entry) withEntry(event, added);
      out = out.concat(added.problems);
    });
    return out.length ? {event: null, problems: out} : {event: event, problems: []};
  }

  function freshEvent() { return {format: FORMAT, sessions: []}; }

  // `event` with an entry eventEntry accepted: in the place of the stage it replaces, else
  // last. The file name of the session replaced (null: none).
  function withEntry(event, added) {
    if (added.replaces === null) { event.sessions.push(added.entry); return null; }
    var older = event.sessions[added.replaces].file;
    event.sessions[added.replaces] = added.entry;
    return older;
  }

  // One session's results by player key: name, session score and standard points (in
  // 1/UNIT-ths, as the session's standings share them), and whether the session is over.
  function sessionResults(data, sheet) {
    var edition = editionOf(data, sheet.edition), played = session(edition, sheet);
    var players = standings(edition, played.scores).map(function (s) {
      var name = sheet.players[s.player - 1];
      return {key: playerKey(name), name: name, score: s.score,
              standard: s.standard.numerator * UNIT / s.standard.denominator};
    });
    return {players: players, over: played.over, hands: sheet.hands.length,
            hands_per_session: edition.competition.hands_per_session};
  }

  // Each player's totals over the sessions, in the order first met.
  function eventTotals(results) {
    var byKey = {}, order = [];
    results.forEach(function (r) {
      r.players.forEach(function (p) {
        var t = byKey[p.key];
        if (!t) {
          t = byKey[p.key] = {name: p.name, sessions: 0, standard: 0, total: 0, bestStandard: -Infinity, bestScore: -Infinity};
          order.push(t);
        }
        t.sessions += 1;
        t.standard += p.standard;
        t.total += p.score;
        t.bestStandard = Math.max(t.bestStandard, p.standard);
        t.bestScore = Math.max(t.bestScore, p.score);
      });
    });
    return order;
  }

  // The ranking of individuals (rulebook, rulings: ranking_ties; competition: ranking): the
  // sum of standard points over all sessions; when equal, the higher total of session scores
  // (competition points); then the higher standard points won in a single session; then the
  // higher best single-session score. Players equal on all four share a place.
  var RANKING = ["standard", "total", "bestStandard", "bestScore"];

  function compareRanking(a, b) {
    for (var i = 0; i < RANKING.length; i += 1) {
      if (a[RANKING[i]] !== b[RANKING[i]]) return b[RANKING[i]] - a[RANKING[i]];
    }
    return 0;
  }

  // {players, sessions}: the event's standings, best first, each player with their place
  // (shared: `tied` players hold it) and totals, standard points as numbers; and each
  // session's {over, hands, hands_per_session} (a session not over is unfinished).
  function eventStandings(data, sheets) {
    var results = sheets.map(function (sheet) { return sessionResults(data, sheet); });
    var players = eventTotals(results);
    players.sort(compareRanking);   // a stable sort: equal players stay in the order first met
    var ranked = players.map(function (p) {
      var place = 1 + players.filter(function (q) { return compareRanking(q, p) < 0; }).length;
      var tied = players.filter(function (q) { return compareRanking(q, p) === 0; }).length;
      return {name: p.name, sessions: p.sessions, place: place, tied: tied, total: p.total, bestScore: p.bestScore,
              standard: p.standard / UNIT, bestStandard: p.bestStandard / UNIT};
    });
    return {players: ranked, sessions: results.map(function (r) {
      return {over: r.over, hands: r.hands, hands_per_session: r.hands_per_session};
    })};
  }

  window.McrSheetCore = {
    FORMAT: FORMAT, WINDS: WINDS, RESULTS: RESULTS, LIMITS: LIMITS,
    seatWind: seatWind, dealer: dealer, prevalentWind: prevalentWind,
    evaluate: evaluate, payments: payments, handResults: handResults, session: session, standings: standings,
    editionOf: editionOf, offenceOf: offenceOf, checkSheet: checkSheet, handProblems: handProblems,
    fresh: fresh, isEmpty: isEmpty, salvage: salvage,
    isSheetLink: isSheetLink, fromLink: fromLink, toLink: toLink, fromCalculator: fromCalculator,
    playerKey: playerKey, eventEntry: eventEntry, withEntry: withEntry, checkEvent: checkEvent, freshEvent: freshEvent,
    eventStandings: eventStandings
  };
})();
