#!/usr/bin/env node
// The size of what `tools/list` answers, as an agent's context receives it: the JSON of the
// result over a real MCP client (in memory) against the built package, for every API version,
// with the largest tools. Run after a build: pnpm --filter @commerce-api/mcp bench
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createCommerceMcpServer, startLocalSandbox, toolsAt } from "../dist/index.js";

const versions = ["2026-04", "2026-10", "2027-01"];
const kilobytes = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const sizeOf = (value) => Buffer.byteLength(JSON.stringify(value));

async function listTools(tools) {
  const local = startLocalSandbox();
  const server = createCommerceMcpServer({
    client: local.client,
    customerClient: local.customerClient,
    tools,
  });
  const client = new Client({ name: "bench", version: "1.0.0" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  try {
    return await client.listTools();
  } finally {
    await client.close();
  }
}

for (const version of versions) {
  const result = await listTools(toolsAt(version));
  const largest = result.tools
    .map((tool) => ({ name: tool.name, bytes: sizeOf(tool) }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 3)
    .map(({ name, bytes }) => `${name} ${kilobytes(bytes)}`)
    .join(", ");
  console.log(
    `${version}: tools/list ${sizeOf(result)} bytes (${kilobytes(sizeOf(result))}) for ${result.tools.length} tools; largest: ${largest}`,
  );
}
