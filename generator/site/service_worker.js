// The site's service worker (hand-written). The build (generator/site/offline.py) writes it to
// the site's root as sw.js, after a first line that sets VERSION, a hash of
// offline-files.json: the list of the files kept offline, each with a hash of its bytes,
// "shared" (what every page may use: assets/) and per language (every file of it).
//
// One cache per version, "mcr-<VERSION>", holds the shared files and every language a
// visitor has opened, each marked by a "languages/<code>" entry once all its files are in.
// - install: the shared files, and the languages the previous version kept; a file whose
//   hash has not changed is copied from the previous version's cache, any other is
//   downloaded and checked against its hash (a half-deployed site fails the install, which
//   the browser tries again later, and the old version stays);
// - activate: every other version's cache is deleted;
// - message "cache-language" from a page: its language is kept (once), and the page told
//   {type: "cached", lang, fresh}; "skip-waiting": the page's "Reload" takes this version;
// - fetch: a GET inside the site is answered from the cache when the file is kept (a page
//   whatever its ?query), else from the network; a page neither kept nor reachable gets a
//   page that says so in its language, linking the same page in each language kept (not-saved.json).
/* global VERSION */

const PREFIX = "mcr-";
const CACHE = PREFIX + VERSION;
const ROOT = new URL("./", self.location.href);
const LIST = new URL("offline-files.json", ROOT).href;
const LIST_KEY = new URL("offline-files/list.json", ROOT).href;        // this version's list, in its cache
const MARKS = new URL("offline-files/languages/", ROOT).href;          // + code: the language is complete
const AT_ONCE = 6;   // downloads in flight

// A kept file's address: a folder's index.html is the folder.
function keyOf(path) {
  return new URL(path.replace(/(^|\/)index\.html$/, "$1"), ROOT).href;
}

async function fetchedList() {
  const response = await fetch(LIST, {cache: "no-store"});
  if (!response.ok) throw new Error(`${LIST}: HTTP ${response.status}`);
  const list = await response.json();
  if (list.version !== VERSION) throw new Error(`${LIST} is of version ${list.version}, not ${VERSION}`);
  return list;
}

async function keptList(cache) {
  const response = await cache.match(LIST_KEY);
  return response ? response.json() : null;
}

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

// The file, downloaded and checked against its hash.
async function downloaded(path, revision) {
  const response = await fetch(new URL(path, ROOT).href, {cache: "no-cache", credentials: "same-origin"});
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const body = await response.arrayBuffer();
  const digest = hex(await crypto.subtle.digest("SHA-256", body)).slice(0, revision.length);
  if (digest !== revision) throw new Error(`${path} is not the file of version ${VERSION}`);
  // A new response: one that followed a redirect cannot answer a page's navigation.
  return new Response(body, {status: 200, headers: {"Content-Type": response.headers.get("Content-Type") || ""}});
}

// Put `files` ([path, revision] pairs) in `cache`, copying those `previous` has unchanged.
async function save(cache, files, previous) {
  const before = previous ? await keptList(previous) : null;
  const known = new Map();
  if (before) {
    for (const group of [before.shared, ...Object.values(before.languages).map((l) => l.files)]) {
      for (const [path, revision] of group) known.set(path, revision);
    }
  }
  let next = 0;
  async function worker() {
    while (next < files.length) {
      const [path, revision] = files[next++];
      const old = known.get(path) === revision ? await previous.match(keyOf(path)) : undefined;
      await cache.put(keyOf(path), old || await downloaded(path, revision));
    }
  }
  await Promise.all(Array.from({length: AT_ONCE}, worker));
}

async function saveLanguage(cache, list, code, previous) {
  await save(cache, list.languages[code].files, previous);
  await cache.put(MARKS + code, new Response(code));
}

async function languagesKept(cache) {
  const keys = await cache.keys();
  return keys.map((r) => r.url).filter((u) => u.startsWith(MARKS)).map((u) => u.slice(MARKS.length));
}

async function previousCache() {
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== CACHE) {
      const cache = await caches.open(name);
      if (await keptList(cache)) return cache;
    }
  }
  return null;
}

async function install() {
  const list = await fetchedList();
  const cache = await caches.open(CACHE);
  const previous = await previousCache();
  await save(cache, list.shared, previous);
  for (const code of previous ? await languagesKept(previous) : []) {
    if (list.languages[code]) await saveLanguage(cache, list, code, previous);
  }
  await cache.put(LIST_KEY, new Response(JSON.stringify(list), {headers: {"Content-Type": "application/json"}}));
}

// The language of a page: the first folder of its path when it is a language's, else the default.
function languageOf(url, list) {
  const path = url.slice(ROOT.href.length);
  const code = Object.keys(list.languages).find((c) => list.languages[c].root && path.startsWith(list.languages[c].root));
  return code || list.default;
}

const saving = new Map();   // language -> its saving in progress

async function keepLanguageOf(client) {
  const cache = await caches.open(CACHE);
  const list = await keptList(cache);
  if (!list) return;
  const code = languageOf(client.url, list);
  let fresh = false;
  if (!(await cache.match(MARKS + code))) {
    if (!saving.has(code)) saving.set(code, saveLanguage(cache, list, code, null).finally(() => saving.delete(code)));
    await saving.get(code);
    fresh = true;
  }
  client.postMessage({type: "cached", lang: code, fresh, version: VERSION});
}

self.addEventListener("install", (event) => {
  event.waitUntil(install());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const type = event.data && event.data.type;
  if (type === "skip-waiting") self.skipWaiting();
  else if (type === "cache-language" && event.source) event.waitUntil(keepLanguageOf(event.source));
});

const NOT_SAVED = new URL("assets/mcr/offline/not-saved.json", ROOT).href;   // written by offline.py

function escaped(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"})[c]);
}

// The same page in language `other` when that language keeps it, else its home: the page
// asked for is `url`, of language `code` (a language's pages lie at the same path under its root).
function counterpart(url, code, other, list) {
  const path = url.slice(ROOT.href.length).slice(list.languages[code].root.length);
  const wanted = list.languages[other].root + path, page = wanted + (wanted === "" || wanted.endsWith("/") ? "index.html" : "");
  const kept = list.languages[other].files.some(([file]) => file === page);
  return new URL(kept ? wanted : list.languages[other].root, ROOT).href;
}

// Offline, a page of a language never opened while connected: a page in that language that
// says so and links the same page in each language kept (the browser's own error page said nothing).
async function notSaved(cache, url) {
  const list = await keptList(cache), words = await cache.match(NOT_SAVED);
  if (!list || !words) return null;
  const texts = await words.json(), kept = await languagesKept(cache);
  const code = languageOf(url, list), t = texts[code] || texts[list.default];
  if (kept.includes(code)) return null;   // a page missing from a kept language: the browser's answer
  const links = kept.filter((c) => texts[c] && list.languages[c]).map((c) =>
    `<li><a href="${escaped(counterpart(url, code, c, list))}" lang="${c}">${escaped(texts[c].name)}</a></li>`);
  const listed = links.length ? `<p>${escaped(t.kept)}</p><ul>${links.join("")}</ul>` : "";
  const html = `<!doctype html><html lang="${code}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escaped(t.title)}</title></head>` +
    `<body style="font-family:sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;line-height:1.5">` +
    `<h1 style="font-size:1.4rem">${escaped(t.title)}</h1><p>${escaped(t.text)}</p>${listed}</body></html>`;
  return new Response(html, {status: 503, headers: {"Content-Type": "text/html; charset=utf-8"}});
}

async function answer(request) {
  const url = new URL(request.url);
  url.hash = "";
  if (request.mode === "navigate") {
    url.search = "";
    url.pathname = url.pathname.replace(/\/index\.html$/, "/");
  }
  const cache = await caches.open(CACHE);
  const kept = await cache.match(url.href);
  if (kept) return kept;
  try {
    return await fetch(request);
  } catch (err) {
    const page = request.mode === "navigate" ? await notSaved(cache, url.href) : null;
    if (page) return page;
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(ROOT.href)) return;
  if (request.url === LIST || request.url === new URL("sw.js", ROOT).href) return;
  event.respondWith(answer(request));
});
