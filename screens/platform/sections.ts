/**
 * The sections of the platform console. Each area that gives staff work adds one row here and a
 * route for its screen in screens/routes.ts (login: true); every console endpoint checks the
 * arbiter role on the server.
 */
export interface ConsoleSection {
  key: string;
  titleKey: string;
  descriptionKey: string;
  path: string;
}

export const consoleSections: ConsoleSection[] = [
  { key: 'users', titleKey: 'accounts.console.usersTitle', descriptionKey: 'accounts.console.usersDescription', path: '/platform/console/users' },
  { key: 'notices', titleKey: 'accounts.console.noticesTitle', descriptionKey: 'accounts.console.noticesDescription', path: '/platform/console/notices' },
  { key: 'productReview', titleKey: 'catalogue.console.reviewTitle', descriptionKey: 'catalogue.console.reviewDescription', path: '/platform/console/products' },
  { key: 'appeals', titleKey: 'afterSale.console.title', descriptionKey: 'afterSale.console.description', path: '/platform/console/appeals' },
  { key: 'customerService', titleKey: 'chat.desk.title', descriptionKey: 'chat.desk.description', path: '/platform/console/service' },
  { key: 'sellerApplications', titleKey: 'catalogue.console.applicationsTitle', descriptionKey: 'catalogue.console.applicationsDescription', path: '/platform/console/sellers' },
  { key: 'withdrawals', titleKey: 'withdrawal.consoleTitle', descriptionKey: 'withdrawal.consoleDescription', path: '/platform/console/withdrawals' },
  { key: 'kyc', titleKey: 'kyc.console.title', descriptionKey: 'kyc.console.description', path: '/platform/console/kyc' },
  // Issue 37, finding 8: the developers' pages are reached from here, not from a shopper's account menu.
  { key: 'statecharts', titleKey: 'account.statecharts', descriptionKey: 'sellerDay.console.chartsDescription', path: '/statecharts' },
  { key: 'systemUpgrade', titleKey: 'account.systemUpgrade', descriptionKey: 'sellerDay.console.upgradeDescription', path: '/main/systemUpgrade' },
];
