// The add-in copes with the service as recorded: a paginated carrier list, the real 422 codes and
// texts, a 404 whose detail is null, and older containers without current_status/import_deadlines.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { errorFromResponse } from '../../../src/api/errors';
import { createHarness } from '../../helpers/addon-harness';
import { thrown } from '../../helpers/thrown';

const FIXTURES = join(__dirname, '../../../local/emulator/reference/fixtures');
const recorded = (file: string) => readFileSync(join(FIXTURES, file), 'utf8');

describe('the carrier list', () => {
  it('reads every page, so carriers past page 1 are offered', () => {
    const h = createHarness();
    const lines = h.gas.run<{ scac: string }[]>('listShippingLines');
    const all = JSON.parse(recorded('shipping-lines.list.json')).data.map(
      (d: { attributes: { scac: string } }) => d.attributes.scac,
    );
    expect(lines.map((l) => l.scac).sort()).toEqual([...all].sort());
    const sent = h.requests();
    h.gas.run('listShippingLines'); // cached
    expect(h.requests()).toBe(sent);
  });
});

describe('refusals in the service own words', () => {
  it('shows every recorded 422 detail for the new codes', () => {
    const error = errorFromResponse(
      {
        status: 422,
        headers: {},
        body: recorded(
          'captured-2025-07.tracking-requests.create.422-blank-scac-request-type.json',
        ),
      },
      0,
    );
    expect(error.kind).toBe('validation');
    expect(error.message).toContain('Request number is too short (minimum is 6 characters)');
    expect(error.message).toContain("Scac '' is not recognized");
    expect(error.message).toContain("Request type 'invalid_type' not recognized");
    expect(error.errors.map((e) => e.code)).toEqual([
      'blank',
      'too_short',
      'blank',
      'not_recognized',
      'invalid_request_type',
    ]);
  });

  it('gives a sensible message for the recorded 404 (detail null)', () => {
    const error = errorFromResponse(
      {
        status: 404,
        headers: {},
        body: recorded('captured-2025-07.tracking-requests.get.404.json'),
      },
      0,
    );
    expect(error.message).toBe('Not found in this tracking account.');
  });

  it('the sidebar shows the service text for an unknown SCAC and a short number', () => {
    const h = createHarness();
    const message = thrown(() =>
      h.gas.run('createTrackingRequest', [
        { requestType: 'bill_of_lading', requestNumber: 'ABC123456', scac: 'QQQQ' },
      ]),
    );
    expect(message).toBe("Scac 'QQQQ' is not recognized");
    expect(
      thrown(() =>
        h.gas.run('createTrackingRequest', [
          { requestType: 'bill_of_lading', requestNumber: 'AB12', scac: 'MAEU' },
        ]),
      ),
    ).toMatch(/6 to 40/);
  });
});

describe('older containers as recorded', () => {
  it('without current_status or import_deadlines read as blank, not errors', () => {
    const h = createHarness();
    const doc = JSON.parse(recorded('captured-2025-07.containers.list.json'));
    const old = doc.data[0];
    expect(old.attributes.current_status).toBeUndefined();
    expect(old.attributes.import_deadlines).toBeUndefined();
    h.interceptors.push((req) =>
      req.url.includes('/v2/containers')
        ? {
            status: 200,
            headers: {},
            body: JSON.stringify({
              data: [old],
              links: {},
              meta: { total: 1 },
            }),
          }
        : undefined,
    );
    const number = old.attributes.number as string;
    expect(h.cell('CONTAINER_STATUS', number)).toBe('');
    expect(h.cell('LFD', number, 'terminal')).toBe('');
  });
});
