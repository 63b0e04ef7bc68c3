// Upload memory: attaching a 45 MB Drive file (the largest the sidebar accepts:
// src/core/upload-limits.ts) through the sidebar's three steps (request, send,
// create), counted by the fakes' byte meter. Apps Script hands a script a Byte[] as one JS number per byte, so what matters is how
// often the file becomes numbers (getBytes) and how often numbers go back (digest input,
// payload). The add-in reads it once for the MD5 and sends the Blob itself.

import { ManualClock } from '../clock';
import { createEmulator } from '../emulator';
import { byteArrayMeter, createGasRuntime } from '../gas';
import { CODE_PATH, cpu, measure, ORIGIN, type World } from './scenario-kit';
import type { Row } from './scenarios';
import { MAX_UPLOAD_BYTES } from '../../src/core/upload-limits';

const MiB = 1024 * 1024;
const FILE_ID = '1BenchScan50MB000000000000000001';

export function uploadMemory(): Row {
  const clock = new ManualClock('2026-11-20T15:00:00Z');
  const emulator = createEmulator({ origin: ORIGIN, clock, maxBodyBytes: 60 * MiB });
  const bytes = new Uint8Array(MAX_UPLOAD_BYTES);
  for (let i = 0; i < bytes.length; i += 4096) bytes[i] = (i / 4096) % 251;
  const gas = createGasRuntime({
    codePath: CODE_PATH,
    fetch: (req) => emulator.handle(req),
    clock,
    allowlistStandIns: [ORIGIN],
    drive: { files: [{ id: FILE_ID, name: 'scan.pdf', mimeType: 'application/pdf', bytes }] },
  });
  const w: World = { clock, emulator, gas };
  gas.run('saveSettings', [{ apiKey: emulator.demoKey, apiBaseUrl: `${ORIGIN}/v2` }]);
  gas.drive.grant(FILE_ID); // picked with Choose from Drive
  gas.counters.reset();
  emulator.requestLog.clear();
  byteArrayMeter.reset();
  const t = cpu(() => {
    const sidebar = { kind: 'sidebar' } as const;
    const { token } = gas.run<{ token: string }>(
      'startDriveUpload',
      [{ fileId: FILE_ID }],
      sidebar,
    );
    gas.run('sendDriveUpload', [{ token }], sidebar);
    gas.run('finishDriveUpload', [{ token }], sidebar);
  });
  return {
    scenario: 'Upload a 45 MB Drive file, the largest accepted (the sidebar’s three steps)',
    target: 'the file becomes numbers once; the PUT sends the Blob',
    ours: measure(w, t.ms, {
      'getBytes calls': byteArrayMeter.getBytesCalls,
      'numbers to script': byteArrayMeter.toScript.numbers,
      'numbers back': byteArrayMeter.fromScript.numbers,
    }),
  };
}
