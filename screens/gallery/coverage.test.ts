// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { coverageOf } from './coverage';

describe('coverageOf', () => {
  it('reads a machine entry', () => {
    const file = { loginGate: { walked: 20, total: 22, missing: ['expelled -> loggedOut', 3] } };
    expect(coverageOf(file, 'loginGate')).toEqual({ walked: 20, total: 22, missing: ['expelled -> loggedOut'] });
  });

  it('answers null for a missing or malformed entry', () => {
    expect(coverageOf({}, 'loginGate')).toBeNull();
    expect(coverageOf({ loginGate: { walked: '3' } }, 'loginGate')).toBeNull();
    expect(coverageOf(null, 'loginGate')).toBeNull();
  });
});
