// The theme's header buttons of a narrow screen from the keyboard (hand-written, not
// generated; generator/site/header_hook.py names them). Enter or Space presses one, as a
// button does. The menu says whether it is open; opened, it takes the focus to its first
// link; Escape closes it and gives the focus back to its button. While it is closed its
// links, drawn off screen, take no Tab stop: the focus vanished there for ten presses; nor
// do the closed search box's.
(function () {
  "use strict";
  var BUTTON = 'label.md-header__button[role="button"]';
  var MENU = 'label.md-header__button[for="__drawer"]';
  var SEARCH = 'label.md-header__button[for="__search"]';

  function toggle() { return document.getElementById("__drawer"); }
  function drawer() { return document.querySelector(".md-sidebar--primary"); }

  // The navigation is a drawer (off screen until opened) only on a narrow screen, where
  // the theme fixes it to the side.
  function isDrawer(side) { return getComputedStyle(side).position === "fixed"; }

  function sync() {
    var open = toggle(), menu = document.querySelector(MENU), side = drawer();
    if (open && menu && side) {
      menu.setAttribute("aria-expanded", String(open.checked));
      side.inert = isDrawer(side) && !open.checked;
    }
    syncSearch();
  }

  // The closed search box of a narrow screen likewise: its field and buttons leave the Tab
  // order (its results are hidden, in mcr.css). Not inert, not hidden: the theme focuses the
  // field as it opens the box, before the box shows.
  function syncSearch() {
    var search = document.getElementById("__search"), button = document.querySelector(SEARCH);
    if (!search || !button) return;
    var closed = getComputedStyle(button).display !== "none" && !search.checked;
    document.querySelectorAll(".md-search__inner :is(input, button)").forEach(function (el) {
      if (!el.hasAttribute("data-mcr-tabindex")) el.setAttribute("data-mcr-tabindex", el.getAttribute("tabindex") || "");
      var own = el.getAttribute("data-mcr-tabindex");   // the theme's own, put back when open
      if (closed) el.tabIndex = -1;
      else if (own) el.setAttribute("tabindex", own);
      else el.removeAttribute("tabindex");
    });
  }

  function opened() {
    sync();
    var side = drawer(), first = side && side.querySelector(".md-nav__item a[href]");
    if (toggle() && toggle().checked && first) first.focus();
  }

  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if ((event.key === "Enter" || event.key === " ") && target instanceof Element && target.matches(BUTTON)) {
      event.preventDefault();
      target.click();   // the label toggles its checkbox, as a tap does
      if (target.matches(MENU)) opened();
    } else if (event.key === "Escape" && toggle() && toggle().checked) {
      toggle().click();
      sync();
      var menu = document.querySelector(MENU);
      if (menu) menu.focus();
    }
  });
  document.addEventListener("change", function (event) {
    if (event.target === toggle() || event.target.id === "__search") sync();
  });
  window.addEventListener("resize", sync);
  sync();
})();
