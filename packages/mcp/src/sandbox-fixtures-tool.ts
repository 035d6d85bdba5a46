import type { Fixtures } from "@commerce-api/sandbox";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import type { LocalSandbox } from "./local-sandbox.js";

/**
 * `sandboxFixtures`: on the local sandbox, the seeded records an agent needs the ids of (license
 * keys and their keys, checkout links, discounts, orders…), which no operation lists. Served
 * only beside a local sandbox; it answers from the seed's description, never a token.
 */
export const sandboxFixturesToolName = "sandboxFixtures";

type FixtureKind = keyof Fixtures["ids"];

const kinds: readonly FixtureKind[] = [
  "organizations",
  "customers",
  "members",
  "products",
  "benefits",
  "meters",
  "subscriptions",
  "license_keys",
  "orders",
  "refunds",
  "event_trees",
  "discounts",
  "checkout_links",
  "custom_fields",
];

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const sandboxFixturesTool: Tool = {
  name: sandboxFixturesToolName,
  title: "The local sandbox's seeded records",
  description: [
    "The local sandbox's seeded records of one kind, with the ids (and license keys' `key`) the other tools take.",
    "By default only the organization this server acts for (its ids are the ones the tools can reach); pass `organization_id` for another.",
    'Example: `{ "kind": "license_keys" }`, then `validateLicenseKey` with a record\'s `key` and `organization_id`.',
    "The records are as seeded: what the tools changed since (a deleted discount) is not reflected.",
  ].join("\n"),
  inputSchema: {
    type: "object",
    properties: {
      kind: { type: "string", enum: [...kinds], description: "Which records." },
      organization_id: {
        type: "string",
        format: "uuid",
        description: "Only this organization's records (default: the one this server acts for).",
      },
    },
    required: ["kind"],
    additionalProperties: false,
  },
  outputSchema: {
    type: "object",
    properties: {
      kind: { type: "string" },
      organization_id: { type: "string", description: "Whose records these are." },
      acting_as: { type: "string", description: "The tokens this server acts with, by label and scopes." },
      now: { type: "string", format: "date-time", description: "The sandbox's today, as seeded." },
      records: { type: "array", items: { type: "object" } },
    },
    required: ["kind", "acting_as", "now", "records"],
  },
  annotations: {
    title: "The local sandbox's seeded records",
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
};

/** The answer of `sandboxFixtures` for `input`, or a tool error naming the field to fix. */
export function callSandboxFixtures(local: LocalSandbox, input: Record<string, unknown>): CallToolResult {
  const problems = inputProblems(input);
  if (problems.length > 0) {
    return {
      content: [{ type: "text", text: `${sandboxFixturesToolName}: invalid input.\n${problems.join("\n")}` }],
      isError: true,
    };
  }
  const kind = input.kind as FixtureKind;
  const organizationId = (input.organization_id as string | undefined) ?? local.organizationId;
  const { fixtures } = local.sandbox;
  const records = (fixtures.ids[kind] as readonly Record<string, unknown>[]).filter(
    (record) =>
      organizationId === undefined ||
      !("organization_id" in record) ||
      record.organization_id === organizationId,
  );
  const answer = {
    kind,
    ...(organizationId !== undefined && { organization_id: organizationId }),
    acting_as: local.actingAs,
    now: fixtures.now,
    records,
  };
  return { content: [{ type: "text", text: JSON.stringify(answer) }], structuredContent: answer };
}

function inputProblems(input: Record<string, unknown>): string[] {
  const choices = `one of ${kinds.join(", ")}`;
  const problems: string[] = [];
  if (input.kind === undefined) problems.push(`- kind: required; ${choices}`);
  else if (!kinds.includes(input.kind as FixtureKind)) {
    problems.push(`- kind: expected ${choices}, received ${JSON.stringify(input.kind)}`);
  }
  const organization = input.organization_id;
  if (organization !== undefined && !(typeof organization === "string" && uuid.test(organization))) {
    problems.push(`- organization_id: expected a UUID, received ${JSON.stringify(organization)}`);
  }
  for (const key of Object.keys(input)) {
    if (key !== "kind" && key !== "organization_id") problems.push(`- ${key}: unknown key`);
  }
  return problems;
}
