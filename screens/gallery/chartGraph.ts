import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';
import { guardKey, transitionKey } from '../../machines/transitionKeys';
import { transitionLabel, type TransitionLabel } from './edgeLabels';
import { stateWord } from './productWords';
import type { Translate } from './translate';

export type ChartNodeKind = 'machine' | 'atomic' | 'compound' | 'parallel' | 'final' | 'history' | 'initial';

/** A box of the drawing: a state, the machine around them all, or the dot an initial arrow starts from. */
export interface ChartNode {
  id: string;
  /** The state in the product's words (the chart's title for the machine). */
  name: string;
  /** The state's identifier for engineers ("refundRequested.beforeShipping"); '' for an initial dot. */
  identifier: string;
  /** A second line drawn under the name (the identifier, when engineers ask for it), or null. */
  detail: string | null;
  kind: ChartNodeKind;
  /** The children are parallel regions (a parallel state, or a parallel machine). */
  regions: boolean;
  children: ChartNode[];
}

/** An arrow of the drawing. `label` is null for the arrow from an initial dot. */
export interface ChartEdge {
  id: string;
  source: string;
  target: string;
  /** The event type the transition listens to; '' for `always`, null for an initial arrow. */
  eventType: string | null;
  label: TransitionLabel | null;
  /** coverage.json's name of the transition (null for an initial arrow). */
  key: string | null;
  /** coverage.json's name of the guarded transition, when it has a named guard. */
  guardKey: string | null;
}

export interface ChartGraphOptions {
  /** The chart's title, drawn on the machine's box. */
  title?: string;
  /** Engineers' view: each state's identifier under its name, each arrow's event type under its words. */
  identifiers?: boolean;
}

export interface ChartGraph {
  root: ChartNode;
  edges: ChartEdge[];
}

/** The id of the dot inside a compound state that its initial arrow starts from. */
export function initialDotId(stateId: string): string {
  return `${stateId}::initial`;
}

function kindOf(node: AnyStateNode, isRoot: boolean): ChartNodeKind {
  if (isRoot) return 'machine';
  switch (node.type) {
    case 'compound':
      return 'compound';
    case 'parallel':
      return 'parallel';
    case 'final':
      return 'final';
    case 'history':
      return 'history';
    default:
      return 'atomic';
  }
}

/** The arrows of an `always` transition, one per target (toDirectedGraph draws `on` the same way). */
function alwaysEdges(
  id: string,
  transition: AnyTransitionDefinition,
  machine: AnyStateMachine,
  t: Translate,
  locale: string,
  identifiers: boolean,
): ChartEdge[] {
  const targets: readonly AnyStateNode[] = transition.target?.length ? transition.target : [transition.source];
  const label = withIdentifier(transitionLabel(transition, machine, t, locale), identifiers);
  const key = transitionKey(transition);
  return targets.map((target, i) => ({ id: `${id}:${i}`, source: transition.source.id, target: target.id, eventType: transition.eventType, label, key, guardKey: guardKey(transition) }));
}

function withIdentifier(label: TransitionLabel, identifiers: boolean): TransitionLabel {
  return identifiers ? { ...label, lines: [...label.lines, label.identifier] } : label;
}

/**
 * The chart as boxes and arrows. Nodes and `on`/`after`/invoke arrows come from `toDirectedGraph`
 * (`edge.transition` is the transition definition with eventType, guard and meta); `toDirectedGraph`
 * leaves out eventless `always` transitions, so those are added from each state node's `always`.
 * A targetless transition is drawn as a loop on its own state.
 */
export function buildChartGraph(machine: AnyStateMachine, t: Translate, locale = 'en', options: ChartGraphOptions = {}): ChartGraph {
  const edges: ChartEdge[] = [];
  const identifiers = options.identifiers ?? false;

  const visit = (graphNode: DirectedGraphNode, isRoot: boolean): ChartNode => {
    const stateNode = graphNode.stateNode;
    const children: ChartNode[] = [];
    const initialTargets = stateNode.type === 'compound' ? (stateNode.initial?.target ?? []) : [];
    if (initialTargets.length > 0) {
      const dot = initialDotId(stateNode.id);
      children.push({ id: dot, name: '', identifier: '', detail: null, kind: 'initial', regions: false, children: [] });
      initialTargets.forEach((target: AnyStateNode, i: number) =>
        edges.push({ id: `${dot}:${i}`, source: dot, target: target.id, eventType: null, label: null, key: null, guardKey: null }),
      );
    }
    for (const edge of graphNode.edges) {
      const label = withIdentifier(transitionLabel(edge.transition, machine, t, locale), identifiers);
      edges.push({
        id: edge.id,
        source: edge.source.id,
        target: edge.target.id,
        eventType: edge.transition.eventType,
        label,
        key: transitionKey(edge.transition),
        guardKey: guardKey(edge.transition),
      });
    }
    (stateNode.always ?? []).forEach((transition: AnyTransitionDefinition, i: number) => {
      edges.push(...alwaysEdges(`${stateNode.id}:always:${i}`, transition, machine, t, locale, identifiers));
    });
    for (const child of graphNode.children) children.push(visit(child, false));
    const identifier = isRoot ? machine.id : stateNode.path.join('.');
    const name = isRoot ? (options.title ?? machine.id) : stateNode.type === 'history' ? 'H' : stateWord(machine.id, stateNode.path, t);
    return { id: stateNode.id, name, identifier, detail: identifiers ? identifier : null, kind: kindOf(stateNode, isRoot), regions: stateNode.type === 'parallel', children };
  };

  const root = visit(toDirectedGraph(machine), true);
  return { root, edges };
}

/** Every node of the chart, parents before their children. */
export function flattenNodes(root: ChartNode): ChartNode[] {
  return [root, ...root.children.flatMap(flattenNodes)];
}
