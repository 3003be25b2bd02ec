// The calculator's share link, read back (hand-written, not generated). calculator.js writes
// the hand and the situation into the page's address; this reads an address, keeps every
// setting it can use and, for each one it cannot, says what is wrong and what the page
// uses instead, so that a mistyped or damaged link is never mended silently.
(function () {
  "use strict";

  var LONGEST = 40;   // characters of a bad value quoted back; a longer one is cut

  function quoted(value) {
    return value.length > LONGEST ? value.slice(0, LONGEST) + "…" : value;
  }

  // A flag's value: the page writes 1; 0, true and false are read too.
  var FLAG_VALUES = {"1": true, "true": true, "0": false, "false": false};

  // `search`: the address's query; `known`: {flags, winds, maxFlowers, editions (ids), edition
  // (the default one)}. Returns {settings: {hand, flags: {flag: bool}, seat_wind, prevalent_wind,
  // flowers, edition}, problems: [{key: string key, values: {param, value, ...}}]}.
  function read(search, known) {
    var params = new URLSearchParams(search), problems = [];
    var settings = {hand: params.get("hand") || "", flags: {}, seat_wind: known.winds[0], prevalent_wind: known.winds[0],
                    flowers: 0, edition: known.edition};
    function problem(key, param, values) {
      values.param = param;
      values.value = quoted(params.get(param));
      problems.push({key: key, values: values});
    }
    known.flags.forEach(function (flag) {
      if (!params.has(flag)) return;
      var value = FLAG_VALUES[params.get(flag).toLowerCase()];
      if (value === undefined) problem("calc_link_bad_flag", flag, {});
      else settings.flags[flag] = value;
    });
    ["seat_wind", "prevalent_wind"].forEach(function (key) {
      if (!params.has(key)) return;
      var wind = params.get(key).toUpperCase();
      if (known.winds.indexOf(wind) >= 0) settings[key] = wind;
      else problem("calc_link_bad_wind", key, {wind: settings[key]});
    });
    if (params.has("flowers")) {
      var text = params.get("flowers").trim(), flowers = Number(text);
      if (/^\d+$/.test(text) && flowers <= known.maxFlowers) settings.flowers = flowers;
      else problem("calc_link_bad_flowers", "flowers", {most: known.maxFlowers});
    }
    if (params.has("edition")) {
      if (known.editions.indexOf(params.get("edition")) >= 0) settings.edition = params.get("edition");
      else problem("calc_link_bad_edition", "edition", {edition: known.edition});
    }
    var names = ["hand", "seat_wind", "prevalent_wind", "flowers", "edition"].concat(known.flags), seen = {};
    params.forEach(function (value, name) {
      if (names.indexOf(name) < 0 && !seen[name]) problem("calc_link_unknown", name, {});
      seen[name] = true;
    });
    return {settings: settings, problems: problems};
  }

  window.McrCalcLink = {read: read};
})();
