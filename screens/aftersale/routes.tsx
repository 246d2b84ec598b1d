import { lazy, useState } from 'react';
import { currentLocation, useScreenQuery } from '../../src/app/navigation';

/**
 * Every after-sale screen behind ONE lazy module (the first screen's budget): the route table sends
 * /mine/order/aftersale, /mine/seller/aftersale-list and /platform/console/appeals here, and this picks
 * the screen by path and query, each screen again lazy.
 */
const Apply = lazy(() => import('./ApplyScreen'));
const Case = lazy(() => import('./CaseScreen'));
const SellerCases = lazy(() => import('./SellerCasesScreen'));
const AppealsDesk = lazy(() => import('./AppealsDeskScreen'));

export default function AfterSaleRoutes() {
  const query = useScreenQuery();
  // The path this kept-alive screen was opened at (not the one shown now).
  const [path] = useState(() => currentLocation().path);
  if (path === '/platform/console/appeals') return <AppealsDesk />;
  if (path === '/mine/seller/aftersale-list') return <SellerCases />;
  return query.get('case') ? <Case id={query.get('case') ?? ''} /> : <Apply orderId={query.get('id') ?? ''} />;
}
