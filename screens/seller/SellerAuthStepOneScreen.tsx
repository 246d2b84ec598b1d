import SellerAuthScreen from './SellerAuthScreen';

/** /mine/seller/sellerauthenticationstepone: the application form straight away. */
export default function SellerAuthStepOneScreen() {
  return <SellerAuthScreen step="one" />;
}
