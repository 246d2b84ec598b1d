import { lazy } from 'react';
import type { RouteDef, TabDef } from '../src/app/routeTypes';

/**
 * The route table (SPEC 2): every route with its screen and its login flag. Routes whose screens
 * have not landed yet show the "on its way" screen, but already carry their login flag.
 */
const Home = lazy(() => import('./home/HomeScreen'));
const LoginEntry = lazy(() => import('./account/LoginEntryScreen'));
const Account = lazy(() => import('./account/AccountScreen'));
const Agreement = lazy(() => import('./service/AgreementScreen'));
const Privacy = lazy(() => import('./service/PrivacyScreen'));
const SystemUpgrade = lazy(() => import('./service/SystemUpgradeScreen'));
const Gallery = lazy(() => import('./gallery/GalleryScreen'));
const Console = lazy(() => import('./platform/ConsoleScreen'));
const ComingSoon = lazy(() => import('./service/ComingSoonScreen'));
const NotFound = lazy(() => import('./service/NotFoundScreen'));

export const tabs: readonly TabDef[] = [
  { key: 'home', path: '/index', labelKey: 'tabs.home' },
  { key: 'store', path: '/shop', labelKey: 'tabs.store' },
  { key: 'publish', path: '/publish', labelKey: 'tabs.publish' },
  { key: 'help', path: '/mine/customerService', labelKey: 'tabs.help' },
  { key: 'account', path: '/my', labelKey: 'tabs.account' },
];

const publicSoon = [
  '/search', '/product/classifysearch', '/product/store', '/product/new-store', '/product/detail', '/contactorList', '/chatRoom',
  '/classify', '/sign', '/mine/seller/refundorderlist', '/mine/seller/authentication', '/mine/seller/sellerauthentication',
  '/mine/seller/sellerauthenticationstepone', '/mine/onlinecustomerservice', '/mine/resetserect',
  '/workorder/workorderlist', '/workorder/workorderadd', '/workorder/workorderdetail', '/mine/seller/ordersaleslist', '/mine/notice', '/mine/noticedetail',
];

const loginSoon = [
  '/product/new-detail', '/product/cart', '/product/submit-order',
  '/mine/order/list', '/mine/order/allOrderList', '/mine/order/detail', '/mine/order/aftersale', '/mine/order/refundreason', '/mine/order/rate',
  '/mine/seller/sellerallOrderList', '/mine/seller/shipping-order-list', '/mine/seller/order-detail', '/mine/seller/ship-order', '/mine/seller/rate',
  '/mine/seller/aftersale-list', '/seller/order/list',
  '/mine/address/add', '/mine/address/edit', '/mine/address/list',
  '/mine/modify-location', '/mine/modify-password', '/mine/modify-email', '/mine/modify-wallet-address', '/mine/user/nick-name', '/mine/customcolor', '/mine/collect',
  '/mine/medal/index', '/mine/medal/detail', '/mine/medal/list',
  '/mine/user/withdrawal', '/mine/user/balancedetails', '/mine/user/balancedetailsorder', '/mine/authbeforewithdraw', '/mine/withdrawalconfirm', '/mine/withdrawalproduct',
  '/mine/viewLogisticsDetail', '/result/waitresult', '/result/success', '/result/fail', '/mine/signscore',
  '/mine/securitysetting', '/mine/authentication', '/mine/repeatauthentication', '/mine/oneclickbindingemail',
  '/mine/check', '/mine/checkdetail',
  '/mine/seller/cancelorderStepOne', '/mine/seller/cancelorderStepTwo', '/mine/user/userCancelorderStepOne', '/mine/user/userCancelorderStepTwo',
  '/mine/adDuration',
];

export const routes: readonly RouteDef[] = [
  { path: '/index', screen: Home, login: false, tab: 'home' },
  { path: '/shop', screen: ComingSoon, login: false, tab: 'store' },
  { path: '/publish', screen: ComingSoon, login: true, tab: 'publish' },
  { path: '/mine/customerService', screen: ComingSoon, login: false, tab: 'help' },
  { path: '/my', screen: Account, login: false, tab: 'account' },
  { path: '/new-my', screen: LoginEntry, login: false, tab: 'account' },
  { path: '/userAgreement', screen: Agreement, login: false },
  { path: '/privacy-policy', screen: Privacy, login: false },
  { path: '/main/systemUpgrade', screen: SystemUpgrade, login: false },
  { path: '/statecharts', screen: Gallery, login: false },
  { path: '/platform/console', screen: Console, login: true },
  ...publicSoon.map((path) => ({ path, screen: ComingSoon, login: false })),
  ...loginSoon.map((path) => ({ path, screen: ComingSoon, login: true })),
];

export const notFound: RouteDef = { path: '*', screen: NotFound, login: false };
