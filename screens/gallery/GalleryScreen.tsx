import ElkConstructor from 'elkjs/lib/elk.bundled.js';
import type { ELK } from 'elkjs/lib/elk-api';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { AnyMachineSnapshot } from 'xstate';
import { machineRegistry, type MachineEntry } from '../../machines/index';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useLanguage, useT } from '../../src/i18n/react';
import * as ui from '../../src/theme/ui.css';
import { buildChartGraph } from './chartGraph';
import { layoutChart, type ChartLayout } from './chartLayout';
import { ChartSvg } from './ChartSvg';
import { bundledCoverage } from './coverage';
import { eventLabel } from './edgeLabels';
import * as styles from './gallery.css';
import { activeStateIds, enabledEvents, formatStateValue, liveEdgeIds, startSnapshot, step } from './stepper';

const zoomSteps = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
const defaultZoom = 2;

let elk: ELK | null = null;
const layouts = new Map<string, ChartLayout>();

type Drawn = { key: string; layout: ChartLayout } | { key: string; failed: true };

/** Lays a chart out once per machine and language (labels change width with the language). */
function useChartLayout(entry: MachineEntry, language: string) {
  const t = useT();
  const graph = useMemo(() => buildChartGraph(entry.machine, t, language), [entry, t, language]);
  const key = `${entry.id}|${language}`;
  const [drawn, setDrawn] = useState<Drawn | null>(() => {
    const cached = layouts.get(key);
    return cached ? { key, layout: cached } : null;
  });
  useEffect(() => {
    const cached = layouts.get(key);
    if (cached) {
      setDrawn({ key, layout: cached });
      return;
    }
    let cancelled = false;
    elk ??= new ElkConstructor();
    layoutChart(graph, elk).then(
      (layout) => {
        layouts.set(key, layout);
        if (!cancelled) setDrawn({ key, layout });
      },
      () => {
        if (!cancelled) setDrawn({ key, failed: true });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [graph, key]);
  return { graph, drawn: drawn?.key === key ? drawn : null };
}

function Coverage({ machineId }: { machineId: string }) {
  const t = useT();
  const coverage = bundledCoverage(machineId);
  if (!coverage) return <p className={ui.muted}>{t('gallery.noCoverage')}</p>;
  return (
    <div>
      <p className={ui.muted}>{t('gallery.coverage', { walked: coverage.walked, total: coverage.total })}</p>
      {coverage.missing.length > 0 ? (
        <details>
          <summary>{t('gallery.missing')}</summary>
          <ul className={styles.missingList}>
            {coverage.missing.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

function Stepper({ entry, snapshot, onStep, onReset, notice }: {
  entry: MachineEntry;
  snapshot: AnyMachineSnapshot;
  onStep: (type: string, label: string) => void;
  onReset: () => void;
  notice: string | null;
}) {
  const t = useT();
  const language = useLanguage();
  const events = useMemo(() => enabledEvents(snapshot), [snapshot]);
  return (
    <section className={styles.section} aria-labelledby="gallery-events">
      <p className={styles.currentValue} aria-live="polite">
        <span>{t('gallery.current')}:</span>
        <span className={styles.stateValue}>{formatStateValue(snapshot.value)}</span>
      </p>
      <h3 id="gallery-events" className={styles.heading}>
        {t('gallery.events')}
      </h3>
      {events.length === 0 ? <p className={ui.muted}>{t('gallery.noEvents')}</p> : null}
      <ul className={styles.events}>
        {events.map((event) => {
          const label = eventLabel(event.type, event.source, entry.machine, t, language);
          return (
            <li key={event.type}>
              <button
                type="button"
                className={`${ui.button({ tone: 'secondary' })} ${styles.eventButton}`}
                title={event.type === label ? undefined : event.type}
                onClick={() => onStep(event.type, label)}
              >
                {label}
              </button>
            </li>
          );
        })}
      </ul>
      <p className={styles.notice} role="status">
        {notice}
      </p>
      <div>
        <button type="button" className={ui.button({ tone: 'ghost' })} onClick={onReset}>
          {t('gallery.reset')}
        </button>
      </div>
    </section>
  );
}

function ChartView({ entry }: { entry: MachineEntry }) {
  const t = useT();
  const language = useLanguage();
  const title = t(entry.titleKey);
  const { graph, drawn } = useChartLayout(entry, language);
  const [snapshot, setSnapshot] = useState(() => startSnapshot(entry.machine, entry.sampleInput));
  const [notice, setNotice] = useState<string | null>(null);
  const [zoomIndex, setZoomIndex] = useState(defaultZoom);
  const zoom = zoomSteps[zoomIndex] ?? 1;

  const active = useMemo(() => (snapshot ? activeStateIds(snapshot) : new Set<string>()), [snapshot]);
  const live = useMemo(() => (snapshot ? liveEdgeIds(graph, active, enabledEvents(snapshot)) : new Set<string>()), [graph, active, snapshot]);

  // Keep the active state in view of the narrow column as the person steps or zooms.
  const scroller = useRef<HTMLDivElement>(null);
  const layout = drawn && 'layout' in drawn ? drawn.layout : null;
  useEffect(() => {
    const box = scroller.current;
    const focus = layout?.nodes.find((n) => active.has(n.id) && (n.kind === 'atomic' || n.kind === 'final'));
    if (!box || !focus) return;
    const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    box.scrollTo({
      left: Math.max(0, (focus.x + focus.width / 2) * zoom - box.clientWidth / 2),
      top: Math.max(0, (focus.y + focus.height / 2) * zoom - box.clientHeight / 2),
      behavior: reduced ? 'auto' : 'smooth',
    });
  }, [layout, active, zoom]);

  const onStep = (type: string, label: string) => {
    if (!snapshot) return;
    const next = step(entry.machine, snapshot, type, entry.sampleOutputs);
    if (next) {
      setSnapshot(next);
      setNotice(null);
    } else {
      setNotice(t('gallery.stepFailed', { event: label }));
    }
  };
  const onReset = () => {
    setSnapshot(startSnapshot(entry.machine, entry.sampleInput));
    setNotice(null);
  };

  return (
    <section className={styles.section} aria-labelledby="gallery-chart-title">
      <h2 id="gallery-chart-title" className={styles.subtitle}>
        {title}
      </h2>
      <Coverage machineId={entry.id} />
      <div className={styles.toolbar}>
        <button
          type="button"
          className={ui.button({ tone: 'ghost' })}
          aria-label={t('gallery.zoomOut')}
          disabled={zoomIndex === 0}
          onClick={() => setZoomIndex((i) => Math.max(0, i - 1))}
        >
          −
        </button>
        <output className={styles.zoomValue} aria-live="polite">
          {t('gallery.zoom', { percent: Math.round(zoom * 100) })}
        </output>
        <button
          type="button"
          className={ui.button({ tone: 'ghost' })}
          aria-label={t('gallery.zoomIn')}
          disabled={zoomIndex === zoomSteps.length - 1}
          onClick={() => setZoomIndex((i) => Math.min(zoomSteps.length - 1, i + 1))}
        >
          +
        </button>
      </div>
      <div ref={scroller} className={styles.scroller} role="region" aria-label={title} tabIndex={0}>
        {drawn === null ? (
          <p className={styles.placeholder} role="status">
            {t('gallery.drawing')}
          </p>
        ) : 'failed' in drawn ? (
          <p className={styles.placeholder} role="alert">
            {t('gallery.drawFailed')}
          </p>
        ) : (
          <ChartSvg layout={drawn.layout} active={active} live={live} zoom={zoom} label={t('gallery.chartLabel', { title })} />
        )}
      </div>
      {snapshot ? (
        <Stepper entry={entry} snapshot={snapshot} onStep={onStep} onReset={onReset} notice={notice} />
      ) : (
        <p className={styles.notice} role="alert">
          {t('gallery.startFailed')}
        </p>
      )}
    </section>
  );
}

/** The statechart gallery (/statecharts): every chart of the registry, drawn, with a pure step-through. */
export default function GalleryScreen() {
  const t = useT();
  const [selectedId, setSelectedId] = useState(() => machineRegistry[0]?.id ?? '');
  const entry = machineRegistry.find((e) => e.id === selectedId) ?? machineRegistry[0];
  return (
    <>
      <ScreenHeader title={t('gallery.title')} backTo="/my" />
      <div className={ui.screen}>
      <p className={ui.muted}>{t('gallery.intro')}</p>
      <nav aria-label={t('gallery.charts')}>
        <ul className={styles.chartList}>
          {machineRegistry.map((e) => (
            <li key={e.id}>
              <button
                type="button"
                className={`${ui.button({ tone: 'secondary' })} ${styles.chartChoice}`}
                aria-pressed={e.id === entry?.id}
                onClick={() => setSelectedId(e.id)}
              >
                {t(e.titleKey)}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {entry ? <ChartView key={entry.id} entry={entry} /> : null}
    </div>
    </>
  );
}
