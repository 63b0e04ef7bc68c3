// POST /rails/active_storage/direct_uploads at the origin (not under /v2): an Active Storage
// blob record whose direct_upload URL is an S3-style presigned PUT served by storage.ts, on the
// storage origin (an S3 bucket's host by default, as at the real service: not the API host).
import { fromBase64, toBase64, utf8Encode } from '../core/base64';
import type { Rng } from '../core/prng';
import { isoMillis } from '../core/time';
import type { BlobRecord } from '../data/records';
import type { EmulatorEnv } from '../env';
import type { RequestContext } from '../http/request-context';
import { json, type ApiError } from '../http/respond';
import type { Route } from '../http/router';

/** Presigned URLs live 5 minutes, Active Storage's default. */
export const UPLOAD_URL_TTL_MS = 5 * 60 * 1000;

export const directUploadRoutes: Route<EmulatorEnv>[] = [
  {
    method: 'POST',
    pattern: '/rails/active_storage/direct_uploads',
    area: 'uploads',
    auth: true,
    body: 'json',
    handler: (ctx, env) => createBlob(ctx, env),
  },
];

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function createBlob(ctx: RequestContext, env: EmulatorEnv) {
  const blob = isObject(ctx.body) ? ctx.body.blob : undefined;
  if (!isObject(blob)) {
    return json(400, {
      errors: [
        {
          status: '400',
          title: 'Bad Request',
          detail: 'param is missing or the value is empty: blob',
        },
      ],
    });
  }
  const errors: ApiError[] = [];
  const bad = (field: string, detail: string) =>
    errors.push({
      status: '422',
      title: 'Unprocessable Entity',
      detail,
      source: { pointer: `/blob/${field}` },
    });
  const { filename, content_type: contentType, byte_size: byteSize, checksum } = blob;
  if (typeof filename !== 'string' || filename.trim() === '')
    bad('filename', "Filename can't be blank");
  if (typeof contentType !== 'string') bad('content_type', 'Content type must be a string');
  if (typeof byteSize !== 'number' || !Number.isInteger(byteSize) || byteSize < 0) {
    bad('byte_size', 'Byte size must be a whole number of bytes');
  } else if (byteSize > env.maxBodyBytes) {
    bad('byte_size', `Byte size must be at most ${env.maxBodyBytes} bytes`);
  }
  if (typeof checksum !== 'string' || fromBase64(checksum)?.length !== 16) {
    bad('checksum', 'Checksum must be the Base64 of the 16-byte MD5 digest of the file');
  }
  if (errors.length > 0) return json(422, { errors });

  const record: BlobRecord = {
    id: env.ids.uuid(),
    key: token(env.ids, 28, '0123456789abcdefghijklmnopqrstuvwxyz'),
    signedId: '',
    signature: token(env.ids, 64, '0123456789abcdef'),
    filename: String(filename),
    contentType: String(contentType),
    byteSize: Number(byteSize),
    checksum: String(checksum),
    createdAtMs: ctx.now,
    bytes: null,
  };
  // Shaped like a Rails signed id: Base64 JSON, "--", a hex digest. Clients must treat it as opaque.
  const message = toBase64(
    utf8Encode(JSON.stringify({ _rails: { data: record.id, pur: 'blob_id' } })),
  );
  record.signedId = `${message}--${token(env.ids, 40, '0123456789abcdef')}`;
  ctx.account.addBlob(record);
  return json(200, blobJson(record, env.storageOrigin ?? ctx.url.origin));
}

function token(rng: Rng, length: number, alphabet: string): string {
  return Array.from({ length }, () => alphabet.charAt(rng.int(0, alphabet.length - 1))).join('');
}

function uploadUrl(blob: BlobRecord, origin: string): string {
  const date = isoMillis(blob.createdAtMs)
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = date.slice(0, 8);
  const query = [
    'X-Amz-Algorithm=AWS4-HMAC-SHA256',
    `X-Amz-Credential=EMULATOR%2F${day}%2Fus-east-1%2Fs3%2Faws4_request`,
    `X-Amz-Date=${date}`,
    `X-Amz-Expires=${UPLOAD_URL_TTL_MS / 1000}`,
    'X-Amz-SignedHeaders=content-length%3Bcontent-md5%3Bcontent-type%3Bhost',
    `X-Amz-Signature=${blob.signature}`,
  ].join('&');
  return `${origin}/storage/${blob.key}?${query}`;
}

function blobJson(blob: BlobRecord, origin: string) {
  return {
    id: blob.id,
    key: blob.key,
    filename: blob.filename,
    content_type: blob.contentType,
    metadata: {},
    service_name: 'amazon',
    byte_size: blob.byteSize,
    checksum: blob.checksum,
    created_at: isoMillis(blob.createdAtMs),
    signed_id: blob.signedId,
    direct_upload: {
      url: uploadUrl(blob, origin),
      headers: {
        'Content-Type': blob.contentType,
        'Content-MD5': blob.checksum,
        'Content-Disposition': `inline; filename="${blob.filename.replace(/["\\\r\n]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(blob.filename)}`,
      },
    },
  };
}
