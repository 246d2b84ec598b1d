import { sql, type RawBuilder } from 'kysely';
import { executePrepared, type Db } from '../db/database';

/**
 * Search by product name over the name postings (migration 0018): for a country's listing keys, the newest
 * products whose title holds every typed word (each a prefix), read backwards along primary-key ranges of
 * `search_postings`, so a page costs about its size however common the words are, however rarely they meet
 * and however little of them a country sees.
 *
 * Two words are looked up together, as pair tokens: words that never meet in a title answer at once, without
 * walking either word's products. Further words are checked per product by primary key.
 */

/** A typed word expands to at most this many lexemes here; more (a short prefix) is left to the GIN index. */
const maxLexemes = 16;
const numeric = /^[0-9]+$/;

/**
 * The lexemes of the vocabulary each typed word stands for as a prefix (`tea` → tea, teapot), in the words' order;
 * null when a word is left to the GIN index: more than `maxLexemes` lexemes, or a word the parser would not keep as
 * typed. An empty list is a word no product name holds.
 */
export async function lexemesOf(db: Db, words: string[]): Promise<string[][] | null> {
  return lexemesFrom(words, await executePrepared(db, sql<LexemeRow>`${lexemeRows(words)}`.compile(db)));
}

/** A typed word's row of `lexemeRows`: its place, whether the parser keeps it as typed, and up to 17 lexemes. */
export interface LexemeRow {
  i: number;
  plain: boolean;
  lexemes: string[];
}

/** The statement (or a union branch) giving each typed word its `LexemeRow`. */
export function lexemeRows(words: string[]): RawBuilder<LexemeRow> {
  return sql<LexemeRow>`select x.i::int4 as i, to_tsquery('simple', x.w || ':*')::text = '''' || x.w || ''':*' as plain,
      array(select sw.word from search_words sw where sw.word >= x.w and sw.word < x.w || chr(1114111) order by sw.word limit ${maxLexemes + 1}) as lexemes
    from unnest(${words}::text[]) with ordinality x(w, i)`;
}

/** The lexemes of each word from its rows (see `lexemesOf`), or null when a word is left to the GIN index. */
export function lexemesFrom(words: string[], rows: LexemeRow[]): string[][] | null {
  const sorted = [...rows].sort((a, b) => a.i - b.i);
  if (sorted.length !== words.length || sorted.some((r) => !r.plain || r.lexemes.length > maxLexemes)) return null;
  return sorted.map((r) => r.lexemes);
}

/** The pair token of two lexemes as migration 0018 writes it (byte order), or the lexeme when both are one. */
function pairToken(a: string, b: string): string {
  if (a === b) return a;
  return Buffer.compare(Buffer.from(a), Buffer.from(b)) < 0 ? `${a} ${b}` : `${b} ${a}`;
}

/**
 * Which tokens to read backwards (every one is a posting range), and which words are then checked per product:
 * the two words with the fewest lexemes as pairs, when neither has a numeric lexeme (pairs leave numbers out)
 * and their pairs are few; otherwise the single lexemes of one word (a number, rare, when there is one).
 */
export function drivingTokens(lexemes: string[][]): { tokens: string[]; checked: string[][] } {
  const sets = [...new Map(lexemes.map((l) => [JSON.stringify([...l].sort()), l])).values()];
  const order = sets.map((l, i) => ({ l, i })).sort((a, b) => a.l.length - b.l.length);
  const words = order.filter((o) => !o.l.some((x) => numeric.test(x)));
  const [a, b] = words;
  if (a && b && a.l.length * b.l.length <= maxLexemes) {
    const tokens = [...new Set(a.l.flatMap((x) => b.l.map((y) => pairToken(x, y))))];
    return { tokens, checked: sets.filter((_, i) => i !== a.i && i !== b.i) };
  }
  const first = order.find((o) => o.l.some((x) => numeric.test(x))) ?? order[0];
  if (!first) return { tokens: [], checked: [] };
  return { tokens: first.l, checked: sets.filter((_, i) => i !== first.i) };
}

/**
 * The ids of the newest `wanted` visible products (keys of the listing) below `cursor` whose name holds every word,
 * newest first, without repeats. Each token under each key is one backward range of the primary key; their merge is
 * read lazily, each product checked for the other words by primary key, until the page is full.
 */
export function nameMatches(lexemes: string[][], keys: number[], cursor: bigint | undefined, wanted: number): RawBuilder<unknown> | null {
  if (lexemes.some((l) => l.length === 0)) return null;
  const { tokens, checked } = drivingTokens(lexemes);
  if (tokens.length === 0) return null;
  const below = cursor === undefined ? sql`` : sql` and d.product_id < ${cursor}`;
  const streams = keys.flatMap((key) =>
    tokens.map((token) => sql`(select d.key, d.product_id from search_postings d where d.key = ${key} and d.token = ${token}${below} order by d.product_id desc)`),
  );
  const merged = streams.length === 1 ? streams[0] : sql`select * from (${sql.join(streams, sql` union all `)}) u order by u.product_id desc`;
  const checks = checked.map((l) => sql` and exists (select 1 from search_postings q where q.key = d.key and q.token = any(${l}::text[]) and q.product_id = d.product_id)`);
  return sql`select e.product_id from (
      select d.product_id, lag(d.product_id) over (order by d.product_id desc) as prev from (${merged}) d where true${checks.length ? sql.join(checks, sql``) : sql``}
    ) e where e.prev is distinct from e.product_id limit ${wanted}`;
}
