// Material's inline script that opens the content tab an address's #anchor names, as a file
// the site's Content-Security-Policy runs (generator/site/theme/partials/javascripts/content.html).
(function () {
  "use strict";
  var target = document.getElementById(location.hash.slice(1));
  if (target && target.name) target.checked = target.name.indexOf("__tabbed_") === 0;
})();
