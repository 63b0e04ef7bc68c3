// Reading infer_number's answer: the documented shape passes through, anything else is either
// bounded and filtered (candidates) or refused (an unknown decision), never guessed at.

import { carrierSuggestionOf, inferNumberCall } from '../../src/api/carrier-inference';
import { AppError } from '../../src/core/errors';

const answer = (shipping_line: unknown) => ({
  data: { id: 'req_1', type: 'infer_number_results', attributes: { shipping_line } },
});
const WHLC = { scac: 'WHLC', name: 'Wan Hai Lines', confidence: 1 };

describe('carrierSuggestionOf', () => {
  it('reads the OpenAPI example (auto_select)', () => {
    expect(
      carrierSuggestionOf(answer({ decision: 'auto_select', selected: WHLC, candidates: [WHLC] })),
    ).toEqual({
      decision: 'auto_select',
      scac: 'WHLC',
      name: 'Wan Hai Lines',
      candidates: [{ scac: 'WHLC', name: 'Wan Hai Lines' }],
    });
  });

  it('keeps only candidates with a 4-letter SCAC, at most 8, names cut to 100 characters', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({
      scac: `AB${String.fromCharCode(65 + i)}U`,
      name: 'N'.repeat(150),
    }));
    const got = carrierSuggestionOf(
      answer({
        decision: 'needs_confirmation',
        selected: null,
        candidates: [{ scac: '<b>' }, { scac: 'msc' }, null, 'MSCU', ...many],
      }),
    );
    expect(got.decision).toBe('needs_confirmation');
    expect(got.candidates).toHaveLength(8);
    expect(got.candidates[0]).toEqual({ scac: 'ABAU', name: 'N'.repeat(100) });
  });

  it('an auto_select without a usable pick falls back to its first candidate, or asks', () => {
    expect(
      carrierSuggestionOf(answer({ decision: 'auto_select', selected: {}, candidates: [WHLC] })),
    ).toMatchObject({ decision: 'auto_select', scac: 'WHLC' });
    expect(
      carrierSuggestionOf(answer({ decision: 'auto_select', selected: null, candidates: [] })),
    ).toEqual({ decision: 'no_prediction', scac: null, name: null, candidates: [] });
    expect(
      carrierSuggestionOf(
        answer({ decision: 'needs_confirmation', selected: WHLC, candidates: [] }),
      ),
    ).toEqual({ decision: 'no_prediction', scac: null, name: null, candidates: [] });
  });

  it('no_prediction drops whatever candidates came with it', () => {
    expect(
      carrierSuggestionOf(
        answer({ decision: 'no_prediction', selected: null, candidates: [WHLC] }),
      ),
    ).toEqual({ decision: 'no_prediction', scac: null, name: null, candidates: [] });
  });

  it.each([[answer({ decision: 'maybe' })], [answer(null)], [{ data: null }], [{}]])(
    'refuses an undocumented shape: %j',
    (doc) => {
      expect(() => carrierSuggestionOf(doc as never)).toThrow(AppError);
      expect(() => carrierSuggestionOf(doc as never)).toThrow(/shape the add-in does not know/);
    },
  );
});

describe('inferNumberCall', () => {
  it('posts {number} as plain JSON, retryable (asking twice changes nothing)', () => {
    expect(inferNumberCall('MSCU1234566')).toEqual({
      method: 'post',
      path: '/tracking_requests/infer_number',
      retry: true,
      contentType: 'application/json',
      body: { number: 'MSCU1234566' },
    });
  });
});
