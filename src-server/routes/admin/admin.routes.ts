import Router from '@koa/router';
import type { AppDeps } from '../../deps';

export function adminRoutes(_deps: AppDeps): Router {
  return new Router();
}
