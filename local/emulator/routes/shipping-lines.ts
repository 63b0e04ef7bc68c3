// GET /shipping_lines: the real, recorded carrier list (no pagination, as the service documents).
import { SHIPPING_LINES } from '../data/shipping-lines';
import type { EmulatorEnv } from '../env';
import { jsonApi } from '../http/respond';
import type { Route } from '../http/router';

export const shippingLineRoutes: Route<EmulatorEnv>[] = [
  {
    method: 'GET',
    pattern: '/v2/shipping_lines',
    area: 'api',
    auth: true,
    handler: (ctx) =>
      jsonApi(200, {
        data: SHIPPING_LINES.map((line) => ({
          id: line.id,
          type: 'shipping_line',
          attributes: line.attributes,
        })),
        links: { self: ctx.publicUrl },
      }),
  },
];
