// A parsed Tracking-sheet row (what readRows gives a stage): a container row unless `extra` says
// otherwise. Shared by the refresh stages' unit tests.
import type { RowInput } from '../../src/core/row-input';

export const rowInput = (
  index: number,
  number: string,
  extra: Partial<RowInput> = {},
): RowInput => ({
  index,
  number,
  kind: 'container',
  requestType: 'container',
  scac: '',
  refNumbers: [],
  ...extra,
});
