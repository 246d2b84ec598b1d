import { describe, expect, it } from 'vitest';
import { sign } from '../../server/http/session';
import { canonicalRequest, SignedHeader } from '../domain/signing';
import { signedHeaders } from './client';

describe('the browser signs as the server verifies', () => {
  it('produces the HMAC-SHA256 the server computes, with strictly increasing timestamps', () => {
    const keys = { token: 'tok', secret: 'f'.repeat(64), accessToken: 'acc' };
    const a = signedHeaders('GET', '/api/users/user/getUserInfo', keys, 'fr');
    const b = signedHeaders('GET', '/api/users/user/getUserInfo', keys, 'fr');
    expect(a[SignedHeader.language]).toBe('fr');
    expect(Number(b[SignedHeader.timestamp])).toBeGreaterThan(Number(a[SignedHeader.timestamp]));
    const expected = sign(keys.secret, canonicalRequest({ method: 'GET', accessToken: 'acc', token: 'tok', timestamp: a[SignedHeader.timestamp] ?? '', url: '/api/users/user/getUserInfo' }));
    expect(a[SignedHeader.auth]).toBe(expected);
    expect(a[SignedHeader.auth]).not.toBe(b[SignedHeader.auth]);
  });
  it('sends only the language when there is no session', () => {
    expect(signedHeaders('GET', '/x', null, 'en')).toEqual({ [SignedHeader.language]: 'en' });
  });
});
