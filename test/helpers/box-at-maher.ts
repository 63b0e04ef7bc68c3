// The container the money tests price: available at a New York terminal, no holds, its terminal
// LFD 25 Nov 2026 (05:00Z, midnight in New York). Tests add or override what they are about.

import type { ContainerAttributes } from '../../src/core/model';

export function boxAtMaher(extra: Partial<ContainerAttributes> = {}): ContainerAttributes {
  return {
    number: 'MSCU1234565',
    current_status: 'available',
    available_for_pickup: true,
    holds_at_pod_terminal: [],
    pod_timezone: 'America/New_York',
    pod_terminal_name: 'Maher Terminal',
    import_deadlines: { pickup_lfd_terminal: '2026-11-25T05:00:00Z' },
    ...extra,
  };
}
