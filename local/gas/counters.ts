// Service-call counters. The benchmark reports these numbers, so the realm bridge is the only
// place that counts: every call a script makes on a fake is counted exactly once, and calls the
// fakes make to each other internally are never counted.

export type CounterService =
  | 'Properties'
  | 'Cache'
  | 'Lock'
  | 'UrlFetch'
  | 'SpreadsheetRead'
  | 'SpreadsheetWrite'
  | 'Spreadsheet'
  | 'Utilities'
  | 'Drive'
  | 'Mail'
  | 'Script'
  | 'Session'
  | 'Html'
  | 'Ui'
  | 'Logger';

export interface CounterSnapshot {
  /** Calls per service, keyed by `Class.method` (e.g. `Cache.getAll`, `Range.setValues`). */
  calls: Partial<Record<CounterService, Record<string, number>>>;
  /** Sum of `calls` per service. */
  totals: Partial<Record<CounterService, number>>;
  /** HTTP requests sent by UrlFetchApp: `fetch` is 1 call and 1 request, `fetchAll` 1 call and N. */
  urlFetchRequests: number;
}

export class Counters {
  private calls = new Map<CounterService, Map<string, number>>();
  private requests = 0;

  count(service: CounterService, method: string): void {
    let methods = this.calls.get(service);
    if (!methods) this.calls.set(service, (methods = new Map()));
    methods.set(method, (methods.get(method) ?? 0) + 1);
  }

  countRequests(n: number): void {
    this.requests += n;
  }

  /** Calls of one service, or of one `Class.method` of it. */
  get(service: CounterService, method?: string): number {
    const methods = this.calls.get(service);
    if (!methods) return 0;
    if (method !== undefined) return methods.get(method) ?? 0;
    let total = 0;
    for (const n of methods.values()) total += n;
    return total;
  }

  get urlFetchRequests(): number {
    return this.requests;
  }

  snapshot(): CounterSnapshot {
    const calls: CounterSnapshot['calls'] = {};
    const totals: CounterSnapshot['totals'] = {};
    for (const [service, methods] of this.calls) {
      calls[service] = Object.fromEntries(methods);
      totals[service] = this.get(service);
    }
    return { calls, totals, urlFetchRequests: this.requests };
  }

  reset(): void {
    this.calls.clear();
    this.requests = 0;
  }
}
