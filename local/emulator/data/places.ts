// Real UN/LOCODEs, port names, IANA zones and terminals. Ids are derived from the codes, so the
// same port or terminal has the same id in every account and every run.
import { uuidFromName } from '../core/prng';

export interface Port {
  id: string;
  locode: string;
  name: string;
  city: string;
  stateAbbr: string | null;
  countryCode: string;
  timeZone: string;
  latitude: number;
  longitude: number;
}

export interface Terminal {
  id: string;
  key: string;
  name: string;
  nickname: string;
  locode: string;
  city: string;
  stateAbbr: string | null;
  country: string;
  /** Inland rail ramps are `rail`; the service still serialises them as `terminal`. */
  kind: 'marine' | 'rail';
}

type PortRow = [string, string | null, string, string, string, number, number];
const PORT_ROWS: Record<string, PortRow> = {
  // locode: [name, state, country, zone, city, lat, lon]
  CNSHA: ['Shanghai', null, 'CN', 'Asia/Shanghai', 'Shanghai', 31.23, 121.47],
  CNNGB: ['Ningbo', null, 'CN', 'Asia/Shanghai', 'Ningbo', 29.87, 121.55],
  CNYTN: ['Yantian', null, 'CN', 'Asia/Shanghai', 'Shenzhen', 22.57, 114.27],
  KRPUS: ['Busan', null, 'KR', 'Asia/Seoul', 'Busan', 35.1, 129.04],
  SGSIN: ['Singapore', null, 'SG', 'Asia/Singapore', 'Singapore', 1.26, 103.84],
  VNSGN: ['Ho Chi Minh City', null, 'VN', 'Asia/Ho_Chi_Minh', 'Ho Chi Minh City', 10.77, 106.7],
  TWKHH: ['Kaohsiung', null, 'TW', 'Asia/Taipei', 'Kaohsiung', 22.61, 120.28],
  JPTYO: ['Tokyo', null, 'JP', 'Asia/Tokyo', 'Tokyo', 35.62, 139.79],
  INNSA: ['Nhava Sheva', null, 'IN', 'Asia/Kolkata', 'Navi Mumbai', 18.95, 72.95],
  DEHAM: ['Hamburg', null, 'DE', 'Europe/Berlin', 'Hamburg', 53.54, 9.98],
  NLRTM: ['Rotterdam', null, 'NL', 'Europe/Amsterdam', 'Rotterdam', 51.95, 4.14],
  BEANR: ['Antwerp', null, 'BE', 'Europe/Brussels', 'Antwerp', 51.26, 4.4],
  USLAX: ['Los Angeles', 'CA', 'US', 'America/Los_Angeles', 'Los Angeles', 33.74, -118.26],
  USLGB: ['Long Beach', 'CA', 'US', 'America/Los_Angeles', 'Long Beach', 33.75, -118.21],
  USOAK: ['Oakland', 'CA', 'US', 'America/Los_Angeles', 'Oakland', 37.8, -122.32],
  USSEA: ['Seattle', 'WA', 'US', 'America/Los_Angeles', 'Seattle', 47.58, -122.35],
  USNYC: ['New York/New Jersey', 'NY', 'US', 'America/New_York', 'New York', 40.68, -74.15],
  USSAV: ['Savannah', 'GA', 'US', 'America/New_York', 'Savannah', 32.12, -81.14],
  USCHS: ['Charleston', 'SC', 'US', 'America/New_York', 'Charleston', 32.9, -79.96],
  USORF: ['Norfolk', 'VA', 'US', 'America/New_York', 'Norfolk', 36.9, -76.33],
  USHOU: ['Houston', 'TX', 'US', 'America/Chicago', 'Houston', 29.61, -95.0],
  CAVAN: ['Vancouver', 'BC', 'CA', 'America/Vancouver', 'Vancouver', 49.29, -123.1],
  // Inland destinations reached by rail.
  USCHI: ['Chicago', 'IL', 'US', 'America/Chicago', 'Chicago', 41.52, -88.08],
  USMEM: ['Memphis', 'TN', 'US', 'America/Chicago', 'Memphis', 35.05, -89.98],
  USDAL: ['Dallas', 'TX', 'US', 'America/Chicago', 'Dallas', 32.73, -96.9],
  USCMH: ['Columbus', 'OH', 'US', 'America/New_York', 'Columbus', 39.87, -82.89],
  USDEN: ['Denver', 'CO', 'US', 'America/Denver', 'Denver', 39.78, -104.98],
};

export const PORTS: ReadonlyMap<string, Port> = new Map(
  Object.entries(PORT_ROWS).map(
    ([locode, [name, stateAbbr, countryCode, timeZone, city, lat, lon]]) => [
      locode,
      {
        id: uuidFromName(`port:${locode}`),
        locode,
        name,
        city,
        stateAbbr,
        countryCode,
        timeZone,
        latitude: lat,
        longitude: lon,
      },
    ],
  ),
);

type TerminalRow = [string, string, string, Terminal['kind']];
const TERMINAL_ROWS: Record<string, TerminalRow> = {
  // key: [name, nickname, locode, kind]
  FMS: ['Fenix Marine Services', 'FMS', 'USLAX', 'marine'],
  APMLA: ['APM Terminals Pier 400', 'APM LA', 'USLAX', 'marine'],
  TRAPAC: ['TraPac Los Angeles', 'TraPac', 'USLAX', 'marine'],
  LBCT: ['Long Beach Container Terminal', 'LBCT', 'USLGB', 'marine'],
  TTI: ['Total Terminals International', 'TTI', 'USLGB', 'marine'],
  OICT: ['Oakland International Container Terminal', 'OICT', 'USOAK', 'marine'],
  T18: ['SSA Terminal 18', 'T-18', 'USSEA', 'marine'],
  PNCT: ['Port Newark Container Terminal', 'PNCT', 'USNYC', 'marine'],
  MAHER: ['Maher Terminals', 'Maher', 'USNYC', 'marine'],
  GCT: ['GCT Bayonne', 'GCT Bayonne', 'USNYC', 'marine'],
  GCTSAV: ['Garden City Terminal', 'GCT Savannah', 'USSAV', 'marine'],
  WANDO: ['Wando Welch Terminal', 'Wando', 'USCHS', 'marine'],
  NIT: ['Norfolk International Terminals', 'NIT', 'USORF', 'marine'],
  BAYPORT: ['Bayport Container Terminal', 'Bayport', 'USHOU', 'marine'],
  CENTERM: ['Centerm', 'Centerm', 'CAVAN', 'marine'],
  ECT: ['ECT Delta Terminal', 'ECT Delta', 'NLRTM', 'marine'],
  CTB: ['HHLA Container Terminal Burchardkai', 'CTB', 'DEHAM', 'marine'],
  BNSFLPC: ['BNSF Logistics Park Chicago', 'LPC', 'USCHI', 'rail'],
  UPG4: ['UP Global IV', 'G4', 'USCHI', 'rail'],
  UPMEM: ['UP Marion Intermodal', 'Marion', 'USMEM', 'rail'],
  BNSFALL: ['BNSF Alliance Intermodal', 'Alliance', 'USDAL', 'rail'],
  CSXCMH: ['CSX Columbus Intermodal', 'CSX Columbus', 'USCMH', 'rail'],
  UPDEN: ['UP Denver Intermodal', 'Denver', 'USDEN', 'rail'],
};

export const TERMINALS: ReadonlyMap<string, Terminal> = new Map(
  Object.entries(TERMINAL_ROWS).map(([key, [name, nickname, locode, kind]]) => {
    const port = PORTS.get(locode);
    if (!port) throw new Error(`terminal ${key} at unknown port ${locode}`);
    return [
      key,
      {
        id: uuidFromName(`terminal:${key}`),
        key,
        name,
        nickname,
        locode,
        city: port.city,
        stateAbbr: port.stateAbbr,
        country: port.countryCode,
        kind,
      },
    ];
  }),
);

const TERMINALS_BY_ID = new Map([...TERMINALS.values()].map((t) => [t.id, t]));
const PORTS_BY_ID = new Map([...PORTS.values()].map((p) => [p.id, p]));

export function port(locode: string): Port {
  const found = PORTS.get(locode);
  if (!found) throw new Error(`unknown port ${locode}`);
  return found;
}

export function terminal(key: string): Terminal {
  const found = TERMINALS.get(key);
  if (!found) throw new Error(`unknown terminal ${key}`);
  return found;
}

export const terminalById = (id: string): Terminal | undefined => TERMINALS_BY_ID.get(id);
export const portById = (id: string): Port | undefined => PORTS_BY_ID.get(id);

export function terminalsAt(locode: string, kind: Terminal['kind']): Terminal[] {
  return [...TERMINALS.values()].filter((t) => t.locode === locode && t.kind === kind);
}
