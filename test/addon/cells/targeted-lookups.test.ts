// Targeted look-ups in a large account use the service's non-deprecated parameters: a container
// number goes to GET /containers?filter[number]= (as the OpenAPI says), never /shipments?q=.

import { createHarness } from '../../helpers/addon-harness';

describe('targeted look-ups', () => {
  const h = createHarness({ containers: 10_000 });
  const account = h.emulator.account()!;
  // Far from page 1 (newest first), so only a targeted look-up can find it.
  const shipment = [...account.shipments()]
    .reverse()
    .find((s) => account.containersOf(s).length >= 2)!;
  const boxes = account.containersOf(shipment).map((c) => c.attributes.number);

  it('find a container by filter[number], with its shipment and all its containers', () => {
    const sent = h.gas.urlFetchLog.length;
    expect(h.cell('CONTAINER_STATUS', boxes[0])).toBe(
      account.containersOf(shipment)[0]!.attributes.current_status,
    );
    const urls = h.gas.urlFetchLog.slice(sent).map((e) => decodeURIComponent(e.url));
    expect(urls.some((u) => u.includes(`/containers?filter[number]=${boxes[0]}`))).toBe(true);
    expect(urls.filter((u) => /[?&]q=/.test(u))).toEqual([]);
    expect(
      String(h.cell('SHIPMENT_INFO', boxes[1], 'containers'))
        .split(/,\s*/)
        .sort(),
    ).toEqual([...boxes].sort());
  });
});
