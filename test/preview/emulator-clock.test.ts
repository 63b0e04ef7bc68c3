// The runtime's clock follows the emulator's: extrapolated between readings at the emulator's
// speed, never backwards, advanced together with the emulator, and real-speed inside executions.

import { EmulatorClock, type ClockReading } from '../../local/preview/emulator-clock';

function setup(first: ClockReading = { now: 1_000_000, factor: 1 }) {
  let real = 0;
  const advanced: number[] = [];
  let emulatorNow = first.now;
  const clock: EmulatorClock = new EmulatorClock(
    first,
    (ms): ClockReading => {
      advanced.push(ms);
      emulatorNow += ms;
      return { now: emulatorNow, factor: clock.speed };
    },
    () => real,
  );
  return { clock, advanced, passReal: (ms: number) => (real += ms) };
}

describe('EmulatorClock', () => {
  it('extrapolates at the emulator speed', () => {
    const { clock, passReal } = setup();
    passReal(1000);
    expect(clock.now()).toBe(1_001_000);
    clock.apply({ now: 1_001_000, factor: 60 });
    passReal(1000);
    expect(clock.now()).toBe(1_061_000);
    expect(clock.speed).toBe(60);
  });

  it('never goes backwards on a late reading, and jumps forward to a newer one', () => {
    const { clock, passReal } = setup();
    passReal(5000);
    clock.apply({ now: 1_002_000, factor: 1 });
    expect(clock.now()).toBe(1_005_000);
    clock.apply({ now: 2_000_000, factor: 1 });
    expect(clock.now()).toBe(2_000_000);
  });

  it('advances the emulator for a script sleep', () => {
    const { clock, advanced } = setup();
    clock.advance(30_000);
    clock.advance(0);
    expect(advanced).toEqual([30_000]);
    expect(clock.now()).toBe(1_030_000);
  });

  it('runs at real speed inside an execution, then catches up at the next reading', () => {
    const { clock, passReal } = setup({ now: 0, factor: 60 });
    const elapsed = clock.duringExecution(() => {
      const start = clock.now();
      passReal(500);
      return clock.now() - start;
    });
    expect(elapsed).toBe(500);
    passReal(1000);
    expect(clock.now()).toBe(500 + 60_000);
    clock.apply({ now: 90_000, factor: 60 });
    expect(clock.now()).toBe(90_000);
  });
});
