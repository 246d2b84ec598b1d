import { go } from '../../src/app/navigation';
import { frequentQuestions } from '../../src/domain/customerService';
import { useT } from '../../src/i18n/react';
import { card, muted, screen, title } from '../../src/theme/ui.css';
import * as css from './chat.css';
import { Icon } from '../../src/app/Icon';

const entries = [
  { key: 'online', path: '/mine/onlinecustomerservice', icon: 'help' },
  { key: 'messages', path: '/contactorList', icon: 'mail' },
  { key: 'workOrders', path: '/workorder/workorderlist', icon: 'edit' },
  { key: 'notices', path: '/mine/notice', icon: 'bell' },
] as const;

/** /mine/customerService, the help tab: entries to online customer service, messages, work orders and notices; frequent questions. */
export default function HelpScreen() {
  const t = useT();
  return (
    <div className={screen}>
      <h1 className={title}>{t('helpCentre.title')}</h1>
      <nav className={card} style={{ padding: 0, overflow: 'hidden' }} aria-label={t('helpCentre.title')}>
        {entries.map((e) => (
          <button key={e.key} type="button" className={css.row} onClick={() => go(e.path)} data-testid={`help-${e.key}`}>
            <span className={css.avatar}>
              <Icon name={e.icon} />
            </span>
            <span className={css.grow}>
              <strong>{t(`helpCentre.entries.${e.key}`)}</strong>
              <small className={muted}>{t(`helpCentre.entries.${e.key}Hint`)}</small>
            </span>
            <Icon name="forward" size={18} />
          </button>
        ))}
      </nav>
      <section className={card} style={{ padding: 0 }} aria-labelledby="faq-title">
        <h2 id="faq-title" style={{ margin: 0, padding: 16, fontSize: 16 }}>
          {t('helpCentre.faqTitle')}
        </h2>
        {frequentQuestions.map((q) => (
          <details key={q} className={css.details} data-testid="faq">
            <summary style={{ cursor: 'pointer', fontWeight: 600 }}>{t(`helpCentre.faq.${q}.q`)}</summary>
            <p className={muted} style={{ marginTop: 8 }}>
              {t(`helpCentre.faq.${q}.a`)}
            </p>
          </details>
        ))}
      </section>
    </div>
  );
}
