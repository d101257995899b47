// The page's one way to the rules and the formats: the `tama` package
// (the Rust crates compiled to WebAssembly), served beside the page at
// `tama/` by `tama serve` and by the static bundle alike. Nothing else in
// the page reads or writes position text, applies moves or writes PDN.

export * from "../tama/index.js";
