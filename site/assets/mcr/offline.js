// The site offline (hand-written): registers the service worker (sw.js at the site's root,
// written by generator/site/offline.py) and asks it to keep this page's language; shows the
// page's notices (written by generator/site/offline_hook.py in the page's language): once
// "saved on this device", and "a new version is ready" with a button that takes it.
//
// The saving waits for the page's load, and on the calculator page for the engine to be
// ready, so it never slows the first score. <html data-mcr-offline="ready"> says the
// page's language is kept (the browser tests wait for it).
(function () {
  "use strict";

  var script = document.currentScript;
  // Only a site served over HTTP(S) has a service worker (not a page opened as a file, as
  // the build opens the fan sheet to print it).
  if (!("serviceWorker" in navigator) || !script || !/^https?:$/.test(location.protocol)) return;
  var root = new URL("../../", script.src);   // this script is assets/mcr/offline.js
  var reloading = false, wantReload = false;

  function notice(name) { return document.querySelector(".mcr-notice[data-notice=" + name + "]"); }

  var SAVED_SHOWN_MS = 12000;   // "saved on this device" tells, asks nothing: it goes by itself

  // While a notice stands at the foot of the screen, the page gets room below its end, so
  // that its last buttons can still be scrolled above the notice.
  function makeRoom() {
    var shown = Array.prototype.filter.call(document.querySelectorAll(".mcr-notice"), function (b) { return !b.hidden; });
    var height = shown.reduce(function (most, b) { return Math.max(most, b.offsetHeight); }, 0);
    document.body.style.paddingBottom = height ? (height + 24) + "px" : "";
  }

  function hide(box) {
    clearTimeout(box._mcrFading);   // a notice shown again keeps its own time
    box.hidden = true;
    makeRoom();
  }

  function show(box, fades) {
    if (!box) return;
    clearTimeout(box._mcrFading);
    box.hidden = false;
    makeRoom();
    var close = box.querySelector(".mcr-notice__close");
    if (close) close.onclick = function () { hide(box); };
    if (fades) {
      box._mcrFading = setTimeout(function later() {   // not while the keyboard is on it
        if (box.matches(":focus-within")) box._mcrFading = setTimeout(later, SAVED_SHOWN_MS / 3);
        else hide(box);
      }, SAVED_SHOWN_MS);
    }
  }

  function offerUpdate(worker) {
    var box = notice("update");
    if (!box || !navigator.serviceWorker.controller) return;   // a first visit has nothing to replace
    box.querySelector(".mcr-notice__reload").onclick = function () {
      wantReload = true;
      worker.postMessage({type: "skip-waiting"});
    };
    show(box);
  }

  function watch(registration) {
    if (registration.waiting) offerUpdate(registration.waiting);
    function track(worker) {
      if (!worker) return;
      worker.addEventListener("statechange", function () { if (worker.state === "installed") offerUpdate(worker); });
    }
    track(registration.installing);
    registration.addEventListener("updatefound", function () { track(registration.installing); });
  }

  navigator.serviceWorker.addEventListener("message", function (event) {
    var data = event.data || {};
    if (data.type !== "cached") return;
    document.documentElement.setAttribute("data-mcr-offline", "ready");
    if (data.fresh) show(notice("saved"), true);
  });
  navigator.serviceWorker.addEventListener("controllerchange", function () {
    if (wantReload && !reloading) {
      reloading = true;
      location.reload();
    }
  });

  function register() {
    navigator.serviceWorker.register(new URL("sw.js", root).href, {scope: root.pathname}).then(function (registration) {
      if (!registration) throw new Error("not registered");
      watch(registration);
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      registration.active.postMessage({type: "cache-language"});
    }).catch(function (err) { console.warn("offline use unavailable: " + (err && err.message)); });
  }

  function whenQuiet() {
    var calculator = window.mcrCalculator;
    if (calculator && calculator.ready) calculator.ready.then(register, register);
    else register();
  }

  if (document.readyState === "complete") whenQuiet();
  else window.addEventListener("load", whenQuiet);
})();
