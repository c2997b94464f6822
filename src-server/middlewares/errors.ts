import type { Middleware } from 'koa';
import mongoose from 'mongoose';
import { ZodError, type z } from 'zod';
import { ErrorCode } from '../../src-common/errors';
import { AppError, dbUnavailable } from '../errors';
import { isDatabaseUnreachable } from '../lib/database-unreachable';
import { duplicateKeyField, isDuplicateKeyError } from '../lib/duplicate-key';
import type { Logger } from '../logger';

/** Turns every thrown error into `{ error, code }` with its status; anything unexpected is a logged 500. */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const appError = toAppError(err);
      if (appError?.code === ErrorCode.DB_UNAVAILABLE) {
        logger.warn(
          { reason: (err as Error).message, method: ctx.method, url: ctx.url },
          'database unavailable',
        );
      } else if (!appError) {
        logger.error({ err, method: ctx.method, url: ctx.url }, 'unhandled error');
      }
      const final =
        appError ?? new AppError(500, ErrorCode.INTERNAL, 'Something went wrong. Please try again.');
      ctx.status = final.status;
      ctx.set(final.headers);
      ctx.body = final.toBody();
    }
  };
}

function toAppError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  if (err instanceof ZodError) {
    // An unknown field first: it is often the misspelt name of the field another issue says is missing.
    return validationError(err.issues.find((i) => i.code === 'unrecognized_keys') ?? err.issues[0]);
  }
  if (isDatabaseUnreachable(err)) return dbUnavailable();
  if (err instanceof mongoose.Error.CastError) {
    return new AppError(400, ErrorCode.VALIDATION, `Invalid ${err.path}`, { field: err.path });
  }
  if (isDuplicateKeyError(err)) {
    const field = duplicateKeyField(err)?.replace(/Lower$/, '');
    return new AppError(
      409,
      ErrorCode.CONFLICT,
      field ? `That ${field} is already taken` : 'Already exists',
      {
        ...(field ? { field } : {}),
      },
    );
  }
  const status = (err as { status?: number; expose?: boolean }).status;
  if (status && status >= 400 && status < 500) {
    // Koa's and the body parser's own client errors (malformed JSON body, payload too large). Their
    // messages may quote the request (a JSON parse error repeats the body), so they are not passed on.
    return new AppError(status, ErrorCode.VALIDATION, CLIENT_ERROR_MESSAGES[status] ?? 'Bad request');
  }
  return null;
}

/**
 * A 400 naming the field. A field the route does not know (a strict schema's `unrecognized_keys`) is named
 * itself, so a typo such as `quantiy` says which key to fix instead of being ignored.
 */
function validationError(issue: z.core.$ZodIssue): AppError {
  if (issue.code === 'unrecognized_keys') {
    const names = issue.keys.map((key) => `"${key}"`).join(', ');
    const message = `Unknown field${issue.keys.length > 1 ? 's' : ''} ${names}: not one this route takes`;
    const field = [...issue.path, issue.keys[0]].join('.');
    return new AppError(400, ErrorCode.VALIDATION, message, { field });
  }
  const field = issue.path.join('.');
  return new AppError(400, ErrorCode.VALIDATION, issue.message, field ? { field } : {});
}

const CLIENT_ERROR_MESSAGES: Record<number, string> = {
  400: 'The request body is not valid JSON',
  413: 'The request body is too large',
  415: 'The request body must be JSON',
};
