// The quiz pages' trainer (hand-written, not generated): trainer.session, the same Python
// as `mcr quiz`, running under Pyodide in a worker so the page stays responsive.
//
// The page (trainer-quiz.js) sends {type: "start", pyodide, stdlib, trainer} once: the URLs
// of Pyodide's loader, of its whole standard library and of trainer.zip
// (generator/site/trainer_assets.py); then {type: "ask", id, request} with a request in JSON
// (generator/site/trainer_engine.py says which). The worker answers {type: "ready"} or
// {type: "failed", message}, and {type: "answer", id, answer} per request. Every grade,
// spacing step and progress change is made in Python; nothing here grades.

const FILES = "/home/pyodide/mcr";
let engine = null;

function post(message) {
  self.postMessage(message);
}

async function fetched(url, read) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return read(response);
}

async function start(message) {
  const zip = fetched(message.trainer, (r) => r.arrayBuffer());   // comes while Python starts
  const {loadPyodide} = await import(message.pyodide);
  const pyodide = await loadPyodide({
    indexURL: message.pyodide.slice(0, message.pyodide.lastIndexOf("/") + 1),
    stdLibURL: message.stdlib,
    stdout: () => {},
    stderr: (line) => console.warn(line),
  });
  pyodide.unpackArchive(await zip, "zip", {extractDir: FILES});
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(FILES)})`);
  engine = pyodide.pyimport("trainer_engine");
  engine.load_trainer();
  post({type: "ready"});
}

function answer(id, request) {
  let text;
  try {
    text = engine.answer(request);
  } catch (err) {   // a bug, not bad input: the glue answers bad input with {"error"}
    text = JSON.stringify({error: String((err && err.message) || err)});
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
