// The `/v2/<type>/:id` handlers the resources share: GET with `include` (containers, shipments,
// tracking requests) and PATCH of string-list attributes (containers, shipments).
import type { HttpResponse } from '../../http';
import type { AccountStore } from '../data/account-store';
import { readResource, readStringList } from '../http/documents-in';
import { parseIncludes, withIncluded } from '../http/includes';
import type { RequestContext } from '../http/request-context';
import { apiErrors, invalid, jsonApi, notFound, type ApiError } from '../http/respond';
import type { GraphNode } from '../serialize/graph';

type Find<R> = (account: AccountStore, id: string) => R | undefined;
type ToNode<R> = (account: AccountStore, record: R) => GraphNode;
type Handler = (ctx: RequestContext) => HttpResponse;

/**
 * GET /v2/<type>/:id: the include paths checked first (400), then 404, or the resource with what
 * it includes and a self link.
 */
export function showById<R>(type: string, find: Find<R>, node: ToNode<R>): Handler {
  return (ctx) => {
    const paths = parseIncludes(ctx.query, type);
    if (!Array.isArray(paths)) return paths;
    const record = find(ctx.account, ctx.params.id ?? '');
    if (!record) return notFound();
    const found = node(ctx.account, record);
    return jsonApi(200, {
      data: found.resource,
      ...withIncluded([found], paths),
      links: { self: ctx.publicUrl },
    });
  };
}

/** An attribute that PATCH may set: a list of strings (`ref_numbers`-style). */
export interface EditableList<R> {
  attribute: string;
  /** Its name in error messages: "Ref numbers must be an array of strings". */
  label: string;
  /** Duplicates are a 422 ("Tags must be unique"). */
  unique?: boolean;
  set(record: R, list: string[]): void;
}

/**
 * PATCH /v2/<type>/:id: 404, the document's own 400/409/422, then every list checked (all
 * problems in one 422) before any is set. Other attributes are not editable through the API;
 * like Rails strong parameters, they are ignored. `updatedAtMs` moves only when something was set.
 */
export function patchById<R extends { id: string; updatedAtMs: number }>(
  type: string,
  find: Find<R>,
  node: ToNode<R>,
  lists: readonly EditableList<R>[],
): Handler {
  return (ctx) => {
    const record = find(ctx.account, ctx.params.id ?? '');
    if (!record) return notFound();
    const input = readResource(ctx.body, type, record.id);
    if ('status' in input) return input;
    const errors: ApiError[] = [];
    const values = lists.map((list) => {
      const pointer = `/data/attributes/${list.attribute}`;
      const value = readStringList(input.attributes[list.attribute], pointer, list.label, errors);
      if (list.unique && value && new Set(value).size !== value.length) {
        errors.push(invalid(pointer, `${list.label} must be unique`, 'invalid'));
      }
      return value;
    });
    if (errors.length > 0) return apiErrors(422, errors);
    lists.forEach((list, i) => {
      const value = values[i];
      if (value !== undefined) list.set(record, value);
    });
    if (values.some((value) => value !== undefined)) record.updatedAtMs = ctx.now;
    return jsonApi(200, {
      data: node(ctx.account, record).resource,
      links: { self: ctx.publicUrl },
    });
  };
}
