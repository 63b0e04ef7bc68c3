// PUT <direct_upload.url>: behaves like an S3 presigned PUT. The signed headers must be sent as
// given, the bytes must match Content-Length and Content-MD5, and nothing is stored otherwise.
// Routed by path (/storage/<key>) whatever the host: the storage origin is only a name.
import type { HttpResponse } from '../../http';
import { toBase64 } from '../core/base64';
import { md5, toHex } from '../core/md5';
import type { BlobRecord } from '../data/records';
import type { EmulatorEnv } from '../env';
import { requestHeader, type RequestContext } from '../http/request-context';
import type { Route } from '../http/router';
import { s3Error } from '../http/s3-error';
import { UPLOAD_URL_TTL_MS } from './direct-uploads';

export const storageRoutes: Route<EmulatorEnv>[] = [
  {
    method: 'PUT',
    pattern: '/storage/:key',
    area: 'storage',
    auth: false,
    body: 'raw',
    handler: (ctx, env) => putObject(ctx, env),
  },
];

function findBlob(env: EmulatorEnv, key: string): BlobRecord | undefined {
  for (const account of env.accounts.values()) {
    const blob = account.blobByKey(key);
    if (blob) return blob;
  }
  return undefined;
}

function putObject(ctx: RequestContext, env: EmulatorEnv): HttpResponse {
  const header = (name: string) => requestHeader(ctx, name);
  if (header('Authorization') !== undefined) {
    // S3 refuses a second credential next to a presigned URL; sending the API key here would also leak it.
    return s3Error(
      400,
      'InvalidArgument',
      'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, Signature query string parameter or the Authorization header should be specified',
    );
  }
  const blob = findBlob(env, ctx.params.key ?? '');
  if (!blob || ctx.query.get('X-Amz-Signature') !== blob.signature) {
    return s3Error(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    );
  }
  if (ctx.now > blob.createdAtMs + UPLOAD_URL_TTL_MS)
    return s3Error(403, 'AccessDenied', 'Request has expired');
  const length = header('Content-Length');
  if (length === undefined)
    return s3Error(411, 'MissingContentLength', 'You must provide the Content-Length HTTP header.');
  const signed =
    length.trim() === String(blob.byteSize) &&
    header('Content-Type') === blob.contentType &&
    header('Content-MD5') === blob.checksum;
  if (!signed) {
    return s3Error(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check Content-Type, Content-MD5 and Content-Length against direct_upload.headers and byte_size.',
    );
  }
  if (ctx.bytes.length !== blob.byteSize) {
    return s3Error(
      400,
      'IncompleteBody',
      'You did not provide the number of bytes specified by the Content-Length HTTP header.',
    );
  }
  const digest = md5(ctx.bytes);
  if (toBase64(digest) !== blob.checksum) {
    return s3Error(
      400,
      'BadDigest',
      'The Content-MD5 you specified did not match what we received.',
    );
  }
  blob.bytes = ctx.bytes.slice();
  return { status: 200, headers: { ETag: `"${toHex(digest)}"` }, body: '' };
}
