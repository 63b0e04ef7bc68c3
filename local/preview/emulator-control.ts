// The emulator's local control surface (/__emulator/*), as the preview uses it: its clock (read,
// speed, advance) and the demo key the add-in is configured with. The key stays in this process.

import type { HttpHandler } from '../http';
import type { ClockReading } from './emulator-clock';

interface StateJson {
  now: string;
  demoKey: string;
  clock: { factor: number | null };
}

export interface EmulatorInfo {
  demoKey: string;
  reading: ClockReading;
}

function readingOf(json: StateJson): ClockReading {
  return { now: Date.parse(json.now), factor: json.clock.factor ?? 1 };
}

async function call(url: string, body?: unknown): Promise<StateJson> {
  const res = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as StateJson;
}

export class EmulatorControl {
  constructor(
    private readonly origin: string,
    private readonly http: HttpHandler,
  ) {}

  async info(): Promise<EmulatorInfo> {
    const json = await call(`${this.origin}/__emulator/state`);
    return { demoKey: json.demoKey, reading: readingOf(json) };
  }

  async reading(): Promise<ClockReading> {
    return readingOf(await call(`${this.origin}/__emulator/state`));
  }

  async setSpeed(factor: number): Promise<ClockReading> {
    return readingOf(await call(`${this.origin}/__emulator/clock`, { factor }));
  }

  /** Changes a demo container's data at the emulator (LFD, hold, availability, ETA). */
  async changeContainer(number: string, change: unknown): Promise<void> {
    const res = await fetch(
      `${this.origin}/__emulator/containers/${encodeURIComponent(number)}/changes`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(change),
      },
    );
    if (!res.ok) throw new Error(`changing ${number} failed: ${res.status} ${await res.text()}`);
  }

  /** Synchronous (through the HTTP bridge): a script's sleep happens inside an execution. */
  advanceSync(ms: number): ClockReading {
    const res = this.http({
      method: 'POST',
      url: `${this.origin}/__emulator/clock`,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ advanceMs: ms }),
    });
    const text = typeof res.body === 'string' ? res.body : Buffer.from(res.body).toString('utf8');
    if (res.status !== 200) throw new Error(`advancing the emulator clock failed: ${text}`);
    return readingOf(JSON.parse(text) as StateJson);
  }
}
