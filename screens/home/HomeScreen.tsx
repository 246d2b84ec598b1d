import { getCategories, type Category } from '../../src/api/reference';
import { go } from '../../src/app/navigation';
import { useResource } from '../../src/app/useResource';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen, skeleton, title } from '../../src/theme/ui.css';
import * as css from './home.css';

function Categories() {
  const t = useT();
  const { state, data, retry } = useResource<Category[]>(getCategories);
  if (state === 'failed') {
    return (
      <div role="alert">
        <p className={muted}>{t('home.loadFailed')}</p>
        <button type="button" className={button({ tone: 'secondary' })} onClick={retry}>
          {t('app.retry')}
        </button>
      </div>
    );
  }
  if (state === 'loading' || !data) {
    return (
      <div className={css.grid} aria-busy="true">
        {Array.from({ length: 10 }, (_, i) => (
          <div key={i} className={skeleton} style={{ height: 52 }} />
        ))}
      </div>
    );
  }
  return (
    <div className={css.grid}>
      {data.map((c) => (
        <button key={c.id} type="button" className={css.category} onClick={() => go(`/product/classifysearch?category=${c.id}`)}>
          <span className={css.categoryIcon} aria-hidden="true">
            {c.icon}
          </span>
          {t(`categories.${c.key}`)}
        </button>
      ))}
    </div>
  );
}

export default function HomeScreen() {
  const t = useT();
  return (
    <>
      <div className={css.top}>
        <h1 className={css.brand}>{t('app.name')}</h1>
        <button type="button" className={css.search} onClick={() => go('/search')}>
          <span aria-hidden="true">⌕</span>
          {t('home.searchPlaceholder')}
        </button>
      </div>
      <div className={screen}>
        <section className={card} aria-labelledby="home-categories">
          <h2 id="home-categories" className={css.sectionTitle}>
            {t('home.categories')}
          </h2>
          <Categories />
        </section>
        <section className={card}>
          <h2 className={title}>{t('home.welcome')}</h2>
          <p className={muted}>{t('home.welcomeBody')}</p>
        </section>
      </div>
    </>
  );
}
