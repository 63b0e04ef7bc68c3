// Public API of the Apps Script fakes and local runtime.

export { createGasRuntime, GasRuntime } from './runtime';
export type { CacheEntryRef, GasRuntimeOptions, RunOptions } from './runtime';
export type { Manifest } from './pushed-project';
export { runConcurrentlyAcross } from './concurrent/scheduler';
export type {
  AcrossJob,
  ConcurrentJob,
  ConcurrentOptions,
  ConcurrentOutcome,
} from './concurrent/scheduler';
export { dueTriggerJobsAcross } from './trigger-firing';
export type { TriggerFiring } from './trigger-firing';
export { GoogleAccounts } from './accounts';
export { ConsentStore, SCOPES } from './consent';
export { AUTHORIZATION_REQUIRED } from './execution';
export type { ConsentPrompt } from './execution';
export type { InstallationSourceName } from './script-app';
export { Counters } from './counters';
export type { CounterService, CounterSnapshot } from './counters';
export type { ExecutionRecord, RuntimeClock } from './execution';
export type { AuthModeName, ExecutionKind } from './policy';
export type { UserEditOptions, UserEditOutcome } from './user-edit';
export { NetworkFailure, DELAY_HEADER } from './url-fetch';
export type { NetworkFailureKind, UrlFetchLogEntry } from './url-fetch';
export type { LogEntry, LogLevel } from './logging';
export type { MenuItem, MenuRecord, UiState } from './ui';
export { DriveStore, DRIVE_FILE_SCOPE } from './drive';
export type { DriveAccess, DriveFileSpec, DriveOptions } from './drive';
export { byteArrayMeter } from './bytes';
export type { ByteArrayMeter, ByteCrossings } from './bytes';
export type { FormulaEvaluator, SpreadsheetOptions } from './spreadsheet/model';
export type { LockScope } from './lock';
export type { PropertyScope } from './properties';
export type { CacheScope } from './cache';
export { GasProject } from './project';
export { formatDate } from './format-date';
export type { WebAppAnswer, WebAppPost } from './web-app';
