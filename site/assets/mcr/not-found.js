// The root's 404 page answers every missing address. Asked for one under another language's
// folder (/fr/...), it shows that language's 404 page in its place, the address kept as typed
// (generator/site/not_found_pages.py writes those pages). The page stays hidden meanwhile, so
// that no English flashes; a page that cannot be fetched leaves the root's as it is.
(function () {
  "use strict";
  var script = document.currentScript;
  var pages = JSON.parse(script.getAttribute("data-pages") || "{}");
  var root = document.documentElement;
  var path = window.location.pathname;
  var wanted = Object.keys(pages).filter(function (code) {
    var folder = pages[code].replace(/404\.html$/, "");
    return code !== root.lang && path.indexOf(folder) === 0;
  })[0];
  if (!wanted) return;
  root.style.visibility = "hidden";
  var shown = window.setTimeout(function () { root.style.visibility = ""; }, 3000);   // a fetch that stalls
  fetch(pages[wanted]).then(function (response) {
    if (!response.ok) throw new Error("no " + wanted + " 404 page");
    return response.text();
  }).then(function (html) {
    window.clearTimeout(shown);
    document.open();
    document.write(html);
    document.close();
  }).catch(function () {
    root.style.visibility = "";
  });
})();
