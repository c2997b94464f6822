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
