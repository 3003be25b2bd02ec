// The site search (hand-written, not generated; generator/site/theme/main.html loads it before
// Material's script). It names the search dialog for screen readers (Material's has no
// name), and loads the index only when the reader searches, and only the page's language's. The build writes one index per language (generator/site/site_search.py):
// search/search_index.json for English, search/search_index.<lang>.json for the others.
// Material asks for its index with XMLHttpRequest as soon as a page opens; this holds that
// request back until the search box gets the focus (a click, a tap, or Material's "/", "s"
// and "f" keys, which focus it), and sends it to the page's own language's file.
(function () {
  "use strict";
  var DEFAULT_LANG = "en";
  var INDEX = /search\/search_index\.json$/;
  var lang = document.documentElement.lang || DEFAULT_LANG;
  var open = XMLHttpRequest.prototype.open;
  var send = XMLHttpRequest.prototype.send;
  var wanted = false;
  var held = [];

  function want() {
    if (wanted) return;
    wanted = true;
    held.splice(0).forEach(function (go) { go(); });
  }

  XMLHttpRequest.prototype.open = function (method, url) {
    var args = Array.prototype.slice.call(arguments);
    if (INDEX.test(String(url))) {
      this.mcrSearchIndex = true;
      if (lang !== DEFAULT_LANG) args[1] = String(url).replace(INDEX, "search/search_index." + lang + ".json");
    }
    return open.apply(this, args);
  };

  XMLHttpRequest.prototype.send = function () {
    if (!this.mcrSearchIndex || wanted) return send.apply(this, arguments);
    var request = this, args = arguments;
    held.push(function () { send.apply(request, args); });
  };

  document.addEventListener("focusin", function (event) {
    if (event.target.matches && event.target.matches("input.md-search__input")) want();
  });
  document.addEventListener("change", function (event) {
    if (event.target.id === "__search" && event.target.checked) want();
  });
  document.addEventListener("DOMContentLoaded", function () {
    var dialog = document.querySelector(".md-search[role=dialog]");
    var input = document.querySelector("input.md-search__input");
    if (dialog && input && !dialog.hasAttribute("aria-label")) dialog.setAttribute("aria-label", input.getAttribute("aria-label"));
  });
})();
