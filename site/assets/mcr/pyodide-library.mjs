// Pyodide's whole standard library, for the workers that run the site's Python (hand-written;
// calculator-worker.mjs and trainer-worker.mjs import it).
//
// The pages start Pyodide on python_stdlib.zip, which the build cut to the modules Pyodide,
// the calculator's engine and the trainer import, compiled (generator/site/page_python.py).
// Should an import fail all the same (a module the build did not foresee), the step is tried
// once more with Pyodide's whole library (python_stdlib_full.zip), fetched then and only then.

async function fetched(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

// The whole library in place of the compiled part: written over the zip Python reads its
// library from, so that a module of a package already imported (whose path points into that
// zip) is found too; the modules already imported stay as they are.
async function addFullLibrary(pyodide, url) {
  const zip = await fetched(url);
  const path = pyodide.runPython("import sys; next(p for p in sys.path if p.endswith('.zip') and p.startswith('/lib/'))");
  pyodide.FS.writeFile(path, new Uint8Array(zip));
  pyodide.runPython("import sys, zipimport; zipimport._zip_directory_cache.clear(); sys.path_importer_cache.clear()");
}

// A function that runs step() and, if it failed on a missing module, adds the whole library
// at `url` (once) and runs step() again; `who` names the worker in the console's warning.
export function withFullLibrary(pyodide, url, who) {
  let added = null;
  return async function (step) {
    try {
      return step();
    } catch (err) {
      if (err.type !== "ModuleNotFoundError" || added) throw err;
      const missing = err.message.split("\n").find((line) => line.startsWith("ModuleNotFoundError")) || err.message;
      console.warn(`${who}: ${missing.trim()}; loading the whole standard library`);
      added = addFullLibrary(pyodide, url);
      await added;
      return step();
    }
  };
}
