import { lazyScreen, retryableLazy } from '../src/app/lazyScreen';
import type { RouteDef, TabDef } from '../src/app/routeTypes';

/**
 * The route table (SPEC 2): every route with its screen and its login flag. Routes whose screens
 * have not landed yet show the "on its way" screen, but already carry their login flag.
 */
/** The first screen: it needs only the English namespaces that ship with the entry (src/i18n/i18n.ts). */
const Home = retryableLazy(() => import('./home/HomeScreen'));
const LoginEntry = lazyScreen(() => import('./account/LoginEntryScreen'));
const Account = lazyScreen(() => import('./account/AccountScreen'));
const Agreement = lazyScreen(() => import('./service/AgreementScreen'));
const Privacy = lazyScreen(() => import('./service/PrivacyScreen'));
const SystemUpgrade = lazyScreen(() => import('./service/SystemUpgradeScreen'));
const Gallery = lazyScreen(() => import('./gallery/GalleryScreen'));
const Console = lazyScreen(() => import('./platform/ConsoleScreen'));
// Accounts and profile (issue 3)
const Register = lazyScreen(() => import('./account/RegisterScreen'));
const LoginEmail = lazyScreen(() => import('./account/LoginEmailScreen'));
const ForgotPassword = lazyScreen(() => import('./account/ForgotPasswordScreen'));
const ModifyPassword = lazyScreen(() => import('./account/ModifyPasswordScreen'));
const ModifyEmail = lazyScreen(() => import('./account/ModifyEmailScreen'));
const BindEmail = lazyScreen(() => import('./account/BindEmailScreen'));
const NickName = lazyScreen(() => import('./account/NickNameScreen'));
const WalletAddress = lazyScreen(() => import('./account/WalletAddressScreen'));
const Location = lazyScreen(() => import('./account/LocationScreen'));
const SecuritySettings = lazyScreen(() => import('./account/SecuritySettingsScreen'));
const CustomColor = lazyScreen(() => import('./account/CustomColorScreen'));
const NoticeList = lazyScreen(() => import('./account/NoticeListScreen'));
const NoticeDetail = lazyScreen(() => import('./account/NoticeDetailScreen'));
const ConsoleUsers = lazyScreen(() => import('./platform/ConsoleUsersScreen'));
const ConsoleNotices = lazyScreen(() => import('./platform/ConsoleNoticesScreen'));
// Cart, addresses, checkout and payment (issue 5)
const Cart = lazyScreen(() => import('./cart/CartScreen'));
const SubmitOrder = lazyScreen(() => import('./order/SubmitOrderScreen'));
const AddressList = lazyScreen(() => import('./address/AddressListScreen'));
const AddressForm = lazyScreen(() => import('./address/AddressFormScreen'));
const ResultWait = lazyScreen(() => import('./order/WaitResultScreen'));
const ResultSuccess = lazyScreen(() => import('./order/SuccessScreen'));
const ResultFail = lazyScreen(() => import('./order/FailScreen'));
// Catalogue and selling (issue 4)
const ProductDetail = lazyScreen(() => import('./product/ProductDetailScreen'));
const Search = lazyScreen(() => import('./product/SearchScreen'));
const Classify = lazyScreen(() => import('./product/ClassifyScreen'));
const CategorySearch = lazyScreen(() => import('./product/CategorySearchScreen'));
const Store = lazyScreen(() => import('./product/StoreScreen'));
const Collect = lazyScreen(() => import('./product/CollectScreen'));
const Shop = lazyScreen(() => import('./store/ShopScreen'));
const Publish = lazyScreen(() => import('./seller/PublishScreen'));
const MyProducts = lazyScreen(() => import('./seller/MyProductsScreen'));
const SellerAuth = lazyScreen(() => import('./seller/SellerAuthScreen'));
const SellerAuthStepOne = lazyScreen(() => import('./seller/SellerAuthStepOneScreen'));
const ConsoleProducts = lazyScreen(() => import('./platform/ProductReviewScreen'));
const ConsoleSellers = lazyScreen(() => import('./platform/SellerApplicationsScreen'));
// ---- buyer order screens ----
const BuyerOrderList = lazyScreen(() => import('./order/BuyerOrderListScreen'));
const BuyerOrderDetail = lazyScreen(() => import('./order/BuyerOrderDetailScreen'));
const UserCancelStepOne = lazyScreen(() => import('./order/UserCancelStepOneScreen'));
const UserCancelStepTwo = lazyScreen(() => import('./order/UserCancelStepTwoScreen'));
const RefundReason = lazyScreen(() => import('./order/RefundReasonScreen'));
const RateOrder = lazyScreen(() => import('./order/RateOrderScreen'));
const LogisticsDetail = lazyScreen(() => import('./order/LogisticsDetailScreen'));
const OrderCheck = lazyScreen(() => import('./order/OrderCheckScreen'));
const OrderCheckDetail = lazyScreen(() => import('./order/OrderCheckDetailScreen'));
const BalanceDetails = lazyScreen(() => import('./wallet/BalanceDetailsScreen'));
const BalanceDetailsOrder = lazyScreen(() => import('./wallet/BalanceDetailsOrderScreen'));
// ---- end buyer order screens ----
// ---- seller order screens ----
const SellerCentre = lazyScreen(() => import('./seller/SellerCentreScreen'));
const SellerOrders = lazyScreen(() => import('./seller/SellerOrdersScreen'));
const SellerShippingList = lazyScreen(() => import('./seller/ShippingOrderListScreen'));
const SellerShipOrder = lazyScreen(() => import('./seller/ShipOrderScreen'));
const SellerOrderDetail = lazyScreen(() => import('./seller/SellerOrderDetailScreen'));
const SellerCancelStepOne = lazyScreen(() => import('./seller/SellerCancelStepOneScreen'));
const SellerCancelStepTwo = lazyScreen(() => import('./seller/SellerCancelStepTwoScreen'));
const SellerRateBuyer = lazyScreen(() => import('./seller/RateBuyerScreen'));
const SellerRefundList = lazyScreen(() => import('./seller/SellerRefundListScreen'));
// ---- end seller order screens ----
// After-sale cases and appeals (issue 12): one lazy module for all of them.
const AfterSale = lazyScreen(() => import('./aftersale/routes'));
const Withdrawal = lazyScreen(() => import('./wallet/withdrawalRoutes'));
const ConsoleWithdrawals = lazyScreen(() => import('./platform/WithdrawalReviewScreen'));
const ConsoleKyc = lazyScreen(() => import('./platform/KycReviewScreen'));
// Check-in, rewarded video, ambassador (issue 14): one lazy module for the whole area
const CheckIn = lazyScreen(() => import('./checkin/routes'));
// Customer service: chat, work orders, the help tab and the console's desk (issue 15), one lazy module
const CustomerService = lazyScreen(() => import('./chat/routes'));
const NotFound = lazyScreen(() => import('./service/NotFoundScreen'));

export const tabs: readonly TabDef[] = [
  { key: 'home', path: '/index', labelKey: 'tabs.home' },
  { key: 'store', path: '/shop', labelKey: 'tabs.store' },
  { key: 'publish', path: '/publish', labelKey: 'tabs.publish' },
  { key: 'help', path: '/mine/customerService', labelKey: 'tabs.help' },
  { key: 'account', path: '/my', labelKey: 'tabs.account' },
];

export const routes: readonly RouteDef[] = [
  { path: '/index', screen: Home, login: false, tab: 'home' },
  { path: '/shop', screen: Shop, login: false, tab: 'store' },
  { path: '/publish', screen: Publish, login: true, tab: 'publish' },
  { path: '/mine/customerService', screen: CustomerService, login: false, tab: 'help' },
  { path: '/my', screen: Account, login: false, tab: 'account' },
  { path: '/new-my', screen: LoginEntry, login: false, tab: 'account' },
  { path: '/userAgreement', screen: Agreement, login: false },
  { path: '/privacy-policy', screen: Privacy, login: false },
  { path: '/main/systemUpgrade', screen: SystemUpgrade, login: false },
  { path: '/statecharts', screen: Gallery, login: false, wide: true },
  { path: '/platform/console', screen: Console, login: true, wide: true },
  { path: '/register', screen: Register, login: false },
  { path: '/login-email', screen: LoginEmail, login: false },
  { path: '/forgot-password', screen: ForgotPassword, login: false },
  { path: '/mine/resetserect', screen: ForgotPassword, login: false },
  { path: '/mine/notice', screen: NoticeList, login: false },
  { path: '/mine/noticedetail', screen: NoticeDetail, login: false },
  { path: '/mine/modify-password', screen: ModifyPassword, login: true },
  { path: '/mine/modify-email', screen: ModifyEmail, login: true },
  { path: '/mine/oneclickbindingemail', screen: BindEmail, login: true },
  { path: '/mine/user/nick-name', screen: NickName, login: true },
  { path: '/mine/modify-wallet-address', screen: WalletAddress, login: true },
  { path: '/mine/modify-location', screen: Location, login: true },
  { path: '/mine/securitysetting', screen: SecuritySettings, login: true },
  { path: '/mine/customcolor', screen: CustomColor, login: true },
  { path: '/platform/console/users', screen: ConsoleUsers, login: true, wide: true },
  { path: '/platform/console/notices', screen: ConsoleNotices, login: true, wide: true },
  { path: '/product/cart', screen: Cart, login: true, loginSheet: true },
  { path: '/product/submit-order', screen: SubmitOrder, login: true, loginSheet: true },
  { path: '/mine/address/list', screen: AddressList, login: true },
  { path: '/mine/address/add', screen: AddressForm, login: true },
  { path: '/mine/address/edit', screen: AddressForm, login: true },
  { path: '/result/waitresult', screen: ResultWait, login: true },
  { path: '/result/success', screen: ResultSuccess, login: true },
  { path: '/result/fail', screen: ResultFail, login: true },
  { path: '/product/detail', screen: ProductDetail, login: false },
  { path: '/product/new-detail', screen: ProductDetail, login: true },
  { path: '/search', screen: Search, login: false },
  { path: '/classify', screen: Classify, login: false },
  { path: '/product/classifysearch', screen: CategorySearch, login: false },
  { path: '/product/store', screen: Store, login: false },
  { path: '/product/new-store', screen: Store, login: false },
  { path: '/mine/collect', screen: Collect, login: true },
  { path: '/mine/seller/products', screen: MyProducts, login: true },
  { path: '/mine/seller/authentication', screen: SellerAuth, login: false },
  { path: '/mine/seller/sellerauthentication', screen: SellerAuth, login: false },
  { path: '/mine/seller/sellerauthenticationstepone', screen: SellerAuthStepOne, login: false },
  { path: '/platform/console/products', screen: ConsoleProducts, login: true, wide: true },
  { path: '/platform/console/sellers', screen: ConsoleSellers, login: true, wide: true },
  // ---- buyer orders (screens/order) ----
  { path: '/mine/order/list', screen: BuyerOrderList, login: true },
  { path: '/mine/order/allOrderList', screen: BuyerOrderList, login: true },
  { path: '/mine/order/detail', screen: BuyerOrderDetail, login: true },
  { path: '/mine/user/userCancelorderStepOne', screen: UserCancelStepOne, login: true },
  { path: '/mine/user/userCancelorderStepTwo', screen: UserCancelStepTwo, login: true },
  { path: '/mine/order/refundreason', screen: RefundReason, login: true },
  { path: '/mine/order/rate', screen: RateOrder, login: true },
  { path: '/mine/order/aftersale', screen: AfterSale, login: true },
  { path: '/mine/viewLogisticsDetail', screen: LogisticsDetail, login: true },
  { path: '/mine/check', screen: OrderCheck, login: true },
  { path: '/mine/checkdetail', screen: OrderCheckDetail, login: true },
  // ---- end buyer orders ----
  // ---- seller orders (screens/seller) ----
  { path: '/seller/order/list', screen: SellerCentre, login: true, wide: true },
  { path: '/mine/seller/sellerallOrderList', screen: SellerOrders, login: true },
  { path: '/mine/seller/ordersaleslist', screen: SellerOrders, login: false },
  { path: '/mine/seller/shipping-order-list', screen: SellerShippingList, login: true },
  { path: '/mine/seller/ship-order', screen: SellerShipOrder, login: true },
  { path: '/mine/seller/order-detail', screen: SellerOrderDetail, login: true },
  { path: '/mine/seller/cancelorderStepOne', screen: SellerCancelStepOne, login: true },
  { path: '/mine/seller/cancelorderStepTwo', screen: SellerCancelStepTwo, login: true },
  { path: '/mine/seller/rate', screen: SellerRateBuyer, login: true },
  { path: '/mine/seller/refundorderlist', screen: SellerRefundList, login: false },
  { path: '/mine/seller/aftersale-list', screen: AfterSale, login: true },
  { path: '/platform/console/appeals', screen: AfterSale, login: true, wide: true },
  // ---- end seller orders ----
  // ---- balance (screens/wallet) ----
  { path: '/mine/user/balancedetails', screen: BalanceDetails, login: true },
  { path: '/mine/user/balancedetailsorder', screen: BalanceDetailsOrder, login: true },
  // ---- end balance ----
  ...['/mine/user/withdrawal', '/mine/authbeforewithdraw', '/mine/withdrawalconfirm', '/mine/withdrawalproduct', '/mine/authentication', '/mine/repeatauthentication', '/mine/mergewallet'].map((path) => ({ path, screen: Withdrawal, login: true })),
  { path: '/platform/console/withdrawals', screen: ConsoleWithdrawals, login: true, wide: true },
  { path: '/platform/console/kyc', screen: ConsoleKyc, login: true, wide: true },
  { path: '/sign', screen: CheckIn, login: false },
  ...['/mine/signscore', '/mine/adDuration', '/mine/medal/index', '/mine/medal/detail', '/mine/medal/list'].map((path) => ({ path, screen: CheckIn, login: true })),
  // ---- customer service (screens/chat) ----
  ...['/contactorList', '/chatRoom', '/mine/onlinecustomerservice', '/workorder/workorderlist', '/workorder/workorderadd', '/workorder/workorderdetail'].map((path) => ({ path, screen: CustomerService, login: false })),
  { path: '/platform/console/service', screen: CustomerService, login: true, wide: true },
  // ---- end customer service ----
];

export const notFound: RouteDef = { path: '*', screen: NotFound, login: false };
