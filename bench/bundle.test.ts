import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { firstScreenBudgetBytes, measureBundle } from './bundle';

/** Bytes are deterministic, so this budget may fail the build (npm test builds before it runs). */
describe('bundle budget', () => {
  it('loads at most 110 KB gzip of JavaScript for the first screen', () => {
    expect(fs.existsSync('dist/.vite/manifest.json'), 'run `npm run build` first').toBe(true);
    const figures = measureBundle();
    expect(figures.files.length).toBeGreaterThan(1);
    expect(figures.firstScreenGzip).toBeLessThanOrEqual(firstScreenBudgetBytes);
  });
});
