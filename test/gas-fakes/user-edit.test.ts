// A person's edit fires the project's onEdit(e) simple trigger; a script's write never does
// (triggers guide, Restrictions). The event and its limits as local/gas/user-edit.ts cites them.

import { makeRuntime } from './harness';

const CODE = `
function onEdit(e) {
  var p = PropertiesService.getDocumentProperties();
  p.setProperty('edits', String(Number(p.getProperty('edits') || 0) + 1));
  p.setProperty('last', JSON.stringify({
    authMode: String(e.authMode),
    a1: e.range.getA1Notation(),
    sheet: e.range.getSheet().getName(),
    value: e.value === undefined ? '(none)' : e.value,
    oldValue: e.oldValue === undefined ? '(none)' : e.oldValue,
    source: e.source.getName(),
  }));
  if (e.range.getValue() === 'slow') Utilities.sleep(31000);
}
function scriptWrite() { SpreadsheetApp.getActiveSheet().getRange('B2').setValue('by script'); }
function edits() { return Number(PropertiesService.getDocumentProperties().getProperty('edits') || 0); }
function last() { return JSON.parse(PropertiesService.getDocumentProperties().getProperty('last')); }
function formula() { return SpreadsheetApp.getActiveSheet().getRange('C3').getFormula(); }
`;

function runtime(code = CODE) {
  const made = makeRuntime(code);
  const sheet = made.rt.spreadsheet.activeSheet().name;
  return { ...made, sheet };
}

describe('a user edit', () => {
  it('runs onEdit with the edited range, the new and old value of one cell, in LIMITED', () => {
    const { rt, sheet } = runtime();
    expect(rt.userEdit(sheet, 2, 1, 'first')).toEqual({ ran: true });
    rt.userEdit(sheet, 2, 1, 'second');
    expect(rt.lastExecution).toMatchObject({ functionName: 'onEdit', kind: 'simple-trigger' });
    expect(rt.run('last')).toEqual({
      authMode: 'LIMITED',
      a1: 'A2',
      sheet,
      value: 'second',
      oldValue: 'first',
      source: rt.spreadsheet.name,
    });
  });

  it('a pasted block is one event over the whole block, with no value or oldValue', () => {
    const { rt, sheet } = runtime();
    rt.userEdit(sheet, 2, 2, [
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(rt.run('edits')).toBe(1);
    expect(rt.run('last')).toMatchObject({ a1: 'B2:C3', value: '(none)', oldValue: '(none)' });
  });

  it('a typed formula lands as a formula; its event carries no value', () => {
    const { rt, sheet } = runtime();
    rt.userEdit(sheet, 3, 3, '=1+1');
    expect(rt.run('formula')).toBe('=1+1');
    expect(rt.run('last')).toMatchObject({ a1: 'C3', value: '(none)' });
  });

  it("a script's own write does not fire onEdit", () => {
    const { rt } = runtime();
    rt.run('scriptWrite');
    expect(rt.run('edits')).toBe(0);
  });

  it('a project without onEdit: the value lands and no execution is recorded', () => {
    const { rt, sheet } = runtime('function other() {}');
    const before = rt.executions.length;
    expect(rt.userEdit(sheet, 1, 1, 'x')).toEqual({ ran: false });
    expect(rt.executions.length).toBe(before);
    expect(rt.spreadsheet.activeSheet().cell(1, 1)?.value).toBe('x');
  });

  it('an add-on not yet used in the document runs onEdit with no authorization (NONE)', () => {
    const { rt, sheet } = runtime();
    const outcome = rt.userEdit(sheet, 1, 1, 'x', { authMode: 'NONE' });
    expect(outcome.ran).toBe(true);
    expect(outcome.error).toMatch(/^You do not have permission to call/);
  });

  it('stops after 30 seconds, as a simple trigger may run no longer, and counts as trigger time', () => {
    const { rt, sheet, clock } = runtime();
    const outcome = rt.userEdit(sheet, 1, 1, 'slow');
    expect(outcome.error).toBe('Exceeded maximum execution time');
    expect(rt.lastExecution?.exceeded).toBe(true);
    const user = rt.sessionOptions.effectiveUserEmail;
    expect(rt.project.triggerRuntime.usedMs(user, clock.now())).toBeGreaterThanOrEqual(31_000);
  });
});
