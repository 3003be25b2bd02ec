// The discard analysis in the calculator (hand-written, not generated): how far a hand of 13
// or 14 tiles is from ready, drawn with the site's tile pictures. The figures are the
// engine's (generator/site/calculator_engine.py: rules.analyze_hand, the object of
// `mcr analyze --json`); this only words and draws them, for calculator.js:
// - 13 tiles: the shanten of each winning shape and, when not ready, the useful tiles with
//   their unseen copies, each a button that draws it;
// - 14 tiles with no winning shape: every discard with the shanten it leaves and its useful
//   tiles, best first, each with a button that discards it.
// `calc` is the page's Calculator: t(), nodes(), tile(), tileName() and change().
(function () {
  "use strict";

  var dom = window.McrDom, h = dom.h, table = dom.table, cell = dom.cell;

  // A shanten in words: short for tables and the bar ("shanten 2"), long for sentences.
  function status(calc, n, long) {
    if (n === null || n === undefined) return calc.t("calc_form_ruled_out");
    if (n < 0) return calc.t("calc_status_complete");
    if (n === 0) return calc.t(long ? "calc_status_ready" : "calc_short_ready");
    if (!long) return calc.t("calc_short_shanten", {n: n});
    return calc.t(n === 1 ? "calc_status_one" : "calc_status_other", {n: n});   // shanten 1 is said apart
  }

  function unseenTotal(useful) {
    return useful.reduce(function (sum, u) { return sum + u.unseen; }, 0);
  }

  // "5 kinds, 16 unseen": how many useful faces and copies there are to draw.
  function usefulCount(calc, useful) {
    var t = calc.t.bind(calc);
    return useful.length ? t("calc_useful_count", {kinds: dom.counted(t, "calc_count_kinds", useful.length),
                                                   unseen: dom.counted(t, "calc_count_unseen", unseenTotal(useful))})
                         : calc.t("calc_useful_none");
  }

  // Each useful tile's picture and unseen copies; with `draw`, each is a button that draws it.
  function usefulTiles(calc, useful, draw) {
    return h("ul", {class: "mcr-calc__useful"}, useful.map(function (u) {
      var name = calc.tileName(u.tile), copies = h("span", {class: "mcr-calc__unseen"}, ["×" + u.unseen]);
      var label = calc.t("calc_useful_tile", {tile: name, unseen: dom.counted(calc.t.bind(calc), "calc_count_unseen", u.unseen)});
      if (!draw) {
        return h("li", {"data-tile": u.tile, title: label},
                 [calc.tile(u.tile, "standing", "mcr-tile--mini"), copies]);
      }
      return h("li", {"data-tile": u.tile}, [h("button", {type: "button", class: "mcr-calc__draw", "data-face": u.tile,
        title: label, "aria-label": calc.t("calc_draw_tile", {tile: label}), onclick: function () { draw(u.tile); }},
        [calc.tile(u.tile, "standing", "mcr-tile--small"), copies])]);
    }));
  }

  // The shanten of each winning shape, the hand's (the least) marked.
  function formsTable(calc, analysis) {
    var rows = Object.keys(analysis.forms).map(function (form) {
      var n = analysis.forms[form], best = n === analysis.shanten;
      return h("tr", {"data-form": form, class: best ? "mcr-calc__form--best" : null}, [
        cell("", [calc.t("calc_form_" + form)]), cell("mcr-num", [status(calc, n, false)])]);
    });
    return h("div", {class: "mcr-calc__forms"}, [
      table(calc.t("calc_forms_caption"), [calc.t("calc_col_form"), calc.t("calc_col_shanten")], rows)]);
  }

  function note(calc) {
    return h("p", {class: "mcr-calc__note"}, [calc.t("calc_analysis_note")]);
  }

  // A 13-tile hand that waits on no tile: {summary, result, bar}.
  function waiting(calc, analysis, draw) {
    var useful = analysis.useful;
    var summary = calc.t("calc_summary_shanten", {status: status(calc, analysis.shanten, true),
                                                  useful: usefulCount(calc, useful)});
    var result = h("div", {class: "mcr-calc__analysis"}, [
      formsTable(calc, analysis),
      h("h3", {class: "mcr-calc__useful-heading"}, [calc.t("calc_useful_heading", {useful: usefulCount(calc, useful)})]),
      useful.length ? usefulTiles(calc, useful, draw) : null,
      note(calc)]);
    var bar = calc.nodes("calc_bar_shanten", {status: status(calc, analysis.shanten, false),
                                              useful: dom.counted(calc.t.bind(calc), "calc_count_useful", unseenTotal(useful))});
    return {summary: summary, result: result, bar: bar};
  }

  // A 14-tile hand with no winning shape: {summary, result, bar}.
  function discarding(calc, analysis, discard) {
    var best = analysis.discards[0];
    var rows = analysis.discards.map(function (d) {
      return h("tr", {"data-discard": d.tile}, [
        cell("mcr-calc__wait-tile", [calc.tile(d.tile, "standing", "mcr-tile--small"), " ", calc.tileName(d.tile)]),
        h("td", {"data-label": calc.t("calc_col_shanten")}, [status(calc, d.shanten, false)]),
        h("td", {"data-label": calc.t("calc_col_useful"), class: "mcr-calc__useful-cell"},
          [usefulTiles(calc, d.useful, null), h("span", {class: "mcr-calc__useful-count"}, [usefulCount(calc, d.useful)])]),
        cell("", [h("button", {type: "button", class: "md-button mcr-calc__discard", "data-face": d.tile,
                               onclick: function () { discard(d.tile); }},
                    [calc.t("calc_try_discard", {tile: calc.tileName(d.tile)})])])]);
    });
    var summary = calc.t("calc_summary_discards", {tile: calc.tileName(best.tile), status: status(calc, best.shanten, true)});
    var result = h("div", {class: "mcr-calc__analysis"}, [
      formsTable(calc, analysis),
      h("div", {class: "mcr-calc__discards"}, [table(calc.t("calc_discards_caption"), [calc.t("calc_col_drop"),
        calc.t("calc_col_shanten"), calc.t("calc_col_useful"), calc.hiddenHeader("calc_col_try")], rows)]),
      note(calc)]);
    var bar = calc.nodes("calc_bar_discard", {tile: calc.tile(best.tile, "standing", "mcr-tile--mini"),
                                              status: status(calc, best.shanten, false)});
    return {summary: summary, result: result, bar: bar};
  }

  window.McrCalcAnalysis = {status: status, formsTable: formsTable, waiting: waiting, discarding: discarding};
})();
