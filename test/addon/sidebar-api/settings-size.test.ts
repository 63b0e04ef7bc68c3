// Settings are kept in document properties, where Apps Script refuses a value over its limit
// with the same words as a full store ("You have exceeded the property storage quota…",
// local/gas/properties.ts has the source). A setting too long to keep must be refused by name
// first, so the advice is right: the store is not full, the address is too long.

import { createHarness } from '../../helpers/addon-harness';

describe('a setting too long to keep', () => {
  it('is refused with what is wrong and what to do; nothing is saved', () => {
    const h = createHarness();
    const before = h.gas.properties.document.map.get('CT_APP_URL');
    const long = `https://app.terminal49.com/${'a'.repeat(10_000)}`;
    let message = '';
    try {
      h.gas.run('saveSettings', [{ appUrl: long }]);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/too long/);
    expect(message).not.toMatch(/storage|full/i);
    expect(h.gas.properties.document.map.get('CT_APP_URL')).toBe(before);
  });
});
