// The runtime's clock follows the emulator's, so "time ×60" moves the add-in and the service
// together: tracking requests complete and last free days approach in both. Between readings of
// the emulator's clock it extrapolates (now = last reading + real time elapsed × speed);
// Utilities.sleep and lock waits in a script advance the emulator too, as one world.
//
// While an execution runs the clock ticks at real speed: Apps Script's time limits (30 s for a
// custom function) are about how long the script really takes, not about the sped-up world.

export interface ClockReading {
  /** The emulator's clock, ms since the epoch. */
  now: number;
  /** Its speed: 1 is real time. */
  factor: number;
}

export class EmulatorClock {
  private anchorVirtual: number;
  private anchorReal: number;
  private factor: number;
  private executionDepth = 0;

  constructor(
    first: ClockReading,
    /** Advances the emulator's clock and returns its new reading (synchronously). */
    private readonly advanceEmulator: (ms: number) => ClockReading,
    private readonly realNow: () => number = Date.now,
  ) {
    this.anchorVirtual = first.now;
    this.anchorReal = realNow();
    this.factor = first.factor;
  }

  now(): number {
    const speed = this.executionDepth > 0 ? 1 : this.factor;
    return this.anchorVirtual + (this.realNow() - this.anchorReal) * speed;
  }

  get speed(): number {
    return this.factor;
  }

  /** Called by the runtime for Utilities.sleep, lock waits and injected delays. */
  advance(ms: number): void {
    if (ms > 0) this.apply(this.advanceEmulator(ms));
  }

  /** Takes a fresh reading of the emulator's clock; never moves backwards. */
  apply(reading: ClockReading): void {
    const mine = this.now();
    this.anchorReal = this.realNow();
    this.anchorVirtual = Math.max(mine, reading.now);
    this.factor = reading.factor;
  }

  /** Runs one execution with the clock at real speed (see the top of this file). */
  duringExecution<T>(run: () => T): T {
    this.rebase();
    this.executionDepth += 1;
    try {
      return run();
    } finally {
      this.rebase();
      this.executionDepth -= 1;
    }
  }

  private rebase(): void {
    this.anchorVirtual = this.now();
    this.anchorReal = this.realNow();
  }
}
