// refreshTrackingSheet(): one read of the sheet, fresh data for every row at the lowest request
// cost, tracking requests for new rows, and one write per block of owned columns. The stages are
// in refresh/ (run-refresh.ts reads as their list); this is the public entry.

import { refreshSpreadsheet, type RefreshReport } from './run-refresh';
import { activeSpreadsheet } from '../../gas/stores';

export { refreshSpreadsheet, type RefreshReport } from './run-refresh';

export function refreshTrackingSheet(options: { scheduled?: boolean } = {}): RefreshReport {
  return refreshSpreadsheet(activeSpreadsheet(), {}, options.scheduled === true);
}
