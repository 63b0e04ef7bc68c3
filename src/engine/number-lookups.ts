// A custom function's targeted look-ups (account-loader.ts): one request per number, the
// deprecated `q` only as the second try of an identifier that may be a reference number. Each
// number is found, confirmed missing, or fails on its own (answered blank included).

import type { ApiClient } from '../api/client';
import { dataList, type JsonApiDocument } from '../api/jsonapi';
import { lookUpNumber, searchByReference } from '../api/resources';
import type { AppError } from '../core/errors';
import { answeredBlank } from './disappearances';
import { wasSent } from './page-listing';
import { RecordCollector, isApiError } from './record-collector';
import type { StoreUpdate } from './record-store';

export interface LoadRequest {
  containers: string[];
  identifiers: string[];
}

/** One targeted look-up per number: found, confirmed missing, or its own failure. */
export function lookUp(
  client: ApiClient,
  found: RecordCollector,
  wanted: LoadRequest,
  update: StoreUpdate,
  failures: Map<string, AppError>,
  spend: (n: number) => void,
): void {
  const queries = [...wanted.containers, ...wanted.identifiers];
  if (queries.length === 0) return;
  const results = client.sendAll(queries.map(lookUpNumber));
  spend(results.filter(wasSent).length);
  // An identifier `number` did not find may be a reference number (SHIPMENT_INFO takes them):
  // only the deprecated `q` finds one in a single request, so it is the second try.
  const references = queries
    .map((q, i) => ({ q, i }))
    .filter(
      ({ q, i }) =>
        i >= wanted.containers.length && !isApiError(results[i]!) && !foundIn(results[i]!, q),
    );
  const second = client.sendAll(references.map(({ q }) => searchByReference(q)));
  spend(second.filter(wasSent).length);
  references.forEach(({ i }, k) => {
    const doc = second[k]!;
    if (isApiError(doc) || dataList(doc).length > 0) results[i] = doc;
  });
  const missingContainers: string[] = [];
  const missingIdentifiers: string[] = [];
  results.forEach((r, i) => {
    const query = queries[i]!;
    if (isApiError(r)) {
      failures.set(query, r);
      return;
    }
    const blank = found.absorb(r) > 0;
    const isContainer = i < wanted.containers.length;
    const seen = isContainer ? found.containers.has(query) : found.hasIdentifier(query);
    if (!seen && blank) failures.set(query, answeredBlank(query));
    else if (!seen) (isContainer ? missingContainers : missingIdentifiers).push(query);
  });
  update.missingContainers = [...(update.missingContainers ?? []), ...missingContainers];
  update.missingIdentifiers = [...(update.missingIdentifiers ?? []), ...missingIdentifiers];
}

/** Whether a look-up's answer holds the shipment asked for. */
function foundIn(doc: JsonApiDocument, identifier: string): boolean {
  const probe = new RecordCollector();
  probe.absorb(doc);
  return probe.hasIdentifier(identifier);
}
