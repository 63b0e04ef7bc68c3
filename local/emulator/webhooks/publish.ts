// Turns a change in the emulator's data into notifications: one per active subscription whose
// events include the event, each with a snapshot of what it is about (the service sends the
// state at the time of the event, not at the time of delivery).
import type { Rng } from '../core/prng';
import type { AccountStore } from '../data/account-store';
import type { ContainerRecord, TrackingRequestRecord } from '../data/records';
import { containerNode, shipmentNode, trackingRequestNode } from '../serialize/graph';
import type { Resource } from '../serialize/resource';
import { transportEventResource } from '../serialize/transport-events';
import { isoSeconds } from '../core/time';
import type { WebhookEvent } from './events';
import type { NotificationRecord } from './webhook-book';

export interface Publisher {
  account: AccountStore;
  ids: Rng;
  now: number;
}

/** Creates the notifications of one event; returns their ids (none without a subscriber). */
export function publish(
  p: Publisher,
  event: WebhookEvent,
  reference: Resource,
  related: Resource[],
): string[] {
  return p.account.webhooks.subscribers(event).map((hook) => {
    const notice: NotificationRecord = {
      id: p.ids.uuid(),
      createdAtMs: p.now,
      event,
      webhookId: hook.id,
      reference,
      related,
      deliveryStatus: 'pending',
      attempts: 0,
      nextAttemptAt: p.now,
      inFlight: false,
    };
    p.account.webhooks.addNotification(notice);
    return notice.id;
  });
}

/** The container with its shipment and the shipment's other containers, as the service includes them. */
function containerGraph(
  account: AccountStore,
  container: ContainerRecord,
  now: number,
): Resource[] {
  const node = containerNode(account, container, now);
  const shipment = account.shipmentOf(container);
  const siblings = shipment
    ? account.containersOf(shipment).filter((c) => c.id !== container.id)
    : [];
  return [
    node.resource,
    ...(shipment ? [shipmentNode(account, shipment, now).resource] : []),
    ...siblings.map((c) => containerNode(account, c, now).resource),
  ];
}

/** `container.updated` and friends: a container_updated_event with the changeset. */
export function publishContainerUpdate(
  p: Publisher,
  events: WebhookEvent[],
  container: ContainerRecord,
  changeset: Record<string, [unknown, unknown]>,
): string[] {
  const reference: Resource = {
    id: p.ids.uuid(),
    type: 'container_updated_event',
    attributes: {
      changeset,
      timestamp: isoSeconds(p.now),
      timezone: container.attributes.pod_timezone,
      data_source: 'terminal',
    },
    relationships: {
      container: { data: { id: container.id, type: 'container' } },
      terminal: {
        data: container.podTerminalId ? { id: container.podTerminalId, type: 'terminal' } : null,
      },
    },
  };
  const related = containerGraph(p.account, container, p.now);
  return events.flatMap((event) => publish(p, event, reference, related));
}

/** `container.transport.*`: a transport_event about the container. */
export function publishTransportEvent(
  p: Publisher,
  event: WebhookEvent,
  container: ContainerRecord,
): string[] {
  const at = isoSeconds(p.now);
  // Reported by the POD terminal, where availability and the gate are known.
  const reference = transportEventResource(container, p.ids.uuid(), {
    event,
    at,
    createdAt: at,
    locode: container.podLocode,
    atTerminal: true,
    source: 'terminal',
  });
  return publish(p, event, reference, containerGraph(p.account, container, p.now));
}

/** `shipment.estimated.arrival`: an estimated_event about the shipment. */
export function publishEstimatedArrival(
  p: Publisher,
  container: ContainerRecord,
  estimatedAt: string,
): string[] {
  const shipment = p.account.shipmentOf(container);
  if (!shipment) return [];
  const reference: Resource = {
    id: p.ids.uuid(),
    type: 'estimated_event',
    attributes: {
      event: 'shipment.estimated.arrival',
      created_at: isoSeconds(p.now),
      estimated_timestamp: estimatedAt,
      timezone: shipment.attributes.pod_timezone,
      voyage_number: shipment.attributes.pod_voyage_number,
    },
    relationships: { shipment: { data: { id: shipment.id, type: 'shipment' } } },
  };
  return publish(
    p,
    'shipment.estimated.arrival',
    reference,
    containerGraph(p.account, container, p.now),
  );
}

const OUTCOME_EVENTS: Partial<Record<TrackingRequestRecord['status'], WebhookEvent>> = {
  created: 'tracking_request.succeeded',
  failed: 'tracking_request.failed',
  awaiting_manifest: 'tracking_request.awaiting_manifest',
};

/** A tracking request reached an outcome: the request, and the shipment it created, included. */
export function publishTrackingOutcome(p: Publisher, request: TrackingRequestRecord): string[] {
  const event = OUTCOME_EVENTS[request.status];
  if (!event) return [];
  const node = trackingRequestNode(p.account, request, p.now);
  const shipment = request.shipmentId ? p.account.shipment(request.shipmentId) : undefined;
  const related = shipment
    ? [
        shipmentNode(p.account, shipment, p.now).resource,
        ...p.account.containersOf(shipment).map((c) => containerNode(p.account, c, p.now).resource),
      ]
    : [];
  return publish(p, event, node.resource, related);
}
