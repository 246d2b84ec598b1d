import { Time } from '../../src/app/Isolate';
import { Checkbox } from '../../src/app/FormControls';
import { useSelector } from '@xstate/react';
import ElkConstructor from 'elkjs/lib/elk.bundled.js';
import type { ELK } from 'elkjs/lib/elk-api';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { AnyMachineSnapshot } from 'xstate';
import { machineRegistry, type MachineEntry } from '../../machines/index';
import { chartHistory } from '../../src/api/chartHistory';
import { ApiFailure } from '../../src/api/client';
import { useGate } from '../../src/app/gateContext';
import { Icon } from '../../src/app/Icon';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { serverCharts, type ServerChart } from '../../src/domain/chartSteps';
import { chartHistoryQuery, isReplayChart, type ReplayChart } from '../../src/domain/schemas/chartHistory';
import type { ProductionView } from '../../src/domain/types/chartProduction';
import type { ChartHistory } from '../../src/domain/types/chartHistory';
import { useLanguage, useT } from '../../src/i18n/react';
import * as ui from '../../src/theme/ui.css';
import { buildChartGraph, type ChartGraph } from './chartGraph';
import { layoutChart, type ChartLayout, type PlacedEdge, type PlacedNode } from './chartLayout';
import { ChartSvg, type ProductionDrawing } from './ChartSvg';
import { bundledCoverage, drawnLevel, levels, type Coverage, type DrawnLevel, type Level } from './coverage';
import { eventLabel } from './edgeLabels';
import { formatDuration } from './formatDuration';
import { downloadText, svgDocument, withLines } from './exportSvg';
import * as styles from './gallery.css';
import { edgeTraffic, statesByNode, trafficWidth } from './production';
import { arrowWords, ProductionFilters, ProductionPanels, useProductionView, type ProductionFilter, type RecordsOf } from './Production';
import { partyWord } from './productWords';
import { recordedEventWords, replayFrames, statePathWords, type ReplayFrame } from './replay';
import { activeStateIds, enabledEvents, formatStateValue, liveEdgeIds, startSnapshot, step } from './stepper';
import type { Translate } from './translate';

const minZoom = 0.25;
const maxZoom = 3;
const zoomFactor = 1.25;
const clampZoom = (z: number) => Math.min(maxZoom, Math.max(minZoom, z));

let elk: ELK | null = null;
const layouts = new Map<string, ChartLayout>();

type Drawn = { key: string; layout: ChartLayout } | { key: string; failed: true };

/** Lays a chart out once per machine, language and view (labels change width with the language). */
function useChartLayout(entry: MachineEntry, language: string, identifiers: boolean) {
  const t = useT();
  const title = t(entry.titleKey);
  const graph = useMemo(() => buildChartGraph(entry.machine, t, language, { title, identifiers }), [entry, t, language, title, identifiers]);
  const key = `${entry.id}|${language}|${identifiers ? 'ids' : 'words'}`;
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

const drawnLevels: readonly DrawnLevel[] = ['ui', 'api', 'chart', 'none'];
const swatchClass: Record<DrawnLevel, string> = { ui: styles.edgeUi, api: styles.edgeApi, chart: styles.edgeChart, none: styles.edgeNone };

/** How many of the chart's transitions are drawn at each level. */
function drawnCounts(graph: ChartGraph, coverage: Coverage | null): Record<DrawnLevel, number> {
  const counts: Record<DrawnLevel, number> = { ui: 0, api: 0, chart: 0, none: 0 };
  const keys = new Set(graph.edges.flatMap((e) => (e.key ? [e.key] : [])));
  for (const key of keys) counts[drawnLevel(coverage?.transitions[key])]++;
  return counts;
}

function Legend({ graph, coverage }: { graph: ChartGraph; coverage: Coverage | null }) {
  const t = useT();
  const counts = drawnCounts(graph, coverage);
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return (
    <section aria-labelledby="gallery-legend" data-testid="gallery-legend">
      <h3 id="gallery-legend" className={styles.heading}>
        {t('gallery.levels.title')}
      </h3>
      <ul className={styles.legend}>
        {drawnLevels.map((level) => (
          <li key={level} className={styles.legendItem} data-level={level}>
            <svg className={styles.swatch} width="32" height="10" aria-hidden="true">
              <line className={swatchClass[level]} x1="1" y1="5" x2="31" y2="5" />
            </svg>
            <span>{t(`gallery.levels.${level}`)}</span>
            <span className={styles.legendCount}>{t('gallery.levels.count', { walked: counts[level], total })}</span>
          </li>
        ))}
        <li className={styles.legendItem}>
          <span className={styles.seen}>{t('gallery.levels.guardBoth')}</span>
        </li>
        <li className={styles.legendItem}>
          <span className={styles.unseen}>{t('gallery.levels.guardPartial')}</span>
        </li>
      </ul>
    </section>
  );
}

function levelWords(list: readonly Level[], t: Translate): string {
  return list.map((l) => t(`gallery.levelNames.${l}`)).join(', ');
}

/** Every guarded transition with the outcomes the model tests saw, and where. */
function Conditions({ entry, graph, coverage }: { entry: MachineEntry; graph: ChartGraph; coverage: Coverage | null }) {
  const t = useT();
  const language = useLanguage();
  const rows = useMemo(() => {
    const seen = new Set<string>();
    return graph.edges.filter((e) => e.guardKey !== null && !seen.has(e.guardKey) && seen.add(e.guardKey));
  }, [graph]);
  const cell = (list: readonly Level[] | undefined) =>
    list && list.length > 0 ? <span className={styles.seen}>{levelWords(list, t)}</span> : <span className={styles.unseen}>{t('gallery.conditions.notSeen')}</span>;
  return (
    <section className={styles.panel} aria-labelledby="gallery-conditions" data-testid="gallery-conditions">
      <h3 id="gallery-conditions" className={styles.heading}>
        {t('gallery.conditions.title')}
      </h3>
      {rows.length === 0 ? (
        <p className={ui.muted}>{t('gallery.conditions.none')}</p>
      ) : (
        <table className={styles.conditions}>
          <thead>
            <tr>
              <th scope="col" className={styles.conditionCell}>
                {t('gallery.conditions.condition')}
              </th>
              <th scope="col" className={styles.conditionCell}>
                {t('gallery.conditions.whenTrue')}
              </th>
              <th scope="col" className={styles.conditionCell}>
                {t('gallery.conditions.whenFalse')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((edge) => {
              const outcomes = edge.guardKey ? coverage?.guards[edge.guardKey] : undefined;
              const source = entry.machine.getStateNodeById(edge.source);
              return (
                <tr key={edge.guardKey} title={edge.guardKey ?? undefined}>
                  <td className={styles.conditionCell}>
                    {t('gallery.guard', { guard: edge.label?.guard ?? '' })}
                    <span className={styles.conditionWhere}>
                      {eventLabel(edge.eventType ?? '', source, entry.machine, t, language)} · {statePathWords(entry.id, source.path.join('.'), t) || t(entry.titleKey)}
                    </span>
                  </td>
                  <td className={styles.conditionCell}>{cell(outcomes?.true)}</td>
                  <td className={styles.conditionCell}>{cell(outcomes?.false)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The active leaf states in words, parents first ("Refund requested › Before shipping"). */
function snapshotWords(chartId: string, snapshot: AnyMachineSnapshot, t: Translate): string {
  return formatStateValue(snapshot.value)
    .split(', ')
    .map((path) => statePathWords(chartId, path, t))
    .join(', ');
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
    <section className={styles.panel} aria-labelledby="gallery-events">
      <p className={styles.currentValue} aria-live="polite">
        <span>{t('gallery.current')}:</span>
        <span className={styles.stateValue} title={formatStateValue(snapshot.value)} data-testid="gallery-current">
          {snapshotWords(entry.id, snapshot, t)}
        </span>
      </p>
      <h3 id="gallery-events" className={styles.heading}>
        {t('gallery.canSend')}
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
                title={event.type}
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

type ReplayLoad = { state: 'idle' } | { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; history: ChartHistory };

/** Staff pick a real record of this chart by number and step through its recorded history on the chart. */
function Replay({ entry, graph, frame, frames, onFrames, onFrame, request }: {
  entry: MachineEntry & { id: ReplayChart };
  graph: ChartGraph;
  frame: number;
  frames: ReplayFrame[] | null;
  onFrames: (frames: ReplayFrame[] | null) => void;
  onFrame: (index: number) => void;
  /** A record to replay, asked for from the "In production" view's lists (a new object each time). */
  request: { id: string } | null;
}) {
  const t = useT();
  const language = useLanguage();
  const [id, setId] = useState('');
  const [load, setLoad] = useState<ReplayLoad>({ state: 'idle' });
  const section = useRef<HTMLElement>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    start(id);
  };
  useEffect(() => {
    if (!request) return;
    setId(request.id);
    start(request.id);
    section.current?.scrollIntoView({ block: 'nearest' });
    section.current?.focus({ preventScroll: true });
    // Only when a record is asked for.
  }, [request]);
  function start(id: string) {
    const parsed = chartHistoryQuery.safeParse({ chart: entry.id, id });
    if (!parsed.success) {
      setLoad({ state: 'failed', message: t('gallery.replay.badId') });
      return;
    }
    setLoad({ state: 'loading' });
    chartHistory(entry.id, parsed.data.id).then(
      (history) => {
        setLoad({ state: 'ready', history });
        onFrames(replayFrames(graph, entry.id, history));
      },
      (error: unknown) => {
        const notFound = error instanceof ApiFailure && error.code === '4004';
        setLoad({ state: 'failed', message: t(notFound ? 'gallery.replay.notFound' : 'gallery.replay.failed') });
        onFrames(null);
      },
    );
  }
  const current = frames?.[frame];
  const last = (frames?.length ?? 1) - 1;
  return (
    <section ref={section} tabIndex={-1} className={styles.panel} aria-labelledby="gallery-replay" data-testid="gallery-replay">
      <h3 id="gallery-replay" className={styles.heading}>
        {t('gallery.replay.title')}
      </h3>
      <p className={styles.hint}>{t('gallery.replay.intro')}</p>
      <form className={styles.form} onSubmit={submit}>
        <label className={styles.field}>
          <span>
            {t(`gallery.replay.kinds.${entry.id}`)} · {t('gallery.replay.id')}
          </span>
          <input
            className={styles.input}
            inputMode="numeric"
            autoComplete="off"
            value={id}
            onChange={(e) => setId(e.target.value)}
            data-testid="replay-id"
          />
        </label>
        <button type="submit" className={ui.button({ tone: 'secondary' })} disabled={load.state === 'loading'} data-testid="replay-load">
          {t('gallery.replay.load')}
        </button>
      </form>
      {load.state === 'loading' ? <p className={styles.hint} role="status">{t('gallery.replay.loading')}</p> : null}
      {load.state === 'failed' ? (
        <p className={styles.notice} role="alert">
          {load.message}
        </p>
      ) : null}
      {load.state === 'ready' && frames && current ? (
        <div aria-live="polite">
          <p className={styles.replayTime} data-testid="replay-position">
            {t('gallery.replay.position', { n: current.step ? load.history.steps.indexOf(current.step) + 1 : 0, total: load.history.steps.length })}
          </p>
          <p className={styles.replayLine} data-testid="replay-step">
            {current.step && current.step.from === ''
              ? t('gallery.replay.created', {
                  event: recordedEventWords(entry.machine, current.step.event, t, language),
                  who: partyWord(current.step.party, t),
                  to: statePathWords(entry.id, current.step.to, t),
                })
              : current.step
              ? t('gallery.replay.step', {
                  event: recordedEventWords(entry.machine, current.step.event, t, language),
                  who: partyWord(current.step.party, t),
                  from: statePathWords(entry.id, current.step.from, t),
                  to: statePathWords(entry.id, current.step.to, t),
                })
              : t('gallery.replay.start', { state: statePathWords(entry.id, current.state, t) })}
          </p>
          {current.step ? <p className={styles.replayTime}>
              <Time iso={current.step.at} />
            </p> : null}
          {load.history.steps.length === 0 ? <p className={styles.hint}>{t('gallery.replay.empty')}</p> : null}
          <div className={styles.toolbar}>
            <button type="button" className={styles.toolButton} aria-label={t('gallery.replay.previous')} title={t('gallery.replay.previous')} disabled={frame === 0} onClick={() => onFrame(frame - 1)} data-testid="replay-previous">
              <Icon name="back" />
            </button>
            <button type="button" className={styles.toolButton} aria-label={t('gallery.replay.next')} title={t('gallery.replay.next')} disabled={frame >= last} onClick={() => onFrame(frame + 1)} data-testid="replay-next">
              <Icon name="forward" />
            </button>
            <button
              type="button"
              className={ui.button({ tone: 'ghost' })}
              onClick={() => {
                setLoad({ state: 'idle' });
                onFrames(null);
              }}
            >
              {t('gallery.replay.leave')}
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

/** Zoom by buttons, Ctrl/⌘ + wheel (a trackpad's pinch), a two-finger pinch and the keyboard (+, −, 0 to fit), around the pointer or the middle. */
function useZoom(scroller: React.RefObject<HTMLDivElement | null>, layout: ChartLayout | null) {
  const [zoom, setZoomState] = useState(1);
  const anchor = useRef<{ x: number; y: number; px: number; py: number } | null>(null);
  const zoomRef = useRef(zoom);
  zoomRef.current = zoom;

  const zoomTo = useCallback(
    (next: number, at?: { px: number; py: number }) => {
      const box = scroller.current;
      const z = clampZoom(next);
      if (box) {
        const px = at?.px ?? box.clientWidth / 2;
        const py = at?.py ?? box.clientHeight / 2;
        anchor.current = { x: (box.scrollLeft + px) / zoomRef.current, y: (box.scrollTop + py) / zoomRef.current, px, py };
      }
      setZoomState(z);
    },
    [scroller],
  );
  const fit = useCallback(() => {
    const box = scroller.current;
    if (!box || !layout) return;
    anchor.current = null;
    setZoomState(clampZoom(Math.min((box.clientWidth - 8) / layout.width, (box.clientHeight - 8) / layout.height)));
    box.scrollTo({ left: 0, top: 0 });
  }, [scroller, layout]);

  // Keep the point under the pointer (or the middle) where it was.
  useLayoutEffect(() => {
    const box = scroller.current;
    const a = anchor.current;
    if (!box || !a) return;
    box.scrollLeft = a.x * zoom - a.px;
    box.scrollTop = a.y * zoom - a.py;
    anchor.current = null;
  }, [zoom, scroller]);

  // A chart opens fitted to the screen, as "Fit" does (issue 37, finding 8), never blown up past 125 %.
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box || !layout) return;
    setZoomState(clampZoom(Math.min(1.25, (box.clientWidth - 8) / layout.width, (box.clientHeight - 8) / layout.height)));
  }, [layout, scroller]);

  useEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey && !e.metaKey) return;
      e.preventDefault();
      const rect = box.getBoundingClientRect();
      zoomTo(zoomRef.current * Math.exp(-e.deltaY / 300), { px: e.clientX - rect.left, py: e.clientY - rect.top });
    };
    // A two-finger pinch (touch events, so the page itself does not zoom; one finger still scrolls the chart).
    let pinch: { distance: number; zoom: number } | null = null;
    const spread = (e: TouchEvent) => {
      const [a, b] = [e.touches[0], e.touches[1]];
      return a && b ? { distance: Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY), x: (a.clientX + b.clientX) / 2, y: (a.clientY + b.clientY) / 2 } : null;
    };
    const touchStart = (e: TouchEvent) => {
      const s = e.touches.length === 2 ? spread(e) : null;
      pinch = s && s.distance > 0 ? { distance: s.distance, zoom: zoomRef.current } : null;
    };
    const touchMove = (e: TouchEvent) => {
      const s = e.touches.length === 2 ? spread(e) : null;
      if (!pinch || !s) return;
      e.preventDefault();
      const rect = box.getBoundingClientRect();
      zoomTo(pinch.zoom * (s.distance / pinch.distance), { px: s.x - rect.left, py: s.y - rect.top });
    };
    const touchEnd = (e: TouchEvent) => {
      if (e.touches.length < 2) pinch = null;
    };
    box.addEventListener('wheel', onWheel, { passive: false });
    box.addEventListener('touchstart', touchStart, { passive: true });
    box.addEventListener('touchmove', touchMove, { passive: false });
    box.addEventListener('touchend', touchEnd);
    box.addEventListener('touchcancel', touchEnd);
    return () => {
      box.removeEventListener('wheel', onWheel);
      box.removeEventListener('touchstart', touchStart);
      box.removeEventListener('touchmove', touchMove);
      box.removeEventListener('touchend', touchEnd);
      box.removeEventListener('touchcancel', touchEnd);
    };
  }, [scroller, zoomTo]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === '+' || e.key === '=') zoomTo(zoom * zoomFactor);
    else if (e.key === '-' || e.key === '_') zoomTo(zoom / zoomFactor);
    else if (e.key === '0') fit();
    else return;
    e.preventDefault();
  };
  return { zoom, zoomTo, fit, onKeyDown };
}

const isServerChart = (id: string): id is ServerChart => (serverCharts as readonly string[]).includes(id);

/** The legend of the "In production" drawing. */
function ProductionLegend() {
  const t = useT();
  return (
    <ul className={styles.legend} data-testid="production-legend">
      <li className={styles.legendItem}>
        <svg className={styles.swatch} width="32" height="10" aria-hidden="true">
          <line className={styles.edgeApi} x1="1" y1="5" x2="31" y2="5" style={{ strokeWidth: 6 }} />
        </svg>
        <span>{t('gallery.production.legendWidth')}</span>
      </li>
      <li className={styles.legendItem}>
        <svg className={styles.swatch} width="32" height="10" aria-hidden="true">
          <line className={styles.timerSwatch} x1="1" y1="5" x2="31" y2="5" />
        </svg>
        <span>{t('gallery.production.legendTimer')}</span>
      </li>
      <li className={styles.legendItem}>
        <span>{t('gallery.production.legendRecords')}</span>
      </li>
    </ul>
  );
}

function ChartView({ entry, staff }: { entry: MachineEntry; staff: boolean }) {
  const t = useT();
  const language = useLanguage();
  const title = t(entry.titleKey);
  const productionChart = staff && isServerChart(entry.id) ? entry.id : null;
  const [mode, setMode] = useState<'walked' | 'production'>('walked');
  const inProduction = mode === 'production' && productionChart !== null;
  const [filter, setFilter] = useState<ProductionFilter>({ period: '7d' });
  const production = useProductionView(inProduction ? productionChart : null, filter);
  const view = inProduction && production.state === 'ready' ? production.value : null;
  const [recordsOf, setRecordsOf] = useState<RecordsOf | null>(null);
  const [replayRequest, setReplayRequest] = useState<{ id: string } | null>(null);
  const [identifiers, setIdentifiers] = useState(false);
  const { graph, drawn } = useChartLayout(entry, language, identifiers);
  const coverage = useMemo(() => bundledCoverage(entry.id), [entry.id]);
  const [snapshot, setSnapshot] = useState(() => startSnapshot(entry.machine, entry.sampleInput));
  const [notice, setNotice] = useState<string | null>(null);
  const [frames, setFrames] = useState<ReplayFrame[] | null>(null);
  const [frame, setFrame] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const layout = drawn && 'layout' in drawn ? drawn.layout : null;
  const { zoom, zoomTo, fit, onKeyDown } = useZoom(scroller, layout);

  const replaying = frames?.[frame] ?? null;
  const stepperActive = useMemo(() => (snapshot ? activeStateIds(snapshot) : new Set<string>()), [snapshot]);
  const active = replaying ? replaying.active : stepperActive;
  const live = useMemo(
    () => (replaying ? replaying.taken : snapshot ? liveEdgeIds(graph, stepperActive, enabledEvents(snapshot)) : new Set<string>()),
    [replaying, graph, stepperActive, snapshot],
  );

  // Keep the active state in view as the person steps.
  useEffect(() => {
    const box = scroller.current;
    const focus = layout?.nodes.find((n) => active.has(n.id) && (n.kind === 'atomic' || n.kind === 'final'));
    if (!box || !focus) return;
    const x = (focus.x + focus.width / 2) * zoom;
    const y = (focus.y + focus.height / 2) * zoom;
    if (x > box.scrollLeft && x < box.scrollLeft + box.clientWidth && y > box.scrollTop && y < box.scrollTop + box.clientHeight) return;
    const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    box.scrollTo({ left: Math.max(0, x - box.clientWidth / 2), top: Math.max(0, y - box.clientHeight / 2), behavior: reduced ? 'auto' : 'smooth' });
    // Only when the active state changes: zooming keeps its own anchor (useZoom).
  }, [layout, active]);

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

  const levelOf = useCallback((edge: PlacedEdge) => drawnLevel(edge.key ? coverage?.transitions[edge.key] : undefined), [coverage]);
  const edgeTitle = useCallback(
    (edge: PlacedEdge) => {
      const walked = edge.key ? coverage?.transitions[edge.key] : undefined;
      const where = walked && walked.length > 0 ? t('gallery.walkedAt', { levels: levelWords(walked, t) }) : t('gallery.notWalked');
      return `${edge.identifier ?? ''}\n${where}`;
    },
    [coverage, t],
  );
  const guardShort = useCallback(
    (edge: PlacedEdge) => {
      if (!edge.guardKey) return false;
      const seen = coverage?.guards[edge.guardKey];
      return !seen || seen.true.length === 0 || seen.false.length === 0;
    },
    [coverage],
  );
  const exportSvg = () => {
    if (svgRef.current) downloadText(`${entry.id}-statechart.svg`, svgDocument(svgRef.current, title), 'image/svg+xml');
  };

  const drawing = useMemo((): ProductionDrawing | null => {
    if (!view) return null;
    const traffic = edgeTraffic(graph, entry.id, view.arrows);
    const max = Math.max(0, ...[...traffic.values()].map((x) => x.count));
    const byNode = statesByNode(entry.id, view.states);
    const number = new Intl.NumberFormat(language);
    return {
      width: (edge) => trafficWidth(traffic.get(edge.id)?.count ?? 0, max),
      timerWidth: (edge) => {
        const x = traffic.get(edge.id);
        return x && x.timer > 0 ? Math.max(1.5, trafficWidth(x.count, max) * (x.timer / x.count)) : 0;
      },
      count: (edge) => traffic.get(edge.id)?.count ?? null,
      records: (node: PlacedNode) => (node.kind === 'initial' || node.kind === 'machine' ? null : byNode.get(node.id)?.now ?? null),
      onState: (node: PlacedNode) => {
        const state = node.id.startsWith(`${entry.id}.`) ? node.id.slice(entry.id.length + 1) : null;
        if (state) setRecordsOf({ kind: 'state', state });
      },
      format: (n) => number.format(n),
    };
  }, [view, graph, entry.id, language]);
  const productionTitle = useCallback(
    (edge: PlacedEdge) => {
      if (!view) return '';
      const x = edgeTraffic(graph, entry.id, view.arrows).get(edge.id);
      if (!x) return t('gallery.production.notTaken');
      return x.arrows
        .map((a) => `${arrowWords(entry, a, t, language)}: ${Object.entries(a.byParty).map(([p, n]) => t('gallery.production.byWho', { who: partyWord(p, t), n: String(n) })).join(', ')}`)
        .join('\n');
    },
    [view, graph, entry, t, language],
  );
  const svgDocumentOf = (v: ProductionView): string | null => {
    if (!svgRef.current) return null;
    const lines = [
      `${title} · ${v.from} – ${v.to}`,
      ...v.states.filter((s) => s.state !== '').map((s) => t('gallery.production.svgState', {
        state: statePathWords(entry.id, s.state, t),
        now: s.now,
        left: s.left,
        median: s.medianSeconds === null ? '—' : formatDuration(s.medianSeconds * 1000, t, language),
        p90: s.p90Seconds === null ? '—' : formatDuration(s.p90Seconds * 1000, t, language),
      })),
      ...v.arrows.map((a) => `${arrowWords(entry, a, t, language)}: ${a.count}`),
    ];
    return withLines(svgDocument(svgRef.current, title), lines);
  };

  const replayPanel =
    staff && isReplayChart(entry.id) ? (
      <Replay
        entry={{ ...entry, id: entry.id }}
        graph={graph}
        frame={frame}
        frames={frames}
        onFrames={(next) => {
          setFrames(next);
          setFrame(next ? next.length - 1 : 0);
        }}
        onFrame={setFrame}
        request={replayRequest}
      />
    ) : null;

  return (
    <section className={styles.main} aria-labelledby="gallery-chart-title">
      <div className={styles.chartHead}>
        <h2 id="gallery-chart-title" className={styles.subtitle}>
          {title}
        </h2>
        <div className={styles.toolbar} role="toolbar" aria-label={t('gallery.toolbar')}>
          <button type="button" className={styles.toolButton} aria-label={t('gallery.zoomOut')} title={t('gallery.zoomOut')} disabled={zoom <= minZoom} onClick={() => zoomTo(zoom / zoomFactor)} data-testid="zoom-out">
            <Icon name="minus" />
          </button>
          <output className={styles.zoomValue} aria-live="polite" data-testid="zoom-value">
            {t('gallery.zoom', { percent: Math.round(zoom * 100) })}
          </output>
          <button type="button" className={styles.toolButton} aria-label={t('gallery.zoomIn')} title={t('gallery.zoomIn')} disabled={zoom >= maxZoom} onClick={() => zoomTo(zoom * zoomFactor)} data-testid="zoom-in">
            <Icon name="plus" />
          </button>
          <button type="button" className={styles.toolButton} onClick={fit} data-testid="zoom-fit">
            {t('gallery.fit')}
          </button>
          <button type="button" className={styles.toolButton} onClick={exportSvg} disabled={!layout} data-testid="export-svg">
            {t('gallery.exportSvg')}
          </button>
          <label className={styles.toggle}>
            <Checkbox checked={identifiers} onChange={(e) => setIdentifiers(e.target.checked)} data-testid="show-identifiers" />
            {t('gallery.identifiers')}
          </label>
        </div>
      </div>
      {productionChart ? (
        <div className={styles.viewSwitch} role="group" aria-label={t('gallery.production.views')}>
          <button type="button" className={styles.viewChoice} aria-pressed={!inProduction} onClick={() => setMode('walked')} data-testid="view-walked">
            {t('gallery.levels.title')}
          </button>
          <button type="button" className={styles.viewChoice} aria-pressed={inProduction} onClick={() => setMode('production')} data-testid="view-production">
            {t('gallery.production.title')}
          </button>
        </div>
      ) : null}
      {inProduction && productionChart ? (
        <>
          <ProductionFilters chart={productionChart} filter={filter} onChange={setFilter} />
          {production.state === 'loading' ? <p className={styles.hint} role="status">{t('gallery.production.loading')}</p> : null}
          {production.state === 'failed' ? <p className={styles.notice} role="alert">{t('gallery.production.failed')}</p> : null}
        </>
      ) : null}
      <div
        ref={scroller}
        className={styles.scroller}
        role="region"
        aria-label={title}
        aria-describedby="gallery-zoom-hint"
        tabIndex={0}
        dir="ltr"
        onKeyDown={onKeyDown}
        data-testid="chart-canvas"
      >
        {drawn === null ? (
          <p className={styles.placeholder} role="status">
            {t('gallery.drawing')}
          </p>
        ) : 'failed' in drawn ? (
          <p className={styles.placeholder} role="alert">
            {t('gallery.drawFailed')}
          </p>
        ) : (
          <ChartSvg
            ref={svgRef}
            layout={drawn.layout}
            active={active}
            live={live}
            zoom={zoom}
            label={t('gallery.chartLabel', { title })}
            levelOf={drawing ? (edge) => (drawing.count(edge) === null ? 'chart' : 'api') : levelOf}
            edgeTitle={drawing ? productionTitle : edgeTitle}
            guardShort={guardShort}
            production={drawing ?? undefined}
          />
        )}
      </div>
      <p id="gallery-zoom-hint" className={styles.hint}>
        {t('gallery.zoomHint')}
      </p>
      {inProduction ? <ProductionLegend /> : <Legend graph={graph} coverage={coverage} />}
      {inProduction ? replayPanel : null}
      {inProduction && productionChart && view ? (
        <ProductionPanels
          entry={entry}
          chart={productionChart}
          filter={filter}
          view={view}
          records={recordsOf}
          onRecords={setRecordsOf}
          onReplay={isReplayChart(entry.id) ? (id) => setReplayRequest({ id }) : null}
          svgDocumentOf={svgDocumentOf}
        />
      ) : null}
      <div className={styles.panels}>
        {inProduction ? null : snapshot ? (
          <Stepper entry={entry} snapshot={snapshot} onStep={onStep} onReset={onReset} notice={notice} />
        ) : (
          <p className={styles.notice} role="alert">
            {t('gallery.startFailed')}
          </p>
        )}
        {inProduction ? null : <Conditions entry={entry} graph={graph} coverage={coverage} />}
        {inProduction ? null : replayPanel}
      </div>
    </section>
  );
}

/** The statechart gallery (/statecharts), a review desk: the chart list beside the chart, drawn with its coverage, a step-through and, for staff, a replay. */
export default function GalleryScreen() {
  const t = useT();
  const gate = useGate();
  const staff = useSelector(gate, (s) => s.context.userInfo?.roles.includes('arbiter') ?? false);
  const [selectedId, setSelectedId] = useState(() => machineRegistry[0]?.id ?? '');
  const entry = machineRegistry.find((e) => e.id === selectedId) ?? machineRegistry[0];
  return (
    <>
      <ScreenHeader title={t('gallery.title')} backTo="/my" />
      <div className={styles.desk_}>
        <aside className={styles.side}>
          <p className={styles.intro}>{t('gallery.intro')}</p>
          <nav aria-label={t('gallery.charts')}>
            <ul className={styles.chartList} data-testid="chart-list">
              {machineRegistry.map((e) => (
                <li key={e.id}>
                  <button type="button" className={styles.chartChoice} aria-current={e.id === entry?.id} onClick={() => setSelectedId(e.id)}>
                    {t(e.titleKey)}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
        {entry ? <ChartView key={entry.id} entry={entry} staff={staff} /> : null}
      </div>
    </>
  );
}
