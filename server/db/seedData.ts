import type { KycStatus } from '../../src/domain/kyc';
/** Reference and demo data written on the first start. Region ids: country n, province n*100+i, city (n*100+i)*100+j. */
export interface CountrySeed {
  name: string;
  code: string;
  provinces?: { name: string; cities: string[] }[];
}

export const countries: CountrySeed[] = [
  { name: 'China', code: 'CN', provinces: [
    { name: 'Guangdong', cities: ['Guangzhou', 'Shenzhen', 'Foshan'] },
    { name: 'Zhejiang', cities: ['Hangzhou', 'Ningbo'] },
    { name: 'Beijing', cities: ['Dongcheng', 'Haidian'] },
  ] },
  { name: 'Vietnam', code: 'VN', provinces: [
    { name: 'Hà Nội', cities: ['Ba Đình', 'Hoàn Kiếm'] },
    { name: 'Hồ Chí Minh', cities: ['Quận 1', 'Thủ Đức'] },
  ] },
  { name: 'France', code: 'FR', provinces: [
    { name: 'Île-de-France', cities: ['Paris', 'Versailles'] },
    { name: 'Auvergne-Rhône-Alpes', cities: ['Lyon', 'Grenoble'] },
  ] },
  { name: 'Philippines', code: 'PH', provinces: [
    { name: 'Metro Manila', cities: ['Manila', 'Quezon City', 'Makati'] },
    { name: 'Cebu', cities: ['Cebu City', 'Lapu-Lapu'] },
  ] },
  { name: 'India', code: 'IN', provinces: [
    { name: 'Maharashtra', cities: ['Mumbai', 'Pune'] },
    { name: 'Karnataka', cities: ['Bengaluru', 'Mysuru'] },
  ] },
  { name: 'Malaysia', code: 'MY', provinces: [
    { name: 'Selangor', cities: ['Shah Alam', 'Petaling Jaya'] },
    { name: 'Kuala Lumpur', cities: ['Bukit Bintang', 'Cheras'] },
  ] },
  { name: 'Nepal', code: 'NP', provinces: [
    { name: 'Bagmati', cities: ['Kathmandu', 'Lalitpur'] },
  ] },
  { name: 'Saudi Arabia', code: 'SA', provinces: [
    { name: 'Riyadh', cities: ['Riyadh'] },
  ] },
  { name: 'Indonesia', code: 'ID', provinces: [
    { name: 'DKI Jakarta', cities: ['Jakarta Pusat', 'Jakarta Selatan'] },
    { name: 'Jawa Barat', cities: ['Bandung', 'Bekasi'] },
  ] },
  { name: 'South Korea', code: 'KR', provinces: [
    { name: 'Seoul', cities: ['Gangnam-gu', 'Mapo-gu'] },
  ] },
  { name: 'Rwanda', code: 'RW', provinces: [
    { name: 'Kigali', cities: ['Gasabo', 'Kicukiro'] },
  ] },
  { name: 'United States', code: 'US', provinces: [
    { name: 'California', cities: ['Los Angeles', 'San Francisco'] },
    { name: 'New York', cities: ['New York City', 'Buffalo'] },
  ] },
  { name: 'United Kingdom', code: 'GB' },
  { name: 'Germany', code: 'DE' },
  { name: 'Nigeria', code: 'NG' },
  { name: 'Kenya', code: 'KE' },
  { name: 'Thailand', code: 'TH' },
  { name: 'Pakistan', code: 'PK' },
  { name: 'Bangladesh', code: 'BD' },
  { name: 'Brazil', code: 'BR' },
  { name: 'Mexico', code: 'MX' },
  { name: 'Egypt', code: 'EG' },
  { name: 'United Arab Emirates', code: 'AE' },
  { name: 'Japan', code: 'JP' },
];

export const categories: { key: string; icon: string }[] = [
  { key: 'electronics', icon: '📱' },
  { key: 'fashion', icon: '👗' },
  { key: 'home', icon: '🏠' },
  { key: 'beauty', icon: '💄' },
  { key: 'food', icon: '🍎' },
  { key: 'sports', icon: '⚽' },
  { key: 'books', icon: '📚' },
  { key: 'toys', icon: '🧸' },
  { key: 'services', icon: '🛠️' },
  { key: 'other', icon: '📦' },
];

export interface DemoUser {
  piUid: string;
  username: string;
  nickname: string;
  roles: string[];
  countryId: number;
  /** Opening balance of the user's simulated coin wallet, in whole coins. */
  walletCoins: number;
  /** The person's KYC as the product keeps it: demo users of each status (issue 27). */
  kyc: KycStatus;
}

export const demoUsers: DemoUser[] = [
  { piUid: '5d9a6c6e-0b5c-4a54-9c53-0c0a0e1b0001', username: 'demo_buyer', nickname: 'Demo Buyer', roles: ['buyer'], countryId: 4, walletCoins: 10000, kyc: 'passed' },
  { piUid: '5d9a6c6e-0b5c-4a54-9c53-0c0a0e1b0002', username: 'demo_seller', nickname: 'Demo Seller', roles: ['buyer', 'seller'], countryId: 4, walletCoins: 10000, kyc: 'passed' },
  { piUid: '5d9a6c6e-0b5c-4a54-9c53-0c0a0e1b0003', username: 'demo_seller2', nickname: 'Second Shop', roles: ['buyer', 'seller'], countryId: 1, walletCoins: 10000, kyc: 'pending' },
  { piUid: '5d9a6c6e-0b5c-4a54-9c53-0c0a0e1b0004', username: 'demo_arbiter', nickname: 'Platform Arbiter', roles: ['buyer', 'arbiter'], countryId: 0, walletCoins: 100, kyc: 'none' },
  { piUid: '5d9a6c6e-0b5c-4a54-9c53-0c0a0e1b0005', username: 'demo_rejected', nickname: 'Rejected Check', roles: ['buyer', 'seller'], countryId: 4, walletCoins: 100, kyc: 'rejected' },
];
