// The resource graph that `include` walks: each node is a serialised resource that knows how to
// reach its related nodes. RELATIONS is the static map used to validate include paths.
import type { AccountStore } from '../data/account-store';
import type {
  ContainerRecord,
  DocumentRecord,
  ShipmentRecord,
  TrackingRequestRecord,
} from '../data/records';
import { terminalCheckedAt } from '../lifecycle/terminal-checks';
import { serializeContainer } from './container';
import { serializeDocument } from './document';
import { serializePort, serializeTerminal } from './places';
import type { Ref, Resource } from './resource';
import { serializeShipment } from './shipment';
import { serializeTrackingRequest } from './tracking-request';
import { serializeTransportEvent } from './transport-events';

export interface GraphNode {
  resource: Resource;
  related(name: string): GraphNode[];
}

/** relationship name → target type, per resource type (what the real serialisers declare). */
export const RELATIONS: Record<string, Record<string, string>> = {
  container: {
    shipment: 'shipment',
    pickup_facility: 'terminal',
    pod_terminal: 'terminal',
    transport_events: 'transport_event',
    raw_events: 'raw_event',
  },
  shipment: {
    containers: 'container',
    pod_terminal: 'terminal',
    destination_terminal: 'terminal',
    port_of_lading: 'port',
    port_of_discharge: 'port',
    destination: 'port',
    line_tracking_stopped_by_user: 'user',
  },
  tracking_request: { tracked_object: 'shipment', customer: 'party', user: 'user' },
  document: { shipments: 'shipment', cargos: 'container', account: 'account', user: 'user' },
  terminal: { port: 'port' },
  port: { terminals: 'terminal' },
  transport_event: {
    shipment: 'shipment',
    container: 'container',
    location: 'port',
    terminal: 'terminal',
    vessel: 'vessel',
  },
};

/** Nodes whose relationship targets are ids only (ports, terminals): follow by looking them up. */
function refs(resource: Resource, name: string): Ref[] {
  const data = resource.relationships?.[name]?.data;
  if (!data) return [];
  return Array.isArray(data) ? data : [data];
}

function terminalNodes(resource: Resource, name: string): GraphNode[] {
  return refs(resource, name).flatMap((r) => {
    const terminal = serializeTerminal(r.id);
    return terminal
      ? [
          {
            resource: terminal,
            related: (n: string) => (n === 'port' ? portNodes(terminal, 'port') : []),
          },
        ]
      : [];
  });
}

function portNodes(resource: Resource, name: string): GraphNode[] {
  return refs(resource, name).flatMap((r) => {
    const port = serializePort(r.id);
    return port
      ? [
          {
            resource: port,
            related: (n: string) => (n === 'terminals' ? terminalNodes(port, 'terminals') : []),
          },
        ]
      : [];
  });
}

/**
 * `now`: the moment the resource shows (the clock's reading; a webhook's snapshot passes the time
 * of its event). What changes with time alone (`terminal_checked_at`) is computed for it.
 */
export function containerNode(
  account: AccountStore,
  container: ContainerRecord,
  now = account.now(),
): GraphNode {
  const shipment = account.shipmentOf(container);
  const failing = container.podTerminalId
    ? (account.terminalChecksFailingSince.get(container.podTerminalId) ?? null)
    : null;
  const checked = terminalCheckedAt(container, shipment, now, failing);
  const resource = serializeContainer(container, shipment, checked);
  return {
    resource,
    related: (name) => {
      if (name === 'shipment') return shipment ? [shipmentNode(account, shipment, now)] : [];
      if (name === 'pod_terminal' || name === 'pickup_facility')
        return terminalNodes(resource, name);
      if (name === 'transport_events') {
        return refs(resource, name).flatMap((r) => {
          const event = serializeTransportEvent(container, shipment, r.id);
          if (!event) return [];
          return [
            {
              resource: event,
              related: (n: string) => eventRelated(account, container, event, n, now),
            },
          ];
        });
      }
      return [];
    },
  };
}

function eventRelated(
  account: AccountStore,
  container: ContainerRecord,
  event: Resource,
  name: string,
  now: number,
): GraphNode[] {
  if (name === 'container') return [containerNode(account, container, now)];
  const shipment = account.shipmentOf(container);
  if (name === 'shipment') return shipment ? [shipmentNode(account, shipment, now)] : [];
  if (name === 'location') return portNodes(event, name);
  if (name === 'terminal') return terminalNodes(event, name);
  return [];
}

export function shipmentNode(
  account: AccountStore,
  shipment: ShipmentRecord,
  now = account.now(),
): GraphNode {
  const resource = serializeShipment(shipment);
  return {
    resource,
    related: (name) => {
      if (name === 'containers')
        return account.containersOf(shipment).map((c) => containerNode(account, c, now));
      if (name === 'pod_terminal' || name === 'destination_terminal')
        return terminalNodes(resource, name);
      if (name === 'port_of_lading' || name === 'port_of_discharge' || name === 'destination') {
        return portNodes(resource, name);
      }
      return [];
    },
  };
}

export function trackingRequestNode(
  account: AccountStore,
  request: TrackingRequestRecord,
  now = account.now(),
): GraphNode {
  return {
    resource: serializeTrackingRequest(request),
    related: (name) => {
      const shipment =
        request.shipmentId === null ? undefined : account.shipment(request.shipmentId);
      return name === 'tracked_object' && shipment ? [shipmentNode(account, shipment, now)] : [];
    },
  };
}

export function documentNode(account: AccountStore, document: DocumentRecord): GraphNode {
  return {
    resource: serializeDocument(document, account.blob(document.blobSignedId), account.key),
    related: (name) => {
      if (name === 'shipments') {
        return document.shipmentIds.flatMap((id) => {
          const s = account.shipment(id);
          return s ? [shipmentNode(account, s)] : [];
        });
      }
      if (name === 'cargos') {
        return document.containerIds.flatMap((id) => {
          const c = account.container(id);
          return c ? [containerNode(account, c)] : [];
        });
      }
      return [];
    },
  };
}
