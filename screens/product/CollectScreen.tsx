import { collectProduct, getCollected } from '../../src/api/catalogue';
import { ProductTile, SkeletonGrid } from '../../src/app/catalogue/ProductGrid';
import * as grid from '../../src/app/catalogue/catalogue.css';
import { usePager } from '../../src/app/catalogue/usePager';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useSubmit } from '../../src/app/useSubmit';
import type { ProductCard } from '../../src/domain/types/catalogue';
import { useT } from '../../src/i18n/react';
import { button, muted, screen } from '../../src/theme/ui.css';
import EmptyState from '../../src/app/EmptyState';
import { go } from '../../src/app/navigation';

type Collected = ProductCard & { status: string };

/** My favourites (/mine/collect): collected products, newest first; each can be uncollected. */
export default function CollectScreen() {
  const t = useT();
  const pager = usePager<Collected>((cursor) => getCollected(cursor));
  // A refusal is shown by the shell's reaction (a frozen account is told so, with the reason).
  const remove = useSubmit((id: string) => collectProduct(id, false), undefined, () => pager.reload());
  return (
    <>
      <ScreenHeader title={t('catalogue.collect.title')} />
      <div className={screen}>
        {pager.state === 'loading' && pager.items.length === 0 ? <SkeletonGrid count={4} /> : null}
        {pager.state === 'end' && pager.items.length === 0 ? <EmptyState icon="heart" text={t('catalogue.collect.empty')} testId="collect-empty" action={{ label: t('cart.goShopping'), onClick: () => go('/index'), testId: 'empty-action' }} /> : null}
        <div className={grid.grid}>
          {pager.items.map((p) => (
            <div key={p.id} style={{ display: 'flex', flexDirection: 'column', gap: 4 }} data-testid="collected">
              <ProductTile product={p} extra={p.status === 'normal' ? undefined : t('catalogue.collect.unavailable')} />
              <button type="button" className={button({ tone: 'ghost' })} disabled={remove.submitting} onClick={() => remove.submit(p.id)}>
                {t('catalogue.collect.remove')}
              </button>
            </div>
          ))}
        </div>
        <div ref={pager.sentinel} />
      </div>
    </>
  );
}
