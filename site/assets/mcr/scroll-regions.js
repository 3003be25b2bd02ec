// Tables too wide for the screen scroll inside Material's wrapper; one that holds nothing
// focusable is made focusable itself, so a keyboard can scroll it too (hand-written, not
// generated). Checked after the page loads (Material wraps the tables first) and on resize.
(function () {
  "use strict";
  var FOCUSABLE = "a[href], button, input, select, textarea, [tabindex]";

  function mark() {
    document.querySelectorAll(".md-typeset__scrollwrap").forEach(function (wrap) {
      var scrolls = wrap.scrollWidth > wrap.clientWidth + 1;
      if (scrolls && !wrap.querySelector(FOCUSABLE)) {
        wrap.tabIndex = 0;
        var caption = wrap.querySelector("caption");
        wrap.setAttribute("role", "region");
        wrap.setAttribute("aria-label", caption ? caption.textContent : document.title);
      } else if (!scrolls && wrap.getAttribute("role") === "region") {
        wrap.removeAttribute("tabindex");
        wrap.removeAttribute("role");
        wrap.removeAttribute("aria-label");
      }
    });
  }

  window.addEventListener("load", mark);
  window.addEventListener("resize", mark);
})();
