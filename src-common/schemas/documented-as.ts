/**
 * How the API document writes a schema whose rule zod checks in code (a refinement, a parse before the
 * check): the JSON Schema given here replaces the generated one, so generators and generated clients see
 * the rule. Validation is unchanged; the document's contract tests hold the two together.
 */
export const documentedAs = (schema: Record<string, unknown>) => ({
  override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
    for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
    Object.assign(jsonSchema, schema);
  },
});

/**
 * The API document's component of the catalogue's item names, an enum the document builds from the
 * shipped catalogue (the names are not known to this shared code).
 */
export const ITEM_NAME_REF = '#/components/schemas/ItemName';

/** A field holding one catalogue name, documented as that enum with the field's own description. */
export const documentedAsItemName = (description: string) =>
  documentedAs({ $ref: ITEM_NAME_REF, description });

/**
 * How the API document states a rule between fields that zod checks in code: each JSON Schema given is
 * added to the generated one's `allOf`, so a body must meet it as well as each field's own rule.
 */
export const documentedRules = (...rules: Record<string, unknown>[]) => ({
  override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
    jsonSchema.allOf = [...((jsonSchema.allOf as unknown[] | undefined) ?? []), ...rules];
  },
});

/**
 * JavaScript's whitespace (what `\s` matches and `trim` removes), spelled out for a pattern's character
 * class: `\s` matches more in other engines (Python's takes in U+001C to U+001F and U+0085).
 */
export const JS_SPACE_CHARS =
  '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';

/** A pattern met by text that `trim` leaves something of. */
export const NOT_BLANK_PATTERN = `[^${JS_SPACE_CHARS}]`;
