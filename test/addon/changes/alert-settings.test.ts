import { createHarness } from '../../helpers/addon-harness';

describe('alert settings in the add-in', () => {
  it('are saved per spreadsheet and read back by getSettings, with defaults before', () => {
    const h = createHarness();
    type Shown = { alertRecipients: string; alertLfdDays: number; alertDigestHour: number };
    expect(h.gas.run<Shown>('getSettings')).toMatchObject({
      alertRecipients: '',
      alertLfdDays: 2,
      alertDigestHour: 7,
    });
    h.gas.run('saveSettings', [{ alertRecipients: 'Ops@Example.com', alertDigestHour: 6 }]);
    expect(h.gas.run<Shown>('getSettings')).toMatchObject({
      alertRecipients: 'ops@example.com',
      alertLfdDays: 2,
      alertDigestHour: 6,
    });
    expect(() => h.gas.run('saveSettings', [{ alertDigestHour: 25 }])).toThrow(/0 to 23/);
    expect(h.gas.run<Shown>('getSettings').alertDigestHour).toBe(6);
  });
});
