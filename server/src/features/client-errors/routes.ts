import { CLIENT_ERROR_API, clientErrorBody } from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';

const PREFIX = '/api/v2/backend';

/**
 * The browser's error log (SPEC §8): a logged-in console reports the uncaught errors and
 * unhandled rejections it met, and they go to the server's log with the account, so operations
 * see what broke in the control room. Nothing is stored; not an audited change.
 */
export const clientErrorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(CLIENT_ERROR_API.report.slice(PREFIX.length), {
    config: { access: 'user', allowBeforePasswordChange: true, audit: false },
    schema: {
      tags: ['session'],
      summary: 'Report an error the browser met (written to the server log)',
      body: clientErrorBody,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const user = requireUser(request);
      request.log.warn(
        { clientError: request.body, accountId: user.accountId, accountName: user.accountName },
        'error in the browser',
      );
      return ok(request, null);
    },
  });
};
