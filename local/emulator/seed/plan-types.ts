// What a seeded (or lifecycle-created) shipment should look like; the builders turn a plan into
// coherent records at a given "now" (the anchor).
import type { Rng } from '../core/prng';
import type {
  ContainerAttributes,
  ContainerStatus,
  ShipmentAttributes,
  StoppedReason,
  TerminalFee,
  TerminalHold,
} from '../data/records';
import type { Vessel } from '../data/fleet';

/** Last free days in days from the anchor's local calendar day (negative = passed). */
export interface LfdHint {
  line?: number | null;
  terminal?: number | null;
  rail?: number | null;
  /** 23:59 local instead of local midnight: in the Americas the UTC day is then the next one. */
  endOfDay?: boolean;
}

export interface ContainerPlan {
  status: ContainerStatus;
  lfd?: LfdHint;
  holds?: TerminalHold[];
  /** Fees without the `total` entry; a total (their sum) is appended unless `noTotal`. */
  fees?: Omit<TerminalFee, 'currency_code'>[];
  currency?: string | null;
  noTotal?: boolean;
  appointmentInDays?: number | null;
  refNumbers?: string[];
  /** Applied last: how the scenarios force a null (or a value) where it matters. */
  overrides?: Partial<ContainerAttributes>;
}

export interface ShipmentPlan {
  scac: string;
  pol: string | null;
  pod: string | null;
  /** Inland destination reached by rail, or null for a local move. */
  destination?: string | null;
  podTerminal: string | null;
  railTerminal?: string | null;
  railScac?: string | null;
  /** Days from the anchor to the vessel's arrival at the POD (negative = already arrived). */
  arrivalDays: number;
  transitDays?: number;
  billOfLading?: string;
  refNumbers: string[] | null;
  tags?: string[];
  customer: string | null;
  vessel?: Vessel | null;
  stopped?: { reason: StoppedReason; daysAgo: number };
  overrides?: Partial<ShipmentAttributes>;
  containers: ContainerPlan[];
  /** Fixed container numbers (lifecycle: a container tracking request); drawn otherwise. */
  containerNumbers?: string[];
  /** Fixed creation time (lifecycle: when the request succeeded); drawn otherwise. */
  createdAtMs?: number;
}

/** Shared by all builders of one account, so numbers never repeat. */
export interface SeedContext {
  anchor: number;
  rng: Rng;
  usedNumbers: Set<string>;
  usedBillsOfLading: Set<string>;
}
