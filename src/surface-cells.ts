// The custom functions a cell may call, with the documentation Sheets shows (src/surface.ts
// lists them first among everything Apps Script may call).

import type { PublicFunction, PublicParam } from './public-function';

const REFRESH: PublicParam = {
  name: 'refresh',
  doc: 'Optional: a cell the Tracking sheet refresh updates (e.g. the named range CT_LAST_REFRESH), so this cell recalculates after every refresh.',
  optional: true,
};

export const CUSTOM_FUNCTIONS: PublicFunction[] = [
  {
    name: 'CONTAINER_STATUS',
    kind: 'custom-function',
    summary:
      "The container's current status as the tracking service reports it (available, on_ship, picked_up, …).",
    params: [
      { name: 'container', doc: 'A container number like MSCU1234566, or a range of them.' },
      REFRESH,
    ],
    returns: 'The status, or a grid of statuses for a range.',
  },
  {
    name: 'LFD',
    kind: 'custom-function',
    summary: "The last free day before demurrage, as the calendar day at the container's facility.",
    params: [
      { name: 'container', doc: 'A container number, or a range of them.' },
      {
        name: 'source',
        type: 'string',
        doc: 'earliest (default: the deadline demurrage starts at, as the Tracking sheet shows), pickup, line, terminal or rail.',
        optional: true,
      },
      REFRESH,
    ],
    returns: 'The day as a date number (format the cells as dates), blank when unknown.',
  },
  {
    name: 'CONTAINER_INFO',
    kind: 'custom-function',
    summary:
      'Any container attribute by its API name, a shipment attribute as shipment.<name>, or ready_for_pickup, holds, fees_total.',
    params: [
      { name: 'container', doc: 'A container number, or a range of them.' },
      {
        name: 'field',
        type: 'string',
        doc: 'e.g. available_for_pickup, pod_discharged_at, holds, shipment.pod_eta_at.',
      },
      REFRESH,
    ],
  },
  {
    name: 'SHIPMENT_INFO',
    kind: 'custom-function',
    summary:
      'A shipment attribute (pod_eta_at, pod_vessel_name, …) or containers, by BOL, booking, reference or container number.',
    params: [
      {
        name: 'shipment',
        doc: 'A BOL, booking, reference or container number, or a range of them.',
      },
      {
        name: 'field',
        type: 'string',
        doc: 'e.g. pod_eta_at, pod_vessel_name, port_of_discharge_name, containers.',
      },
      REFRESH,
    ],
  },
  {
    name: 'TRACKING_LINK',
    kind: 'custom-function',
    summary:
      'A link to the tracking page of a container, BOL, booking or reference number. Spends no request.',
    params: [{ name: 'identifier', doc: 'The number to link to, or a range of them.' }],
  },
];
