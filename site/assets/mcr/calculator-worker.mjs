// The calculator's engine (hand-written, not generated): the project's `rules` package
// running under Pyodide in a worker, so the page stays responsive while Python starts.
//
// The page (calculator.js) sends {type: "start", pyodide, stdlibFull, engine, tables: {name: url},
// table} once (a table per edition of the rules; `table` names the one the page shows),
// then {type: "ask", id, request, table} with a request in JSON; the worker answers with
// {type: "progress", stage}, then {type: "ready"} or {type: "failed", message}, and
// {type: "answer", id, answer, ms} per request (ms: the worker's time on it). The answers
// are made in Python by generator/site/calculator_engine.py; nothing here scores.
//
// Start-up (generator/site/page_python.py): Pyodide's standard library and the engine
// come compiled, and only the modules they use; the engine zip goes on Python's path as
// it is. Only the table the page shows is loaded at start; another edition's table is
// loaded the first time a request names it. Should an import fail (a module the build
// did not foresee), Pyodide's whole library is fetched and the step tried once more
// (pyodide-library.mjs).
import {withFullLibrary} from "./pyodide-library.mjs";

const ENGINE_ZIP = "/home/pyodide/engine.zip";
let pyodide = null;
let engine = null;
let settings = null;
const tables = new Map();   // table name -> promise of its loading
let withLibrary = null;     // a step, tried again with the whole library (withFullLibrary)

function post(message) {
  self.postMessage(message);
}

async function fetched(url, read) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return read(response);
}

function loadTable(name) {
  if (!tables.has(name)) {
    const url = settings.tables[name];
    const loading = url ? fetched(url, (r) => r.text()).then((text) => withLibrary(() => engine.load_table(text, name)))
                        : Promise.resolve(0);   // unknown: the engine answers that it has no such edition
    tables.set(name, loading);
    loading.catch(() => tables.delete(name));   // tried again at the next request
  }
  return tables.get(name);
}

async function start(message) {
  settings = message;
  post({type: "progress", stage: 1});
  // The engine and the page's table come while Python starts.
  const engineZip = fetched(message.engine, (r) => r.arrayBuffer());
  const table = fetched(message.tables[message.table], (r) => r.text());
  const {loadPyodide} = await import(message.pyodide);
  pyodide = await loadPyodide({
    indexURL: message.pyodide.slice(0, message.pyodide.lastIndexOf("/") + 1),
    stdout: () => {},
    stderr: (line) => console.warn(line),
  });
  withLibrary = withFullLibrary(pyodide, message.stdlibFull, "calculator");
  post({type: "progress", stage: 2});
  pyodide.FS.writeFile(ENGINE_ZIP, new Uint8Array(await engineZip));
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(ENGINE_ZIP)})`);
  engine = await withLibrary(() => pyodide.pyimport("calculator_engine"));
  post({type: "progress", stage: 3});
  const text = await table;
  tables.set(message.table, withLibrary(() => engine.load_table(text, message.table)));
  const fans = await tables.get(message.table);
  post({type: "ready", fans});
}

async function answer(id, request, table) {
  const started = performance.now();
  let text;
  try {
    await loadTable(table || settings.table);
    text = await withLibrary(() => engine.answer(request));
  } catch (err) {   // a bug, not bad input: the engine reports bad input as an answer
    text = JSON.stringify({kind: "error", error: {code: "other", values: {message: String(err.message || err)},
                                                  message: String(err.message || err), column: null, tiles: []}});
  }
  // The worker's own time (a table loaded the first time, then the answer), for the benchmark.
  post({type: "answer", id, answer: text, ms: performance.now() - started});
}

self.onmessage = async (event) => {
  const message = event.data;
  if (message.type === "start") {
    try {
      await start(message);
    } catch (err) {
      post({type: "failed", message: String((err && err.message) || err)});
    }
  } else if (message.type === "ask") {
    await answer(message.id, message.request, message.table);
  }
};
