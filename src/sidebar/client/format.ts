// Pure text helpers for what the sidebar shows (no DOM: unit-tested in Node).

export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** An ISO date-time from the server as a short local date; the raw text when it is not one. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return new Date(time).toLocaleString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

const KIND_BY_MIME: [RegExp, string][] = [
  [/^application\/pdf$/i, 'PDF'],
  [/^image\/png$/i, 'PNG image'],
  [/^image\/jpe?g$/i, 'JPEG image'],
  [/^image\//i, 'Image'],
];

export function fileKind(mimeType: string): string {
  return KIND_BY_MIME.find(([pattern]) => pattern.test(mimeType))?.[1] ?? 'File';
}

export const REQUEST_TYPE_LABELS: Record<string, string> = {
  bill_of_lading: 'Bill of lading',
  booking_number: 'Booking number',
  container: 'Container',
};

/** Readable status of a tracking request, keeping the API's own word for searching. */
export function requestStatusText(status: string, failedReason: string | null): string {
  const explained: Record<string, string> = {
    pending: 'the service is looking it up with the carrier',
    awaiting_manifest: 'the carrier has not published the manifest yet',
    created: 'tracked',
    tracking_stopped: 'tracking stopped',
  };
  if (status === 'failed') return failedReason ? `failed: ${failedReason}` : 'failed';
  const more = explained[status];
  return more && more !== status ? `${status} (${more})` : status;
}
