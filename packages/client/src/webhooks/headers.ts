/** Request headers as a fetch `Headers`, or a plain record such as Node's `req.headers`. */
export type WebhookHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

/** One header's value, its name in any case; the first of a repeated header. */
export function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
  let value = record[name];
  if (value === undefined) {
    for (const key of Object.keys(record)) if (key.toLowerCase() === name) value = record[key];
  }
  return typeof value === "string" ? value : value?.[0];
}
