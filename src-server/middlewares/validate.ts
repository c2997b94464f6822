import type { Context } from 'koa';
import type { z } from 'zod';
import { readJsonBody } from './request-body';

/**
 * Parses one part of the request with a shared src-common schema. A failure throws the ZodError,
 * which the error middleware turns into a 400 naming the field.
 */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  return schema.parse(value);
}

export const parseBody = <S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> =>
  parse(schema, readJsonBody(ctx));
export const parseQuery = <S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> =>
  parse(schema, ctx.query);
export const parseParams = <S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> =>
  parse(schema, (ctx as Context & { params?: unknown }).params ?? {});
