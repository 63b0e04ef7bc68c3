// Document resources as the OpenAPI document schema describes them (no recorded fixture exists).
import { uuidFromName } from '../core/prng';
import { isoSeconds } from '../core/time';
import type { BlobRecord, DocumentRecord } from '../data/records';
import { ref, relationships, type Resource } from './resource';

export function serializeDocument(
  document: DocumentRecord,
  blob: BlobRecord | undefined,
  accountKey: string,
): Resource {
  const at = isoSeconds(document.createdAtMs);
  return {
    id: document.id,
    type: 'document',
    attributes: {
      id: document.id,
      name: document.name,
      document_type: 'other',
      document_type_manual: null,
      classification_notes: null,
      source: 'api',
      file_name: blob?.filename ?? document.name,
      file_content_type: blob?.contentType ?? null,
      file_size_bytes: blob?.byteSize ?? null,
      created_at: at,
      updated_at: at,
    },
    relationships: relationships({
      account: ref('account', uuidFromName(`account:${accountKey}`)),
      user: null,
      email_submission: null,
      last_document_representation: null,
      shipments: document.shipmentIds.map((id) => ({ type: 'shipment', id })),
      cargos: document.containerIds.map((id) => ({ type: 'container', id })),
    }),
    links: { self: `/v2/documents/${document.id}` },
  };
}
