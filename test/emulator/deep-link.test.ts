import { resolveDeepLink } from '../../local/emulator';
import { harness, headerOf, text } from './support/harness';

const h = harness();
const account = h.emulator.account()!;
const find = (q: string) =>
  h.request('GET', `/shipments/find?q=${encodeURIComponent(q)}`, { key: null });
const location = (q: string) => {
  const response = find(q);
  expect(response.status).toBe(302);
  return headerOf(response, 'location')!;
};
const ORIGIN = 'http://127.0.0.1:4949';

describe('web deep link /shipments/find?q=', () => {
  const shipment = account.shipments()[6]!;
  const container = account.containersOf(shipment)[1]!;
  const number = container.attributes.number;

  it('1. exact container number, in any case and with spaces or dashes → shipment with the container selected', () => {
    const expected = `${ORIGIN}/shipments/${shipment.id}?container=${container.id}`;
    expect(location(number)).toBe(expected);
    expect(
      location(`${number.slice(0, 4).toLowerCase()} ${number.slice(4, 10)}-${number.slice(10)}`),
    ).toBe(expected);
    expect(resolveDeepLink(account, number).rule).toBe(1);
  });

  it('2. exact shipment number or reference number → that shipment', () => {
    expect(location(shipment.attributes.bill_of_lading_number.toLowerCase())).toBe(
      `${ORIGIN}/shipments/${shipment.id}`,
    );
    expect(resolveDeepLink(account, shipment.attributes.bill_of_lading_number).rule).toBe(2);
    const unique = account
      .shipments()
      .find(
        (s) =>
          s.attributes.ref_numbers?.length === 1 &&
          account
            .shipments()
            .filter((o) => o.attributes.ref_numbers?.includes(s.attributes.ref_numbers![0]!))
            .length === 1,
      )!;
    expect(location(unique.attributes.ref_numbers![0]!)).toBe(`${ORIGIN}/shipments/${unique.id}`);
    expect(resolveDeepLink(account, unique.attributes.ref_numbers![0]!).rule).toBe(2);
  });

  it('when several shipments match exactly, the first in list order (newest) wins', () => {
    const [newer, older] = [account.shipments()[2]!, account.shipments()[9]!];
    for (const s of [older, newer]) {
      const patch = { data: { type: 'shipment', attributes: { ref_numbers: ['SHARED-REF'] } } };
      expect(h.patch(`/v2/shipments/${s.id}`, patch).status).toBe(200);
    }
    expect(location('shared-ref')).toBe(`${ORIGIN}/shipments/${newer.id}`);
    expect(resolveDeepLink(account, 'Shared-Ref')).toEqual({
      kind: 'shipment',
      shipmentId: newer.id,
      rule: 2,
    });
  });

  it('a container reference number → that container’s shipment', () => {
    const target = account.containers()[20]!;
    h.patch(`/v2/containers/${target.id}`, {
      data: { type: 'container', attributes: { ref_numbers: ['CNTR-REF-1'] } },
    });
    expect(location('cntr-ref-1')).toBe(`${ORIGIN}/shipments/${target.shipmentId}`);
  });

  it('3. partial container number → its shipment with that container selected', () => {
    const partial = number.slice(0, 8);
    const first = account.containers().find((c) => c.attributes.number.includes(partial))!;
    expect(location(partial)).toBe(`${ORIGIN}/shipments/${first.shipmentId}?container=${first.id}`);
    expect(resolveDeepLink(account, partial).rule).toBe(3);
  });

  it('4. partial shipment number → that shipment', () => {
    const bol = shipment.attributes.bill_of_lading_number;
    const partial = bol.slice(0, bol.length - 2);
    const target = resolveDeepLink(account, partial);
    expect(target.rule).toBe(4);
    const first = account
      .shipments()
      .find((s) =>
        s.attributes.bill_of_lading_number.toUpperCase().includes(partial.toUpperCase()),
      )!;
    expect(location(partial)).toBe(`${ORIGIN}/shipments/${first.id}`);
  });

  it('5. no match → the list page with the query filled in', () => {
    expect(location('no such thing')).toBe(`${ORIGIN}/shipments?q=no%20such%20thing`);
    const page = h.request('GET', '/shipments?q=no%20such%20thing', { key: null });
    expect(page.status).toBe(200);
    expect(text(page)).toContain('value="no such thing"');
    expect(text(page)).toContain('No shipments match.');
    expect(location('')).toBe(`${ORIGIN}/shipments?q=`);
  });

  it('serves the shipment page with the container selected, and escapes what it shows', () => {
    const page = text(
      h.request('GET', `/shipments/${shipment.id}?container=${container.id}`, { key: null }),
    );
    expect(page).toContain(
      `<h1 data-shipment-id="${shipment.id}">Shipment ${shipment.attributes.bill_of_lading_number}</h1>`,
    );
    expect(page).toContain(
      `<tr data-container-id="${container.id}" class="selected" aria-current="true">`,
    );
    expect(page.match(/class="selected"/g)).toHaveLength(1);
    const list = text(h.request('GET', '/shipments?q=%3Cscript%3E', { key: null }));
    expect(list).toContain('value="&lt;script&gt;"');
    expect(list).not.toContain('<script>');
    expect(h.request('GET', '/shipments/unknown', { key: null }).status).toBe(404);
  });

  it('searches the caller’s account when a key comes with the request', () => {
    h.emulator.addAccount('empty-account');
    const response = h.request('GET', `/shipments/find?q=${number}`, { key: 'empty-account' });
    expect(headerOf(response, 'location')).toBe(`${ORIGIN}/shipments?q=${number}`);
  });
});
