// POST /documents: attaches an uploaded blob by its signed id (never by URL), optionally linked to
// shipments/containers; GET /documents and GET /documents/{id}.
import type { DocumentRecord } from '../data/records';
import type { EmulatorEnv } from '../env';
import { readResource } from '../http/documents-in';
import { paginate } from '../http/pagination';
import type { RequestContext } from '../http/request-context';
import { apiErrors, invalid, jsonApi, notFound, type ApiError } from '../http/respond';
import type { Route } from '../http/router';
import { documentNode } from '../serialize/graph';

export const documentRoutes: Route<EmulatorEnv>[] = [
  {
    method: 'POST',
    pattern: '/v2/documents',
    area: 'api',
    auth: true,
    body: 'json',
    handler: (ctx, env) => createDocument(ctx, env),
  },
  {
    method: 'GET',
    pattern: '/v2/documents',
    area: 'api',
    auth: true,
    handler: (ctx) => {
      const page = paginate(ctx, ctx.account.documents());
      return jsonApi(200, {
        data: page.items.map((d) => documentNode(ctx.account, d).resource),
        links: page.links,
        meta: page.meta,
      });
    },
  },
  {
    method: 'GET',
    pattern: '/v2/documents/:id',
    area: 'api',
    auth: true,
    handler: (ctx) => {
      const document = ctx.account.document(ctx.params.id ?? '');
      if (!document) return notFound();
      return jsonApi(200, {
        data: documentNode(ctx.account, document).resource,
        links: { self: ctx.publicUrl },
      });
    },
  },
];

const A = '/data/attributes';

function createDocument(ctx: RequestContext, env: EmulatorEnv) {
  const input = readResource(ctx.body, 'document');
  if ('status' in input) return input;
  const { name, attached_document: attached } = input.attributes;
  const errors: ApiError[] = [];
  if (typeof name !== 'string' || name.trim() === '')
    errors.push(invalid(`${A}/name`, "Name can't be blank", 'blank'));
  const signedId = typeof attached === 'string' ? attached.trim() : '';
  const blob = ctx.account.blob(signedId);
  if (signedId === '') {
    errors.push(invalid(`${A}/attached_document`, "Attached document can't be blank", 'blank'));
  } else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(signedId) || signedId.includes('/storage/')) {
    errors.push(
      invalid(
        `${A}/attached_document`,
        'Attached document must be the signed_id of a direct upload, not a URL',
        'invalid',
      ),
    );
  } else if (!blob) {
    errors.push(
      invalid(
        `${A}/attached_document`,
        'Attached document is not a signed blob id issued to this account',
        'invalid',
      ),
    );
  } else if (blob.bytes === null) {
    errors.push(
      invalid(
        `${A}/attached_document`,
        'Attached document has no uploaded file: PUT the bytes to direct_upload.url first',
        'invalid',
      ),
    );
  }
  const shipmentIds = linkedIds(
    input.relationships.shipments,
    'shipments',
    (id) => ctx.account.shipment(id) !== undefined,
    errors,
  );
  const containerIds = linkedIds(
    input.relationships.cargos,
    'cargos',
    (id) => ctx.account.container(id) !== undefined,
    errors,
  );
  if (errors.length > 0 || !blob) return apiErrors(422, errors);

  const existing = ctx.account
    .documents()
    .find((d) => ctx.account.blob(d.blobSignedId)?.checksum === blob.checksum);
  if (existing) {
    return apiErrors(409, [
      {
        status: '409',
        code: 'duplicate_document',
        title: 'Duplicate document',
        detail: 'A document with the same file already exists in this account',
        meta: { existing_document_id: existing.id, existing_document_name: existing.name },
      },
    ]);
  }
  const document: DocumentRecord = {
    id: env.ids.uuid(),
    name: String(name).trim(),
    blobSignedId: blob.signedId,
    createdAtMs: ctx.now,
    shipmentIds,
    containerIds,
  };
  ctx.account.addDocument(document);
  return jsonApi(201, {
    data: documentNode(ctx.account, document).resource,
    links: { self: `${ctx.url.origin}/v2/documents/${document.id}` },
  });
}

/** `relationships.<name>.data` = [{type, id}] of records in this account. */
function linkedIds(
  value: unknown,
  name: string,
  exists: (id: string) => boolean,
  errors: ApiError[],
): string[] {
  if (value === undefined) return [];
  const data = (value as { data?: unknown } | null)?.data;
  const list = Array.isArray(data) ? data : [];
  const ids = list.map((item) => (item as { id?: unknown } | null)?.id);
  if (!Array.isArray(data) || ids.some((id) => typeof id !== 'string' || !exists(id))) {
    errors.push({
      status: '422',
      title: 'Unprocessable Entity',
      detail: `${name} must list {type, id} identifiers of records in this account`,
      code: 'invalid',
      source: { pointer: `/data/relationships/${name}` },
    });
    return [];
  }
  return ids as string[];
}
