// What IR nodes refer to: shared by the loader (declaration order, cycles) and the emitters (imports, laziness).
import type { Declaration, PageForm, TypeNode } from "./types.ts";

export function dependenciesOf(declaration: Declaration): string[] {
  switch (declaration.kind) {
    case "enum":
      return [];
    case "alias":
      return referencedNames(declaration.type);
    case "object":
      return [
        ...declaration.fields.flatMap((f) => referencedNames(f.type)),
        ...(declaration.additionalFields ? referencedNames(declaration.additionalFields) : []),
      ];
    case "union":
      return [
        ...declaration.variants.map((v) => v.type),
        ...(declaration.fallback ? [declaration.fallback] : []),
      ];
  }
}

export function referencedNames(type: TypeNode): string[] {
  switch (type.kind) {
    case "ref":
      return [type.name];
    case "array":
      return referencedNames(type.items);
    case "record":
      return referencedNames(type.values);
    case "tuple":
    case "union":
      return (type.kind === "tuple" ? type.items : type.members).flatMap(referencedNames);
    case "jsonText":
      return referencedNames(type.type);
    case "page":
      return [...type.forms.map(paginationTypeName), ...referencedNames(type.items)];
    default:
      return [];
  }
}

/** The declared type that describes one pagination form. */
export function paginationTypeName(form: PageForm): string {
  return form === "offset" ? "Pagination" : "CursorPagination";
}
