// Material's storage helpers, which its bundle and the palette script call: the theme writes
// them as an inline script, which the site's Content-Security-Policy does not run
// (generator/site/content_policy.py), so generator/site/theme/partials/javascripts/base.html
// loads this file instead, with the scope in data-scope. Each value is kept under the
// scope's path, so two sites on one host keep apart.
(function () {
  "use strict";
  var script = document.currentScript;
  var scope = new URL((script && script.getAttribute("data-scope")) || ".", location);

  function hash(text) {
    return Array.from(text).reduce(function (sum, ch) { return (sum << 5) - sum + ch.charCodeAt(0); }, 0);
  }

  function get(key, storage, where) {
    storage = storage || localStorage;
    where = where || scope;
    return JSON.parse(storage.getItem(where.pathname + "." + key));
  }

  function set(key, value, storage, where) {
    storage = storage || localStorage;
    where = where || scope;
    try {
      storage.setItem(where.pathname + "." + key, JSON.stringify(value));
    } catch (err) {
      // storage full or refused (private browsing): the preference is simply not kept
    }
  }

  window.__md_scope = scope;
  window.__md_hash = hash;
  window.__md_get = get;
  window.__md_set = set;
})();
