// `node crates/tama-web/bench/click.mjs DIR`: how long the static board
// (`tama web-bundle --out DIR`) takes to answer a click, in headless
// Chromium (Debian's chromium and chromedriver, over WebDriver): from the
// start of the navigation until a click on c3 shows its destinations.
// Cold: a new browser profile (nothing cached); warm: the same page
// loaded again (the service worker's cache). The folder is served from
// 127.0.0.1 by a small static server of this script's own. Prints one
// line per run and JSON on the last line.

import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { extname, join, normalize, resolve } from "node:path";

const ROOT = resolve(process.argv[2] || "site");
const RUNS = Number(process.argv[3] || 5);
const TYPES = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".css": "text/css",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webmanifest": "application/manifest+json",
};

const server = createServer(async (req, res) => {
  let path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname));
  if (path.endsWith("/")) path += "index.html";
  try {
    const body = await readFile(join(ROOT, path));
    res.writeHead(200, { "Content-Type": TYPES[extname(path)] || "application/octet-stream" });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end();
  }
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const page = `http://127.0.0.1:${server.address().port}/`;

const driverPort = 9515 + Math.floor(Math.random() * 400);
const driver = spawn("chromedriver", [`--port=${driverPort}`], { stdio: "ignore" });
const base = `http://127.0.0.1:${driverPort}`;
async function wd(method, path, body) {
  const res = await fetch(base + path, {
    method,
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`WebDriver ${path}: ${JSON.stringify(json.value)}`);
  return json.value;
}

// Clicks c3 (a pointer press at its centre, as the board takes input) as
// soon as the page has a board; the time of the first click that shows
// destinations, in ms since the navigation started.
const PROBE = `
  const sq = document.querySelector("#board rect.sq[data-sq='c3']");
  if (!sq || !window.tamaState || !window.tamaState.engine) return null;
  const r = sq.getBoundingClientRect();
  const at = { clientX: r.x + r.width / 2, clientY: r.y + r.height / 2, button: 0, bubbles: true };
  sq.dispatchEvent(new PointerEvent("pointerdown", at));
  window.dispatchEvent(new PointerEvent("pointerup", at));
  return document.querySelector("[data-dest]") ? performance.now() : null;`;

async function clickTime(session) {
  for (;;) {
    const t = await wd("POST", `/session/${session}/execute/sync`, { script: PROBE, args: [] });
    if (t !== null) return t;
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function newSession(profile) {
  const caps = {
    capabilities: {
      alwaysMatch: {
        "goog:chromeOptions": {
          binary: "/usr/bin/chromium",
          args: [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-dev-shm-usage", "--window-size=1360,960", `--user-data-dir=${profile}`,
          ],
        },
      },
    },
  };
  return (await wd("POST", "/session", caps)).sessionId;
}

const cold = [];
const warm = [];
try {
  for (let i = 0; ; i++) {
    try {
      await wd("GET", "/status");
      break;
    } catch (e) {
      if (i > 100) throw e;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  for (let run = 0; run < RUNS; run++) {
    const profile = await mkdtemp(join(tmpdir(), "tama-click-"));
    const session = await newSession(profile);
    try {
      await wd("POST", `/session/${session}/url`, { url: page });
      cold.push(await clickTime(session));
      // Let the service worker finish keeping the files, then load again.
      await wd("POST", `/session/${session}/execute/async`, {
        script: "const done = arguments[0]; navigator.serviceWorker.ready.then(() => done(true));",
        args: [],
      });
      await wd("POST", `/session/${session}/url`, { url: page });
      warm.push(await clickTime(session));
      console.log(`run ${run + 1}: cold ${cold.at(-1).toFixed(0)} ms, warm ${warm.at(-1).toFixed(0)} ms`);
    } finally {
      await wd("DELETE", `/session/${session}`).catch(() => {});
      await rm(profile, { recursive: true, force: true });
    }
  }
} finally {
  driver.kill();
  server.close();
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(JSON.stringify({ runs: RUNS, coldMs: median(cold), warmMs: median(warm), cold, warm }));
