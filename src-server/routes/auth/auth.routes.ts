import Router from '@koa/router';
import type { AppDeps } from '../../deps';

export function authRoutes(_deps: AppDeps): Router {
  return new Router();
}
