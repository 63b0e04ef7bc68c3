import { createHash } from 'node:crypto';
import { body, harness, headerOf, text } from './support/harness';

const bytes = new TextEncoder().encode('%PDF-1.7\nA bill of lading, in bytes.\n');
const md5 = (data: Uint8Array) => createHash('md5').update(data).digest('base64');

function setup() {
  const h = harness();
  const blob = (overrides: Record<string, unknown> = {}, key?: string | null) =>
    h.request('POST', '/rails/active_storage/direct_uploads', {
      body: {
        blob: {
          filename: 'BOL 123.pdf',
          content_type: 'application/pdf',
          byte_size: bytes.length,
          checksum: md5(bytes),
          ...overrides,
        },
      },
      headers: { 'Content-Type': 'application/json' },
      key,
    });
  const put = (
    record: { direct_upload: { url: string; headers: Record<string, string> } },
    data: Uint8Array,
    extra: Record<string, string> = {},
  ) =>
    h.request('PUT', record.direct_upload.url, {
      key: null,
      raw: data,
      headers: { ...record.direct_upload.headers, 'Content-Length': String(data.length), ...extra },
    });
  const document = (attached: unknown, extra: Record<string, unknown> = {}) =>
    h.post('/v2/documents', {
      data: {
        type: 'document',
        attributes: { name: 'Bill of lading', attached_document: attached },
        ...extra,
      },
    });
  const stored = () =>
    h.emulator
      .account()!
      .blobs()
      .filter((b) => b.bytes !== null).length;
  return { h, blob, put, document, stored };
}

describe('direct upload → PUT → document', () => {
  it('the whole flow with a good checksum', () => {
    const { h, blob, put, document, stored } = setup();
    const created = blob();
    expect(created.status).toBe(200);
    expect(headerOf(created, 'content-type')).toMatch(/^application\/json/);
    const record = body(created);
    expect(record).toMatchObject({
      filename: 'BOL 123.pdf',
      content_type: 'application/pdf',
      byte_size: bytes.length,
      checksum: md5(bytes),
      service_name: 'amazon',
      metadata: {},
    });
    // On the storage host, as at the real service: not the API host.
    expect(record.direct_upload.url).toMatch(
      /^https:\/\/container-tracking-emulator\.s3\.amazonaws\.com\/storage\/[a-z0-9]{28}\?X-Amz-Algorithm=/,
    );
    expect(record.direct_upload.headers).toEqual({
      'Content-Type': 'application/pdf',
      'Content-MD5': md5(bytes),
      'Content-Disposition': `inline; filename="BOL 123.pdf"; filename*=UTF-8''BOL%20123.pdf`,
    });
    expect(record.signed_id).toMatch(/^[A-Za-z0-9+/=]+--[0-9a-f]{40}$/);

    const upload = put(record, bytes);
    expect(upload.status).toBe(200);
    expect(headerOf(upload, 'etag')).toBe(`"${createHash('md5').update(bytes).digest('hex')}"`);
    expect(stored()).toBe(1);
    expect(h.emulator.account()!.blob(record.signed_id)!.bytes).toEqual(bytes);

    const shipment = h.emulator.account()!.shipments()[0]!;
    const doc = document(record.signed_id, {
      relationships: { shipments: { data: [{ type: 'shipment', id: shipment.id }] } },
    });
    expect(doc.status).toBe(201);
    const data = body(doc).data;
    expect(data.attributes).toMatchObject({
      name: 'Bill of lading',
      file_name: 'BOL 123.pdf',
      file_content_type: 'application/pdf',
      file_size_bytes: bytes.length,
      source: 'api',
    });
    expect(data.relationships.shipments.data).toEqual([{ type: 'shipment', id: shipment.id }]);
    expect(body(doc).links.self).toBe(`http://127.0.0.1:4949/v2/documents/${data.id}`);
    expect(body(h.get(`/v2/documents/${data.id}`)).data.id).toBe(data.id);
    expect(body(h.get('/v2/documents')).meta.total).toBe(1);
    // The same file again is a duplicate document.
    const again = document(record.signed_id);
    expect(again.status).toBe(409);
    expect(body(again).errors[0]).toMatchObject({
      code: 'duplicate_document',
      meta: { existing_document_id: data.id },
    });
  });

  it('bad checksum: 400 BadDigest, nothing stored, no document', () => {
    const { blob, put, document, stored } = setup();
    const record = body(blob());
    const tampered = bytes.slice();
    tampered[3] = 0x21;
    const response = put(record, tampered);
    expect(response.status).toBe(400);
    expect(text(response)).toContain('<Code>BadDigest</Code>');
    expect(stored()).toBe(0);
    const doc = document(record.signed_id);
    expect(doc.status).toBe(422);
    expect(body(doc).errors[0].detail).toMatch(/no uploaded file/);
  });

  it('wrong length: a Content-Length other than byte_size, or a body shorter than Content-Length', () => {
    const { blob, put, stored } = setup();
    const record = body(blob());
    const short = bytes.slice(0, bytes.length - 1);
    expect(put(record, short).status).toBe(403); // Content-Length is signed as byte_size
    const lying = put(record, short, { 'Content-Length': String(bytes.length) });
    expect(lying.status).toBe(400);
    expect(text(lying)).toContain('IncompleteBody');
    expect(stored()).toBe(0);
  });

  it('the signed headers must be sent as given; no API key to storage; the URL expires', () => {
    const { h, blob, put, stored } = setup();
    const record = body(blob());
    expect(text(put(record, bytes, { 'Content-Type': 'application/octet-stream' }))).toContain(
      'SignatureDoesNotMatch',
    );
    expect(put(record, bytes, { 'Content-MD5': md5(new Uint8Array([1])) }).status).toBe(403);
    const noLength = h.request('PUT', record.direct_upload.url, {
      key: null,
      raw: bytes,
      headers: record.direct_upload.headers,
    });
    expect(noLength.status).toBe(411);
    expect(put(record, bytes, { Authorization: `Token ${h.key}` }).status).toBe(400);
    const forged = h.request(
      'PUT',
      record.direct_upload.url.replace(/Signature=[0-9a-f]+/, 'Signature=00'),
      {
        key: null,
        raw: bytes,
        headers: { ...record.direct_upload.headers, 'Content-Length': String(bytes.length) },
      },
    );
    expect(forged.status).toBe(403);
    expect(stored()).toBe(0);
    h.clock.advance(5 * 60_000 + 1);
    const late = put(record, bytes);
    expect(late.status).toBe(403);
    expect(text(late)).toContain('Request has expired');
    expect(stored()).toBe(0);
  });

  it('POST /documents only takes a signed id this emulator issued to this account', () => {
    const { h, blob, put, document } = setup();
    const record = body(blob());
    put(record, bytes);
    const cases: [unknown, RegExp][] = [
      [record.direct_upload.url, /not a URL/],
      ['https://example.com/file.pdf', /not a URL/],
      ['eyJfcmFpbHMiOnt9fQ==--0123456789abcdef0123456789abcdef01234567', /not a signed blob id/],
      ['', /can't be blank/],
      [42, /can't be blank/],
    ];
    for (const [attached, detail] of cases) {
      const response = document(attached);
      expect(response.status).toBe(422);
      expect(body(response).errors[0]).toMatchObject({
        source: { pointer: '/data/attributes/attached_document' },
      });
      expect(body(response).errors[0].detail).toMatch(detail);
    }
    h.emulator.addAccount('second');
    const foreign = h.post(
      '/v2/documents',
      {
        data: { type: 'document', attributes: { name: 'x', attached_document: record.signed_id } },
      },
      'second',
    );
    expect(foreign.status).toBe(422);
    const badLink = document(record.signed_id, {
      relationships: { cargos: { data: [{ type: 'container', id: 'nope' }] } },
    });
    expect(body(badLink).errors[0].source.pointer).toBe('/data/relationships/cargos');
    expect(
      h.post('/v2/documents', {
        data: { type: 'document', attributes: { attached_document: record.signed_id } },
      }).status,
    ).toBe(422);
  });

  it('validates the blob request', () => {
    const { blob } = setup();
    const bad = blob({ checksum: 'not-base64', byte_size: -1, filename: '' });
    expect(bad.status).toBe(422);
    expect(
      body(bad)
        .errors.map((e: { source: { pointer: string } }) => e.source.pointer)
        .sort(),
    ).toEqual(['/blob/byte_size', '/blob/checksum', '/blob/filename']);
    expect(blob({ checksum: Buffer.from('short').toString('base64') }).status).toBe(422);
    expect(blob({}, null).status).toBe(401);
  });
});
