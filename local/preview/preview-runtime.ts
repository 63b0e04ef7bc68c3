// The local Apps Script runtime (local/gas, the same fakes the tests use) with one change for the
// preview: every execution runs with the clock at real speed, whatever "time ×60" says (see
// emulator-clock.ts), so a sped-up world does not make scripts hit their time limits.

import { GasRuntime, type GasRuntimeOptions, type RunOptions } from '../gas';
import type { EmulatorClock } from './emulator-clock';

export class PreviewRuntime extends GasRuntime {
  readonly previewClock: EmulatorClock;

  constructor(options: Omit<GasRuntimeOptions, 'clock'>, clock: EmulatorClock) {
    super({ ...options, clock });
    this.previewClock = clock;
  }

  override run<T = unknown>(
    functionName: string,
    args: unknown[] = [],
    options: RunOptions = {},
  ): T {
    return this.previewClock.duringExecution(() => super.run<T>(functionName, args, options));
  }
}
