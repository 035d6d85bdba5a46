import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";

export interface HttpEndpoint {
  /** `http://127.0.0.1:<port>/mcp` */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Streamable HTTP at `/mcp` on 127.0.0.1, stateless: each request gets a server and a
 * transport of its own (the tools keep no session state). Only this machine's host names are
 * accepted, so a web page cannot reach the server through DNS rebinding.
 */
export async function serveHttp(newServer: () => Server, port: number): Promise<HttpEndpoint> {
  const http: HttpServer = createServer((req, res) => {
    if (new URL(req.url ?? "/", "http://localhost").pathname !== "/mcp") {
      res.writeHead(404, { "content-type": "text/plain" }).end("The MCP endpoint is /mcp\n");
      return;
    }
    const { port: bound } = http.address() as AddressInfo;
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableDnsRebindingProtection: true,
      allowedHosts: [`127.0.0.1:${bound}`, `localhost:${bound}`],
    });
    const server = newServer();
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    server
      .connect(transport)
      .then(() => transport.handleRequest(req, res))
      .catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
        res.end(`${error instanceof Error ? error.message : String(error)}\n`);
      });
  });
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(port, "127.0.0.1", () => resolve());
  });
  const { port: bound } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/mcp`,
    close: () => new Promise((resolve) => http.close(() => resolve())),
  };
}
