// The page's words: one catalogue per language (`i18n/<code>.json`),
// picked from the browser's languages or the player's choice (kept in
// the browser's storage). Static text carries `data-i18n` (its text),
// `data-i18n-title`, `data-i18n-placeholder` or `data-i18n-aria` (those
// attributes) with a key; code asks `t(key, params)` or `plural(key, n)`.
// Move text, position text and PDN stay as they are in every language.

export const LANGUAGES = { en: "English", hy: "Հայերեն", ru: "Русский", tr: "Türkçe" };
const STORE = "tama.language";

let lang = "en";
let words = {};
let english = {};

async function catalogue(code) {
  const res = await fetch(`i18n/${code}.json`);
  if (!res.ok) throw new Error(`i18n/${code}.json: HTTP ${res.status}`);
  return res.json();
}

// The language to start with: the player's last choice, else the first
// of the browser's languages we have, else English.
export function chosenLanguage() {
  let stored = null;
  try {
    stored = localStorage.getItem(STORE);
  } catch (_) {
    /* storage refused: no memory of the choice */
  }
  if (stored && LANGUAGES[stored]) return stored;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const code = String(l).slice(0, 2).toLowerCase();
    if (LANGUAGES[code]) return code;
  }
  return "en";
}

export const language = () => lang;

// `{name}` in a catalogue's text is replaced by `params.name`.
function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

// The text of `key` in the current language (English where the
// catalogue lacks it; the key itself where English does too).
export function t(key, params = {}) {
  const text = words[key] ?? english[key] ?? key;
  return fill(text, params);
}

// The text of `key` for a count `n`, by the language's plural rules
// (`key.one`, `key.few`, `key.many`, `key.other`).
export function plural(key, n, params = {}) {
  const form = new Intl.PluralRules(lang).select(n);
  const text = words[`${key}.${form}`] ?? words[`${key}.other`] ?? english[`${key}.${form === "one" ? "one" : "other"}`] ?? key;
  return fill(text, { n, ...params });
}

// Puts the catalogue's words into the page's static text.
function applyToPage() {
  document.documentElement.lang = lang;
  document.title = t("page.title");
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of document.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
  for (const el of document.querySelectorAll("[data-i18n-placeholder]")) el.placeholder = t(el.dataset.i18nPlaceholder);
  for (const el of document.querySelectorAll("[data-i18n-aria]")) el.setAttribute("aria-label", t(el.dataset.i18nAria));
}

// Loads and applies a language; `remember` keeps the choice.
export async function setLanguage(code, remember = false) {
  if (!LANGUAGES[code]) code = "en";
  if (!Object.keys(english).length) english = await catalogue("en");
  words = code === "en" ? english : await catalogue(code);
  lang = code;
  if (remember) {
    try {
      localStorage.setItem(STORE, code);
    } catch (_) {
      /* storage refused */
    }
  }
  applyToPage();
}

// The name of a rules preset in the current language (its code word
// where the catalogue has none).
export function presetName(code) {
  const key = `preset.${code}`;
  const name = t(key);
  return name === key ? code : name;
}
