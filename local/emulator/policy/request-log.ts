// Every API, app and storage request with its outcome, for tests and benchmarks that count
// requests or check that a client never went over the limit in any rolling window.

export interface RequestLogEntry {
  method: string;
  path: string;
  status: number;
  /** Clock time of the request (ms). */
  time: number;
  /** The API key presented (null when none). */
  key: string | null;
  /** True when an injected fault applied: a forced response, or a delay. */
  faulted: boolean;
}

export type LogFilter = (entry: RequestLogEntry) => boolean;

/** Oldest entries are dropped beyond this, so a long-running server does not grow forever. */
const MAX_ENTRIES = 100_000;

export class RequestLog {
  private list: RequestLogEntry[] = [];

  get entries(): readonly RequestLogEntry[] {
    return this.list;
  }

  add(entry: RequestLogEntry): void {
    this.list.push(entry);
    if (this.list.length > MAX_ENTRIES) this.list = this.list.slice(-MAX_ENTRIES / 2);
  }

  clear(): void {
    this.list = [];
  }

  count(filter: LogFilter = () => true): number {
    return this.list.filter(filter).length;
  }

  /** The most requests (matching the filter) that fall inside any window of `windowMs`. */
  peakInWindow(windowMs = 60_000, filter: LogFilter = () => true): number {
    const times = this.list.filter(filter).map((e) => e.time);
    times.sort((a, b) => a - b);
    let peak = 0;
    let start = 0;
    for (let end = 0; end < times.length; end++) {
      while ((times[end] ?? 0) - (times[start] ?? 0) >= windowMs) start++;
      peak = Math.max(peak, end - start + 1);
    }
    return peak;
  }
}
