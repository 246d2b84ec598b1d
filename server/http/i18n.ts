import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Defaults } from '../../src/domain/constants';
import { isLanguageCode, languageCodes, type LanguageCode } from '../../src/domain/languages';

/** The server's messages come from the same locales/ files as the screens, in the caller's language. */
type Tree = { [key: string]: string | Tree };

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales');
const catalogues = new Map<LanguageCode, Tree>();

function catalogue(code: LanguageCode): Tree {
  let tree = catalogues.get(code);
  if (!tree) {
    const file = path.join(localesDir, `${code}.json`);
    tree = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Tree) : {};
    catalogues.set(code, tree);
  }
  return tree;
}

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function languageOf(header: string | undefined): LanguageCode {
  if (isLanguageCode(header)) return header;
  const prefix = header?.split(/[,;-]/)[0];
  const match = languageCodes.find((c) => c === prefix || c.split('-')[0] === prefix);
  return match ?? Defaults.language;
}

export function translate(language: LanguageCode, key: string, params: Record<string, string> = {}): string {
  const text = lookup(catalogue(language), key) ?? lookup(catalogue(Defaults.language), key) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
}
