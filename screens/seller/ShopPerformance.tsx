import type { ShopTrust } from '../../src/domain/trust';
import { useT } from '../../src/i18n/react';
import * as ordersCss from '../../src/app/orders/orders.css';
import { muted } from '../../src/theme/ui.css';
import { ShopFigures } from '../product/ShopFigures';

/**
 * The seller centre's performance block (issue 37, finding 2): shipped on time, reply time and rating, the very
 * figures buyers see on the store header (issue 33, finding 7), read with the to-do list in the same call.
 */
export function ShopPerformance({ performance, className }: { performance: ShopTrust; className?: string }) {
  const t = useT();
  return (
    <section className={className ? `${ordersCss.section} ${className}` : ordersCss.section} aria-labelledby="seller-performance-title" data-testid="seller-performance">
      <h2 id="seller-performance-title" className={ordersCss.heading}>
        {t('sellerDay.performance.title')}
      </h2>
      <p className={muted}>{t('sellerDay.performance.note')}</p>
      <ShopFigures trust={performance} complete />
    </section>
  );
}
