// The local registry, in its own process so that it keeps answering while the rehearsal
// waits on child commands, and so that killing it frees everything it opened.
// Started by registry.ts with fork(): argv[2] is the config file; the port goes back over IPC.
const { runServer } = require("verdaccio");

async function main() {
  const server = await runServer(process.argv[2]);
  // Node closes an idle connection after 5 s and fetch (undici) reuses one until a second before
  // that; on a loaded machine a stalled client misses the second and sends on a socket verdaccio
  // is closing ("other side closed"), as one run of this package's tests did while `npm publish`
  // kept the test waiting. A minute leaves the race to idle gaps no rehearsal has.
  server.keepAliveTimeout = 60_000;
  server.listen(0, "127.0.0.1", () => process.send({ port: server.address().port }));
  process.on("disconnect", () => process.exit(0));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
