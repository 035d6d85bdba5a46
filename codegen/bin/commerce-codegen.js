#!/usr/bin/env node
// The generator runs from its TypeScript sources, bundled by esbuild whenever they change
// (see load-generator.js), so neither a change to the generator nor a spec change waits
// for a build step, and a start costs milliseconds rather than a TypeScript loader's second.
import { loadGenerator } from "./load-generator.js";

const { main } = await loadGenerator();
process.exitCode = await main(process.argv.slice(2));
