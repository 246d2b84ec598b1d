import { afterSaleStatusTable } from '../../src/domain/afterSaleStatus';
import { workOrderStatusTable } from '../../src/domain/customerService';
import { kycStatusTable } from '../../src/domain/kyc';
import { orderStatusTable } from '../../src/domain/orderStatus';
import type { Translate } from './translate';

/**
 * The gallery in the product's words (issue 26): a chart's states and events as a person reads them,
 * never their identifiers. A top-level state of a chart with a status table in src/domain takes that
 * table's label (the words the order and after-sale screens show); every other state, event, guard and
 * invoked actor has its words under gallery.* in the locales. The identifier stays for engineers, on hover.
 */
const statusTables: Readonly<Record<string, readonly { state: string; labelKey: string }[]>> = {
  order: orderStatusTable,
  afterSale: afterSaleStatusTable,
  workOrder: workOrderStatusTable,
  kyc: kycStatusTable.map((row) => ({ state: row.status, labelKey: row.labelKey })),
};

/** The locale key of a state's words, by chart id and the state's path below the chart ("refundRequested", "beforeShipping"). */
export function stateWordKey(chartId: string, path: readonly string[]): string {
  if (path.length === 1) {
    const row = statusTables[chartId]?.find((r) => r.state === path[0]);
    if (row) return row.labelKey;
  }
  return `gallery.states.${chartId}.${path.join('_')}`;
}

/** Translates a key, answering the fallback when the locales have no such key. */
function wordOr(t: Translate, key: string, fallback: string): string {
  const word = t(key);
  return word === key ? fallback : word;
}

export function stateWord(chartId: string, path: readonly string[], t: Translate): string {
  return wordOr(t, stateWordKey(chartId, path), path.join('.'));
}

/** A named event in words ("SHIP" → "Ship"). */
export function eventWord(eventType: string, t: Translate): string {
  return wordOr(t, `gallery.events.${eventType}`, eventType);
}

export function guardWord(name: string, t: Translate): string {
  return wordOr(t, `gallery.guards.${name}`, name);
}

export function actorWord(name: string, t: Translate): string {
  return wordOr(t, `gallery.actors.${name}`, name);
}

export function delayWord(name: string, t: Translate): string {
  return wordOr(t, `gallery.delays.${name}`, name);
}

/** Who takes a transition ("buyer / seller" → "the buyer / the seller"). */
export function partyWord(party: string, t: Translate): string {
  return wordOr(t, `gallery.who.${party}`, party);
}
