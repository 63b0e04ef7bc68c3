// The odd-answer knob on the control surface (policy/odd-answers.ts):
//   POST   /__emulator/containers/{number}/odd-answers  {"kind", "reads"?, "until"?}
//   DELETE /__emulator/containers/{number}/odd-answers  that container answers normally again
//   GET    /__emulator/odd-answers                       what is armed
//   DELETE /__emulator/odd-answers                       every container answers normally again
// Demo account only, like the other per-container control routes.
import type { EmulatorEnv } from '../env';
import { oddAnswerControl } from '../policy/odd-answer-control';
import type { OddAnswer } from '../policy/odd-answers';

export interface ControlAnswer {
  status: number;
  body: unknown;
}

const problem = (status: number, detail: string): ControlAnswer => ({
  status,
  body: {
    errors: [
      { status: String(status), title: status === 404 ? 'Not Found' : 'Bad Request', detail },
    ],
  },
});

/** The answer to an odd-answer control route, or null when `route` is not one. */
export function oddAnswerRoute(
  route: string,
  input: Record<string, unknown>,
  env: EmulatorEnv,
): ControlAnswer | null {
  const control = oddAnswerControl(env);
  if (route === 'GET /__emulator/odd-answers')
    return { status: 200, body: { oddAnswers: control.pending() } };
  if (route === 'DELETE /__emulator/odd-answers') {
    control.clear();
    return { status: 200, body: { oddAnswers: [] } };
  }
  const m = /^(POST|DELETE) \/__emulator\/containers\/([^/]+)\/odd-answers$/.exec(route);
  if (!m) return null;
  const [, method, number = ''] = m;
  if (!env.accountFor(env.demoKey)?.findContainer(number))
    return problem(404, `no container ${number} in the demo account`);
  if (method === 'DELETE') {
    control.clear(number);
    return { status: 200, body: { oddAnswers: control.pending() } };
  }
  try {
    // Any JSON object: readOddAnswer checks it field by field.
    return { status: 200, body: { oddAnswer: control.set(number, input as unknown as OddAnswer) } };
  } catch (error) {
    return problem(400, error instanceof Error ? error.message : String(error));
  }
}
