import crypto from 'node:crypto';
import { promisify } from 'node:util';
import type { Db } from '../db/database';

/**
 * Passwords: scrypt (node:crypto) with a 16-byte salt per password, stored as
 * `scrypt$N$r$p$salt$hash`; never in clear, compared in constant time.
 */
const scrypt = promisify(crypto.scrypt) as (password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions) => Promise<Buffer>;
const params = { N: 16384, r: 8, p: 1 } as const;
const keyLength = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, keyLength, { ...params, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p), maxmem: 64 * 1024 * 1024 });
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

/** A hash to compare against when there is no account, so a wrong e-mail takes as long as a wrong password. */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(crypto.randomBytes(12).toString('hex'));
  return decoy;
}

export async function setPassword(db: Db, userId: bigint, password: string, now: Date): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db
    .insertInto('credentials')
    .values({ user_id: userId, password_hash: passwordHash, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ password_hash: passwordHash, updated_at: now }))
    .execute();
}

export async function passwordHashOf(db: Db, userId: bigint): Promise<string | null> {
  const row = await db.selectFrom('credentials').select('password_hash').where('user_id', '=', userId).executeTakeFirst();
  return row?.password_hash ?? null;
}
