import pg from 'pg';

/**
 * `scripts/test.sh`'s list of the test databases on the PostgreSQL server (`cm_…`), and the drop of those a stopped
 * run made: `list` prints their names; `drop <name>…` drops every test database not named (the ones there before the
 * run). Runs on the same server the tests use (TEST_DATABASE_URL).
 */
const [command, ...keep] = process.argv.slice(2);
const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' });
await client.connect();
try {
  const { rows } = await client.query<{ datname: string }>(`select datname from pg_database where datname like 'cm\\_%'`);
  for (const { datname } of rows) {
    if (command === 'list') console.log(datname);
    else if (command === 'drop' && !keep.includes(datname)) await client.query(`drop database if exists "${datname}" with (force)`);
  }
} finally {
  await client.end();
}
