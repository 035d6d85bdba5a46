/**
 * Each published README's `## API` table as a consumer's smoke test: every value it lists is
 * imported from the entry it names in ESM and in CommonJS (where the entry offers `require`),
 * and every `type X` row is imported as a type by the type check. Rows read
 * `| \`name\` or \`type Name\` … | \`module specifier\` | what it is |`.
 */

export interface ApiName {
  readme: string;
  /** The README line of the row. */
  line: number;
  name: string;
  typeOnly: boolean;
  from: string;
}

const LEADING_NAME = /^(type\s+)?([A-Za-z_$][\w$]*)(?:$|[(<])/;

/** The rows of the first table under `## API`; a README without one, or a row it cannot read, throws. */
export function apiTable(markdown: string, readme: string): ApiName[] {
  const lines = markdown.split("\n");
  const heading = lines.findIndex((line) => /^##\s+API\s*$/.test(line));
  if (heading === -1) throw new Error(`${readme}: no "## API" section listing what the package exports`);
  const start = lines.findIndex((line, at) => at > heading && line.trimStart().startsWith("|"));
  const names: ApiName[] = [];
  for (let at = start; at !== -1 && at < lines.length && lines[at]!.trimStart().startsWith("|"); at++) {
    const cells = lines[at]!.split("|").slice(1, -1);
    if (at === start || /^\s*:?-+/.test(cells[0] ?? "")) continue; // the header and its rule
    names.push(row(cells, readme, at + 1));
  }
  if (names.length === 0) throw new Error(`${readme}:${heading + 1}: the API section has no table rows`);
  return names;
}

function row(cells: string[], readme: string, line: number): ApiName {
  const [exportCell = "", fromCell = ""] = cells;
  const exported = /`([^`]+)`/.exec(exportCell)?.[1]?.trim() ?? "";
  const from = /`([^`]+)`/.exec(fromCell)?.[1]?.trim() ?? "";
  // `createClient(options)` and `type Product` read as the names `createClient` and `Product`.
  const [, typeKeyword, name = ""] = LEADING_NAME.exec(exported) ?? [];
  const typeOnly = typeKeyword !== undefined;
  if (name === "" || !from.startsWith("@commerce-api/")) {
    throw new Error(
      `${readme}:${line}: an API row reads | \`name\` (or \`type Name\`) | \`@commerce-api/<entry>\` | what |; found "${exportCell.trim()}" from "${fromCell.trim()}"`,
    );
  }
  return { readme, line, name, typeOnly, from };
}

/** A module whose type check fails when a listed name is not exported (as a value, or as a type). */
export function apiTypeCheckModule(names: ApiName[]): string {
  return `${names
    .map((entry, index) => {
      const alias = `${entry.name}_${index}`;
      // A type is re-exported (it may be generic: no arguments to give); a value is used as one.
      return entry.typeOnly
        ? `export type { ${entry.name} as ${alias} } from "${entry.from}";`
        : `import { ${entry.name} as ${alias} } from "${entry.from}";\nexport type Row${index} = typeof ${alias};`;
    })
    .join("\n")}\n`;
}

/**
 * A Node script that imports (`esm`) or requires (`cjs`) every listed value and prints the rows
 * whose name is missing, as JSON: `[]` when all are there.
 */
export function apiSmokeScript(names: ApiName[], format: "esm" | "cjs"): string {
  const values = names.filter((entry) => !entry.typeOnly);
  const rows = JSON.stringify(values.map(({ readme, line, name, from }) => ({ readme, line, name, from })));
  const load = format === "esm" ? "await import(row.from)" : "require(row.from)";
  const body = `const rows = ${rows};
const missing = [];
for (const row of rows) {
  let module;
  try {
    module = ${load};
  } catch (error) {
    missing.push(\`\${row.readme}:\${row.line} \${row.from} cannot load: \${String(error.message).split("\\n")[0]}\`);
    continue;
  }
  if (module[row.name] === undefined) missing.push(\`\${row.readme}:\${row.line} \${row.name} is not exported by \${row.from}\`);
}
console.log(JSON.stringify(missing));
`;
  return format === "esm" ? `${SVELTE_COMPONENTS_HOOK}\n${body}` : `"use strict";\n${body}`;
}

/**
 * Node cannot load a .svelte component (a Svelte app's bundler compiles it), and
 * @tanstack/svelte-query imports some: in the smoke script each stands in as an empty
 * component, since only the names of our entries are looked up.
 */
const SVELTE_COMPONENTS_HOOK = `import { register } from "node:module";
register("data:text/javascript," + encodeURIComponent(\`export async function load(url, context, next) {
  if (!url.endsWith(".svelte")) return next(url, context);
  return { format: "module", source: "export default function SvelteComponent() {}", shortCircuit: true };
}\`));`;
