// A real timer that runs one async step at a time (never overlapping, unlike setInterval when a
// step is slow) and can be stopped, waiting for the step in flight.

export interface Ticker {
  stop(): Promise<void>;
}

export function startTicker(
  step: () => Promise<void>,
  everyMs: number,
  onError: (error: unknown) => void,
): Ticker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = step().catch(onError).finally(schedule);
    }, everyMs);
  };
  schedule();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
