// The language switcher keeps the reader's place. Material's links lead to the same page in
// the other language but drop the #anchor (and the ?query: the fan table's filters, the
// calculator's hand). Anchors are the same in every language (tests/test_rulebook.py holds
// the rulebook's equal; generated pages take theirs from one template), and the query's
// values are language-neutral ids, so each link takes the current ones along.
(function () {
  "use strict";

  var SELECTOR = "a.md-select__link[hreflang]";

  function sync() {
    Array.prototype.forEach.call(document.querySelectorAll(SELECTOR), function (link) {
      var url = new URL(link.getAttribute("href"), window.location.href);
      url.search = window.location.search;
      url.hash = window.location.hash;
      link.href = url.href;
      link.lang = link.getAttribute("hreflang");   // each language's name read in its own voice
    });
  }

  // At the click too, in the capture phase: a script may have changed the address without a
  // hashchange event (history.replaceState).
  document.addEventListener("click", function (event) {
    if (event.target instanceof Element && event.target.closest(SELECTOR)) sync();
  }, true);
  window.addEventListener("hashchange", sync);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", sync);
  } else {
    sync();
  }
})();
