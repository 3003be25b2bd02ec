// The quiz pages' trainer (hand-written, not generated): trainer.session, the same Python
// as `mcr quiz`, running under Pyodide in a worker so the page stays responsive.
//
// The page (trainer-quiz.js) sends {type: "start", pyodide, stdlib, stdlibFull, trainer} once:
// the URLs of Pyodide's loader, of the compiled standard library, of Pyodide's whole one and
// of trainer.zip (generator/site/trainer_assets.py); then {type: "ask", id, request} with a
// request in JSON (generator/site/trainer_engine.py says which). The worker answers
// {type: "ready"} or {type: "failed", message}, and {type: "answer", id, answer} per
// request, in the order asked. Every grade, spacing step and progress change is made in
// Python; nothing here grades.
//
// Start-up (generator/site/page_python.py): the standard library and the trainer come
// compiled, the library cut to the modules the calculator and the trainer import. Should an
// import fail all the same, Pyodide's whole library is fetched and the step tried once more
// (pyodide-library.mjs): the trainer imports at the top of its modules, so that is at start,
// before any request has changed anything.
import {withFullLibrary} from "./pyodide-library.mjs";

const FILES = "/home/pyodide/mcr";
let engine = null;
let withLibrary = null;        // a step, tried again with the whole library (withFullLibrary)
let asked = Promise.resolve();   // the requests, one after the other

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
  withLibrary = withFullLibrary(pyodide, message.stdlibFull, "trainer");
  const files = await zip;
  // The zip unpacked, not put on the path: the trainer reads its data files beside its modules.
  await withLibrary(() => pyodide.unpackArchive(files, "zip", {extractDir: FILES}));
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(FILES)})`);
  engine = await withLibrary(() => pyodide.pyimport("trainer_engine"));
  await withLibrary(() => engine.load_trainer());
  post({type: "ready"});
}

async function answer(id, request) {
  let text;
  try {
    text = await withLibrary(() => engine.answer(request));
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
    asked = asked.then(() => answer(message.id, message.request));
  }
};
