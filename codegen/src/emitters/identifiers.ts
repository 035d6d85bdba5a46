const identifier = /^[A-Za-z_$][\w$]*$/;

/** `name` as the key of an object literal or a property: bare when an identifier. */
export function propertyKey(name: string): string {
  return identifier.test(name) ? name : JSON.stringify(name);
}

/** `.name`, or `["name"]` when the name is not an identifier. */
export function access(name: string): string {
  return identifier.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`;
}
