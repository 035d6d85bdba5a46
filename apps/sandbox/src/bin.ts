#!/usr/bin/env node
/** The `commerce-sandbox` executable; see cli.ts. */
import { main } from "./cli.js";

main(process.argv.slice(2)).then((status) => process.exit(status));
