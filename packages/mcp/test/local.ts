import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import {
  type CommerceMcpServerOptions,
  createCommerceMcpServer,
  type LocalSandbox,
  startLocalSandbox,
} from "../src/index.js";

/** An MCP client connected in memory to a server over a fresh local sandbox. */
export async function connectInMemory(
  options: Partial<CommerceMcpServerOptions> & { readonly local?: LocalSandbox } = {},
) {
  const local = options.local ?? startLocalSandbox();
  const server = createCommerceMcpServer({
    client: local.client,
    customerClient: local.customerClient,
    ...options,
  });
  const client = new Client({ name: "test", version: "1.0.0" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  return { client, local, close: () => client.close() };
}

/** A tool result's text, its parts joined. */
export function textOf(result: CallToolResult): string {
  return result.content.map((part) => (part.type === "text" ? part.text : "")).join("\n");
}
