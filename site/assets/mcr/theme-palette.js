// The colour scheme the reader chose, applied to the page before it paints: Material's inline
// script, as a file the site's Content-Security-Policy runs (loaded from
// generator/site/theme/partials/javascripts/palette.html, after the palette's inputs).
(function () {
  "use strict";
  var saved;
  try {
    saved = window.__md_get("__palette");
  } catch (err) {
    return;   // unreadable storage: the default scheme
  }
  if (!saved || !saved.color) return;
  var color = saved.color;
  if (color.media === "(prefers-color-scheme)") {   // "follow the system": the input that matches it now
    var light = matchMedia("(prefers-color-scheme: light)").matches;
    var input = document.querySelector("[data-md-color-media='(prefers-color-scheme: " + (light ? "light" : "dark") + ")']");
    if (input) {
      ["media", "scheme", "primary", "accent"].forEach(function (name) {
        color[name] = input.getAttribute("data-md-color-" + name);
      });
    }
  }
  Object.keys(color).forEach(function (name) {
    document.body.setAttribute("data-md-color-" + name, color[name]);
  });
})();
