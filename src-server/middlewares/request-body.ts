import { bodyParser } from '@koa/bodyparser';
import type { Context, Middleware } from 'koa';
import { AppError, badRequest, unsupportedMediaType } from '../errors';
import { ErrorCode } from '../../src-common/errors';

/** What co-body's JSON parser (@hapi/bourne) throws for a `__proto__` key, at any depth. */
const PROTOTYPE_KEY = 'Object contains forbidden prototype property';

/**
 * Why a body could not be read, in the error shape. The parser's own messages may quote the request (a
 * JSON syntax error repeats the body), so none is passed on as it is.
 */
function bodyError(err: Error & { status?: number; type?: string }): AppError {
  if (err.message === PROTOTYPE_KEY) {
    return badRequest('The request body holds a key named "__proto__", which is not accepted');
  }
  if (err.type === 'entity.too.large') {
    return new AppError(413, ErrorCode.VALIDATION, 'The request body is too large');
  }
  if (err.type === 'encoding.unsupported') {
    return unsupportedMediaType('The request body must be JSON in UTF-8, not compressed');
  }
  return badRequest('The request body is not valid JSON');
}

/**
 * Reads JSON bodies (DELETE too: deleting the account carries its confirmation, DELETE /api/auth/me),
 * refusing keys that would reach an object's prototype, with a message that says so. Other types are
 * left unread: the routes that take JSON refuse them with 415 (`readJsonBody`), the rest (the unsubscribe
 * page's form post) read none.
 */
export function requestBody(): Middleware {
  return bodyParser({
    enableTypes: ['json'],
    jsonLimit: '100kb',
    parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
    onError: (err) => {
      throw bodyError(err);
    },
  });
}

/**
 * The JSON body of a route that reads one. A body of another type is a 415 rather than an empty body
 * (which would then fail on its first required field, naming the wrong problem). An empty request (no
 * body, or `Content-Length: 0`) reads as `{}`, so routes whose fields are all optional can be called bare.
 */
export function readJsonBody(ctx: Context): unknown {
  const hasContent = ctx.request.length !== 0 && ctx.request.is('*/*') !== null;
  if (hasContent && !ctx.request.is('application/json')) throw unsupportedMediaType();
  return (ctx.request as { body?: unknown }).body ?? {};
}
