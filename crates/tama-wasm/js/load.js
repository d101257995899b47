// Loads the WebAssembly module once per thread: from the file beside this
// one (Node reads it from disk; a browser fetches it), or from a compiled
// `WebAssembly.Module` handed over by the thread that compiled it.

import init from "./wasm/tama_wasm.js";

export const IS_NODE =
  typeof process !== "undefined" && process.versions != null && process.versions.node != null;

const WASM_URL = new URL("./wasm/tama_wasm_bg.wasm", import.meta.url);

let compiled = null;

/** The compiled module (compiled on the first call). */
export async function wasmModule() {
  if (!compiled) {
    compiled = (async () => {
      if (IS_NODE && WASM_URL.protocol === "file:") {
        const { readFile } = await import("node:fs/promises");
        return WebAssembly.compile(await readFile(WASM_URL));
      }
      const response = await fetch(WASM_URL);
      if (!response.ok) {
        throw new Error(`cannot load ${WASM_URL}: HTTP ${response.status}`);
      }
      return WebAssembly.compileStreaming
        ? WebAssembly.compileStreaming(response)
        : WebAssembly.compile(await response.arrayBuffer());
    })();
  }
  return compiled;
}

/** Instantiates the module in this thread (`module`: a compiled one to use). */
export async function load(module) {
  const m = module || (await wasmModule());
  compiled = compiled || Promise.resolve(m);
  await init({ module_or_path: m });
  return m;
}
