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
