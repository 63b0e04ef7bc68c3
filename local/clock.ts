// Time for the local tools. Tests and the benchmark use a ManualClock so that rolling-minute
// rate limits, tracking-request lifecycles and last free days move without real waiting.

export interface Clock {
  now(): number;
}

export class ManualClock implements Clock {
  private current: number;

  constructor(start: number | string = '2026-11-20T15:00:00Z') {
    this.current = typeof start === 'number' ? start : Date.parse(start);
  }

  now(): number {
    return this.current;
  }

  advance(ms: number): void {
    if (ms < 0) throw new Error('ManualClock cannot go backwards');
    this.current += ms;
  }

  set(ms: number): void {
    this.current = ms;
  }
}

/** Real time, optionally sped up (the preview's "time ×60" switch) from the moment of the change. */
export class ScaledClock implements Clock {
  private baseReal = Date.now();
  private baseVirtual = Date.now();
  private factor = 1;

  now(): number {
    return this.baseVirtual + (Date.now() - this.baseReal) * this.factor;
  }

  setFactor(factor: number): void {
    this.baseVirtual = this.now();
    this.baseReal = Date.now();
    this.factor = factor;
  }

  advance(ms: number): void {
    this.baseVirtual += ms;
  }
}
