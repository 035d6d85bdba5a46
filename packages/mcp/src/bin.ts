import { runCli } from "./cli.js";

void runCli({
  argv: process.argv.slice(2),
  env: process.env,
  log: (line) => process.stderr.write(`${line}\n`),
}).then((running) => {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      void running?.close().finally(() => process.exit(0));
    });
  }
});
