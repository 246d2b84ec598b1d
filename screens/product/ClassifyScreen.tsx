import { getCategories, type Category } from '../../src/api/reference';
import { go } from '../../src/app/navigation';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import { useT } from '../../src/i18n/react';
import { button, listRow, muted, screen, skeleton } from '../../src/theme/ui.css';
import { categoryIcon, Icon } from '../../src/app/Icon';

/** Categories (/classify): every category, each opening its product list. */
export default function ClassifyScreen() {
  const t = useT();
  const { state, data, retry } = useResource<Category[]>(getCategories);
  return (
    <>
      <ScreenHeader title={t('catalogue.classify.title')} />
      <div className={screen}>
        {state === 'loading' ? <div className={skeleton} style={{ height: 300 }} /> : null}
        {state === 'failed' ? (
          <div role="alert">
            <p className={muted}>{t('home.loadFailed')}</p>
            <button type="button" className={button({ tone: 'secondary' })} onClick={retry}>
              {t('app.retry')}
            </button>
          </div>
        ) : null}
        <nav aria-label={t('catalogue.classify.title')}>
          {(data ?? []).map((c) => (
            <button key={c.id} type="button" className={listRow} onClick={() => go(`/product/classifysearch?category=${c.id}`)}>
              <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
                <Icon name={categoryIcon(c.key)} /> {t(`categories.${c.key}`)}
              </span>
              <Icon name="forward" size={18} />
            </button>
          ))}
        </nav>
      </div>
    </>
  );
}
