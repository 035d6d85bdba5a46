#!/usr/bin/env node
// The generator runs from its TypeScript sources through tsx, so a spec change never
// waits for the generator itself to be built.
import { tsImport } from "tsx/esm/api";

const { main } = await tsImport("../src/cli.ts", import.meta.url);
process.exitCode = await main(process.argv.slice(2));
