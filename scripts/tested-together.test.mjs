import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { packagesTestedTogether } from "./tested-together.mjs";

function withTurbo(dependsOn, check) {
  const at = mkdtempSync(join(tmpdir(), "tested-together-"));
  try {
    writeFileSync(join(at, "turbo.json"), JSON.stringify({ tasks: { "//#test:packages": { dependsOn } } }));
    check(at);
  } finally {
    rmSync(at, { recursive: true, force: true });
  }
}

test("each build //#test:packages waits for is a package of the one run, with its folder", () => {
  withTurbo(["@commerce-api/client#build", "@commerce-api/vue-query#build"], (at) => {
    assert.deepEqual(packagesTestedTogether(at), [
      { name: "@commerce-api/client", folder: "packages/client" },
      { name: "@commerce-api/vue-query", folder: "packages/vue-query" },
    ]);
  });
});

test("a dependency that is not a package's build is refused, named, with the fix", () => {
  withTurbo(["//#generate"], (at) => {
    assert.throws(() => packagesTestedTogether(at), /depends on "\/\/#generate"; list package builds only/);
  });
});

test("the workspace's list names the nine packages whose folders exist", () => {
  const packages = packagesTestedTogether();
  assert.equal(packages.length, 9);
  assert.ok(packages.some((pkg) => pkg.name === "@commerce-api/client"));
});
