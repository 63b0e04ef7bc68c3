// Error bodies of the storage endpoint, in the XML dialect S3 speaks.
import type { HttpResponse } from '../../http';
import { escapeHtml } from './respond';

export function s3Error(status: number, code: string, message: string): HttpResponse {
  return {
    status,
    headers: { 'Content-Type': 'application/xml' },
    body: `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escapeHtml(message)}</Message></Error>`,
  };
}
