import type { AnyStateMachine } from 'xstate';
import { loginGateMachine } from './loginGate.machine';
import { resourceMachine } from './resource.machine';
import { sampleLoginAnswer, sampleUserInfo } from './samples';

/**
 * The registry of every statechart. The gallery draws these, the model tests walk them, and the
 * server looks machines up here by id. A new machine appears everywhere by being listed here.
 */
export interface MachineEntry {
  id: string;
  /** Locale key of the chart's title in the gallery. */
  titleKey: string;
  machine: AnyStateMachine;
  /** The input the gallery starts the chart with. */
  sampleInput: unknown;
  /** What each invoked actor (by invoke id) answers when a person steps its "done" event in the gallery. */
  sampleOutputs?: Readonly<Record<string, unknown>>;
}

export const machineRegistry: readonly MachineEntry[] = [
  {
    id: 'loginGate',
    titleKey: 'gallery.machines.loginGate',
    machine: loginGateMachine,
    sampleInput: { stored: null, hashTicket: null },
    sampleOutputs: { authenticate: sampleLoginAnswer, exchangeTicket: sampleLoginAnswer, fetchUserInfo: sampleUserInfo, revokeSession: null },
  },
  { id: 'resource', titleKey: 'gallery.machines.resource', machine: resourceMachine, sampleInput: undefined },
];
