// The app URL (the emulator's own origin): the deep link /shipments/find?q=, and minimal HTML
// pages for a shipment and for the shipments list, enough for the preview and for tests.
import type { HttpResponse } from '../../http';
import type { AccountStore } from '../data/account-store';
import type { ContainerRecord, ShipmentRecord } from '../data/records';
import type { EmulatorEnv } from '../env';
import type { RequestContext } from '../http/request-context';
import { escapeHtml as e, html } from '../http/respond';
import type { Route } from '../http/router';
import { resolveDeepLink } from './deep-link';
import { shipmentsMatching } from './matching';

export const webAppRoutes: Route<EmulatorEnv>[] = [
  {
    method: 'GET',
    pattern: '/',
    area: 'app',
    auth: false,
    handler: (ctx, env) => homePage(ctx, env),
  },
  {
    method: 'GET',
    pattern: '/shipments',
    area: 'app',
    auth: false,
    handler: (ctx) => listPage(ctx),
  },
  {
    method: 'GET',
    pattern: '/shipments/find',
    area: 'app',
    auth: false,
    handler: (ctx) => deepLink(ctx),
  },
  {
    method: 'GET',
    pattern: '/shipments/:id',
    area: 'app',
    auth: false,
    handler: (ctx, env) => shipmentPage(ctx, env),
  },
];

function deepLink(ctx: RequestContext): HttpResponse {
  const q = ctx.query.get('q') ?? '';
  const target = resolveDeepLink(ctx.account, q);
  const origin = ctx.url.origin;
  const location =
    target.kind === 'list'
      ? `${origin}/shipments?q=${encodeURIComponent(q)}`
      : `${origin}/shipments/${target.shipmentId}${target.containerId ? `?container=${target.containerId}` : ''}`;
  return html(
    302,
    `<html><body>You are being <a href="${e(location)}">redirected</a>.</body></html>`,
    {
      Location: location,
    },
  );
}

function page(title: string, body: string): string {
  return `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>${e(title)}</title>
<style>body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px}tr.selected{background:#fff3b0}</style>
</head><body>${body}</body></html>\n`;
}

function shipmentPage(ctx: RequestContext, env: EmulatorEnv): HttpResponse {
  let account: AccountStore | undefined;
  let shipment: ShipmentRecord | undefined;
  for (const candidate of env.accounts.values()) {
    shipment = candidate.shipment(ctx.params.id ?? '');
    account = candidate;
    if (shipment) break;
  }
  if (!shipment || !account) return html(404, page('Not found', '<h1>Shipment not found</h1>'));
  const a = shipment.attributes;
  const selected = ctx.query.get('container');
  const rows = account
    .containersOf(shipment)
    .map((c: ContainerRecord) => {
      const isSelected = c.id === selected;
      return `<tr data-container-id="${e(c.id)}"${isSelected ? ' class="selected" aria-current="true"' : ''}><td>${e(c.attributes.number)}</td><td>${e(c.attributes.current_status)}</td><td>${e(c.attributes.pickup_lfd ?? '')}</td></tr>`;
    })
    .join('\n');
  const body = `<p><a href="/shipments">All shipments</a></p>
<h1 data-shipment-id="${e(shipment.id)}">Shipment ${e(a.bill_of_lading_number)}</h1>
<p>${e(a.shipping_line_name)} · ${e(a.port_of_lading_name ?? '?')} → ${e(a.port_of_discharge_name ?? '?')} · ETA ${e(a.pod_eta_at ?? 'unknown')}</p>
<table><tr><th>Container</th><th>Status</th><th>Pickup LFD</th></tr>
${rows}
</table>`;
  return html(200, page(`Shipment ${a.bill_of_lading_number}`, body));
}

function listPage(ctx: RequestContext): HttpResponse {
  const q = ctx.query.get('q') ?? '';
  const list = (
    q.trim() === '' ? ctx.account.shipments() : shipmentsMatching(ctx.account, q)
  ).slice(0, 100);
  const rows = list
    .map(
      (s) =>
        `<tr><td><a href="/shipments/${e(s.id)}">${e(s.attributes.bill_of_lading_number)}</a></td><td>${e(s.attributes.shipping_line_scac)}</td><td>${s.containerIds.length}</td></tr>`,
    )
    .join('\n');
  const body = `<h1>Shipments</h1>
<form action="/shipments" method="get"><input type="search" name="q" value="${e(q)}" aria-label="Search"> <button>Search</button></form>
<p>${list.length === 0 ? 'No shipments match.' : `${list.length} shown`}</p>
<table><tr><th>Number</th><th>Carrier</th><th>Containers</th></tr>
${rows}
</table>`;
  return html(200, page('Shipments', body));
}

function homePage(ctx: RequestContext, env: EmulatorEnv): HttpResponse {
  const origin = ctx.url.origin;
  const body = `<h1>Tracking service emulator</h1>
<ul><li>API base: <code>${e(origin)}/v2</code></li><li>Demo key: <code>${e(env.demoKey)}</code></li>
<li><a href="/shipments">Shipments</a> · <a href="/__emulator/state">State</a></li></ul>`;
  return html(200, page('Tracking service emulator', body));
}
