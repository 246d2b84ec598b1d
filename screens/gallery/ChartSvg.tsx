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
}

function pathOf(points: Point[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x},${p.y}`).join(' ');
}

const edgeClass: Record<DrawnLevel, string> = { ui: styles.edgeUi, api: styles.edgeApi, chart: styles.edgeChart, none: styles.edgeNone };
const arrowClass: Record<DrawnLevel, string> = { ui: styles.arrowUi, api: styles.arrowApi, chart: styles.arrowChart, none: styles.arrowNone };

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
export const ChartSvg = forwardRef<SVGSVGElement, ChartSvgProps>(function ChartSvg({ layout, active, live, zoom, label, levelOf, edgeTitle, guardShort }, ref) {
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
          <marker key={level} id={arrowId(level)} viewBox="0 0 10 10" refX={9} refY={5} markerWidth={7} markerHeight={7} orient="auto-start-reverse">
            <path className={arrowClass[level]} d="M0,0 L10,5 L0,10 z" />
          </marker>
        ))}
      </defs>
      {layout.nodes.map((node) => (
        <StateBox key={node.id} node={node} active={active.has(node.id)} />
      ))}
      {layout.edges.map((edge) =>
        live.has(edge.id) ? <path key={`halo-${edge.id}`} className={styles.edgeHalo} data-lit="" d={pathOf(edge.points)} /> : null,
      )}
      {layout.edges.map((edge) => {
        const level = edge.key === null ? 'chart' : levelOf(edge);
        return (
          <path key={edge.id} className={edgeClass[level]} data-level={edge.key === null ? undefined : level} d={pathOf(edge.points)} markerEnd={`url(#${arrowId(level)})`}>
            {edge.key === null ? null : <title>{edgeTitle(edge)}</title>}
          </path>
        );
      })}
      {layout.edges.map((edge) => (
        <EdgeLabel key={edge.id} edge={edge} live={live.has(edge.id)} title={edgeTitle(edge)} guardShort={guardShort(edge)} />
      ))}
    </svg>
  );
});
