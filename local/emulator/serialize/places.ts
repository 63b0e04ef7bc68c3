// Terminals and ports, shaped like the recorded fixtures (terminals.get.json, ports.get.json).
import { portById, PORTS, TERMINALS, terminalById } from '../data/places';
import { ref, relationships, type Resource } from './resource';

export function serializeTerminal(id: string): Resource | undefined {
  const terminal = terminalById(id);
  if (!terminal) return undefined;
  const port = PORTS.get(terminal.locode);
  return {
    id: terminal.id,
    type: 'terminal',
    attributes: {
      name: terminal.name,
      nickname: terminal.nickname,
      city: terminal.city,
      ...(terminal.stateAbbr === null ? {} : { state_abbr: terminal.stateAbbr }),
      country: terminal.country,
    },
    relationships: relationships({ port: ref('port', port?.id ?? null) }),
  };
}

export function serializePort(id: string): Resource | undefined {
  const port = portById(id);
  if (!port) return undefined;
  return {
    id: port.id,
    type: 'port',
    attributes: {
      name: port.name,
      code: port.locode,
      state_abbr: port.stateAbbr,
      city: port.city,
      country_code: port.countryCode,
      time_zone: port.timeZone,
      latitude: port.latitude,
      longitude: port.longitude,
    },
    // Every terminal at the port, as ports.get.json and the included ports of
    // shipments.get.include.json list them.
    relationships: relationships({
      terminals: [...TERMINALS.values()]
        .filter((t) => t.locode === port.locode)
        .map((t) => ({ type: 'terminal', id: t.id })),
    }),
  };
}

export function portRef(locode: string | null) {
  return ref('port', locode === null ? null : (PORTS.get(locode)?.id ?? null));
}
