import en from '../../locales/en.json';
import type { Translate } from './translate';

/**
 * The English messages with rosetta's `{{name}}` templating, for the unit tests of the pure gallery
 * logic. Like `t`, a missing key comes back as the key itself, so tests can assert no label
 * shows a raw `gallery.` key.
 */
export const english: Translate = (key, params) => {
  let value: unknown = en;
  for (const part of key.split('.')) {
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[part] : undefined;
  }
  if (typeof value !== 'string') return key;
  return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params?.[name] ?? ''));
};
