import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { MachineEntry } from '../../machines/index';
import { productionArrow, productionCsv, productionState, productionStuck, productionView } from '../../src/api/chartProduction';
import { getCategories, getWordAddress, type Category, type Region } from '../../src/api/reference';
import { Time } from '../../src/app/Isolate';
import type { ServerChart } from '../../src/domain/chartSteps';
import { productionPeriods, type ProductionPeriod, type ProductionQuery } from '../../src/domain/schemas/chartProduction';
import type { ProductionArrow, ProductionRecord, ProductionRecords, ProductionState, ProductionView } from '../../src/domain/types/chartProduction';
import { useLanguage, useT } from '../../src/i18n/react';
import * as ui from '../../src/theme/ui.css';
import { downloadText } from './exportSvg';
import { formatDuration } from './formatDuration';
import * as styles from './gallery.css';
import { funnelShare } from './production';
import { partyWord } from './productWords';
import { recordedEventWords, statePathWords } from './replay';
import type { Translate } from './translate';

/**
 * The gallery's "In production" view (issue 35), staff only: the period and order filters, the figures
 * per state and per arrow, the main path's funnel, the records in a state or on an arrow (each opening
 * its replay), the stuck records and the downloads. The chart itself is drawn by ChartView with these
 * figures (ChartSvg's production drawing).
 */

export type ProductionFilter = Partial<Pick<ProductionQuery, 'from' | 'to' | 'country' | 'category' | 'seller'>> & { period: ProductionPeriod };

export type Load<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; value: T };

/** The view of a chart for a filter, read again when either changes. */
export function useProductionView(chart: ServerChart | null, filter: ProductionFilter): Load<ProductionView> {
  const [load, setLoad] = useState<Load<ProductionView>>({ state: 'loading' });
  const key = JSON.stringify(filter);
  useEffect(() => {
    if (chart === null) return;
    let cancelled = false;
    setLoad({ state: 'loading' });
    productionView({ chart, ...(JSON.parse(key) as ProductionFilter) }).then(
      (value) => !cancelled && setLoad({ state: 'ready', value }),
      () => !cancelled && setLoad({ state: 'failed' }),
    );
    return () => {
      cancelled = true;
    };
  }, [chart, key]);
  return load;
}

const today = () => new Date().toISOString().slice(0, 10);

/** The period and, for orders, the country, category and seller. */
export function ProductionFilters({ chart, filter, onChange }: { chart: ServerChart; filter: ProductionFilter; onChange: (next: ProductionFilter) => void }) {
  const t = useT();
  const [draft, setDraft] = useState(filter);
  const [countries, setCountries] = useState<Region[]>([]);
  const [categories, setCategories] = useState<Category[]>([]);
  useEffect(() => {
    if (chart !== 'order') return;
    getWordAddress(1).then((r) => setCountries(r.list), () => setCountries([]));
    getCategories().then((list) => setCategories(list.filter((c) => c.parentId === null)), () => setCategories([]));
  }, [chart]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: ProductionFilter = { period: draft.period };
    if (draft.period === 'custom') {
      next.from = draft.from || today();
      next.to = draft.to || today();
    }
    if (chart === 'order') {
      if (draft.country) next.country = draft.country;
      if (draft.category) next.category = draft.category;
      if (draft.seller?.trim()) next.seller = draft.seller.trim();
    }
    onChange(next);
  };
  const set = (patch: Partial<ProductionFilter>) => setDraft((d) => ({ ...d, ...patch }));
  return (
    <form className={styles.form} onSubmit={submit} data-testid="production-filters">
      <label className={styles.field}>
        <span>{t('gallery.production.period')}</span>
        <select className={styles.select} value={draft.period} onChange={(e) => set({ period: e.target.value as ProductionPeriod })} data-testid="production-period">
          {productionPeriods.map((p) => (
            <option key={p} value={p}>
              {t(`gallery.production.periods.${p}`)}
            </option>
          ))}
        </select>
      </label>
      {draft.period === 'custom' ? (
        <>
          <label className={styles.field}>
            <span>{t('gallery.production.from')}</span>
            <input type="date" className={styles.input} value={draft.from ?? ''} max={today()} onChange={(e) => set({ from: e.target.value })} data-testid="production-from" />
          </label>
          <label className={styles.field}>
            <span>{t('gallery.production.to')}</span>
            <input type="date" className={styles.input} value={draft.to ?? ''} max={today()} onChange={(e) => set({ to: e.target.value })} data-testid="production-to" />
          </label>
        </>
      ) : null}
      {chart === 'order' ? (
        <>
          <label className={styles.field}>
            <span>{t('gallery.production.country')}</span>
            <select className={styles.select} value={draft.country ?? ''} onChange={(e) => set({ country: e.target.value || undefined })} data-testid="production-country">
              <option value="">{t('gallery.production.all')}</option>
              {countries.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            <span>{t('gallery.production.category')}</span>
            <select className={styles.select} value={draft.category ?? ''} onChange={(e) => set({ category: e.target.value || undefined })} data-testid="production-category">
              <option value="">{t('gallery.production.all')}</option>
              {categories.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {t(`categories.${c.key}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            <span>{t('gallery.production.seller')}</span>
            <input className={styles.input} inputMode="numeric" autoComplete="off" value={draft.seller ?? ''} onChange={(e) => set({ seller: e.target.value })} data-testid="production-seller" />
          </label>
        </>
      ) : null}
      <button type="submit" className={ui.button({ tone: 'secondary' })} data-testid="production-apply">
        {t('gallery.production.apply')}
      </button>
    </form>
  );
}

const stateName = (chart: string, state: string, t: Translate) => (state === '' ? t('gallery.production.created') : statePathWords(chart, state, t));

/** A duration in seconds in words ("2.5 h"), or a dash. */
function seconds(value: number | null, t: Translate, language: string): string {
  return value === null ? '—' : formatDuration(value * 1000, t, language);
}

/** What a list shows: the records in a state now, or those that took an arrow in the period. */
export type RecordsOf = { kind: 'state'; state: string } | { kind: 'arrow'; arrow: ProductionArrow };

export function arrowWords(entry: MachineEntry, arrow: Pick<ProductionArrow, 'from' | 'event' | 'to'>, t: Translate, language: string): string {
  return t('gallery.production.arrowWords', {
    event: recordedEventWords(entry.machine, arrow.event, t, language),
    from: stateName(entry.id, arrow.from, t),
    to: stateName(entry.id, arrow.to, t),
  });
}

/** The figures beside the chart: states, arrows, funnel, records, stuck list and downloads. */
export function ProductionPanels({ entry, chart, filter, view, onRecords, records, onReplay, svgDocumentOf }: {
  entry: MachineEntry;
  chart: ServerChart;
  filter: ProductionFilter;
  view: ProductionView;
  records: RecordsOf | null;
  onRecords: (of: RecordsOf | null) => void;
  /** Opens a record's replay (charts with a replay only). */
  onReplay: ((id: string) => void) | null;
  /** The drawn chart with the figures, as an SVG document. */
  svgDocumentOf: (view: ProductionView) => string | null;
}) {
  const t = useT();
  const language = useLanguage();
  const number = useMemo(() => new Intl.NumberFormat(language), [language]);
  const percent = useMemo(() => new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }), [language]);
  const [csvFailed, setCsvFailed] = useState(false);
  const shown = view.states.filter((s) => s.state !== '');
  const csv = () => {
    setCsvFailed(false);
    productionCsv({ chart, ...filter }).then(
      (text) => downloadText(`coin-mall-${chart}-${view.from}-${view.to}.csv`, text, 'text/csv'),
      () => setCsvFailed(true),
    );
  };
  const svg = () => {
    const doc = svgDocumentOf(view);
    if (doc) downloadText(`coin-mall-${chart}-${view.from}-${view.to}.svg`, doc, 'image/svg+xml');
  };
  return (
    <div className={styles.productionPanels} data-testid="production-panels">
      <section className={styles.widePanel} aria-labelledby="production-states">
        <h3 id="production-states" className={styles.heading}>
          {t('gallery.production.statesTitle')}
        </h3>
        <p className={styles.hint}>
          {t('gallery.production.periodShown')} <bdi dir="ltr" data-testid="production-days">{view.from === view.to ? view.from : `${view.from} – ${view.to}`}</bdi>
        </p>
        <div className={styles.tableScroll}>
          <table className={styles.figures} data-testid="production-states">
            <thead>
              <tr>
                <th scope="col" className={styles.figureCell}>{t('gallery.production.state')}</th>
                <th scope="col" className={styles.numberCell}>{t('gallery.production.now')}</th>
                <th scope="col" className={styles.numberCell}>{t('gallery.production.left')}</th>
                <th scope="col" className={styles.numberCell}>{t('gallery.production.median')}</th>
                <th scope="col" className={styles.numberCell}>{t('gallery.production.p90')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((s: ProductionState) => (
                <tr key={s.state} data-state={s.state}>
                  <th scope="row" className={styles.figureCell}>
                    <button type="button" className={styles.linkButton} onClick={() => onRecords({ kind: 'state', state: s.state })} data-testid="production-state">
                      {stateName(entry.id, s.state, t)}
                    </button>
                  </th>
                  <td className={styles.numberCell} data-testid="production-now">{number.format(s.now)}</td>
                  <td className={styles.numberCell}>{number.format(s.left)}</td>
                  <td className={styles.numberCell}>{seconds(s.medianSeconds, t, language)}</td>
                  <td className={styles.numberCell}>{seconds(s.p90Seconds, t, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {shown.length === 0 ? <p className={ui.muted}>{t('gallery.production.nothing')}</p> : null}
      </section>

      {records ? (
        <RecordsList entry={entry} chart={chart} filter={filter} of={records} onClose={() => onRecords(null)} onReplay={onReplay} />
      ) : null}

      <section className={styles.panel} aria-labelledby="production-funnel">
        <h3 id="production-funnel" className={styles.heading}>
          {t('gallery.production.funnelTitle')}
        </h3>
        <ol className={styles.records} data-testid="production-funnel">
          {view.funnel.map((stage) => (
            <li key={stage.state} className={styles.funnelRow}>
              <span>
                <strong>{stateName(entry.id, stage.state, t)}</strong>{' '}
                {t('gallery.production.reached', { n: number.format(stage.reached), share: percent.format(stage.share) })}
              </span>
              <span className={styles.funnelBar} style={{ width: `${Math.max(2, Math.round(stage.share * 100))}%` }} aria-hidden="true" />
              {stage.elsewhere.length > 0 ? (
                <span className={styles.hint}>
                  {t('gallery.production.elsewhere')}{' '}
                  {stage.elsewhere
                    .map((e) => t('gallery.production.wentTo', { state: stateName(entry.id, e.to, t), n: number.format(e.count), share: percent.format(funnelShare(stage, e.count)) }))
                    .join(' · ')}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      </section>

      <section className={styles.widePanel} aria-labelledby="production-arrows">
        <h3 id="production-arrows" className={styles.heading}>
          {t('gallery.production.arrowsTitle')}
        </h3>
        <div className={styles.tableScroll}>
          <table className={styles.figures} data-testid="production-arrows">
            <thead>
              <tr>
                <th scope="col" className={styles.figureCell}>{t('gallery.production.arrow')}</th>
                <th scope="col" className={styles.numberCell}>{t('gallery.production.taken')}</th>
                <th scope="col" className={styles.figureCell}>{t('gallery.production.who')}</th>
              </tr>
            </thead>
            <tbody>
              {view.arrows.map((a) => (
                <tr key={`${a.from}|${a.event}|${a.to}`}>
                  <th scope="row" className={styles.figureCell}>
                    <button type="button" className={styles.linkButton} onClick={() => onRecords({ kind: 'arrow', arrow: a })} data-testid="production-arrow">
                      {arrowWords(entry, a, t, language)}
                    </button>
                  </th>
                  <td className={styles.numberCell}>{number.format(a.count)}</td>
                  <td className={styles.figureCell}>
                    {Object.entries(a.byParty)
                      .sort((x, y) => y[1] - x[1])
                      .map(([party, n]) => t('gallery.production.byWho', { who: partyWord(party, t), n: number.format(n) }))
                      .join(' · ')}
                    {a.timer ? <span className={styles.late}> · {t('gallery.production.timer')}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {view.arrows.length === 0 ? <p className={ui.muted}>{t('gallery.production.nothing')}</p> : null}
      </section>


      <StuckList entry={entry} chart={chart} total={view.stuck} onReplay={onReplay} />

      <section className={styles.panel} aria-labelledby="production-downloads">
        <h3 id="production-downloads" className={styles.heading}>
          {t('gallery.production.downloads')}
        </h3>
        <div className={styles.toolbar}>
          <button type="button" className={ui.button({ tone: 'secondary' })} onClick={csv} data-testid="production-csv">
            {t('gallery.production.csv')}
          </button>
          <button type="button" className={ui.button({ tone: 'secondary' })} onClick={svg} data-testid="production-svg">
            {t('gallery.production.svg')}
          </button>
        </div>
        {csvFailed ? <p className={styles.notice} role="alert">{t('gallery.production.failed')}</p> : null}
      </section>
    </div>
  );
}

function RecordLine({ entry, record, onReplay, late }: { entry: MachineEntry; record: ProductionRecord; onReplay: ((id: string) => void) | null; late?: boolean }) {
  const t = useT();
  const language = useLanguage();
  const kind = t(`gallery.production.kinds.${entry.id}`);
  return (
    <li className={styles.recordRow} data-testid="production-record" data-id={record.id}>
      <span>
        <strong>{t('gallery.production.record', { kind, id: record.id })}</strong>
        {late ? ` · ${stateName(entry.id, record.state, t)}` : null}
        <br />
        <span className={late ? styles.late : styles.hint}>
          {late
            ? t('gallery.production.late', { duration: formatDuration((record.lateSeconds ?? 0) * 1000, t, language) })
            : t('gallery.production.waiting', { duration: formatDuration(record.waitingSeconds * 1000, t, language) })}
        </span>{' '}
        <Time iso={record.since} className={styles.hint} />
      </span>
      {onReplay ? (
        <button
          type="button"
          className={ui.button({ tone: 'ghost' })}
          onClick={() => onReplay(record.id)}
          aria-label={t('gallery.production.replayOf', { kind, id: record.id })}
          data-testid="production-replay"
        >
          {t('gallery.replay.load')}
        </button>
      ) : null}
    </li>
  );
}

/** The records in a state now (longest waiting first) or that took an arrow in the period, a page at a time. */
function RecordsList({ entry, chart, filter, of, onClose, onReplay }: {
  entry: MachineEntry;
  chart: ServerChart;
  filter: ProductionFilter;
  of: RecordsOf;
  onClose: () => void;
  onReplay: ((id: string) => void) | null;
}) {
  const t = useT();
  const language = useLanguage();
  const [pages, setPages] = useState<ProductionRecords[]>([]);
  const [load, setLoad] = useState<'loading' | 'failed' | 'ready'>('loading');
  const key = JSON.stringify([of, filter]);
  const section = useRef<HTMLElement>(null);
  // A list opened from the chart shows itself (it opens below the chart and the tables).
  useEffect(() => {
    section.current?.scrollIntoView({ block: 'nearest' });
  }, [key]);
  const fetchPage = (page: number) =>
    of.kind === 'state' ? productionState({ chart, ...filter }, of.state, page) : productionArrow({ chart, ...filter }, of.arrow, page);
  useEffect(() => {
    let cancelled = false;
    setPages([]);
    setLoad('loading');
    fetchPage(1).then(
      (first) => {
        if (cancelled) return;
        setPages([first]);
        setLoad('ready');
      },
      () => !cancelled && setLoad('failed'),
    );
    return () => {
      cancelled = true;
    };
    // fetchPage reads `of` and `filter`, both in `key`.
  }, [chart, key]);
  const more = () => {
    const last = pages[pages.length - 1];
    if (!last) return;
    fetchPage(last.page + 1).then((next) => setPages((p) => [...p, next]), () => setLoad('failed'));
  };
  const list = pages.flatMap((p) => p.list);
  const title = of.kind === 'state' ? t('gallery.production.recordsIn', { state: stateName(entry.id, of.state, t) }) : t('gallery.production.recordsOn', { arrow: arrowWords(entry, of.arrow, t, language) });
  return (
    <section ref={section} className={styles.panel} aria-labelledby="production-records" data-testid="production-records">
      <h3 id="production-records" className={styles.heading}>
        {title}
      </h3>
      {load === 'loading' ? <p className={styles.hint} role="status">{t('gallery.production.loading')}</p> : null}
      {load === 'failed' ? <p className={styles.notice} role="alert">{t('gallery.production.failed')}</p> : null}
      {load === 'ready' && list.length === 0 ? <p className={ui.muted}>{t('gallery.production.noRecords')}</p> : null}
      <ul className={styles.records}>
        {list.map((r) => (
          <RecordLine key={`${r.id}-${r.since}`} entry={entry} record={r} onReplay={onReplay} />
        ))}
      </ul>
      <div className={styles.toolbar}>
        {pages[pages.length - 1]?.more ? (
          <button type="button" className={ui.button({ tone: 'secondary' })} onClick={more}>
            {t('gallery.production.more')}
          </button>
        ) : null}
        <button type="button" className={ui.button({ tone: 'ghost' })} onClick={onClose}>
          {t('gallery.production.closeList')}
        </button>
      </div>
    </section>
  );
}

/** The records waiting past their state's deadline or far past its usual time, the latest first. */
function StuckList({ entry, chart, total, onReplay }: { entry: MachineEntry; chart: ServerChart; total: number; onReplay: ((id: string) => void) | null }) {
  const t = useT();
  const language = useLanguage();
  const [list, setList] = useState<ProductionRecord[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    setList(null);
    setFailed(false);
    productionStuck(chart).then(
      (r) => !cancelled && setList(r.list),
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [chart, total]);
  return (
    <section className={styles.panel} aria-labelledby="production-stuck" data-testid="production-stuck">
      <h3 id="production-stuck" className={styles.heading}>
        {t('gallery.production.stuckTitle')} <span className={total > 0 ? styles.late : styles.hint}>({new Intl.NumberFormat(language).format(total)})</span>
      </h3>
      <p className={styles.hint}>{t('gallery.production.stuckIntro')}</p>
      {failed ? <p className={styles.notice} role="alert">{t('gallery.production.failed')}</p> : null}
      {list?.length === 0 ? <p className={ui.muted}>{t('gallery.production.stuckNone')}</p> : null}
      <ul className={styles.records}>
        {(list ?? []).map((r) => (
          <RecordLine key={`${r.id}-${r.state}`} entry={entry} record={r} onReplay={onReplay} late />
        ))}
      </ul>
    </section>
  );
}
