// The POD terminal's name from a recorded answer, through the cache codec, into the Terminal output.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocument, type JsonApiDocument } from '../../src/api/jsonapi';
import { recordsOf } from '../../src/api/resources';
import { containerRowOutputs } from '../../src/core/row-outputs';
import { POD_TERMINAL_NAME } from '../../src/core/model';
import { decodeContainer, encodeContainer } from '../../src/engine/record-codec';

const dir = path.resolve(__dirname, '../../local/emulator/reference/fixtures');
const RECORDED = 'live-2026-02.containers.get.include-shipment-pod_terminal.json';

function fixture(): JsonApiDocument {
  const parsed = parseDocument(readFileSync(path.join(dir, RECORDED), 'utf8'));
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parsed.doc;
}

const NOW = Date.parse('2026-11-20T15:00:00Z');
const roundTrip = (entry: unknown[]) => decodeContainer(JSON.parse(JSON.stringify(entry)))!;

describe('POD terminal name', () => {
  it('is read from the included terminal of a recorded answer and kept by the cache', () => {
    const [box] = recordsOf(fixture()).containers;
    expect(box!.attributes[POD_TERMINAL_NAME]).toBe('Virginia International Gateway');
    const back = roundTrip(encodeContainer(box!, 1));
    expect(containerRowOutputs(back, undefined, 'UTC', NOW).Terminal).toBe(
      'Virginia International Gateway',
    );
  });

  it('is unknown (no Terminal output) when the terminal was not included', () => {
    const doc = fixture();
    doc.included = doc.included!.filter((r) => r.type !== 'terminal');
    const [box] = recordsOf(doc).containers;
    expect(POD_TERMINAL_NAME in box!.attributes).toBe(false);
    expect(containerRowOutputs(box!, undefined, 'UTC', NOW)).not.toHaveProperty('Terminal');
    // Nor from a cache entry written before the add-in kept terminals (four elements).
    const entry = encodeContainer(box!, 1);
    expect(entry).toHaveLength(4);
    expect(POD_TERMINAL_NAME in roundTrip(entry).attributes).toBe(false);
  });

  it('is empty when the service says the container has no terminal', () => {
    const doc = fixture();
    (doc.data as { relationships: Record<string, unknown> }).relationships.pod_terminal = {
      data: null,
    };
    const [box] = recordsOf(doc).containers;
    expect(containerRowOutputs(box!, undefined, 'UTC', NOW).Terminal).toBe('');
  });

  it('that is no text is unreadable in its own output, also after the cache', () => {
    const doc = fixture();
    const terminal = doc.included!.find((r) => r.type === 'terminal')!;
    terminal.attributes!.name = { text: 'x'.repeat(60_000) };
    const [box] = recordsOf(doc).containers;
    const back = roundTrip(encodeContainer(box!, 1));
    for (const c of [box!, back]) {
      const row = containerRowOutputs(c, undefined, 'UTC', NOW);
      expect(row.Terminal).toBe('#unreadable terminal');
      expect(row.Status).toBe(box!.attributes.current_status);
    }
    expect(JSON.stringify(encodeContainer(box!, 1)).length).toBeLessThan(8_000);
  });
});
