// Logger and console. Everything a script logs lands in one shared list, so tests can assert
// what reached the execution log (e.g. that the API key never does).

import { format } from 'node:util';
import type { Execution } from './execution';
import { registerFake } from './registry';

export type LogLevel = 'log' | 'info' | 'warn' | 'error' | 'debug';

export interface LogEntry {
  source: 'Logger' | 'console';
  level: LogLevel;
  message: string;
  /** Virtual time. */
  time: number;
  executionId: number;
}

function show(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && !(value instanceof Error)) {
    try {
      return JSON.stringify(value);
    } catch {
      return String(value);
    }
  }
  return String(value);
}

export class FakeLogger {
  #lines: string[] = [];

  constructor(
    private readonly logs: LogEntry[],
    private readonly exec: Execution,
  ) {}

  /** Logger.log(format, values…) substitutes %s / %d like Apps Script's String.format style. */
  log(data: unknown, ...values: unknown[]): this {
    let message = show(data);
    if (typeof data === 'string' && values.length > 0) {
      let i = 0;
      message = data.replace(/%[sdf]/g, (m) => (i < values.length ? show(values[i++]) : m));
    }
    this.#lines.push(message);
    this.logs.push({
      source: 'Logger',
      level: 'info',
      message,
      time: this.exec.now(),
      executionId: this.exec.id,
    });
    return this;
  }

  getLog(): string {
    return this.#lines.map((l) => `${l}\n`).join('');
  }

  clear(): void {
    this.#lines = [];
  }
}

registerFake(FakeLogger, { label: 'Logger', service: 'Logger', scope: 'local' });

/** console.* for the script realm: plain functions, as V8 Apps Script's console is. */
export function consoleMembers(logs: LogEntry[], exec: Execution): Record<string, unknown> {
  const entry =
    (level: LogLevel) =>
    (...args: unknown[]): void => {
      logs.push({
        source: 'console',
        level,
        message: format(...args),
        time: exec.now(),
        executionId: exec.id,
      });
    };
  return {
    log: entry('log'),
    info: entry('info'),
    warn: entry('warn'),
    error: entry('error'),
    debug: entry('debug'),
  };
}
