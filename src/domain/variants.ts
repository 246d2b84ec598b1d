/**
 * Choosing a product's variant (its SKU) one dimension at a time (issue 33, finding 14): specification,
 * then colour. A dimension's values are those that exist together with the values chosen in the
 * dimensions before it, so every value offered makes a combination that exists; the first dimension
 * offers every value. Choosing a value keeps the later choices that still exist with it and resets the
 * others to the first value that exists and has stock (else the first that exists): a choice never
 * points at a combination that does not exist, so an available one is never called sold out.
 */
export interface Variant {
  id: string;
  stock: number;
  /** One value per dimension, in the dimensions' order. */
  values: readonly string[];
}

/** The chosen value of each dimension (null: none yet). */
export type VariantChoice = readonly (string | null)[];

export interface VariantOption {
  value: string;
  /** Stock of the variants with this value and the values chosen before it. 0: sold out (shown, not choosable). */
  stock: number;
}

const fits = (variant: Variant, choice: VariantChoice, upTo: number) => choice.slice(0, upTo).every((value, d) => value === null || variant.values[d] === value);

/** The values of dimension `dimension` that exist with the values chosen before it, in first-seen order, each with its stock. */
export function variantOptions(variants: readonly Variant[], choice: VariantChoice, dimension: number): VariantOption[] {
  const options = new Map<string, number>();
  for (const variant of variants) {
    const value = variant.values[dimension];
    if (value === undefined || !fits(variant, choice, dimension)) continue;
    options.set(value, (options.get(value) ?? 0) + variant.stock);
  }
  return [...options].map(([value, stock]) => ({ value, stock }));
}

/** The variant the choice names, if every dimension is chosen and the combination exists. */
export function chosenVariant(variants: readonly Variant[], choice: VariantChoice): Variant | null {
  return variants.find((v) => v.values.length === choice.length && v.values.every((value, d) => value === choice[d])) ?? null;
}

/**
 * The choice after picking `value` in `dimension`: the dimensions before it are kept, each later one is kept
 * if it still exists with what comes before it, else reset to its first value in stock (else its first value).
 */
export function chooseVariantValue(variants: readonly Variant[], choice: VariantChoice, dimension: number, value: string): VariantChoice {
  const next = [...choice];
  next[dimension] = value;
  for (let d = dimension + 1; d < next.length; d += 1) {
    const options = variantOptions(variants, next, d);
    if (options.some((o) => o.value === next[d])) continue;
    next[d] = (options.find((o) => o.stock > 0) ?? options[0])?.value ?? null;
  }
  return next;
}

/** The choice naming a variant (its values), or, without one, the first variant in stock (else the first). */
export function initialVariantChoice(variants: readonly Variant[], dimensions: number, id: string | null): VariantChoice {
  const start = variants.find((v) => v.id === id) ?? variants.find((v) => v.stock > 0) ?? variants[0];
  return Array.from({ length: dimensions }, (_, d) => start?.values[d] ?? null);
}

/** How a chosen variant reads on an order line: "64 GB · Natural", leaving out a dimension it does not have. */
export function variantLabel(line: { specification?: string | null; colour?: string | null }): string {
  return [line.specification, line.colour].filter(Boolean).join(' · ');
}
