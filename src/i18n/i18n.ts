import rosetta from 'rosetta';
import { app, categories, feed, home, messages, shell, tabs } from '../../locales/en.json';
import { Defaults } from '../domain/constants';
import { directionOf, isLanguageCode, type LanguageCode } from '../domain/languages';

/**
 * Messages through rosetta. The English namespaces the shell and the home screen need ship with the
 * first screen (named JSON imports are tree-shaken); the rest of English follows right after the first
 * render (`loadAllMessages`, which every other screen awaits before it renders); the other languages
 * load on demand. `subscribe` lets React re-render every screen when the language changes.
 */
type Dict = Record<string, unknown>;

const loaders = import.meta.glob<Dict>(['../../locales/*.json', '!../../locales/en.json'], { import: 'default' });
const storageKey = 'coin-mall.language';
const firstScreen: Dict = { app, categories, feed, home, messages, shell, tabs };
const engine = rosetta<Dict>({ [Defaults.language]: firstScreen });
engine.locale(Defaults.language);

let allEnglish: Promise<void> | null = null;

/** The whole English catalogue (the fallback of every language). Idempotent. */
export function loadAllMessages(): Promise<void> {
  allEnglish ??= import('virtual:all-english').then(
    (module) => {
      engine.set(Defaults.language, module.default);
      for (const listener of listeners) listener();
    },
    (error: unknown) => {
      allEnglish = null; // a failed load (no connection) is tried again by the next screen that asks
      throw error;
    },
  );
  return allEnglish;
}

let current: LanguageCode = Defaults.language;
const listeners = new Set<() => void>();

const pluralRules = new Map<string, Intl.PluralRules>();

/**
 * One language's message. A counted message (a `count` parameter) may be a set of plural forms, chosen by
 * the language's own rules (`Intl.PluralRules`: `{ "one": "…", "other": "…" }`; Arabic has six forms).
 */
function message(key: string, params: Record<string, string | number>, language: string): string {
  if (typeof params.count === 'number') {
    let rules = pluralRules.get(language);
    if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
    const form: unknown = engine.t(`${key}.${rules.select(params.count)}`, params, language) || engine.t(`${key}.other`, params, language);
    if (typeof form === 'string' && form) return form;
  }
  const text: unknown = engine.t(key, params, language);
  return typeof text === 'string' ? text : '';
}

export function t(key: string, params: Record<string, string | number> = {}): string {
  return message(key, params, current) || message(key, params, Defaults.language) || key;
}

export function currentLanguage(): LanguageCode {
  return current;
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function applyDocument(code: LanguageCode) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = code;
  document.documentElement.dir = directionOf(code);
}

export async function setLanguage(code: LanguageCode): Promise<void> {
  if (code !== Defaults.language && !engine.table(code)) {
    const load = loaders[`../../locales/${code}.json`];
    if (!load) throw new Error(`no messages for ${code}`);
    engine.set(code, await load());
  }
  current = code;
  engine.locale(code);
  applyDocument(code);
  try {
    localStorage.setItem(storageKey, code);
  } catch {
    // private mode: the choice lasts for this visit only
  }
  for (const listener of listeners) listener();
}

/** The stored choice, else the default. Called once at start-up, before the first render. */
export async function restoreLanguage(): Promise<void> {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(storageKey);
  } catch {
    stored = null;
  }
  await setLanguage(isLanguageCode(stored) ? stored : Defaults.language);
}
