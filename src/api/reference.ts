import type { LanguageOption } from '../domain/languages';
import { call } from './client';

export interface Region {
  id: number;
  parentId: number | null;
  name: string;
  code: string;
  level: number;
}

export interface Category {
  id: number;
  parentId: number | null;
  key: string;
  icon: string;
}

export const getLanguageType = () => call<LanguageOption[]>('GET', '/api/users/language/getLanguageType', { quiet: true });
export const getWordAddress = (level: number, parentId?: number) =>
  call<{ level: number; list: Region[] }>('GET', '/api/users/country/getWordAddress', { query: { level, parentId } });
export const getCategories = () => call<Category[]>('GET', '/api/commodity/category/list');
export const reportPageView = (path: string, referrer?: string) =>
  call<null>('POST', '/api/analytics/pageView', { body: referrer ? { path, referrer } : { path }, quiet: true });
