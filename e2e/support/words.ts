import type { Page } from 'playwright-core';
import { ledgerKinds } from '../../src/domain/ledgerKinds';
import { withdrawalStates } from '../../src/domain/withdrawal';

/**
 * Issue 24: no internal name reaches the screen. Fails when the visible text of the page holds a locale
 * key (words.words.words, not an e-mail address or a host name) or the internal name of a ledger kind or
 * a withdrawal state.
 */
const internalNames = [...ledgerKinds, ...withdrawalStates.filter((s) => /[A-Z]/.test(s))];
const localeKey = /(?<![@\w.\/])[a-z][a-zA-Z]+\.[a-z][a-zA-Z]+(?:\.[a-zA-Z]+)*(?![\w\/])/g;

export async function rawWordsOn(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  const keys = [...text.matchAll(localeKey)].map((m) => m[0]).filter((k) => !/\.(com|org|net|io|dev|app)$/.test(k));
  const names = internalNames.filter((n) => new RegExp(`\\b${n}\\b`).test(text));
  return [...keys, ...names];
}

export async function expectNoRawWords(page: Page, screen: string): Promise<void> {
  const found = await rawWordsOn(page);
  if (found.length > 0) throw new Error(`${screen} shows internal names or locale keys: ${found.join(', ')}`);
}
