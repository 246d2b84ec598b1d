import { afterEach, describe, expect, it, vi } from 'vitest';
import { sign } from '../../server/http/session';
import { ResponseCode } from '../domain/codes';
import { canonicalRequest, SignedHeader } from '../domain/signing';
import { ApiFailure, call, configureClient, signedHeaders } from './client';

describe('the browser signs as the server verifies', () => {
  it('produces the HMAC-SHA256 the server computes, with strictly increasing timestamps', async () => {
    const keys = { token: 'tok', secret: 'f'.repeat(64), accessToken: 'acc' };
    const a = await signedHeaders('GET', '/api/users/user/getUserInfo', keys, 'fr');
    const b = await signedHeaders('GET', '/api/users/user/getUserInfo', keys, 'fr');
    expect(a[SignedHeader.language]).toBe('fr');
    expect(Number(b[SignedHeader.timestamp])).toBeGreaterThan(Number(a[SignedHeader.timestamp]));
    const expected = sign(keys.secret, canonicalRequest({ method: 'GET', accessToken: 'acc', token: 'tok', timestamp: a[SignedHeader.timestamp] ?? '', url: '/api/users/user/getUserInfo' }));
    expect(a[SignedHeader.auth]).toBe(expected);
    expect(a[SignedHeader.auth]).not.toBe(b[SignedHeader.auth]);
  });
  it('sends only the language when there is no session', async () => {
    expect(await signedHeaders('GET', '/x', null, 'en')).toEqual({ [SignedHeader.language]: 'en' });
  });
});

describe("a shared link's early answer", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const url = '/api/commodity/product/detail?id=5';
  const server = () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (input: string | URL | Request) => {
      asked.push(String(input instanceof Request ? input.url : input));
      return new Response(JSON.stringify({ code: '0000', msg: 'success', object: { id: '5', title: 'from the server' } }), { headers: { 'Content-Type': 'application/json' } });
    });
    return asked;
  };

  it('stands in once for the same GET, then the server is asked', async () => {
    const asked = server();
    const win: { cmPrefetch?: Window['cmPrefetch'] } = { cmPrefetch: { url, at: Date.now(), answer: Promise.resolve({ code: '0000', msg: 'success', object: { id: '5', title: 'early' } }) } };
    vi.stubGlobal('window', win);
    expect(await call<{ title: string }>('GET', '/api/commodity/product/detail', { query: { id: '5' } })).toMatchObject({ title: 'early' });
    expect(asked).toEqual([]);
    expect(win.cmPrefetch).toBeUndefined();
    expect(await call<{ title: string }>('GET', '/api/commodity/product/detail', { query: { id: '5' } })).toMatchObject({ title: 'from the server' });
    expect(asked).toHaveLength(1);
  });

  it('is not used for another URL, when stale, or when it failed', async () => {
    const asked = server();
    const other = { cmPrefetch: { url: '/api/commodity/product/detail?id=6', at: Date.now(), answer: Promise.resolve({ code: '0000', object: { title: 'early' } }) } };
    vi.stubGlobal('window', other);
    expect(await call<{ title: string }>('GET', '/api/commodity/product/detail', { query: { id: '5' } })).toMatchObject({ title: 'from the server' });
    expect(other.cmPrefetch).toBeDefined();
    for (const early of [
      () => ({ url, at: Date.now() - 60_000, answer: Promise.resolve({ code: '0000', object: { title: 'early' } }) }),
      () => ({ url, at: Date.now(), answer: Promise.resolve({ code: '2001', msg: 'gone', object: null }) }),
      () => ({ url, at: Date.now(), answer: Promise.reject(new Error('offline')) }),
    ]) {
      vi.stubGlobal('window', { cmPrefetch: early() });
      expect(await call<{ title: string }>('GET', '/api/commodity/product/detail', { query: { id: '5' } })).toMatchObject({ title: 'from the server' });
    }
    expect(asked).toHaveLength(4);
  });
});

describe('a refused session', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    configureClient({ keys: () => null, language: () => 'en', react: () => undefined });
  });

  it('expels only while the page still holds the session the request was signed with', async () => {
    const tokenError = ResponseCode.tokenExpired;
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal('fetch', async () => {
      await answered;
      return new Response(JSON.stringify({ code: tokenError, msg: 'token error', object: null }), { headers: { 'Content-Type': 'application/json' } });
    });
    vi.stubGlobal('window', {});
    const reactions: string[] = [];
    let session: { token: string; secret: string; accessToken: string } | null = { token: 'tok', secret: 'f'.repeat(64), accessToken: 'acc' };
    configureClient({ keys: () => session, language: () => 'en', react: (reaction) => reactions.push(reaction.kind) });

    // the person logs out (or freezes the account) while the request is on its way: its answer expels nobody
    const left = call('GET', '/api/users/user/getUserInfo').catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 10));
    session = null;
    release();
    expect(await left).toBeInstanceOf(ApiFailure);
    expect(reactions).toEqual([]);

    // the same answer for the session the page still holds expels
    session = { token: 'tok2', secret: 'e'.repeat(64), accessToken: 'acc2' };
    expect(await call('GET', '/api/users/user/getUserInfo').catch((e: unknown) => e)).toBeInstanceOf(ApiFailure);
    expect(reactions).toEqual(['expel']);
  });
});
