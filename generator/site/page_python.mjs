// Build step of the pages that run Python (hand-written; run by generator/site/page_python.py
// with Node): starts Pyodide from its npm package, as the pages will, and runs
// page_python_inside.py in it, which tries one program (the calculator's engine or the
// trainer) and writes the compiled files.
//
//   node page_python.mjs PYODIDE_DIR WORK_DIR PROGRAM
//
// WORK_DIR holds the inputs (program.zip: the program's sources; requests.json; the
// calculator's tables/*.json) and receives the outputs (stdlib.zip, program-compiled.zip,
// report.json). Pyodide's own Python compiles the files, so their bytecode is the one the
// page's interpreter reads.
import fs from "node:fs";
import path from "node:path";
import {pathToFileURL} from "node:url";

const [pyodideDir, workDir, program] = process.argv.slice(2);
if (!pyodideDir || !workDir || !program) {
  console.error("usage: node page_python.mjs PYODIDE_DIR WORK_DIR PROGRAM");
  process.exit(2);
}
const INSIDE = "/work";   // WORK_DIR's files, in Pyodide's file system

const {loadPyodide} = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({indexURL: pyodideDir + path.sep, stdout: () => {}, stderr: (line) => console.error(line)});

function copyIn(from, to) {
  for (const entry of fs.readdirSync(from, {withFileTypes: true})) {
    const source = path.join(from, entry.name), target = `${to}/${entry.name}`;
    if (entry.isDirectory()) {
      pyodide.FS.mkdirTree(target);
      copyIn(source, target);
    } else {
      pyodide.FS.writeFile(target, new Uint8Array(fs.readFileSync(source)));
    }
  }
}

pyodide.FS.mkdirTree(INSIDE);
copyIn(workDir, INSIDE);
const script = fs.readFileSync(new URL("page_python_inside.py", import.meta.url), "utf8");
try {
  pyodide.runPython(script, {globals: pyodide.toPy({__name__: "__main__", WORK: INSIDE, PROGRAM: program})});
} catch (err) {
  console.error(String(err.message || err));
  process.exit(1);
}
for (const name of ["stdlib.zip", "program-compiled.zip", "report.json"]) {
  fs.writeFileSync(path.join(workDir, name), pyodide.FS.readFile(`${INSIDE}/${name}`));
}
