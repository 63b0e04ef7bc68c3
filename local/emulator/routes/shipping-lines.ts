// GET /shipping_lines: the real, recorded carrier list, paginated as the service really answers
// (captured-2025-07.shipping-lines.list.page-1.json: 37 lines on page 1, links self/current/
// next/last with only page[number], no meta), although its OpenAPI says "no pagination".
import captured from '../reference/fixtures/captured-2025-07.shipping-lines.list.page-1.json';
import { SHIPPING_LINES, type ShippingLine } from '../data/shipping-lines';
import type { EmulatorEnv } from '../env';
import { MAX_PAGE_SIZE } from '../http/pagination';
import { withoutParams, type RequestContext } from '../http/request-context';
import { jsonApi } from '../http/respond';
import type { Route } from '../http/router';

/** The recorded page 1 held this many lines and pointed to a page 2. */
export const SHIPPING_LINES_PAGE_SIZE = captured.data.length;

/** The recorded page's order first; lines it did not have (they were on page 2) after it. */
const ORDERED: readonly ShippingLine[] = (() => {
  const order = captured.data.map((d) => d.attributes.scac);
  const rank = (l: ShippingLine) => {
    const i = order.indexOf(l.scac);
    return i < 0 ? order.length : i;
  };
  return [...SHIPPING_LINES].sort((a, b) => rank(a) - rank(b));
})();

export const shippingLineRoutes: Route<EmulatorEnv>[] = [
  {
    method: 'GET',
    pattern: '/v2/shipping_lines',
    area: 'api',
    auth: true,
    handler: (ctx) => listShippingLines(ctx),
  },
];

function positive(text: string | null): number | null {
  return text !== null && /^\d{1,9}$/.test(text.trim()) && Number(text) >= 1 ? Number(text) : null;
}

function listShippingLines(ctx: RequestContext) {
  const askedSize = positive(ctx.query.get('page[size]'));
  const size = Math.min(askedSize ?? SHIPPING_LINES_PAGE_SIZE, MAX_PAGE_SIZE);
  const number = positive(ctx.query.get('page[number]')) ?? 1;
  const last = Math.max(1, Math.ceil(ORDERED.length / size));
  const base = withoutParams(ctx.url, ['page[number]', 'page[size]', '__fault']);
  const join = base.includes('?') ? '&' : '?';
  const link = (n: number) =>
    `${base}${join}page[number]=${n}${askedSize ? `&page[size]=${size}` : ''}`;
  const links: Record<string, string> = { self: ctx.publicUrl, current: link(number) };
  if (number > 1) {
    links.first = link(1);
    links.prev = link(Math.min(number - 1, last));
  }
  if (number < last) links.next = link(number + 1);
  links.last = link(last);
  return jsonApi(200, {
    data: ORDERED.slice((number - 1) * size, number * size).map((line) => ({
      id: line.id,
      type: 'shipping_line',
      attributes: line.attributes,
    })),
    links,
  });
}
