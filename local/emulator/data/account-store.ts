// One account's data. Lists are kept sorted newest first (the order the API returns), so a
// page of a 10,000-container account is a slice, not a sort.
import { normalizeContainerNumber } from '../core/iso6346';
import { AutoStopSchedule } from '../lifecycle/line-tracking';
import type {
  BlobRecord,
  ContainerRecord,
  DocumentRecord,
  ShipmentRecord,
  TrackingRequestRecord,
} from './records';
import { WebhookBook } from '../webhooks/webhook-book';

interface Dated {
  id: string;
  createdAtMs: number;
}

/**
 * A list sorted by creation time, newest first; ties put the later insert first. Sorted when read
 * after a change (TimSort on an almost sorted array is close to linear), so seeding 10,000+
 * records costs one sort instead of a splice per record.
 */
class NewestFirst<T extends Dated> {
  private readonly list: T[] = [];
  private readonly byId = new Map<string, T>();
  private readonly seq = new Map<string, number>();
  private sorted = true;

  add(item: T): void {
    if (this.byId.has(item.id)) throw new Error(`duplicate id ${item.id}`);
    this.byId.set(item.id, item);
    this.seq.set(item.id, this.seq.size);
    this.list.push(item);
    this.sorted = false;
  }

  get items(): readonly T[] {
    if (!this.sorted) {
      const seq = this.seq;
      this.list.sort(
        (a, b) => b.createdAtMs - a.createdAtMs || (seq.get(b.id) ?? 0) - (seq.get(a.id) ?? 0),
      );
      this.sorted = true;
    }
    return this.list;
  }

  get(id: string): T | undefined {
    return this.byId.get(id);
  }
}

export class AccountStore {
  private readonly containerList = new NewestFirst<ContainerRecord>();
  private readonly shipmentList = new NewestFirst<ShipmentRecord>();
  private readonly requestList = new NewestFirst<TrackingRequestRecord>();
  private readonly documentList = new NewestFirst<DocumentRecord>();
  private readonly blobsBySignedId = new Map<string, BlobRecord>();
  private readonly containersByNumber = new Map<string, ContainerRecord>();
  private readonly shipmentsByNumber = new Map<string, ShipmentRecord>();
  /** Requests that still have steps ahead of them: all the lazy lifecycle has to look at. */
  readonly unsettledRequests = new Set<TrackingRequestRecord>();
  /** When the service will stop checking each shipment by its own rules. */
  readonly autoStops = new AutoStopSchedule();
  /** Webhook subscriptions and the notifications they produced. */
  readonly webhooks = new WebhookBook();
  /**
   * Terminals the service cannot reach, by terminal id: since when their checks fail (ms). Their
   * containers' `terminal_checked_at` stays at the last check before (lifecycle/terminal-checks.ts).
   */
  readonly terminalChecksFailingSince = new Map<string, number>();

  /** `now`: the emulator's clock, read when a container is serialised. */
  constructor(
    readonly key: string,
    readonly now: () => number,
  ) {}

  /** Adds a shipment with its containers (the containers' shipmentId must point at it). */
  addShipment(shipment: ShipmentRecord, containers: readonly ContainerRecord[]): void {
    this.shipmentList.add(shipment);
    this.shipmentsByNumber.set(shipment.attributes.bill_of_lading_number.toUpperCase(), shipment);
    this.shipmentsByNumber.set(shipment.attributes.normalized_number.toUpperCase(), shipment);
    for (const container of containers) {
      this.containerList.add(container);
      this.containersByNumber.set(normalizeContainerNumber(container.attributes.number), container);
    }
    this.autoStops.watch(shipment, containers, shipment.updatedAtMs);
  }

  addTrackingRequest(request: TrackingRequestRecord): void {
    this.requestList.add(request);
    if (request.steps.length > 0) this.unsettledRequests.add(request);
  }

  addBlob(blob: BlobRecord): void {
    this.blobsBySignedId.set(blob.signedId, blob);
  }

  addDocument(document: DocumentRecord): void {
    this.documentList.add(document);
  }

  /** Newest first, as GET /containers returns them. Do not mutate the array. */
  containers(): readonly ContainerRecord[] {
    return this.containerList.items;
  }

  shipments(): readonly ShipmentRecord[] {
    return this.shipmentList.items;
  }

  trackingRequests(): readonly TrackingRequestRecord[] {
    return this.requestList.items;
  }

  documents(): readonly DocumentRecord[] {
    return this.documentList.items;
  }

  blobs(): readonly BlobRecord[] {
    return [...this.blobsBySignedId.values()];
  }

  container(id: string): ContainerRecord | undefined {
    return this.containerList.get(id);
  }

  shipment(id: string): ShipmentRecord | undefined {
    return this.shipmentList.get(id);
  }

  trackingRequest(id: string): TrackingRequestRecord | undefined {
    return this.requestList.get(id);
  }

  document(id: string): DocumentRecord | undefined {
    return this.documentList.get(id);
  }

  blob(signedId: string): BlobRecord | undefined {
    return this.blobsBySignedId.get(signedId);
  }

  blobByKey(key: string): BlobRecord | undefined {
    for (const blob of this.blobsBySignedId.values()) if (blob.key === key) return blob;
    return undefined;
  }

  /** By container number, ignoring case, spaces and dashes. */
  findContainer(number: string): ContainerRecord | undefined {
    return this.containersByNumber.get(normalizeContainerNumber(number));
  }

  /** By bill of lading (or booking) number or normalized number, ignoring case. */
  findShipment(number: string): ShipmentRecord | undefined {
    return this.shipmentsByNumber.get(number.trim().toUpperCase());
  }

  containersOf(shipment: ShipmentRecord): ContainerRecord[] {
    return shipment.containerIds
      .map((id) => this.container(id))
      .filter((c): c is ContainerRecord => c !== undefined);
  }

  shipmentOf(container: ContainerRecord): ShipmentRecord | undefined {
    return this.shipment(container.shipmentId);
  }
}
