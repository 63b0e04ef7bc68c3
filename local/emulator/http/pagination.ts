// Page parameters and the links/meta of a list response, built from the request URL as the real
// service does: `self` is the URL as requested, the others carry page[number] and page[size].
import { withoutParams, type RequestContext } from './request-context';

export const DEFAULT_PAGE_SIZE = 30;
export const MAX_PAGE_SIZE = 100;

export interface Page {
  number: number;
  size: number;
}

/** Missing or unusable values fall back to the defaults; sizes above 100 are cut to 100. */
export function readPage(query: URLSearchParams): Page {
  const number = positiveInt(query.get('page[number]')) ?? 1;
  const size = Math.min(positiveInt(query.get('page[size]')) ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  return { number, size };
}

function positiveInt(text: string | null): number | null {
  if (text === null || !/^\s*\d{1,9}\s*$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 ? value : null;
}

export interface PageResult<T> {
  items: T[];
  links: Record<string, string>;
  meta: { size: number; total: number };
  lastPage: number;
}

/** One page of `all`, or of nothing when an `empty-list` fault applies to this request. */
export function paginate<T>(ctx: RequestContext, listed: readonly T[]): PageResult<T> {
  const all = ctx.emptyList() ? [] : listed;
  const page = readPage(ctx.query);
  const total = all.length;
  const lastPage = Math.max(1, Math.ceil(total / page.size));
  const start = (page.number - 1) * page.size;
  const items = all.slice(start, start + page.size);
  const base = withoutParams(ctx.url, ['page[number]', 'page[size]', '__fault']);
  const join = base.includes('?') ? '&' : '?';
  const link = (n: number) => `${base}${join}page[number]=${n}&page[size]=${page.size}`;
  const links: Record<string, string> = { self: ctx.publicUrl, current: link(page.number) };
  if (page.number > 1) {
    links.first = link(1);
    links.prev = link(Math.min(page.number - 1, lastPage));
  }
  if (page.number < lastPage) links.next = link(page.number + 1);
  links.last = link(lastPage);
  return { items, links, meta: { size: page.size, total }, lastPage };
}
