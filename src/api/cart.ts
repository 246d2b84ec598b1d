import type { CartItem } from '../../machines/cart.machine';
import type { AddressInput } from '../domain/schemas/commerce';
import type { AddressView, CartLineView } from '../domain/types/commerce';
import { call } from './client';

export const saveCart = (items: CartItem[]) => call<CartLineView[]>('POST', '/api/commodity/cart/save', { body: { items }, quiet: true });
export const listCart = () => call<CartLineView[]>('GET', '/api/commodity/cart/list');

export const listAddresses = () => call<AddressView[]>('GET', '/api/commodity/address/list');
export const addressDetail = (id: string) => call<AddressView>('GET', '/api/commodity/address/detail', { query: { id } });
export const addAddress = (input: AddressInput) => call<AddressView>('POST', '/api/commodity/address/add', { body: input });
export const editAddress = (input: AddressInput & { id: string }) => call<AddressView>('POST', '/api/commodity/address/edit', { body: input });
export const deleteAddress = (id: string) => call<null>('POST', '/api/commodity/address/delete', { body: { id } });
export const setDefaultAddress = (id: string) => call<null>('POST', '/api/commodity/address/setDefault', { body: { id } });
