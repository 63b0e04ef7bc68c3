// Real owner codes and vessels per carrier, so seeded containers and shipments look like the
// ones the add-in will display (IMO numbers carry valid check digits; a test verifies them).

export interface Vessel {
  name: string;
  imo: string;
}

export interface CarrierFleet {
  scac: string;
  ownerCodes: string[];
  vessels: Vessel[];
}

export const FLEETS: readonly CarrierFleet[] = [
  {
    scac: 'MAEU',
    ownerCodes: ['MSKU', 'MRKU', 'MAEU'],
    vessels: [
      { name: 'MAERSK SHIVLING', imo: '9728253' },
      { name: 'MADRID MAERSK', imo: '9778791' },
    ],
  },
  {
    scac: 'MSCU',
    ownerCodes: ['MSCU', 'MEDU', 'MSDU'],
    vessels: [
      { name: 'MSC GULSUN', imo: '9839430' },
      { name: 'MSC IRINA', imo: '9930038' },
    ],
  },
  {
    scac: 'CMDU',
    ownerCodes: ['CMAU', 'CGMU'],
    vessels: [{ name: 'CMA CGM JACQUES SAADE', imo: '9839179' }],
  },
  {
    scac: 'COSU',
    ownerCodes: ['CSNU', 'CBHU'],
    vessels: [{ name: 'COSCO SHIPPING UNIVERSE', imo: '9795610' }],
  },
  {
    scac: 'HLCU',
    ownerCodes: ['HLXU', 'HLBU'],
    vessels: [{ name: 'MAERSK SHIVLING', imo: '9728253' }],
  },
  {
    scac: 'ONEY',
    ownerCodes: ['ONEU', 'NYKU'],
    vessels: [{ name: 'ONE APUS', imo: '9806079' }],
  },
  {
    scac: 'EGLV',
    ownerCodes: ['EGHU', 'EISU', 'EMCU'],
    vessels: [
      { name: 'EVER GIVEN', imo: '9811000' },
      { name: 'EVER ACE', imo: '9893890' },
    ],
  },
  {
    scac: 'OOLU',
    ownerCodes: ['OOLU', 'OOCU'],
    vessels: [{ name: 'OOCL HONG KONG', imo: '9776171' }],
  },
  {
    scac: 'HDMU',
    ownerCodes: ['HDMU', 'KOCU'],
    vessels: [{ name: 'HMM ALGECIRAS', imo: '9863297' }],
  },
  { scac: 'YMLU', ownerCodes: ['YMLU', 'YMMU'], vessels: [{ name: 'ONE APUS', imo: '9806079' }] },
  { scac: 'ZIMU', ownerCodes: ['ZIMU', 'ZCSU'], vessels: [{ name: 'MSC IRINA', imo: '9930038' }] },
  { scac: 'TEST', ownerCodes: ['TSTU'], vessels: [{ name: 'EVER GIVEN', imo: '9811000' }] },
];

/** The carrier's fleet, or for a line without one here an owner code made from its SCAC. */
export function fleetFor(scac: string): CarrierFleet {
  const known = FLEETS.find((f) => f.scac === scac);
  if (known) return known;
  return { scac, ownerCodes: [`${scac.slice(0, 3)}U`], vessels: FLEETS[0]?.vessels ?? [] };
}

/** Rail carriers seen on North American inland legs (SCACs as the service reports them). */
export const RAIL_CARRIERS = ['UPRR', 'BNSF', 'CSXT'] as const;
