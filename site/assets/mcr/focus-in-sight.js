// Keyboard focus stays in sight (WCAG 2.4.11; hand-written, not generated). The browser
// scrolls a control that Tab reaches only when it is off screen; one left under the theme's
// sticky header or its "back to top" button, the calculator's total bar or a notice at the
// foot of the screen is hidden all the same. After each keyboard move of the focus the page
// scrolls it clear of them.
(function () {
  "use strict";
  var COVERS = ".md-header, .md-top, .mcr-calc__bar, .mcr-notice";
  var GAP = 8;   // pixels between the control and what covered it

  // Whether `el` is pinned to the screen now: fixed, or sticky and resting on its edge.
  function pinned(el, r) {
    var style = getComputedStyle(el);
    if (el.hidden || style.visibility === "hidden" || !r.width || !r.height) return false;
    if (style.position === "fixed") return true;
    if (style.position !== "sticky") return false;
    var top = parseFloat(style.top), bottom = parseFloat(style.bottom);
    return (!isNaN(top) && Math.abs(r.top - top) < 1) || (!isNaN(bottom) && Math.abs(window.innerHeight - r.bottom - bottom) < 1);
  }

  // The band of the screen nothing pinned covers, beside `box`.
  function clearBand(box) {
    var band = {top: 0, bottom: window.innerHeight};
    document.querySelectorAll(COVERS).forEach(function (el) {
      var r = el.getBoundingClientRect();
      if (r.right <= box.left || r.left >= box.right || !pinned(el, r)) return;
      if (r.top + r.bottom < window.innerHeight) band.top = Math.max(band.top, r.bottom);
      else band.bottom = Math.min(band.bottom, r.top);
    });
    return band;
  }

  function bringIntoSight(el) {
    if (el.closest(COVERS)) return;   // the bars' own controls
    var box = el.getBoundingClientRect();
    if (!box.height) return;
    var band = clearBand(box);
    var tall = box.height > band.bottom - band.top - 2 * GAP;   // its top then, where reading starts
    if (!tall && box.bottom > band.bottom - GAP) window.scrollBy(0, box.bottom - band.bottom + GAP);
    else if (tall || box.top < band.top + GAP) window.scrollBy(0, box.top - band.top - GAP);
  }

  document.addEventListener("focusin", function (event) {
    var el = event.target;
    if (el instanceof Element && el.matches(":focus-visible")) bringIntoSight(el);
  });
})();
