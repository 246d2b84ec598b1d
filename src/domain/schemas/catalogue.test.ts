import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import { commentIssues, countWords, draftIssues, emptyProductInput, issuesByField, productInput, publishIssues, type ProductInput } from './catalogue';

const image = (n: number) => n.toString(16).padStart(64, '0');
const valid: ProductInput = {
  ...emptyProductInput(),
  images: [image(1), image(2), image(3)],
  title: 'Teapot',
  description: Array.from({ length: 30 }, (_, i) => `w${i}`).join(' '),
  categoryId: 3,
  condition: 'secondHand',
  skus: [{ specification: 'S', colour: 'Red', stock: '2' }],
  price: '0.0000001',
  shippingMethod: 'free',
  shippingFee: '0',
  shippingPlace: 'Manila',
  visibleRange: 'native',
  globalBarter: false,
  saleCountries: [4],
  contactEmail: 'a@b.co',
};
const context = { sellerCountryId: 4 };

function lookup(key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), en);
}

describe('publish rules (SPEC 5), shared by the form and the server', () => {
  it('accepts a product that keeps every rule, and the wire schema reads it', () => {
    expect(publishIssues(valid, context)).toEqual([]);
    expect(productInput.safeParse(valid).success).toBe(true);
  });

  it('answers every broken rule at once, by field, in SPEC words where SPEC has them', () => {
    const issues = issuesByField(publishIssues({ ...valid, images: [image(1), image(1)], contactEmail: 'x', saleCountries: [4, 4], skus: [{ specification: '', colour: '', stock: '0' }] }, context));
    expect(issues.images).toBe('messages.uploadAtLeastThree');
    expect(issues.contactEmail).toBe('messages.incorrectEmail');
    expect(issues.saleCountries).toBe('catalogue.rules.saleCountriesDuplicate');
    expect(issues['skus.0.stock']).toBe('catalogue.rules.stockZero');
    expect(lookup('messages.incorrectEmail')).toBe('Incorrect email format');
    expect(lookup('messages.uploadAtLeastThree')).toBe('Upload at least three images');
  });

  it('has an English message for every rule key it can answer', () => {
    const broken = publishIssues({ ...emptyProductInput(), skus: [{ specification: '', colour: '', stock: 'x' }], price: '1.123456789', shippingFee: 'abc' }, context);
    for (const issue of broken) expect(typeof lookup(issue.message), issue.message).toBe('string');
  });

  it('counts words, not characters, and lets a draft be saved with only a title', () => {
    expect(countWords('  one two\tthree\nfour ')).toBe(4);
    expect(draftIssues({ ...emptyProductInput(), title: 'Only a title' })).toEqual([]);
    expect(draftIssues(emptyProductInput())[0]?.message).toBe('catalogue.rules.titleRequired');
  });

  it('needs comment text and a rating', () => {
    expect(commentIssues({ content: ' ', rating: null }).map((i) => i.message)).toEqual(['catalogue.rules.commentText', 'catalogue.rules.ratingRequired']);
    expect(commentIssues({ content: 'ok', rating: 3 })).toEqual([]);
  });
});
