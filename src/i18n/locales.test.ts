import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { languageCodes } from '../domain/languages';

type Tree = { [key: string]: string | Tree };
const dir = path.resolve(__dirname, '../../locales');
const load = (code: string) => JSON.parse(fs.readFileSync(path.join(dir, `${code}.json`), 'utf8')) as Tree;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of flatten(v, `${prefix}${k}.`)) out.set(kk, vv);
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
