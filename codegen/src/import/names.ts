/**
 * The service's names mapped to our naming rules (spec/README.md): types and enums
 * PascalCase, operation ids camelCase, groups dotted camelCase. Two names of the document
 * that map to one of ours are told apart visibly: the later one gets a suffix, and the
 * importer says so in a note and a comment beside the entry.
 */

/** `CostMetadata-Input` → `CostMetadataInput`, `Body_oauth2_consent` → `BodyOauth2Consent`. */
export function pascalCase(text: string): string {
  const words = text.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const joined = words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join("");
  return /^[0-9]/.test(joined) ? `T${joined}` : joined || "Unnamed";
}

export function camelCase(text: string): string {
  const pascal = pascalCase(text);
  // A leading acronym is lowered whole: `SSOConnection` → `ssoConnection`.
  const acronym = /^[A-Z]+(?=[A-Z][a-z]|$)/.exec(pascal)?.[0] ?? pascal[0]!;
  return acronym.toLowerCase() + pascal.slice(acronym.length);
}

/** `license_keys` → `license_key`, `entries` → `entry`; a word not plural is kept. */
export function singular(word: string): string {
  if (/ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|us|is)$/.test(word)) return word;
  if (/(x|ch|sh|ss)es$/.test(word)) return word.slice(0, -2);
  if (/s$/.test(word)) return word.slice(0, -1);
  return word;
}

/**
 * An operation's id and group from its operationId. The service's `customer_portal:license_keys:validate`
 * gives group `customerPortal.licenseKeys.validate` and id `validateCustomerPortalLicenseKey`:
 * the verb first, then the resource (singular unless the action is a plain `list`), then what
 * the action names beyond its verb (`customers:list_payment_methods` → `listCustomerPaymentMethods`;
 * `checkouts:client_get` → `getClientCheckout`). An operationId without `:` is taken as the
 * id, under the operation's first tag.
 */
export function operationNames(operationId: string, tag: string | undefined): { id: string; group: string } {
  const segments = operationId.split(":").filter(Boolean);
  if (segments.length >= 2) {
    const action = segments.at(-1)!;
    const resources = segments.slice(0, -1);
    const last = resources.at(-1)!;
    const { verb, before, after } = verbFirst(action);
    const noun = action === "list" ? last : singular(last);
    // `webhooks:list_webhook_endpoints`: the object already names the resource.
    const repeats = after.length > 0 && singular(after[0]!) === singular(last);
    const words = [verb, ...resources.slice(0, -1), ...before, ...(repeats ? [] : [noun]), ...after];
    return { id: camelCase(words.join("_")), group: segments.map(camelCase).join(".") };
  }
  const id = camelCase(operationId);
  return { id, group: `${camelCase(tag ?? "operations")}.${id}` };
}

/** Verbs an operationId's action may start with after a qualifier (`client_get`, `external_update`). */
const verbs = new Set([
  "get",
  "list",
  "create",
  "update",
  "delete",
  "add",
  "remove",
  "validate",
  "activate",
  "deactivate",
  "confirm",
  "export",
  "ingest",
  "generate",
  "revoke",
  "assign",
  "claim",
  "check",
  "verify",
  "request",
  "reset",
  "redeliver",
  "resend",
  "introspect",
]);

/** An action's verb, the words before it (qualifiers of the resource) and after it (its object). */
function verbFirst(action: string): { verb: string; before: string[]; after: string[] } {
  const words = action.split("_").filter(Boolean);
  const at = words.findIndex((word) => verbs.has(word.toLowerCase()));
  const index = at === -1 ? 0 : at;
  return { verb: words[index] ?? action, before: words.slice(0, index), after: words.slice(index + 1) };
}

/** Names handed out once each; a second claim of a name gets a suffix and is reported. */
export class NameBook {
  private readonly owners = new Map<string, string>();

  constructor(taken: Iterable<[string, string]> = []) {
    for (const [name, owner] of taken) this.owners.set(name, owner);
  }

  /**
   * Our name for `wanted`, owned by `owner` (the document's name, or its place): `wanted`
   * itself when free or already `owner`'s, else `wanted` with the first free number.
   */
  claim(wanted: string, owner: string): { name: string; collidedWith?: string } {
    const holder = this.owners.get(wanted);
    if (holder === undefined || holder === owner) {
      this.owners.set(wanted, owner);
      return { name: wanted };
    }
    let n = 2;
    while (this.owners.has(`${wanted}${n}`)) n += 1;
    const name = `${wanted}${n}`;
    this.owners.set(name, owner);
    return { name, collidedWith: holder };
  }

  has(name: string): boolean {
    return this.owners.has(name);
  }
}
