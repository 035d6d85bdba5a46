#!/usr/bin/env node
/** The `commerce-sandbox` executable; see cli/commerce-sandbox.ts. */
import { main } from "./cli/commerce-sandbox.js";

main(process.argv.slice(2)).then((status) => process.exit(status));
