import { useId } from 'react';
import type { ChartLayout, PlacedEdge, PlacedNode, Point } from './chartLayout';
import { Drawing } from './chartLayout';
import * as styles from './gallery.css';

interface ChartSvgProps {
  layout: ChartLayout;
  /** Ids of the active state nodes. */
  active: ReadonlySet<string>;
  /** Ids of the edges that can be taken now. */
  live: ReadonlySet<string>;
  zoom: number;
  label: string;
}

function pathOf(points: Point[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x},${p.y}`).join(' ');
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
    return (
      <g>
        <rect className={className} x={x} y={y} width={width} height={height} rx={12} />
        <text className={styles.containerName} x={x + Drawing.compoundPadding} y={y + Drawing.compoundHeader / 2 + 4} dominantBaseline="central">
          {node.name}
        </text>
      </g>
    );
  }
  const className = `${active ? styles.stateActive : styles.state}${node.inParallel ? ` ${styles.region}` : ''}`;
  return (
    <g>
      <rect className={className} x={x} y={y} width={width} height={height} rx={8} />
      {node.kind === 'final' ? (
        <rect className={`${active ? styles.stateActive : styles.state} ${styles.finalInner}`} x={x + 3} y={y + 3} width={width - 6} height={height - 6} rx={6} />
      ) : null}
      <text className={styles.stateName} x={x + width / 2} y={y + height / 2} textAnchor="middle" dominantBaseline="central">
        {node.name}
      </text>
    </g>
  );
}

function EdgeLabel({ edge, live }: { edge: PlacedEdge; live: boolean }) {
  const label = edge.label;
  if (!label) return null;
  return (
    <g>
      <rect className={styles.edgeLabelBox} x={label.x} y={label.y} width={label.width} height={label.height} rx={3} />
      <text className={live ? styles.edgeLabelActive : styles.edgeLabel} x={label.x + 4} y={label.y + 2}>
        {label.lines.map((line, i) => (
          <tspan key={i} x={label.x + 4} dy={i === 0 ? Drawing.labelLine - 3 : Drawing.labelLine} className={i === 0 ? styles.edgeEvent : undefined}>
            {line}
          </tspan>
        ))}
      </text>
    </g>
  );
}

/** The chart: states as rounded boxes (compound states around their children), transitions as labelled arrows. */
export function ChartSvg({ layout, active, live, zoom, label }: ChartSvgProps) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const arrowId = `gallery-arrow-${id}`;
  const liveArrowId = `gallery-arrow-live-${id}`;
  const marker = (markerId: string, className: string) => (
    <marker id={markerId} viewBox="0 0 10 10" refX={9} refY={5} markerWidth={7} markerHeight={7} orient="auto-start-reverse">
      <path className={className} d="M0,0 L10,5 L0,10 z" />
    </marker>
  );
  return (
    <svg
      className={styles.svg}
      role="img"
      aria-label={label}
      width={Math.ceil(layout.width * zoom)}
      height={Math.ceil(layout.height * zoom)}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
    >
      <defs>
        {marker(arrowId, styles.arrow)}
        {marker(liveArrowId, styles.arrowActive)}
      </defs>
      {layout.nodes.map((node) => (
        <StateBox key={node.id} node={node} active={active.has(node.id)} />
      ))}
      {layout.edges.map((edge) => {
        const isLive = live.has(edge.id);
        return (
          <path
            key={edge.id}
            className={isLive ? styles.edgeActive : styles.edge}
            d={pathOf(edge.points)}
            markerEnd={`url(#${isLive ? liveArrowId : arrowId})`}
          />
        );
      })}
      {layout.edges.map((edge) => (
        <EdgeLabel key={edge.id} edge={edge} live={live.has(edge.id)} />
      ))}
    </svg>
  );
}
