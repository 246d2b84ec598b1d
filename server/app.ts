import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { SignedHeader } from '../src/domain/signing';
import type { Deps } from './deps';
import { ApiError, failure, unexpectedFailure } from './http/envelope';
import type { AppEnv } from './http/env';
import { languageOf } from './http/i18n';
import { limitBodies } from './http/bodyLimit';
import { securityHeaders } from './http/securityHeaders';
import { limitByAddress, RateLimited, rateLimitedAnswer } from './http/rateLimit';
import { accountsRoutes } from './routes/accounts';
import { afterSaleRoutes } from './routes/afterSales';
import { advRoutes } from './routes/adv';
import { commerceRoutes } from './routes/commerce';
import { consoleRoutes } from './routes/console';
import { chartHistoryRoutes } from './routes/chartHistory';
import { chartProductionRoutes } from './routes/chartProduction';
import { catalogueRoutes } from './routes/catalogue';
import { listingRoutes } from './routes/listing';
import { chatRoutes } from './routes/chat';
import { liveRoutes } from './routes/live';
import { workOrderRoutes } from './routes/workOrders';
import { mediaRoutes } from './routes/media';
import { noticesRoutes } from './routes/notices';
import { orderRoutes } from './routes/orders';
import { payRoutes } from './routes/pay';
import { referenceRoutes } from './routes/reference';
import { usersRoutes } from './routes/users';
import { walletRoutes } from './routes/wallet';
import { walletExtraRoutes } from './routes/walletExtras';
import { withdrawalRoutes } from './routes/withdrawals';
import { kycRoutes } from './routes/kyc';
import { mailboxRoutes } from './sandbox/mailbox';
import { sandboxRoutes } from './sandbox/routes';
import { log } from './observability/log';
import { observeRequests } from './observability/requests';

/** The provider API. Static files and the sandbox are mounted by whoever serves it (server/main.ts, tests). */
export function createApi(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.use('*', observeRequests());
  app.use('*', async (c, next) => {
    c.set('language', languageOf(c.req.header(SignedHeader.language)));
    await next();
  });
  // Abuse limits (issue 25, server/http/): per-address rate limits, then body limits, before any route runs.
  app.use('*', securityHeaders(deps.config), limitByAddress(deps), limitBodies(deps));

  app.route('/', referenceRoutes(deps));
  app.route('/', usersRoutes(deps));
  app.route('/', mediaRoutes(deps));
  app.route('/', catalogueRoutes(deps));
  app.route('/', listingRoutes(deps));
  app.route('/', commerceRoutes(deps));
  app.route('/', payRoutes(deps));
  app.route('/', orderRoutes(deps));
  app.route('/', afterSaleRoutes(deps));
  app.route('/', walletRoutes(deps));
  app.route('/', withdrawalRoutes(deps));
  app.route('/', kycRoutes(deps));
  app.route('/', walletExtraRoutes(deps));
  app.route('/', accountsRoutes(deps));
  app.route('/', consoleRoutes(deps));
  app.route('/', chartHistoryRoutes(deps));
  app.route('/', chartProductionRoutes(deps));
  app.route('/', noticesRoutes(deps));
  app.route('/', advRoutes(deps));
  app.route('/', chatRoutes(deps));
  app.route('/', liveRoutes(deps));
  app.route('/', workOrderRoutes(deps));
  if (deps.config.sandbox) {
    app.route('/', sandboxRoutes(deps));
    app.route('/', mailboxRoutes(deps));
  }

  app.onError((error, c) => {
    if (error instanceof RateLimited) return rateLimitedAnswer(c, error);
    if (error instanceof ApiError) return failure(c, error);
    if (error instanceof HTTPException && error.status < 500) {
      return failure(c, new ApiError('malformedRequest', { detail: error.message || 'bad request' }));
    }
    log.error({ reqId: c.get('requestId'), method: c.req.method, path: c.req.path, err: error }, 'request failed');
    return unexpectedFailure(c);
  });

  return app;
}

/** Unknown API paths get 4004; a known path with the wrong method gets 1003. Set on the outermost app. */
export function answerUnmatched<E extends AppEnv>(app: Hono<E> | Hono) {
  app.notFound((c) => {
    if (!c.req.path.startsWith('/api/') && !c.req.path.startsWith('/sandbox/')) return c.text('Not found', 404);
    const otherMethod = app.routes.some((r) => r.path === c.req.path && r.method !== c.req.method && r.method !== 'ALL');
    return otherMethod ? failure(c, new ApiError('methodNotSupported'), 405) : failure(c, new ApiError('notFound'), 404);
  });
}
