// The calculator's engine (hand-written, not generated): the project's `rules` package
// running under Pyodide in a worker, so the page stays responsive while Python starts.
//
// The page (calculator.js) sends {type: "start", pyodide, engine, tables: [{name, url}]} once
// (a table per edition of the rules, the site's own first),
// then {type: "ask", id, request} with a request in JSON; the worker answers with
// {type: "progress", stage}, then {type: "ready"} or {type: "failed", message}, and
// {type: "answer", id, answer} per request. The answers are made in Python by
// generator/site/calculator_engine.py; nothing here scores.

const ENGINE_DIR = "/home/pyodide/engine";
let engine = null;

function post(message) {
  self.postMessage(message);
}

async function fetched(url, read) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return read(response);
}

async function start(urls) {
  post({type: "progress", stage: 1});
  // The engine's files come while Python starts.
  const engineZip = fetched(urls.engine, (r) => r.arrayBuffer());
  const tables = urls.tables.map((t) => fetched(t.url, (r) => r.text()));
  const {loadPyodide} = await import(urls.pyodide);
  const pyodide = await loadPyodide({
    indexURL: urls.pyodide.slice(0, urls.pyodide.lastIndexOf("/") + 1),
    stdout: () => {},
    stderr: (line) => console.warn(line),
  });
  post({type: "progress", stage: 2});
  pyodide.unpackArchive(await engineZip, "zip", {extractDir: ENGINE_DIR});
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(ENGINE_DIR)})`);
  const glue = pyodide.pyimport("calculator_engine");
  post({type: "progress", stage: 3});
  let fans = 0;
  for (const [i, t] of urls.tables.entries()) {
    const count = glue.load_table(await tables[i], t.name);
    if (i === 0) fans = count;
  }
  engine = glue;
  post({type: "ready", fans});
}

function answer(id, request) {
  let text;
  try {
    text = engine.answer(request);
  } catch (err) {   // a bug, not bad input: the engine reports bad input as an answer
    text = JSON.stringify({kind: "error", error: {code: "other", values: {message: String(err.message || err)},
                                                  message: String(err.message || err), column: null, tiles: []}});
  }
  post({type: "answer", id, answer: text});
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
    answer(message.id, message.request);
  }
};
