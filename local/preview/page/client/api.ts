/// <reference lib="dom" />
// The page's calls to the preview server: the state it polls and the actions it posts (JSON
// only; the server refuses anything else).

import type { ActionResult, PageState } from '../page-state';

export async function fetchState(): Promise<PageState> {
  const res = await fetch('/__preview/state', { cache: 'no-store' });
  if (!res.ok) throw new Error(`The preview answered ${res.status}`);
  return (await res.json()) as PageState;
}

export async function post(path: string, body: unknown): Promise<ActionResult> {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`The preview refused ${path} (${res.status})`);
  return (await res.json()) as ActionResult;
}
