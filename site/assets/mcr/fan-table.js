// Filters the table of the 81 fans by points and by family (hand-written, not generated).
// Each row carries data-points and data-family in its cells; the form holds the choices.
// The choices live in the address too (?points=88&family=honors): a reload, the Back button
// or a shared link shows the same rows. The address wins over what the browser restores.
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

    // The address's choice for each filter ("" for all); a value the list lacks counts as all.
    function fromAddress() {
      var params = new URLSearchParams(window.location.search);
      selects.forEach(function (select) {
        var wanted = params.get(select.dataset.filter) || "";
        var known = Array.prototype.some.call(select.options, function (o) { return o.value === wanted; });
        select.value = known ? wanted : "";
      });
    }

    // Other parameters and the #anchor are kept; a filter set to all leaves the address.
    function toAddress() {
      var url = new URL(window.location.href);
      selects.forEach(function (select) {
        if (select.value) url.searchParams.set(select.dataset.filter, select.value);
        else url.searchParams.delete(select.dataset.filter);
      });
      if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url.href);
    }

    selects.forEach(function (select) {
      select.addEventListener("change", function () { toAddress(); apply(); });
    });
    // Back/forward within the page, or a pasted address of the same page.
    window.addEventListener("popstate", function () { fromAddress(); apply(); });
    fromAddress();
    toAddress();   // drops a value the list lacks
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
