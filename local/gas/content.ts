// ContentService: what a web app's doGet/doPost returns as raw text (Content Service guide and
// reference: createTextOutput, TextOutput.setMimeType/getContent/append, ContentService.MimeType).

import { registerFake } from './registry';

const MIME_TYPES = {
  ATOM: 'application/atom+xml',
  CSV: 'text/csv',
  ICAL: 'text/calendar',
  JAVASCRIPT: 'application/javascript',
  JSON: 'application/json',
  RSS: 'application/rss+xml',
  TEXT: 'text/plain',
  VCARD: 'text/vcard',
  XML: 'text/xml',
} as const;
type MimeName = keyof typeof MIME_TYPES;

export class FakeTextOutput {
  private content: string;
  private mimeType: MimeName = 'TEXT';

  constructor(content = '') {
    this.content = String(content);
  }

  append(addedContent: string): FakeTextOutput {
    this.content += String(addedContent);
    return this;
  }

  clear(): FakeTextOutput {
    this.content = '';
    return this;
  }

  getContent(): string {
    return this.content;
  }

  setContent(content: string): FakeTextOutput {
    this.content = String(content);
    return this;
  }

  setMimeType(mimeType: string): FakeTextOutput {
    if (!(mimeType in MIME_TYPES)) throw new Error(`Invalid argument: mimeType`);
    this.mimeType = mimeType as MimeName;
    return this;
  }

  getMimeType(): string {
    return this.mimeType;
  }

  /** The Content-Type the web app answers with. */
  contentType(): string {
    return MIME_TYPES[this.mimeType];
  }
}

export class FakeContentService {
  readonly MimeType = Object.freeze(
    Object.fromEntries(Object.keys(MIME_TYPES).map((k) => [k, k])) as Record<MimeName, MimeName>,
  );

  createTextOutput(content?: string): FakeTextOutput {
    return new FakeTextOutput(content ?? '');
  }
}

registerFake(FakeContentService, {
  label: 'ContentService',
  service: null,
  scope: 'local',
  constants: ['MimeType'],
});
registerFake(FakeTextOutput, { label: 'TextOutput', service: null, scope: 'local' });
