import { sql, type Kysely } from 'kysely';

/** PGlite's extended protocol takes one statement a query, so a migration's text is run statement by statement. */
export async function runStatements(db: Kysely<unknown>, text: string): Promise<void> {
  for (const statement of text.split(/;\s*\n/).map((s) => s.trim()).filter(Boolean)) {
    await sql.raw(statement.replace(/;$/, '')).execute(db);
  }
}
