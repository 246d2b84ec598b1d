import { useState } from 'react';
import { retryableLazy } from '../../src/app/lazyScreen';
import { currentLocation, useScreenQuery } from '../../src/app/navigation';

/**
 * Every after-sale screen behind ONE lazy module (the first screen's budget): the route table sends
 * /mine/order/aftersale, /mine/seller/aftersale-list and /platform/console/appeals here, and this picks
 * the screen by path and query, each screen again lazy.
 */
const Apply = retryableLazy(() => import('./ApplyScreen'));
const Case = retryableLazy(() => import('./CaseScreen'));
const SellerCases = retryableLazy(() => import('./SellerCasesScreen'));
const AppealsDesk = retryableLazy(() => import('./AppealsDeskScreen'));

export default function AfterSaleRoutes() {
  const query = useScreenQuery();
  // The path this kept-alive screen was opened at (not the one shown now).
  const [path] = useState(() => currentLocation().path);
  if (path === '/platform/console/appeals') return <AppealsDesk />;
  if (path === '/mine/seller/aftersale-list') return <SellerCases />;
  return query.get('case') ? <Case id={query.get('case') ?? ''} /> : <Apply orderId={query.get('id') ?? ''} />;
}
