// Filters the table of the 81 fans by points and by family (hand-written, not generated).
// Each row carries data-points and data-family in its cells; the form holds the choices.
(function () {
  "use strict";

  function setUp(form) {
    var table = document.querySelector(".mcr-fan-table table");
    if (!table || !table.tBodies.length) return;
    var rows = Array.prototype.slice.call(table.tBodies[0].rows);
    var selects = Array.prototype.slice.call(form.querySelectorAll("select[data-filter]"));
    var count = form.querySelector(".mcr-filter__count");
    var none = document.querySelector(".mcr-filter__none");

    function matches(row) {
      return selects.every(function (select) {
        if (!select.value) return true;
        var cell = row.querySelector("[data-" + select.dataset.filter + "]");
        return cell !== null && cell.getAttribute("data-" + select.dataset.filter) === select.value;
      });
    }

    function apply() {
      var shown = 0;
      rows.forEach(function (row) {
        var visible = matches(row);
        row.hidden = !visible;
        if (visible) shown += 1;
      });
      if (count) {
        count.textContent = form.dataset.shownTemplate
          .replace("{shown}", String(shown)).replace("{total}", String(rows.length));
      }
      if (none) none.hidden = shown > 0;
    }

    selects.forEach(function (select) { select.addEventListener("change", apply); });
    apply();
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("form.mcr-filter"), setUp);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
