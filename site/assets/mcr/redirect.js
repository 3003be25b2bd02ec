// A moved page's redirect (generator/site/redirect_pages.py): to its canonical address,
// keeping the ?query and #anchor the refresh in the page would drop. A file, not an inline
// script: the site's Content-Security-Policy runs none.
(function () {
  "use strict";
  var canonical = document.querySelector("link[rel=canonical]");
  if (canonical) location.replace(canonical.href.split("#")[0].split("?")[0] + location.search + location.hash);
})();
