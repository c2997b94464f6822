import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { buildOpenApiDocument } from '../../src-server/openapi/document';

/**
 * Checks REST answers against the OpenAPI document the server serves: http.ts records every answer a
 * test receives, and tests/setup/contract.ts checks them after each integration file.
 */
const document = buildOpenApiDocument('test');
// The document's own keywords (x-token-scope, OpenAPI's fields) are not JSON Schema's; formats are
// documentation here, not something the server promises to have checked on output.
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
ajv.addSchema(document as object, 'openapi');

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
}

const operations: Operation[] = Object.entries(document.paths ?? {}).flatMap(([template, item]) =>
  Object.keys(item as object).map((method) => ({
    method,
    template,
    pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  })),
);

/** The documented operation of a request, preferring a literal path (`/listings/mine`) over a template. */
export function findOperation(method: string, path: string): Operation | undefined {
  const bare = path.split('?')[0];
  const matches = operations.filter((op) => op.method === method.toLowerCase() && op.pattern.test(bare));
  return matches.sort((a, b) => a.template.split('{').length - b.template.split('{').length)[0];
}

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
const validators = new Map<string, ValidateFunction>();
const errorShape = ajv.compile({ $ref: 'openapi#/components/schemas/Error' });

export interface RecordedAnswer {
  method: string;
  path: string;
  status: number;
  contentType: string | null;
  body: unknown;
}

/** Why an answer does not match the document, or null when it does. */
export function contractProblem(answer: RecordedAnswer): string | null {
  if (!answer.path.startsWith('/api/')) return null;
  const op = findOperation(answer.method, answer.path);
  const where = `${answer.method} ${answer.path} -> ${answer.status}`;
  if (!op) {
    // Anything else under /api is refused before any route runs (the catch-all's 404, a body that is
    // not JSON), in the error shape.
    if (answer.status >= 400 && answer.status < 500 && errorShape(answer.body)) return null;
    return `${where}: no such operation in the OpenAPI document`;
  }
  const responses = (document.paths![op.template] as Record<string, { responses: Record<string, unknown> }>)[
    op.method
  ].responses;
  const response = responses[answer.status] as { content?: Record<string, unknown> } | undefined;
  if (!response) return `${where}: status not documented for ${op.method.toUpperCase()} ${op.template}`;
  if (!response.content || !answer.contentType?.includes('application/json')) return null;
  const ref = `openapi#/${pointer('paths', op.template, op.method, 'responses', String(answer.status), 'content', 'application/json', 'schema')}`;
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    validators.set(ref, validate);
  }
  if (validate(answer.body)) return null;
  return `${where}: ${ajv.errorsText(validate.errors)}`;
}

const recorded: RecordedAnswer[] = [];

export function recordAnswer(answer: RecordedAnswer): void {
  recorded.push(answer);
}

/** Every recorded answer that breaks the contract (and forgets them). */
export function takeContractProblems(): string[] {
  const problems = recorded.map(contractProblem).filter((p): p is string => p !== null);
  recorded.length = 0;
  return [...new Set(problems)];
}
