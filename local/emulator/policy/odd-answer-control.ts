// The odd-answer knob as tests and the control surface use it: by container number, in the demo
// account unless a key is given, checked before anything is armed.
import type { EmulatorEnv } from '../env';
import { readOddAnswer, type OddAnswer, type PendingOddAnswer } from './odd-answers';

export interface OddAnswerControl {
  /**
   * The container's next `reads` answers (default 1; or every answer until `until`) come back
   * oddly wherever it is serialised. Throws, saying why, on an unknown container or a bad answer.
   */
  set(number: string, answer: OddAnswer, key?: string): PendingOddAnswer;
  /** One container's (by number), or every odd answer of the account (none: of every account). */
  clear(number?: string, key?: string): void;
  pending(): PendingOddAnswer[];
}

export function oddAnswerControl(env: EmulatorEnv): OddAnswerControl {
  const containerOf = (number: string, key: string) => {
    const container = env.accountFor(key)?.findContainer(number);
    if (!container)
      throw new Error(
        `no container ${number} in the ${key === env.demoKey ? 'demo' : 'given'} account`,
      );
    return container;
  };
  return {
    set: (number, answer, key = env.demoKey) => {
      const container = containerOf(number, key);
      const now = env.clock.now();
      env.oddAnswers.arm(
        key,
        container.id,
        container.attributes.number,
        readOddAnswer(answer, now),
      );
      return env.oddAnswers
        .pending(now)
        .find((p) => p.key === key && p.containerId === container.id)!;
    },
    clear: (number, key) => {
      if (number === undefined) env.oddAnswers.disarm(key);
      else {
        const account = key ?? env.demoKey;
        env.oddAnswers.disarm(account, containerOf(number, account).id);
      }
    },
    pending: () => env.oddAnswers.pending(env.clock.now()),
  };
}
