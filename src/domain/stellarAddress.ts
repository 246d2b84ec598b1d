/**
 * The coin's public wallet addresses (Stellar "strkey" account ids): 56 characters of RFC 4648 base32
 * that decode to 35 bytes: a version byte (6 << 3, which makes the text start with G), the 32-byte
 * public key, and a CRC16-XModem checksum of the first 33 bytes, little-endian. Pure, no dependency.
 */
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const accountVersion = 6 << 3;
export const stellarAddressLength = 56;

function crc16XModem(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

function base32Decode(text: string): Uint8Array | null {
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const ch of text) {
    const v = alphabet.indexOf(ch);
    if (v < 0) return null;
    buffer = (buffer << 5) | v;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((buffer >> bits) & 0xff);
    }
  }
  return Uint8Array.from(out);
}

function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += alphabet[(buffer >> bits) & 31];
    }
  }
  if (bits > 0) out += alphabet[(buffer << (5 - bits)) & 31];
  return out;
}

/** Whether `text` is a well-formed public address: G…, 56 characters, base32, version and checksum right. */
export function isStellarAddress(text: string): boolean {
  if (text.length !== stellarAddressLength || !text.startsWith('G')) return false;
  const bytes = base32Decode(text);
  if (!bytes || bytes.length !== 35 || bytes[0] !== accountVersion) return false;
  const crc = crc16XModem(bytes.subarray(0, 33));
  return bytes[33] === (crc & 0xff) && bytes[34] === crc >> 8;
}

/** The address of a 32-byte public key (used by the sandbox for its demo wallets, and by tests). */
export function stellarAddressOf(publicKey: Uint8Array): string {
  if (publicKey.length !== 32) throw new RangeError('a public key is 32 bytes');
  const body = new Uint8Array(33);
  body[0] = accountVersion;
  body.set(publicKey, 1);
  const crc = crc16XModem(body);
  const full = new Uint8Array(35);
  full.set(body);
  full[33] = crc & 0xff;
  full[34] = crc >> 8;
  return base32Encode(full);
}
