// Carriers for the Track form's SCAC picker, cached for hours: the list rarely changes. The
// service pages it (37 a page in the 2025-07 recording, although its OpenAPI says it does not):
// every page is read, up to a bound, so no carrier is missed.

import { paginate } from '../../api/paginate';
import { shippingLinesOf, type ShippingLine } from '../../api/resources';
import { Execution } from '../../execution/execution';

const KEY = 'ct:shipping-lines';
/** About 40 carriers a page today; 10 pages leave ample room and still bound the requests. */
const MAX_PAGES = 10;
const CACHE_SECONDS = 21_600;
/** Apps Script's cache takes 100 KB a value; a longer list is served but not cached. */
const MAX_CACHED_CHARS = 90_000;

export function listShippingLines(): ShippingLine[] {
  const run = new Execution('sidebar');
  const cached = run.cache.getAll([KEY])[KEY];
  if (cached) return JSON.parse(cached) as ShippingLine[];
  const byScac = new Map<string, ShippingLine>();
  const error = paginate(
    run.client(),
    { method: 'get', path: '/shipping_lines', query: { 'page[number]': 1 } },
    MAX_PAGES,
    ({ doc }) => {
      for (const line of shippingLinesOf(doc))
        if (!byScac.has(line.scac)) byScac.set(line.scac, line);
      return true;
    },
  );
  const lines = [...byScac.values()].sort((a, b) => a.name.localeCompare(b.name));
  if (error && lines.length === 0) throw error;
  const text = JSON.stringify(lines);
  // A partial list (a page failed) is shown but not cached, so the next opening tries again.
  if (!error && text.length < MAX_CACHED_CHARS) run.cache.putAll({ [KEY]: text }, CACHE_SECONDS);
  return lines;
}
