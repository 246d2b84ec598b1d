import type { ELK, ElkExtendedEdge, ElkNode, ElkPoint } from 'elkjs/lib/elk-api';
import type { ChartGraph, ChartNode, ChartNodeKind } from './chartGraph';

/** Type sizes of the drawing; the SVG uses the same numbers so the boxes fit their words. */
export const Drawing = {
  stateFont: 13,
  labelFont: 11,
  labelLine: 14,
  stateHeight: 36,
  /** A state with its identifier on a second line. */
  stateDetailHeight: 50,
  detailFont: 10,
  stateMinWidth: 88,
  compoundHeader: 30,
  compoundPadding: 14,
  initialDot: 12,
  historySize: 32,
  /** Average advance of a character relative to the font size, a little generous. */
  charWidth: 0.62,
} as const;

export interface Point {
  x: number;
  y: number;
}

export interface PlacedNode {
  id: string;
  name: string;
  identifier: string;
  detail: string | null;
  kind: ChartNodeKind;
  /** A region of a parallel state (drawn dashed). */
  inParallel: boolean;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlacedLabel {
  x: number;
  y: number;
  width: number;
  height: number;
  lines: string[];
}

export interface PlacedEdge {
  id: string;
  /** coverage.json's names of the transition and of its guard. */
  key: string | null;
  guardKey: string | null;
  /** The identifiers for engineers, shown on hover. */
  identifier: string | null;
  source: string;
  target: string;
  points: Point[];
  label: PlacedLabel | null;
}

/** Absolute coordinates of everything, nodes listed parents first so children paint on top. */
export interface ChartLayout {
  width: number;
  height: number;
  nodes: PlacedNode[];
  edges: PlacedEdge[];
}

export function textWidth(text: string, fontSize: number): number {
  return Math.ceil(text.length * fontSize * Drawing.charWidth);
}

function isContainer(node: ChartNode): boolean {
  return node.children.length > 0;
}

function leafSize(node: ChartNode): { width: number; height: number } {
  if (node.kind === 'initial') return { width: Drawing.initialDot, height: Drawing.initialDot };
  if (node.kind === 'history') return { width: Drawing.historySize, height: Drawing.historySize };
  const width = Math.max(Drawing.stateMinWidth, textWidth(node.name, Drawing.stateFont) + 28, node.detail ? textWidth(node.detail, Drawing.detailFont) + 28 : 0);
  return { width, height: node.detail ? Drawing.stateDetailHeight : Drawing.stateHeight };
}

function toElkNode(node: ChartNode): ElkNode {
  if (!isContainer(node)) return { id: node.id, ...leafSize(node) };
  const p = Drawing.compoundPadding;
  const titleWidth = Math.max(textWidth(node.name, Drawing.stateFont), node.detail ? textWidth(node.detail, Drawing.detailFont) + textWidth(node.name, Drawing.stateFont) + 12 : 0) + 2 * p;
  return {
    id: node.id,
    layoutOptions: {
      'elk.padding': `[top=${Drawing.compoundHeader + p / 2},left=${p},bottom=${p},right=${p}]`,
      'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      'elk.nodeSize.minimum': `(${titleWidth}, ${Drawing.compoundHeader + Drawing.stateHeight})`,
    },
    children: node.children.map(toElkNode),
  };
}

/**
 * The ELK input: layered, top to bottom, hierarchical so arrows may cross compound borders
 * (a machine-level event enters a child state). All coordinates come back relative to the root.
 */
export function toElkGraph(graph: ChartGraph): ElkNode {
  const edges: ElkExtendedEdge[] = graph.edges.map((edge) => {
    const lines = edge.label?.lines ?? [];
    return {
      id: edge.id,
      sources: [edge.source],
      targets: [edge.target],
      labels: lines.length
        ? [
            {
              id: `${edge.id}:label`,
              text: lines.join('\n'),
              width: Math.max(...lines.map((l) => textWidth(l, Drawing.labelFont))) + 8,
              height: lines.length * Drawing.labelLine + 4,
            },
          ]
        : [],
    };
  });
  return {
    id: '__gallery_root__',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.json.edgeCoords': 'ROOT',
      'elk.json.shapeCoords': 'ROOT',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
      'elk.layered.spacing.nodeNodeBetweenLayers': '36',
      'elk.spacing.nodeNode': '24',
      'elk.spacing.edgeLabel': '4',
      'elk.spacing.edgeNode': '16',
      'elk.padding': '[top=8,left=8,bottom=8,right=8]',
    },
    children: [toElkNode(graph.root)],
    edges,
  };
}

function num(value: number | undefined): number {
  return value ?? 0;
}

/** Reads ELK's answer back into the drawing's terms. */
export function fromElkLayout(graph: ChartGraph, laidOut: ElkNode): ChartLayout {
  const byId = new Map<string, ChartNode>();
  const index = (node: ChartNode) => {
    byId.set(node.id, node);
    node.children.forEach(index);
  };
  index(graph.root);

  const nodes: PlacedNode[] = [];
  const place = (elkNode: ElkNode, inParallel: boolean) => {
    const chartNode = byId.get(elkNode.id);
    if (chartNode) {
      nodes.push({
        id: chartNode.id,
        name: chartNode.name,
        identifier: chartNode.identifier,
        detail: chartNode.detail,
        kind: chartNode.kind,
        inParallel,
        x: num(elkNode.x),
        y: num(elkNode.y),
        width: num(elkNode.width),
        height: num(elkNode.height),
      });
    }
    elkNode.children?.forEach((child) => place(child, chartNode?.regions ?? false));
  };
  laidOut.children?.forEach((child) => place(child, false));

  const chartEdges = new Map(graph.edges.map((e) => [e.id, e]));
  const edges: PlacedEdge[] = [];
  const collect = (elkNode: ElkNode) => {
    for (const elkEdge of elkNode.edges ?? []) {
      const chartEdge = chartEdges.get(elkEdge.id);
      if (!chartEdge) continue;
      const points: Point[] = (elkEdge.sections ?? []).flatMap((section) => [
        section.startPoint,
        ...(section.bendPoints ?? []),
        section.endPoint,
      ]).map((p: ElkPoint) => ({ x: p.x, y: p.y }));
      const elkLabel = elkEdge.labels?.[0];
      const label: PlacedLabel | null =
        chartEdge.label && elkLabel
          ? { x: num(elkLabel.x), y: num(elkLabel.y), width: num(elkLabel.width), height: num(elkLabel.height), lines: chartEdge.label.lines }
          : null;
      edges.push({
        id: chartEdge.id,
        key: chartEdge.key,
        guardKey: chartEdge.guardKey,
        identifier: chartEdge.label?.identifier ?? null,
        source: chartEdge.source,
        target: chartEdge.target,
        points,
        label,
      });
    }
    elkNode.children?.forEach(collect);
  };
  collect(laidOut);

  return { width: num(laidOut.width), height: num(laidOut.height), nodes, edges };
}

export async function layoutChart(graph: ChartGraph, elk: ELK): Promise<ChartLayout> {
  const laidOut = await elk.layout(toElkGraph(graph));
  return fromElkLayout(graph, laidOut);
}
