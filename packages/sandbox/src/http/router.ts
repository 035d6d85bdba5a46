/**
 * Matching a request path against path templates such as
 * `/v1/customers/{id}/payment-methods`. A trailing slash is optional on both
 * sides, so `/v1/events` and `/v1/events/` reach the same operation.
 */

export interface PathPattern {
  template: string;
  match(pathname: string): Record<string, string> | undefined;
}

export function compilePath(template: string): PathPattern {
  const names: string[] = [];
  const trimmed = template.replace(/\/+$/, "");
  const source = trimmed
    .split("/")
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (!param) return escapeRegExp(segment);
      names.push(param[1] as string);
      return "([^/]+)";
    })
    .join("/");
  const regexp = new RegExp(`^${source}/?$`);

  return {
    template,
    match(pathname) {
      const found = regexp.exec(pathname);
      if (!found) return undefined;
      return Object.fromEntries(names.map((name, i) => [name, decodeSegment(found[i + 1] as string)]));
    },
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
