import type { ReturnAddress } from '../../machines/afterSale.machine';
import type { AfterSaleAction, AfterSaleApplyInput, SellerAfterSaleTab } from '../domain/schemas/afterSale';
import type { AfterSaleView, SellerMoneyView } from '../domain/types/afterSale';
import { call } from './client';

/** After-sale cases (issue 12): the buyer applies; every later step of any party goes through one door, `act`. */
export const applyAfterSale = (input: AfterSaleApplyInput) => call<AfterSaleView>('POST', '/api/aftersale/apply', { body: input });
export const afterSaleAct = (id: string, action: AfterSaleAction) => call<AfterSaleView>('POST', '/api/aftersale/act', { body: { id, action } });
/** One case with its history; reading it marks it seen for the caller. */
export const afterSaleDetail = (id: string) => call<AfterSaleView>('GET', '/api/aftersale/detail', { query: { id } });
export const sellerAfterSales = (tab: SellerAfterSaleTab = 'all', page = 1) => call<AfterSaleView[]>('GET', '/api/aftersale/sellerList', { query: { tab, page } });
export const buyerAfterSales = (page = 1) => call<AfterSaleView[]>('GET', '/api/aftersale/buyerList', { query: { page } });
export const appealQueue = (page = 1) => call<AfterSaleView[]>('GET', '/api/aftersale/appeals', { query: { page } });
export const sellerReturnAddress = () => call<ReturnAddress | null>('GET', '/api/aftersale/returnAddress');
export const sellerMoney = () => call<SellerMoneyView>('GET', '/api/aftersale/money');
export const afterSaleBadges = () => call<Record<SellerAfterSaleTab, number>>('GET', '/api/aftersale/badges', { quiet: true });
