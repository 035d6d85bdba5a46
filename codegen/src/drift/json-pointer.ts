import { valueAt } from "../loader/read-yaml.ts";

/** JSON pointers (RFC 6901) in URI-fragment form, `#/paths/~1v1~1events~1/get`, as OpenAPI tools print them. */

export function pointer(...segments: readonly (string | number)[]): string {
  return `#${segments.map((segment) => `/${escapeSegment(String(segment))}`).join("")}`;
}

export function child(parent: string, ...segments: readonly (string | number)[]): string {
  return parent + pointer(...segments).slice(1);
}

export function segmentsOf(pointerText: string): string[] {
  const body = pointerText.replace(/^#/, "");
  if (body === "") return [];
  return body
    .slice(1)
    .split("/")
    .map((segment) => decodeURIComponent(segment).replaceAll("~1", "/").replaceAll("~0", "~"));
}

/** The value a local pointer points at in `document`, or undefined. */
export function resolvePointer(document: unknown, pointerText: string): unknown {
  return valueAt(document, segmentsOf(pointerText));
}

function escapeSegment(segment: string): string {
  return segment.replaceAll("~", "~0").replaceAll("/", "~1");
}
