// `node bench/chromium.mjs`: the speed suite in headless Chromium (Debian's
// `chromium` and `chromedriver`), driven over WebDriver; JSON on the last
// line. The package's folder is served from 127.0.0.1 by a small static
// server of this script's own.

import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm", ".json": "application/json" };

const server = createServer(async (req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname));
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
const page = `http://127.0.0.1:${server.address().port}/bench/page.html`;

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

let session = null;
try {
  for (let i = 0; ; i++) {
    try {
      await wd("GET", "/status");
      break;
    } catch (e) {
      if (i > 50) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const created = await wd("POST", "/session", {
    capabilities: {
      alwaysMatch: {
        browserName: "chrome",
        "goog:chromeOptions": {
          binary: "/usr/bin/chromium",
          args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
        },
      },
    },
  });
  session = created.sessionId;
  await wd("POST", `/session/${session}/url`, { url: page });
  let result = null;
  const deadline = Date.now() + 10 * 60 * 1000;
  while (!result) {
    if (Date.now() > deadline) throw new Error("the suite did not finish in 10 minutes");
    await new Promise((r) => setTimeout(r, 500));
    result = await wd("POST", `/session/${session}/execute/sync`, { script: "return window.suiteResult || null", args: [] });
  }
  if (result.error) throw new Error(result.error);
  console.log(JSON.stringify(result));
} finally {
  if (session) await wd("DELETE", `/session/${session}`).catch(() => {});
  driver.kill();
  server.close();
}
