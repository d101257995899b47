// `node bench/node.mjs`: the speed suite in Node, as JSON on the last line.
import { runSuite } from "./suite.js";

const result = await runSuite({ log: (line) => console.error(line) });
console.log(JSON.stringify({ host: `node ${process.version}`, ...result }));
