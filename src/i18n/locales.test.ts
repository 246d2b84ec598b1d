import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { languageCodes } from '../domain/languages';

type Tree = { [key: string]: string | Tree };
const dir = path.resolve(__dirname, '../../locales');
const load = (code: string) => JSON.parse(fs.readFileSync(path.join(dir, `${code}.json`), 'utf8')) as Tree;

const pluralForms = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);
/** A counted message: its plural forms, by Intl.PluralRules category (src/i18n/i18n.ts). */
const isPlural = (v: Tree) => 'other' in v && Object.keys(v).every((k) => pluralForms.has(k)) && Object.values(v).every((x) => typeof x === 'string');

/** Every message by its key; a counted message is one key whose forms are joined (to check them all). */
function flatten(tree: Tree, prefix = '', plurals?: Map<string, Record<string, string>>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else if (isPlural(v)) {
      plurals?.set(prefix + k, v as Record<string, string>);
      out.set(prefix + k, (v as Record<string, string>).other ?? '');
    } else for (const [kk, vv] of flatten(v, `${prefix}${k}.`, plurals)) out.set(kk, vv);
  }
  return out;
}

const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();
const english = flatten(load('en'));

describe('locales', () => {
  it('has a file for each of the twelve languages and nothing else', () => {
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, '')).sort();
    expect(files).toEqual([...languageCodes].sort());
  });

  for (const code of languageCodes.filter((c) => c !== 'en')) {
    it(`${code} has every key English has, no other, none empty, placeholders kept`, () => {
      const messages = flatten(load(code));
      const missing = [...english.keys()].filter((k) => !messages.has(k));
      const extra = [...messages.keys()].filter((k) => !english.has(k));
      expect(missing, `missing in ${code}`).toEqual([]);
      expect(extra, `unknown in ${code}`).toEqual([]);
      for (const [key, text] of messages) {
        expect(text.trim(), `${code} ${key} is empty`).not.toBe('');
        expect(placeholders(text), `${code} ${key} placeholders`).toEqual(placeholders(english.get(key) ?? ''));
      }
    });
  }

  for (const code of languageCodes) {
    it(`${code} has each plural form its language needs in every counted message, and no other`, () => {
      const plurals = new Map<string, Record<string, string>>();
      flatten(load(code), '', plurals);
      const needed = new Intl.PluralRules(code).resolvedOptions().pluralCategories.sort();
      for (const [key, forms] of plurals) {
        expect(Object.keys(forms).sort(), `${code} ${key}`).toEqual(needed);
        const other = placeholders(english.get(key) ?? '');
        for (const [form, text] of Object.entries(forms)) {
          expect(text.trim(), `${code} ${key}.${form} is empty`).not.toBe('');
          // A form for one number may spell the number out ("عنصران"); every other placeholder stays.
          expect(placeholders(text).filter((p) => p !== '{{count}}'), `${code} ${key}.${form} placeholders`).toEqual(other.filter((p) => p !== '{{count}}'));
        }
      }
    });
  }

  it('words the messages of SPEC 8 as SPEC does, in English', () => {
    const m = (key: string) => english.get(`messages.${key}`);
    expect(m('usePiBrowser')).toBe('Please use Pi browser to access');
    expect(m('loginFirst')).toBe('Please login first');
    expect(m('accountFrozen')).toBe('Your account is frozen');
    expect(m('piAuthFailed')).toBe('Pi authentication failed');
    expect(m('serverRest')).toBe('Give the server a rest');
    expect(m('walletBalanceNotEnough')).toBe('Wallet balance not enough to pay (use another method)');
  });
});
