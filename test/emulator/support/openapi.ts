// Validation of response bodies against the real service's OpenAPI 3.0 document, unmodified.
//
// ajv 8 understands OpenAPI's `nullable: true` natively (a null passes only where the schema says
// so), and ajv-formats checks uuid, date-time and uri in "full" (RFC) mode. `included` members are
// validated against the component schema of their own `type` (stricter than the document's anyOf,
// whose error reports are unreadable), after checking the type is one the operation allows.
//
// A few deviations are the real service's, not the emulator's: the recorded fixtures and the
// document's own examples show them. They are recognised by narrow rules (ERRATA) and reported
// separately; everything else is a failure.
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const REFERENCE = join(__dirname, '../../../local/emulator/reference');
// Read, not imported: a 0.5 MB JSON type would slow the type checker for nothing.
const document = JSON.parse(readFileSync(join(REFERENCE, 'openapi.json'), 'utf8')) as {
  components: unknown;
  paths: Record<string, Record<string, unknown>>;
};

const ID = 'openapi.json';
const ajv = new Ajv({ allErrors: true, strict: true, verbose: true });
addFormats(ajv);
// OpenAPI annotations and the document's containers of schemas carry no constraints.
for (const keyword of ['example', 'x-examples', 'x-stoplight', 'components', 'paths'])
  ajv.addKeyword(keyword);
ajv.addSchema({ components: document.components, paths: document.paths }, ID);
const uriCheck = ajv.compile({ type: 'string', format: 'uri' });

const cache = new Map<string, ValidateFunction>();
function validator(pointer: string): ValidateFunction {
  let v = cache.get(pointer);
  if (!v) {
    v = ajv.getSchema(`${ID}#${pointer}`);
    if (!v) throw new Error(`no schema at ${pointer}`);
    cache.set(pointer, v);
  }
  return v;
}

const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
export const componentPointer = (name: string) => `/components/schemas/${escape(name)}`;
export const responsePointer = (path: string, method: string, status: number) =>
  `/paths/${escape(path)}/${method}/responses/${status}/content/${escape('application/json')}/schema`;

export interface Issue {
  path: string;
  message: string;
  erratum: Erratum | null;
}

export type Erratum =
  | 'container-type-enum'
  | 'unencoded-brackets-in-uri'
  | 'relative-self-link'
  | 'null-relationship-data'
  | 'pod-terminal-not-yet-known'
  | 'search-result-type'
  | 'failed-reason-not-in-enum'
  | 'auto-detect-scac-null';

/**
 * Relationships the recordings show with `data: null` although the schema does not say nullable:
 * a container with no pickup facility (captured-2025-07.containers.list.json), a shipment with no
 * destination terminal or no user who stopped it (captured-2025-07.shipments.list.json), a
 * tracking request with no customer (captured-2025-07.tracking-requests.list.json), a raw event
 * with no vessel (containers.raw-events.json). `pod_terminal` is not among them: no recording
 * shows it null (see pod-terminal-not-yet-known).
 */
const RECORDED_NULL_RELATIONSHIPS = new Set([
  'pickup_facility',
  'destination_terminal',
  'line_tracking_stopped_by_user',
  'customer',
  'vessel',
]);

/** The resource an error inside `…/relationships/…` belongs to, found in the validated value. */
function resourceAt(value: unknown, instancePath: string): Record<string, unknown> | undefined {
  const cut = instancePath.indexOf('/relationships/');
  if (cut < 0) return undefined;
  let node: unknown = value;
  for (const part of instancePath.slice(0, cut).split('/').slice(1)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'object' && node !== null ? (node as Record<string, unknown>) : undefined;
}

/**
 * `pod_terminal: {data: null}` where the port of discharge is not known yet: a shipment whose
 * `port_of_discharge_locode` is null, as the document's own example of GET /tracking_requests/{id}
 * ("Multiple containers") shows it, or a container of such a shipment (no POD, so no
 * `pod_timezone`). Anywhere else a null pod_terminal is a failure.
 */
function podTerminalNotYetKnown(resource: Record<string, unknown> | undefined): boolean {
  const attributes = resource?.attributes as Record<string, unknown> | undefined;
  if (!attributes) return false;
  if (resource?.type === 'shipment') return attributes.port_of_discharge_locode === null;
  if (resource?.type === 'container') return attributes.pod_timezone === null;
  return false;
}

/** The real service's own deviations from its schema (see the module comment). `value` is what
 * was validated, to look at the resource an error belongs to. */
export function classify(error: ErrorObject, value?: unknown): Erratum | null {
  const data: unknown = error.data;
  if (
    error.keyword === 'enum' &&
    data === 'container' &&
    JSON.stringify(error.params.allowedValues) === '["account"]'
  ) {
    return 'container-type-enum';
  }
  if (error.keyword === 'format' && error.params.format === 'uri' && typeof data === 'string') {
    if (/[[\]]/.test(data) && uriCheck(data.replace(/\[/g, '%5B').replace(/\]/g, '%5D'))) {
      return 'unencoded-brackets-in-uri';
    }
    if (/\/links\/self$/.test(error.instancePath) && /^\/v2\/[a-z_]+\/[^/\s?#]+$/.test(data)) {
      return 'relative-self-link';
    }
  }
  // GET /search answers `type: "search_result"` (with `entity_type`), not the schema's enum
  // (live-2026-02.search.*.json).
  if (
    error.keyword === 'enum' &&
    data === 'search_result' &&
    /^(\/data)?\/\d+\/type$/.test(error.instancePath)
  ) {
    return 'search-result-type';
  }
  // A failed tracking request's reason the schema's enum does not list
  // (captured-2025-07.tracking-requests.list.json: shipping_line_not_supported).
  if (
    error.keyword === 'enum' &&
    data === 'shipping_line_not_supported' &&
    /\/attributes\/failed_reason$/.test(error.instancePath)
  ) {
    return 'failed-reason-not-in-enum';
  }
  // A request made with `auto_detect_vocc_scac` has `scac: null` until the carrier is detected,
  // as the document's own description of that attribute says; its schema has no `nullable`.
  if (
    error.keyword === 'type' &&
    error.params.type === 'string' &&
    data === null &&
    /\/attributes\/scac$/.test(error.instancePath)
  ) {
    return 'auto-detect-scac-null';
  }
  const nullRelationship =
    error.keyword === 'type' &&
    error.params.type === 'object' &&
    data === null &&
    /\/relationships\/([a-z_]+)\/data$/.exec(error.instancePath);
  if (nullRelationship) {
    const name = nullRelationship[1] ?? '';
    if (RECORDED_NULL_RELATIONSHIPS.has(name)) return 'null-relationship-data';
    if (name === 'pod_terminal' && podTerminalNotYetKnown(resourceAt(value, error.instancePath)))
      return 'pod-terminal-not-yet-known';
  }
  return null;
}

function run(pointer: string, value: unknown, prefix = ''): Issue[] {
  const v = validator(pointer);
  if (v(value)) return [];
  return (v.errors ?? []).map((e) => ({
    path: `${prefix}${e.instancePath}`,
    message: `${e.message ?? e.keyword}${e.params.allowedValues ? ` ${JSON.stringify(e.params.allowedValues)}` : ''}`,
    erratum: classify(e, value),
  }));
}

const KNOWN_TYPES = [
  'container',
  'shipment',
  'terminal',
  'port',
  'transport_event',
  'tracking_request',
  'shipping_line',
  'document',
];

/** The raw schema object at a JSON pointer of the document (no compiling). */
function rawSchema(pointer: string): Record<string, unknown> | undefined {
  let node: unknown = document;
  for (const part of pointer.split('/').slice(1)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node as Record<string, unknown> | undefined;
}

/** What an operation's `included.items` allows: per resource type, the schema to validate it
 * with (a component `$ref`, or an inline schema whose `type` enum names it). */
function includedSchemas(pointer: string): Map<string, string> {
  const itemsPointer = `${pointer}/properties/included/items`;
  type Option = { $ref?: string; properties?: { type?: { enum?: string[] } } };
  const items = rawSchema(itemsPointer) as (Option & { anyOf?: Option[] }) | undefined;
  const options: Option[] = items?.anyOf ?? (items ? [items] : []);
  const byType = new Map<string, string>();
  options.forEach((option, i) => {
    if (option.$ref) {
      const component = option.$ref.split('/').pop() ?? '';
      if (KNOWN_TYPES.includes(component)) byType.set(component, componentPointer(component));
    } else {
      const types = option.properties?.type?.enum ?? [];
      for (const type of types) byType.set(type, `${itemsPointer}/anyOf/${i}`);
    }
  });
  return byType;
}

/**
 * Validates a whole response body against an operation's response schema. The top-level members
 * are checked one by one against that schema's `properties` (these response schemas are plain
 * objects of optional members), so a broken `$ref` in one member (the documents operation
 * references a `user` schema the document lacks) cannot stop the others from being checked.
 */
export function validateResponse(
  path: string,
  method: string,
  status: number,
  body: unknown,
): Issue[] {
  const pointer = responsePointer(path, method, status);
  const schema = rawSchema(pointer) ?? {};
  const properties = schema.properties as Record<string, unknown> | undefined;
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !properties)
    return run(pointer, body);
  const issues: Issue[] = ((schema.required as string[] | undefined) ?? [])
    .filter((name) => !(name in body))
    .map((name) => ({ path: '', message: `must have required property '${name}'`, erratum: null }));
  for (const [name, value] of Object.entries(body)) {
    if (name === 'included') issues.push(...validateIncluded(pointer, value));
    else if (name in properties)
      issues.push(...run(`${pointer}/properties/${escape(name)}`, value, `/${name}`));
  }
  return issues;
}

function validateIncluded(pointer: string, included: unknown): Issue[] {
  if (!Array.isArray(included))
    return [{ path: '/included', message: 'must be array', erratum: null }];
  const allowed = includedSchemas(pointer);
  return included.flatMap((item: { type?: string }, i) => {
    const target = allowed.get(String(item?.type));
    return target
      ? run(target, item, `/included/${i}`)
      : [
          {
            path: `/included/${i}/type`,
            message: `type ${String(item?.type)} not allowed here`,
            erratum: null,
          },
        ];
  });
}

export function validateComponent(name: string, value: unknown): Issue[] {
  return run(componentPointer(name), value);
}

/** An `errors` document: every member must be a valid `error` (the component). */
export function validateErrors(body: unknown): Issue[] {
  const errors = (body as { errors?: unknown }).errors;
  if (!Array.isArray(errors) || errors.length === 0)
    return [{ path: '/errors', message: 'missing errors[]', erratum: null }];
  return errors.flatMap((e, i) => run(componentPointer('error'), e, `/errors/${i}`));
}

export const failures = (issues: Issue[]) => issues.filter((i) => i.erratum === null);
export const errataOf = (issues: Issue[]) =>
  [...new Set(issues.map((i) => i.erratum).filter((e) => e !== null))].sort();
export { document as openapi };
