#!/usr/bin/env node
// The `commerce-sandbox` command. This committed file, not dist/bin.js itself, is the package's
// bin, so that installing the workspace before anything is built can still link the command.
import "../dist/bin.js";
