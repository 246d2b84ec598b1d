import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../api/client';
import { uploadProblemOf } from './uploadQueue';

/** Issue 24, finding 11: a failed upload says why, in the kind a person can act on. */
describe('uploadProblemOf', () => {
  it('a dropped connection is "network"', () => {
    expect(uploadProblemOf(new ApiFailure(null, 'network', null, 0))).toEqual({ kind: 'network' });
    expect(uploadProblemOf(new TypeError('Failed to fetch'))).toEqual({ kind: 'network' });
  });
  it('a body over the server limit is "tooLarge"', () => {
    expect(uploadProblemOf(new ApiFailure('4001', 'Please check body: larger than 5308416 bytes', { field: 'body', limitBytes: 5308416 }))).toEqual({ kind: 'tooLarge' });
  });
  it("any other refusal carries the server's own words", () => {
    expect(uploadProblemOf(new ApiFailure('4001', 'Please check image: not an image', null))).toEqual({ kind: 'server', message: 'Please check image: not an image' });
  });
});
