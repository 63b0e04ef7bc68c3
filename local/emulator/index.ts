// Public API of the tracking-service emulator core (pure: no I/O, no real time). The node:http
// adapter is in server.ts, the command line in cli.ts.
export { createEmulator } from './create-emulator';
export {
  DEFAULT_DEMO_KEY,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_ORIGIN,
  DEFAULT_START,
  DEFAULT_STORAGE_ORIGIN,
  type Emulator,
  type EmulatorOptions,
  type FaultControl,
} from './types';
export { parseFaultSpec, type Fault, type FaultBody } from './policy/faults';
export { DELAY_HEADER } from './policy/fault-response';
export {
  ODD_KINDS,
  type OddAnswer,
  type OddKind,
  type PendingOddAnswer,
} from './policy/odd-answers';
export type { OddAnswerControl } from './policy/odd-answer-control';
export type { RateLimit } from './policy/rate-limiter';
export type { RequestLog, RequestLogEntry, LogFilter } from './policy/request-log';
export {
  DEFAULT_TRACKING_DELAYS,
  TEST_FAILED,
  TEST_SUCCEEDED,
  type TrackingDelays,
} from './lifecycle/outcomes';
export type { AccountStore } from './data/account-store';
export type * from './data/records';
export { CONTAINER_STATUSES, REQUEST_TYPES, TRACKING_REQUEST_STATUSES } from './data/records';
export {
  isoContainerCheckDigit,
  isValidContainerNumber,
  normalizeContainerNumber,
} from './core/iso6346';
export { md5 } from './core/md5';
export { toBase64 } from './core/base64';
export { resolveDeepLink, type DeepLinkTarget } from './routes/deep-link';
