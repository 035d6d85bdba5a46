/**
 * What the generated schemas import from their package's hand-written runtime, by module.
 * Spec type names are PascalCase, so none can collide with these camelCase names; the list
 * is here so the emitter names them once and test/runtime-names.test.ts checks they exist.
 */
export const schemasRuntimeImports = {
  "../messages.js": ["issueMessages"],
  "../json-text.js": ["jsonText"],
} as const;

/**
 * Every schema that can raise an issue passes this, the hand-written `issueMessages` of the
 * schemas package (src/messages.ts), so its issues read as words rather than "Invalid input".
 */
export const MESSAGES = schemasRuntimeImports["../messages.js"][0];
