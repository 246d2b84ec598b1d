import { useState, type ComponentType } from 'react';
import { currentLocation } from '../../src/app/navigation';
import AuthBeforeWithdrawScreen from './AuthBeforeWithdrawScreen';
import AuthenticationScreen from './AuthenticationScreen';
import MergeWalletScreen from './MergeWalletScreen';
import RepeatAuthenticationScreen from './RepeatAuthenticationScreen';
import WithdrawalConfirmScreen from './WithdrawalConfirmScreen';
import WithdrawalRecordsScreen from './WithdrawalRecordsScreen';
import WithdrawalScreen from './WithdrawalScreen';

/**
 * All of the withdrawal screens in one lazy module (issue 13): the route table points each of their
 * paths here, and this picks the screen by the path it was opened at (kept while kept alive). The
 * screens are small, so they share the module rather than each costing the first screen a chunk name.
 */
const screens: Record<string, ComponentType> = {
  '/mine/user/withdrawal': WithdrawalScreen,
  '/mine/authbeforewithdraw': AuthBeforeWithdrawScreen,
  '/mine/withdrawalconfirm': WithdrawalConfirmScreen,
  '/mine/withdrawalproduct': WithdrawalRecordsScreen,
  '/mine/authentication': AuthenticationScreen,
  '/mine/repeatauthentication': RepeatAuthenticationScreen,
  '/mine/mergewallet': MergeWalletScreen,
};

export default function WithdrawalRoutes() {
  const [path] = useState(() => currentLocation().path);
  const Screen = screens[path] ?? WithdrawalScreen;
  return <Screen />;
}
