import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isLedgerKind, ledgerKindLabelKey, ledgerKinds } from '../../src/domain/ledgerKinds';
import { OrderLedgerKind } from './orders';
import { WithdrawalLedgerKind } from './withdrawals';

/**
 * Issue 24 finding 5: balance details printed the ledger's internal kind ("withdrawalReserve"). Every
 * kind the server posts has words in all 12 languages, and the words are never the kind itself.
 */
const languages = fs.readdirSync(new URL('../../locales/', import.meta.url)).filter((f) => f.endsWith('.json'));

function lookup(table: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), table);
}

/** The kinds the server's services post, read from their source: every `kind: '…'` literal and constant. */
function postedKinds(): string[] {
  const dir = new URL('./', import.meta.url);
  const found = new Set<string>([...Object.values(OrderLedgerKind), ...Object.values(WithdrawalLedgerKind)]);
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const text = fs.readFileSync(new URL(file, dir), 'utf8');
    // post(…, { kind: 'coinPayment', … }) and the like, inside calls of the money ledger's `post`.
    for (const m of text.matchAll(/\bpost\(\w+(?:\.\w+)?,\s*\{\s*kind:\s*'([A-Za-z]+)'/g)) if (m[1]) found.add(m[1]);
  }
  return [...found];
}

describe('ledger kinds have words', () => {
  it('every kind the server posts is in the one table', () => {
    const posted = postedKinds();
    expect(posted).toEqual(expect.arrayContaining(['coinPayment', 'balancePayment', 'walletPayment', 'topUp', 'withdrawalReserve', 'incomeReleasedCaseClosed']));
    expect(posted.filter((k) => !isLedgerKind(k))).toEqual([]);
  });

  it('every kind (and the fallback) reads in all 12 languages, never as its internal name', () => {
    expect(languages).toHaveLength(12);
    const keys = [...ledgerKinds.map(ledgerKindLabelKey), ledgerKindLabelKey('somethingNew')];
    for (const file of languages) {
      const table: unknown = JSON.parse(fs.readFileSync(new URL(`../../locales/${file}`, import.meta.url), 'utf8'));
      for (const [i, key] of keys.entries()) {
        const text = lookup(table, key);
        expect(typeof text, `${file} ${key}`).toBe('string');
        expect(text, `${file} ${key}`).not.toBe('');
        if (i < ledgerKinds.length) expect(String(text), `${file} ${key}`).not.toContain(ledgerKinds[i]);
      }
    }
  });
});
