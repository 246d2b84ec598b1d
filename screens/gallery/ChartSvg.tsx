import { forwardRef, useId } from 'react';
import type { ChartLayout, PlacedEdge, PlacedNode, Point } from './chartLayout';
import { Drawing } from './chartLayout';
import type { DrawnLevel } from './coverage';
import * as styles from './gallery.css';

interface ChartSvgProps {
  layout: ChartLayout;
  /** Ids of the active state nodes. */
  active: ReadonlySet<string>;
  /** Ids of the edges that can be taken now (or, in a replay, the edge just taken). */
  live: ReadonlySet<string>;
  zoom: number;
  label: string;
  /** How each edge (by id) is drawn: the level that walked it. */
  levelOf: (edge: PlacedEdge) => DrawnLevel;
  /** The hover text of an edge: its identifiers and where it was walked. */
  edgeTitle: (edge: PlacedEdge) => string;
  /** Whether an edge's guard was seen with only one outcome (or none). */
  guardShort: (edge: PlacedEdge) => boolean;
  /** The "In production" view (issue 35): arrows drawn by their traffic, each state with its records now. */
  production?: ProductionDrawing;
}

export interface ProductionDrawing {
  /** Stroke width of an arrow by how many times it was taken in the period. */
  width: (edge: PlacedEdge) => number;
  /** Width of the timer's share drawn inside it (0 when no timer took it). */
  timerWidth: (edge: PlacedEdge) => number;
  /** Times taken in the period, or null when not drawn as taken. */
  count: (edge: PlacedEdge) => number | null;
  /** Records in a state now, or null when none is recorded there. */
  records: (node: PlacedNode) => number | null;
  /** A click on a state box (the same list the table's button opens). */
  onState: (node: PlacedNode) => void;
  format: (n: number) => string;
}

function pathOf(points: Point[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x},${p.y}`).join(' ');
}

const edgeClass: Record<DrawnLevel, string> = { ui: styles.edgeUi, api: styles.edgeApi, chart: styles.edgeChart, none: styles.edgeNone };
const arrowClass: Record<DrawnLevel, string> = { ui: styles.arrowUi, api: styles.arrowApi, chart: styles.arrowChart, none: styles.arrowNone };

/** A count drawn as a pill whose end is at (x, y). */
function CountPill({ x, y, text, className, testId, of }: { x: number; y: number; text: string; className: string; testId: string; of?: string }) {
  const width = 10 + 7 * text.length;
  return (
    <g className={className} data-testid={testId} data-of={of}>
      <rect x={x - width} y={y - 9} width={width} height={18} rx={9} />
      <text x={x - width / 2} y={y} textAnchor="middle" dominantBaseline="central">
        {text}
      </text>
    </g>
  );
}

function StateBox({ node, active }: { node: PlacedNode; active: boolean }) {
  const { x, y, width, height } = node;
  if (node.kind === 'initial') {
    const r = width / 2;
    return <circle className={styles.initialDot} cx={x + r} cy={y + r} r={r - 1} />;
  }
  if (node.kind === 'history') {
    const r = width / 2;
    return (
      <g>
        <title>{node.identifier}</title>
        <circle className={active ? styles.stateActive : styles.state} cx={x + r} cy={y + r} r={r - 1} />
        <text className={styles.stateName} x={x + r} y={y + r} textAnchor="middle" dominantBaseline="central">
          H
        </text>
      </g>
    );
  }
  const isContainer = node.kind === 'machine' || node.kind === 'compound' || node.kind === 'parallel';
  if (isContainer) {
    const className = `${active ? styles.containerActive : styles.container}${node.inParallel ? ` ${styles.region}` : ''}`;
    const titleY = y + Drawing.compoundHeader / 2 + 4;
    return (
      <g data-state={node.identifier} data-active={active || undefined}>
        <title>{node.identifier}</title>
        <rect className={className} x={x} y={y} width={width} height={height} rx={12} />
        <text className={styles.containerName} x={x + Drawing.compoundPadding} y={titleY} dominantBaseline="central">
          {node.name}
          {node.detail ? (
            <tspan className={styles.stateDetail} dx={8}>
              {node.detail}
            </tspan>
          ) : null}
        </text>
      </g>
    );
  }
  const className = `${active ? styles.stateActive : styles.state}${node.inParallel ? ` ${styles.region}` : ''}`;
  const cx = x + width / 2;
  return (
    <g data-state={node.identifier} data-active={active || undefined}>
      <title>{node.identifier}</title>
      <rect className={className} x={x} y={y} width={width} height={height} rx={8} />
      {node.kind === 'final' ? (
        <rect className={`${active ? styles.stateActive : styles.state} ${styles.finalInner}`} x={x + 3} y={y + 3} width={width - 6} height={height - 6} rx={6} />
      ) : null}
      {node.detail ? (
        <>
          <text className={styles.stateName} x={cx} y={y + height / 2 - 7} textAnchor="middle" dominantBaseline="central">
            {node.name}
          </text>
          <text className={styles.stateDetail} x={cx} y={y + height / 2 + 10} textAnchor="middle" dominantBaseline="central">
            {node.detail}
          </text>
        </>
      ) : (
        <text className={styles.stateName} x={cx} y={y + height / 2} textAnchor="middle" dominantBaseline="central">
          {node.name}
        </text>
      )}
    </g>
  );
}

function EdgeLabel({ edge, live, title, guardShort }: { edge: PlacedEdge; live: boolean; title: string; guardShort: boolean }) {
  const label = edge.label;
  if (!label) return null;
  return (
    <g>
      <title>{title}</title>
      <rect className={live ? styles.edgeLabelBoxLive : styles.edgeLabelBox} x={label.x} y={label.y} width={label.width} height={label.height} rx={3} />
      <text className={styles.edgeLabel} x={label.x + 4} y={label.y + 2}>
        {label.lines.map((line, i) => (
          <tspan
            key={i}
            x={label.x + 4}
            dy={i === 0 ? Drawing.labelLine - 3 : Drawing.labelLine}
            className={i === 0 ? styles.edgeEvent : i === 1 && edge.guardKey ? (guardShort ? styles.guardShort : styles.guardBoth) : undefined}
          >
            {line}
          </tspan>
        ))}
      </text>
    </g>
  );
}

/**
 * The chart: states as rounded boxes (compound states around their children), transitions as labelled
 * arrows drawn by where the model tests walked them (see the legend), identifiers on hover.
 */
export const ChartSvg = forwardRef<SVGSVGElement, ChartSvgProps>(function ChartSvg({ layout, active, live, zoom, label, levelOf, edgeTitle, guardShort, production }, ref) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const arrowId = (level: DrawnLevel) => `gallery-arrow-${level}-${id}`;
  const drawnLevels: DrawnLevel[] = ['ui', 'api', 'chart', 'none'];
  return (
    <svg
      ref={ref}
      xmlns="http://www.w3.org/2000/svg"
      className={styles.svg}
      role="img"
      aria-label={label}
      width={Math.ceil(layout.width * zoom)}
      height={Math.ceil(layout.height * zoom)}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
    >
      <defs>
        {drawnLevels.map((level) => (
          <marker
            key={level}
            id={arrowId(level)}
            viewBox="0 0 10 10"
            refX={9}
            refY={5}
            markerWidth={production ? 12 : 7}
            markerHeight={production ? 12 : 7}
            markerUnits={production ? 'userSpaceOnUse' : 'strokeWidth'}
            orient="auto-start-reverse"
          >
            <path className={arrowClass[level]} d="M0,0 L10,5 L0,10 z" />
          </marker>
        ))}
      </defs>
      {layout.nodes.map((node) =>
        production && node.kind !== 'initial' && node.kind !== 'machine' ? (
          <g key={node.id} className={styles.stateTap} onClick={() => production.onState(node)}>
            <StateBox node={node} active={active.has(node.id)} />
          </g>
        ) : (
          <StateBox key={node.id} node={node} active={active.has(node.id)} />
        ),
      )}
      {layout.edges.map((edge) =>
        live.has(edge.id) ? <path key={`halo-${edge.id}`} className={styles.edgeHalo} data-lit="" d={pathOf(edge.points)} /> : null,
      )}
      {layout.edges.map((edge) => {
        const level = edge.key === null ? 'chart' : levelOf(edge);
        return (
          <path
            key={edge.id}
            className={edgeClass[level]}
            data-level={edge.key === null ? undefined : level}
            d={pathOf(edge.points)}
            markerEnd={`url(#${arrowId(level)})`}
            style={production ? { strokeWidth: production.width(edge) } : undefined}
          >
            {edge.key === null ? null : <title>{edgeTitle(edge)}</title>}
          </path>
        );
      })}
      {production
        ? layout.edges.map((edge) => {
            const w = production.timerWidth(edge);
            return w > 0 ? <path key={`timer-${edge.id}`} className={styles.edgeTimer} data-timer="" d={pathOf(edge.points)} style={{ strokeWidth: w }} /> : null;
          })
        : null}
      {layout.edges.map((edge) => (
        <EdgeLabel key={edge.id} edge={edge} live={live.has(edge.id)} title={edgeTitle(edge)} guardShort={guardShort(edge)} />
      ))}
      {production
        ? layout.edges.map((edge) => {
            const n = production.count(edge);
            const at = edge.label ?? (edge.points.length > 0 ? { x: edge.points[Math.floor(edge.points.length / 2)]?.x ?? 0, y: edge.points[Math.floor(edge.points.length / 2)]?.y ?? 0, width: 0 } : null);
            return n === null || !at ? null : <CountPill key={`n-${edge.id}`} x={at.x + at.width + 6} y={at.y} text={production.format(n)} className={styles.edgeCount} testId="edge-count" />;
          })
        : null}
      {production
        ? layout.nodes.map((node) => {
            const n = production.records(node);
            return n === null ? null : <CountPill key={`r-${node.id}`} x={node.x + node.width + 4} y={node.y} text={production.format(n)} className={styles.stateCount} testId="state-count" of={node.identifier} />;
          })
        : null}
    </svg>
  );
});
