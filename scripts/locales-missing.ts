import fs from 'node:fs';
import path from 'node:path';
import { languageCodes } from '../src/domain/languages';

/**
 * Lists, per language, the English keys a locale file lacks (and keys it has that English does not),
 * as JSON: { "fr": { "missing": { "key": "English text" }, "extra": [] }, … }. For translators.
 */
type Tree = { [key: string]: string | Tree };
const dir = path.resolve('locales');
const flatten = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v] as [string, string]] : flatten(v, `${prefix}${k}.`)));
const read = (code: string): Tree => (fs.existsSync(path.join(dir, `${code}.json`)) ? (JSON.parse(fs.readFileSync(path.join(dir, `${code}.json`), 'utf8')) as Tree) : {});

const english = new Map(flatten(read('en')));
const report: Record<string, { missing: Record<string, string>; extra: string[] }> = {};
for (const code of languageCodes.filter((c) => c !== 'en')) {
  const keys = new Map(flatten(read(code)));
  const missing = Object.fromEntries([...english].filter(([k]) => !keys.has(k)));
  const extra = [...keys.keys()].filter((k) => !english.has(k));
  if (Object.keys(missing).length || extra.length) report[code] = { missing, extra };
}
console.log(JSON.stringify(report, null, 2));
