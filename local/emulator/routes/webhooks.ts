// /webhooks (list, create, show, update, delete) and /webhook_notifications (list newest first,
// show), with the OpenAPI's request and response shapes (reference/openapi.json).
import type { EmulatorEnv } from '../env';
import { readResource } from '../http/documents-in';
import { paginate } from '../http/pagination';
import { apiError, apiErrors, invalid, jsonApi, notFound, type ApiError } from '../http/respond';
import type { Route } from '../http/router';
import type { RequestContext } from '../http/request-context';
import type { Resource } from '../serialize/resource';
import { isWebhookEvent, type WebhookEvent } from '../webhooks/events';
import {
  notificationDocument,
  serializeNotification,
  serializeWebhook,
} from '../webhooks/serialize';
import { triggerTestDelivery } from '../webhooks/test-delivery';
import type { WebhookRecord } from '../webhooks/webhook-book';

interface WebhookInput {
  url?: string;
  active?: boolean;
  events?: WebhookEvent[];
  headers?: { name: string; value: string }[];
}

/** Every problem of the attributes in one 422; `creating` makes url, active and events required. */
function readWebhookAttributes(
  attributes: Record<string, unknown>,
  creating: boolean,
): WebhookInput | ApiError[] {
  const errors: ApiError[] = [];
  const at = (name: string) => `/data/attributes/${name}`;
  const out: WebhookInput = {};
  const { url, active, events, headers } = attributes;
  if (url !== undefined || creating) {
    let parsed: URL | null;
    try {
      parsed = typeof url === 'string' ? new URL(url) : null;
    } catch {
      parsed = null;
    }
    if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:'))
      errors.push(invalid(at('url'), 'Url is invalid', 'invalid'));
    else out.url = String(url);
  }
  if (active !== undefined || creating) {
    if (typeof active !== 'boolean')
      errors.push(invalid(at('active'), 'Active must be true or false', 'invalid'));
    else out.active = active;
  }
  if (events !== undefined || creating) {
    if (!Array.isArray(events) || events.length === 0)
      errors.push(invalid(at('events'), 'Events must have at least one event', 'invalid'));
    else if (!events.every(isWebhookEvent))
      errors.push(
        invalid(
          at('events'),
          `Events include unknown events: ${events.filter((e) => !isWebhookEvent(e)).join(', ')}`,
          'invalid',
        ),
      );
    else if (new Set(events).size !== events.length)
      errors.push(invalid(at('events'), 'Events must be unique', 'invalid'));
    else out.events = events;
  }
  if (headers !== undefined && headers !== null) {
    const ok =
      Array.isArray(headers) &&
      headers.every(
        (h: unknown) =>
          typeof h === 'object' &&
          h !== null &&
          typeof (h as { name?: unknown }).name === 'string' &&
          typeof (h as { value?: unknown }).value === 'string',
      );
    if (!ok)
      errors.push(invalid(at('headers'), 'Headers must be a list of name and value', 'invalid'));
    else out.headers = (headers as { name: string; value: string }[]).map((h) => ({ ...h }));
  }
  return errors.length > 0 ? errors : out;
}

const webhookOf = (ctx: RequestContext) => ctx.account.webhooks.webhook(ctx.params.id ?? '');

function secretFor(env: EmulatorEnv): string {
  return `${env.ids.uuid()}${env.ids.uuid()}`.replace(/-/g, '');
}

/** `include` on notification listings: the reference object and the webhook. */
function notificationIncludes(ctx: RequestContext): Set<string> | ReturnType<typeof apiError> {
  const raw = ctx.query.get('include');
  const names = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  for (const name of names) {
    if (name !== 'reference_object' && name !== 'webhook')
      return apiError(400, {
        detail: `${name} is not specified as a relationship on V2::WebhookNotificationSerializer`,
        source: { parameter: 'include' },
      });
  }
  return new Set(names);
}

export const webhookRoutes: Route<EmulatorEnv>[] = [
  {
    // Before /v2/webhooks/:id, which would take `trigger` for an id.
    method: 'POST',
    pattern: '/v2/webhooks/trigger',
    area: 'api',
    auth: true,
    body: 'json',
    handler: (ctx, env) => triggerTestDelivery(ctx.body, env.ids, ctx.now),
  },
  {
    method: 'GET',
    pattern: '/v2/webhooks',
    area: 'api',
    auth: true,
    handler: (ctx) => {
      const page = paginate(ctx, ctx.account.webhooks.webhooks());
      return jsonApi(200, {
        data: page.items.map(serializeWebhook),
        links: page.links,
        meta: page.meta,
      });
    },
  },
  {
    method: 'POST',
    pattern: '/v2/webhooks',
    area: 'api',
    auth: true,
    body: 'json',
    handler: (ctx, env) => {
      const input = readResource(ctx.body, 'webhook');
      if ('status' in input) return input;
      const read = readWebhookAttributes(input.attributes, true);
      if (Array.isArray(read)) return apiErrors(422, read);
      const hook: WebhookRecord = {
        id: env.ids.uuid(),
        createdAtMs: ctx.now,
        url: read.url ?? '',
        active: read.active ?? true,
        events: read.events ?? [],
        secret: secretFor(env),
        headers: read.headers ?? [],
      };
      ctx.account.webhooks.addWebhook(hook);
      return jsonApi(201, { data: serializeWebhook(hook) });
    },
  },
  {
    method: 'GET',
    pattern: '/v2/webhooks/:id',
    area: 'api',
    auth: true,
    handler: (ctx) => {
      const hook = webhookOf(ctx);
      return hook ? jsonApi(200, { data: serializeWebhook(hook) }) : notFound();
    },
  },
  {
    method: 'PATCH',
    pattern: '/v2/webhooks/:id',
    area: 'api',
    auth: true,
    body: 'json',
    handler: (ctx) => {
      const hook = webhookOf(ctx);
      if (!hook) return notFound();
      const input = readResource(ctx.body, 'webhook', hook.id);
      if ('status' in input) return input;
      const read = readWebhookAttributes(input.attributes, false);
      if (Array.isArray(read)) return apiErrors(422, read);
      Object.assign(hook, read);
      return jsonApi(200, { data: serializeWebhook(hook) });
    },
  },
  {
    method: 'DELETE',
    pattern: '/v2/webhooks/:id',
    area: 'api',
    auth: true,
    handler: (ctx) =>
      ctx.account.webhooks.deleteWebhook(ctx.params.id ?? '')
        ? { status: 200, headers: {}, body: '' }
        : notFound(),
  },
  {
    method: 'GET',
    pattern: '/v2/webhook_notifications',
    area: 'api',
    auth: true,
    handler: (ctx) => {
      const includes = notificationIncludes(ctx);
      if (!(includes instanceof Set)) return includes;
      const page = paginate(ctx, ctx.account.webhooks.notifications());
      const included: Resource[] = [];
      const seen = new Set<string>();
      const add = (r: Resource) => {
        const key = `${r.type}:${r.id}`;
        if (!seen.has(key)) {
          seen.add(key);
          included.push(r);
        }
      };
      for (const n of page.items) {
        if (includes.has('reference_object')) add(n.reference);
        const hook = ctx.account.webhooks.webhook(n.webhookId);
        if (includes.has('webhook') && hook) add(serializeWebhook(hook));
      }
      return jsonApi(200, {
        data: page.items.map(serializeNotification),
        ...(includes.size > 0 ? { included } : {}),
        links: page.links,
        meta: page.meta,
      });
    },
  },
  {
    method: 'GET',
    pattern: '/v2/webhook_notifications/:id',
    area: 'api',
    auth: true,
    handler: (ctx) => {
      const notice = ctx.account.webhooks.notification(ctx.params.id ?? '');
      // As the OpenAPI's examples show it: with the reference object and what it is about.
      return notice ? jsonApi(200, notificationDocument(notice)) : notFound();
    },
  },
];
