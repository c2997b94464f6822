import { escapeHtml } from '../lib/escape-html';
import type { JsonSchema } from './schemas';

/** The page's anchor of a component schema. */
export const schemaAnchor = (name: string) => `schema-${name}`;

const REF = '#/components/schemas/';

const code = (value: unknown) => `<code>${escapeHtml(JSON.stringify(value))}</code>`;
const asSchema = (value: unknown) => (value ?? {}) as JsonSchema;

/** Limits a reader must respect, in words. */
function limits(schema: JsonSchema): string[] {
  const said: string[] = [];
  if (typeof schema.minLength === 'number' && schema.minLength > 0)
    said.push(`at least ${schema.minLength} characters`);
  if (typeof schema.maxLength === 'number') said.push(`at most ${schema.maxLength} characters`);
  if (typeof schema.exclusiveMinimum === 'number') said.push(`greater than ${schema.exclusiveMinimum}`);
  if (typeof schema.minimum === 'number') said.push(`at least ${schema.minimum}`);
  if (typeof schema.maximum === 'number') said.push(`at most ${schema.maximum}`);
  if (typeof schema.minItems === 'number' && schema.minItems > 0)
    said.push(`at least ${schema.minItems} items`);
  if (typeof schema.maxItems === 'number') said.push(`at most ${schema.maxItems} items`);
  if (typeof schema.pattern === 'string') said.push(`matches <code>${escapeHtml(schema.pattern)}</code>`);
  return said;
}

/** A schema's type as a short phrase, with links to the named schemas it uses. */
export function typeHtml(schema: JsonSchema): string {
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.slice(REF.length);
    return `<a href="#${schemaAnchor(name)}">${escapeHtml(name)}</a>`;
  }
  if ('const' in schema) return code(schema.const);
  if (Array.isArray(schema.enum)) return enumHtml(schema.enum);
  if (Array.isArray(schema.anyOf)) return schema.anyOf.map((s) => typeHtml(asSchema(s))).join(' or ');
  if (Array.isArray(schema.allOf)) return schema.allOf.map((s) => allOfPart(asSchema(s))).join(' ');
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'any'];
  const base = types
    .map((type) => {
      if (type === 'array') return `array of ${typeHtml(asSchema(schema.items))}`;
      if (type === 'object' && schema.additionalProperties && !schema.properties) {
        return `object of ${typeHtml(asSchema(schema.additionalProperties))} by key`;
      }
      return escapeHtml(String(type));
    })
    .join(' or ');
  const said = limits(schema);
  return said.length ? `${base} (${said.join(', ')})` : base;
}

/** Values listed in full up to this many; a longer list (the catalogue's item names) is summed up. */
const LISTED_VALUES = 12;

function enumHtml(values: unknown[]): string {
  if (values.length <= LISTED_VALUES) return values.map(code).join(' | ');
  return `one of ${values.length.toLocaleString('en-US')} values: ${values.slice(0, 3).map(code).join(', ')}…`;
}

/** A part of an allOf: a schema, or only fields it makes required ("Listing with gold required"). */
function allOfPart(part: JsonSchema): string {
  const keys = Object.keys(part);
  if (keys.length === 1 && Array.isArray(part.required)) {
    const names = (part.required as string[]).map((name) => `<code>${escapeHtml(name)}</code>`);
    return `with ${names.join(', ')} always present`;
  }
  return typeHtml(part);
}

/** The inline object a field holds, directly, in an array, or beside null: its fields are listed after it. */
function nestedObject(schema: JsonSchema): { suffix: string; object: JsonSchema } | null {
  if (schema.properties) return { suffix: '', object: schema };
  const items = asSchema(schema.items);
  if (schema.type === 'array' && items.properties) return { suffix: '[]', object: items };
  const variants = (Array.isArray(schema.anyOf) ? schema.anyOf : []).map(asSchema);
  const object = variants.find((variant) => variant.properties);
  return object && variants.length === 2 ? { suffix: '', object } : null;
}

function rows(object: JsonSchema, prefix: string, inline: (markdown: string) => string): string[] {
  const required = new Set(Array.isArray(object.required) ? (object.required as string[]) : []);
  return Object.entries((object.properties ?? {}) as Record<string, JsonSchema>).flatMap(([name, field]) => {
    const path = `${prefix}${name}`;
    const description = typeof field.description === 'string' ? inline(field.description) : '';
    const row =
      `<tr><th scope="row"><code>${escapeHtml(path)}</code></th><td>${typeHtml(field)}</td>` +
      `<td>${required.has(name) ? 'yes' : 'no'}</td><td>${description}</td></tr>`;
    const nested = nestedObject(field);
    return nested ? [row, ...rows(nested.object, `${path}${nested.suffix}.`, inline)] : [row];
  });
}

function table(object: JsonSchema, caption: string, inline: (markdown: string) => string): string {
  return (
    `<div class="table" role="region" aria-label="${escapeHtml(caption)}" tabindex="0"><table>` +
    `<caption>${escapeHtml(caption)}</caption>` +
    '<thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Required</th>' +
    '<th scope="col">Description</th></tr></thead>' +
    `<tbody>${rows(object, '', inline).join('')}</tbody></table></div>`
  );
}

/**
 * A schema for a person to read: an object as a table of its fields (nested objects' fields under
 * dotted names), a union as one table per alternative, anything else as its type.
 */
export function schemaHtml(
  schema: JsonSchema,
  caption: string,
  inline: (markdown: string) => string,
): string {
  const description = typeof schema.description === 'string' ? `<p>${inline(schema.description)}</p>` : '';
  if (schema.properties) return description + table(schema, caption, inline);
  const variants = Array.isArray(schema.anyOf) ? schema.anyOf.map(asSchema) : [];
  if (variants.length && variants.every((variant) => variant.properties)) {
    const tables = variants.map((variant, i) =>
      table(variant, `${caption}, alternative ${i + 1} of ${variants.length}`, inline),
    );
    return `${description}<p>One of:</p>${tables.join('')}`;
  }
  return `${description}<p>${typeHtml(schema)}</p>`;
}
