import { describe, expect, it } from 'vitest';
import { isExpressCompany, reasonWithNote } from '../../domain/orderRules';
import { shipIssue } from '../../domain/schemas/orders';
import {
  applyCompanyToAll,
  expressLabelKey,
  isSellerOrderTab,
  sellerTabList,
  shipLinesOf,
  shipTargets,
  toShipLines,
} from './SellerOrderLogic';

describe('seller order tabs', () => {
  it('knows the seller tabs of the rules', () => {
    expect(sellerTabList).toEqual(['all', 'toConfirm', 'pendingShipment', 'shipped', 'refunds', 'afterSales', 'done']);
    expect(isSellerOrderTab('refunds')).toBe(true);
    expect(isSellerOrderTab('toString')).toBe(false);
    expect(isSellerOrderTab(null)).toBe(false);
  });
});

describe('ship form', () => {
  it('reads the orders from ?ids= or ?id=, edit only for one order', () => {
    expect(shipTargets(new URLSearchParams('ids=1,2,2, 3,x'))).toEqual({ ids: ['1', '2', '3'], edit: false });
    expect(shipTargets(new URLSearchParams('id=7&edit=1'))).toEqual({ ids: ['7'], edit: true });
    expect(shipTargets(new URLSearchParams('ids=7,8&edit=1'))).toEqual({ ids: ['7', '8'], edit: false });
    expect(shipTargets(new URLSearchParams(''))).toEqual({ ids: [], edit: false });
  });
  it('applies one company to every line and keeps the numbers', () => {
    const drafts = { '1': { company: '', number: 'AB1234' }, '2': { company: 'DHL', number: '' } };
    expect(applyCompanyToAll(drafts, 'UPS')).toEqual({ '1': { company: 'UPS', number: 'AB1234' }, '2': { company: 'UPS', number: '' } });
  });
  it('builds lines in the order shown, trimmed, and checks them with the shared rule', () => {
    const lines = shipLinesOf(['2', '1'], { '1': { company: 'DHL', number: ' AB1234 ' }, '2': { company: 'Other', number: 'ZZ-99' } });
    expect(lines).toEqual([
      { id: '2', company: 'Other', number: 'ZZ-99' },
      { id: '1', company: 'DHL', number: 'AB1234' },
    ]);
    expect(shipIssue(lines)).toBeNull();
    expect(toShipLines(lines)[1]).toEqual({ id: '1', company: 'DHL', number: 'AB1234' });
    expect(shipIssue(shipLinesOf(['3'], {}))).toBe('orders.rules.expressIncomplete');
    expect(shipIssue(shipLinesOf([], {}))).toBe('orders.rules.chooseOrders');
  });
  it('in edit mode asks for a change', () => {
    const lines = shipLinesOf(['1'], { '1': { company: 'DHL', number: 'AB1234' } });
    expect(shipIssue(lines, { company: 'DHL', number: 'AB1234' })).toBe('orders.rules.differentCompany');
    expect(shipIssue(lines, { company: 'UPS', number: 'AB1234' })).toBeNull();
  });
  it('labels only "Other" through the locale; brands stay as they are', () => {
    expect(expressLabelKey('Other')).toBe('orders.express.Other');
    expect(expressLabelKey('DHL')).toBeNull();
    expect(isExpressCompany('SF Express')).toBe(true);
    expect(isExpressCompany('Pigeon')).toBe(false);
    expect(() => toShipLines([{ id: '1', company: 'Pigeon', number: 'AB1234' }])).toThrow();
  });
});

describe('seller cancel reason', () => {
  it('is the chosen label, then the seller words, at most 300 characters', () => {
    expect(reasonWithNote('Out of stock', '  ')).toBe('Out of stock');
    expect(reasonWithNote('Other reason', 'moving house')).toBe('Other reason: moving house');
    expect(reasonWithNote('Other', 'x'.repeat(400))).toHaveLength(300);
  });
});
