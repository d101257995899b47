// Placeholder: the page helper replaces this file.
const res = await fetch("/api/health");
document.getElementById("app").textContent = "tama " + (await res.json()).version;
