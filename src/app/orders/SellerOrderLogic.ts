import { isExpressCompany, sellerOrderTabs, type SellerOrderTab } from '../../domain/orderRules';
import type { ShipLine } from '../../domain/schemas/orders';

/**
 * Pure helpers of the seller's order screens (screens/seller): the tabs, the orders a ship screen was
 * opened for, the ship form's lines, the cancel reasons. No React, no requests.
 */

export function isSellerOrderTab(value: string | null): value is SellerOrderTab {
  return value !== null && Object.hasOwn(sellerOrderTabs, value);
}

export const sellerTabList = Object.keys(sellerOrderTabs) as SellerOrderTab[];

/** The locale key of an express company's label, or null when its brand name is shown as it is. */
export function expressLabelKey(company: string): string | null {
  return company === 'Other' ? 'orders.express.Other' : null;
}

/**
 * The orders the ship screen was opened for: `?ids=1,2` (ship several) or `?id=3` (one; with
 * `&edit=1`, edit its tracking). Ids are kept in order, without duplicates or blanks.
 */
export function shipTargets(query: URLSearchParams): { ids: string[]; edit: boolean } {
  const raw = query.get('ids') ?? query.get('id') ?? '';
  const ids = [...new Set(raw.split(',').map((id) => id.trim()).filter((id) => /^\d+$/.test(id)))];
  const edit = query.get('edit') === '1' && ids.length === 1;
  return { ids, edit };
}

export interface ShipDraft {
  company: string;
  number: string;
}

export const emptyShipDraft: ShipDraft = { company: '', number: '' };

/** The same express company on every line (the numbers stay as they are). */
export function applyCompanyToAll(drafts: Record<string, ShipDraft>, company: string): Record<string, ShipDraft> {
  return Object.fromEntries(Object.entries(drafts).map(([id, draft]) => [id, { ...draft, company }]));
}

/** The lines to check with `shipIssue` and send, in the order the orders are shown. */
export function shipLinesOf(ids: readonly string[], drafts: Record<string, ShipDraft>): { id: string; company: string; number: string }[] {
  return ids.map((id) => ({ id, company: drafts[id]?.company ?? '', number: (drafts[id]?.number ?? '').trim() }));
}

/** The lines as the server takes them; call after `shipIssue` said nothing is wrong. */
export function toShipLines(lines: { id: string; company: string; number: string }[]): ShipLine[] {
  return lines.map((line) => {
    if (!isExpressCompany(line.company)) throw new Error(`unknown express company ${line.company}`);
    return { id: line.id, company: line.company, number: line.number.trim() };
  });
}

/** Why a seller cancels a paid order (the chosen label, and any text, becomes the order's cancel reason). */
export const sellerCancelReasons = ['outOfStock', 'cannotDeliver', 'priceWrong', 'buyerAsked', 'other'] as const;
export type SellerCancelReason = (typeof sellerCancelReasons)[number];
