import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { currentLocation } from '../../src/app/navigation';

/**
 * All of the withdrawal screens behind one lazy module (issue 13): the route table points each of
 * their paths here, and this picks the screen by the path it was opened at (kept while kept alive).
 */
const screens: Record<string, LazyExoticComponent<ComponentType>> = {
  '/mine/user/withdrawal': lazy(() => import('./WithdrawalScreen')),
  '/mine/authbeforewithdraw': lazy(() => import('./AuthBeforeWithdrawScreen')),
  '/mine/withdrawalconfirm': lazy(() => import('./WithdrawalConfirmScreen')),
  '/mine/withdrawalproduct': lazy(() => import('./WithdrawalRecordsScreen')),
  '/mine/authentication': lazy(() => import('./AuthenticationScreen')),
  '/mine/repeatauthentication': lazy(() => import('./RepeatAuthenticationScreen')),
  '/mine/mergewallet': lazy(() => import('./MergeWalletScreen')),
};

export const withdrawalPaths = Object.keys(screens);

export default function WithdrawalRoutes() {
  const [path] = useState(() => currentLocation().path);
  const Screen = screens[path] ?? screens['/mine/user/withdrawal'];
  if (!Screen) return null;
  return (
    <Suspense fallback={null}>
      <Screen />
    </Suspense>
  );
}
