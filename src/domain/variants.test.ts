import { describe, expect, it } from 'vitest';
import { chooseVariantValue, chosenVariant, initialVariantChoice, variantLabel, variantOptions, type Variant } from './variants';

// Like the seeded products: each specification has its own colours (Small has no Green).
const variants: Variant[] = [
  { id: '1', stock: 0, values: ['Small', 'Black'] },
  { id: '2', stock: 43, values: ['Small', 'White'] },
  { id: '3', stock: 5, values: ['Medium', 'Red'] },
  { id: '4', stock: 0, values: ['Medium', 'Blue'] },
  { id: '5', stock: 7, values: ['Medium', 'Green'] },
  { id: '6', stock: 0, values: ['Large', 'Natural'] },
];

describe('choosing a variant one dimension at a time (issue 33, finding 14)', () => {
  it('offers every value of the first dimension, with its stock', () => {
    expect(variantOptions(variants, ['Medium', 'Green'], 0)).toEqual([
      { value: 'Small', stock: 43 },
      { value: 'Medium', stock: 12 },
      { value: 'Large', stock: 0 },
    ]);
  });

  it('offers only the colours that exist with the chosen specification', () => {
    expect(variantOptions(variants, ['Small', 'White'], 1)).toEqual([
      { value: 'Black', stock: 0 },
      { value: 'White', stock: 43 },
    ]);
    expect(variantOptions(variants, ['Medium', null], 1).map((o) => o.value)).toEqual(['Red', 'Blue', 'Green']);
  });

  it('Medium/Green, then Small: the colour that does not exist for Small is reset to one in stock', () => {
    const next = chooseVariantValue(variants, ['Medium', 'Green'], 0, 'Small');
    expect(next).toEqual(['Small', 'White']);
    expect(chosenVariant(variants, next)).toMatchObject({ id: '2', stock: 43 });
  });

  it('keeps a later choice that still exists with the new value', () => {
    const two: Variant[] = [
      { id: 'a', stock: 1, values: ['S', 'Red'] },
      { id: 'b', stock: 1, values: ['S', 'Blue'] },
      { id: 'c', stock: 1, values: ['M', 'Red'] },
      { id: 'd', stock: 1, values: ['M', 'Blue'] },
    ];
    expect(chooseVariantValue(two, ['S', 'Blue'], 0, 'M')).toEqual(['M', 'Blue']);
  });

  it('resets to the first value that exists when none is in stock, and never to one that does not exist', () => {
    expect(chooseVariantValue(variants, ['Small', 'White'], 0, 'Large')).toEqual(['Large', 'Natural']);
    expect(chooseVariantValue(variants, ['Small', 'White'], 1, 'Black')).toEqual(['Small', 'Black']);
  });

  it('every reachable choice names a variant that exists', () => {
    let choice = initialVariantChoice(variants, 2, null);
    for (const step of [
      [1, 'Black'],
      [0, 'Medium'],
      [1, 'Green'],
      [0, 'Small'],
      [0, 'Large'],
      [0, 'Medium'],
    ] as const) {
      choice = chooseVariantValue(variants, choice, step[0], step[1]);
      expect(chosenVariant(variants, choice)).not.toBeNull();
      for (let d = 0; d < 2; d += 1) for (const o of variantOptions(variants, choice, d)) expect(chosenVariant(variants, chooseVariantValue(variants, choice, d, o.value))).not.toBeNull();
    }
  });

  it('starts from the given variant, else the first in stock', () => {
    expect(initialVariantChoice(variants, 2, '5')).toEqual(['Medium', 'Green']);
    expect(initialVariantChoice(variants, 2, null)).toEqual(['Small', 'White']);
    expect(initialVariantChoice([], 2, null)).toEqual([null, null]);
  });
});

describe('variantLabel', () => {
  it('joins the dimensions a line has, and leaves out one it does not', () => {
    expect(variantLabel({ specification: '64 GB', colour: 'Natural' })).toBe('64 GB · Natural');
    expect(variantLabel({ specification: '64 GB', colour: '' })).toBe('64 GB');
    expect(variantLabel({ specification: null, colour: 'Red' })).toBe('Red');
  });
});
