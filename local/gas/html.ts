// HtmlService. Files come from the bundle's directory (dist/), as `<name>.html`, the way clasp
// pushes them; a missing one fails with "No HTML file named <name> was found.". Templates run
// their scriptlets in the execution's own context (<?= escaped ?>, <?!= raw ?>, <? code ?>).

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fail } from './errors';
import { registerFake } from './registry';

export const SandboxMode = {
  EMULATED: 'EMULATED',
  IFRAME: 'IFRAME',
  NATIVE: 'NATIVE',
  NONE: 'NONE',
} as const;
export const XFrameOptionsMode = { ALLOWALL: 'ALLOWALL', DEFAULT: 'DEFAULT' } as const;

type ScriptEvaluator = (source: string) => unknown;

const NAMED_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export class FakeHtmlOutput {
  #html: string;
  #title = '';
  #width = 0;
  #height = 0;
  #sandboxMode: string = SandboxMode.IFRAME;
  #xFrameOptionsMode: string = XFrameOptionsMode.DEFAULT;
  #metaTags: { name: string; content: string }[] = [];

  constructor(html = '') {
    this.#html = html;
  }

  static describe(output: FakeHtmlOutput): {
    title: string;
    html: string;
    width: number;
    height: number;
  } {
    return {
      title: output.#title,
      html: output.#html,
      width: output.#width,
      height: output.#height,
    };
  }

  getContent(): string {
    return this.#html;
  }

  setContent(content: string): this {
    this.#html = String(content);
    return this;
  }

  append(addedContent: string): this {
    this.#html += String(addedContent);
    return this;
  }

  /**
   * Escaped with named entities: appendUntrusted('<script>alert(1)</script>') adds
   * '&lt;script&gt;alert(1)&lt;/script&gt;' (gas-fakes test/testhtmlservice.js "HtmlService
   * basics", written to pass on Apps Script). Quotes are escaped too, to be safe in attributes.
   */
  appendUntrusted(addedContent: string): this {
    this.#html += String(addedContent ?? '').replace(/[&<>"']/g, (c) => NAMED_ENTITIES[c] ?? c);
    return this;
  }

  getTitle(): string {
    return this.#title;
  }

  setTitle(title: string): this {
    this.#title = String(title);
    return this;
  }

  getWidth(): number {
    return this.#width;
  }

  setWidth(width: number): this {
    this.#width = Number(width);
    return this;
  }

  getHeight(): number {
    return this.#height;
  }

  setHeight(height: number): this {
    this.#height = Number(height);
    return this;
  }

  setSandboxMode(mode: string): this {
    this.#sandboxMode = mode;
    return this;
  }

  getSandboxMode(): string {
    return this.#sandboxMode;
  }

  setXFrameOptionsMode(mode: string): this {
    this.#xFrameOptionsMode = mode;
    return this;
  }

  getXFrameOptionsMode(): string {
    return this.#xFrameOptionsMode;
  }

  addMetaTag(name: string, content: string): this {
    this.#metaTags.push({ name, content });
    return this;
  }

  setFaviconUrl(_url: string): this {
    return this;
  }
}

export class FakeHtmlTemplate {
  /** Filled by the realm bridge with the variables the script assigned (`template.data = …`). */
  scriptVariables?: () => Record<string, unknown>;

  constructor(
    private readonly source: string,
    private readonly evaluateInScript: ScriptEvaluator,
  ) {}

  getRawContent(): string {
    return this.source;
  }

  getCode(): string {
    let code = "var __o = '';\n";
    const re = /<\?(!?=)?([\s\S]*?)\?>/g;
    let last = 0;
    for (let m = re.exec(this.source); m; m = re.exec(this.source)) {
      code += `__o += ${JSON.stringify(this.source.slice(last, m.index))};\n`;
      if (m[1] === '=') code += `__o += __escape(${m[2]});\n`;
      else if (m[1] === '!=') code += `__o += String(${m[2]});\n`;
      else code += `${m[2]}\n`;
      last = m.index + m[0].length;
    }
    return `${code}__o += ${JSON.stringify(this.source.slice(last))};\nreturn __o;`;
  }

  evaluate(): FakeHtmlOutput {
    const run = this.evaluateInScript(
      `(function (__vars, __escape) { with (__vars) { ${this.getCode()} } })`,
    ) as (vars: Record<string, unknown>, escape: (v: unknown) => string) => string;
    return new FakeHtmlOutput(run(this.scriptVariables?.() ?? {}, escapeHtml));
  }
}

export class FakeHtmlService {
  readonly SandboxMode = SandboxMode;
  readonly XFrameOptionsMode = XFrameOptionsMode;

  constructor(
    private readonly htmlDir: string | undefined,
    private readonly evaluateInScript: ScriptEvaluator,
  ) {}

  #read(filename: string): string {
    const name = String(filename).replace(/\.html$/, '');
    const file = this.htmlDir ? path.join(this.htmlDir, `${name}.html`) : undefined;
    if (!file || !existsSync(file)) fail(`No HTML file named ${name} was found.`);
    return readFileSync(file, 'utf8');
  }

  createHtmlOutput(html?: string): FakeHtmlOutput {
    return new FakeHtmlOutput(html === undefined ? '' : String(html));
  }

  createHtmlOutputFromFile(filename: string): FakeHtmlOutput {
    return new FakeHtmlOutput(this.#read(filename));
  }

  createTemplate(html: string): FakeHtmlTemplate {
    return new FakeHtmlTemplate(String(html), this.evaluateInScript);
  }

  createTemplateFromFile(filename: string): FakeHtmlTemplate {
    return new FakeHtmlTemplate(this.#read(filename), this.evaluateInScript);
  }
}

registerFake(FakeHtmlOutput, { label: 'HtmlOutput', service: null, scope: 'local' });
registerFake(FakeHtmlTemplate, {
  label: 'HtmlTemplate',
  service: null,
  scope: 'local',
  acceptsAssignments: true,
});
registerFake(FakeHtmlService, {
  label: 'HtmlService',
  service: 'Html',
  scope: 'local',
  constants: ['SandboxMode', 'XFrameOptionsMode'],
});
