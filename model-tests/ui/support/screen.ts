import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';

/**
 * Small helpers for the UI models' assertions and executors (screens/<area>/*.ui-model.ts): the visible
 * element by test id (the shell keeps screens alive, hidden), a message in English as a person reads it,
 * a Radix dialog's button, and a wait that says what it waited for.
 */
type Tree = { [key: string]: string | Tree };
const en = JSON.parse(fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../locales/en.json'), 'utf8')) as Tree;

/** The English text of a locale key (placeholders left as they are). */
export function english(key: string): string {
  let node: string | Tree | undefined = en;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no English message ${key}`);
  return node;
}

export const vis = (page: Page, testId: string): Locator => page.getByTestId(testId).filter({ visible: true });

/** The confirming button of the open dialog (ConfirmDialog, DecisionSheet) by its label. */
export async function confirmInDialog(page: Page, label: string): Promise<void> {
  await page.getByRole('dialog').filter({ visible: true }).last().getByRole('button', { name: label, exact: true }).click();
}

/** Waits until `read` answers `want` (compared as JSON), up to `ms`; throws with the last answer. */
export async function until<T>(what: string, read: () => Promise<T>, want: T, ms = 8000): Promise<void> {
  const deadline = Date.now() + ms;
  let last: T | undefined;
  for (;;) {
    last = await read().catch(() => undefined);
    if (JSON.stringify(last) === JSON.stringify(want)) return;
    if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(last)}, expected ${JSON.stringify(want)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The test ids among `ids` that are visible now. */
export async function visibleOf(page: Page, ids: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const id of ids) if ((await vis(page, id).count()) > 0) out.push(id);
  return out.sort();
}
