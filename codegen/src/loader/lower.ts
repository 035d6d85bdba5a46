import type { Diagnostic } from "../diagnostics.ts";
import type { Target } from "../emitters/target.ts";
import { targets as allTargets } from "../emitters/targets.ts";
import type { Api } from "../ir/types.ts";
import type { SpecDocument } from "./language.ts";
import { DeclarationLowering } from "./lower-declarations.ts";
import { lowerErrorCodes } from "./lower-errors.ts";
import { lowerInvalidates } from "./lower-invalidates.ts";
import { OperationLowering } from "./lower-operations.ts";
import { checkVersions } from "./lower-versions.ts";
import { lowerWebhooks } from "./lower-webhooks.ts";
import { collectDeclarationNames, OperationIdChecks } from "./name-checks.ts";
import { orderDeclarations } from "./order.ts";
import type { YamlSource } from "./read-yaml.ts";
import { Reporter } from "./reporter.ts";
import { TypeResolver } from "./type-resolution.ts";

/**
 * Checks the meaning of a structurally valid spec and lowers it to the IR, stage by stage:
 * names (name-checks.ts), declarations (lower-declarations.ts, through type-resolution.ts),
 * operations (lower-operations.ts), then what mutations invalidate (lower-invalidates.ts),
 * which needs every operation. All stages report to one Reporter, so every problem is
 * collected; the IR is only returned when there are none.
 *
 * `setAside`: names of entries already reported as misshapen; mentioning one is no new problem.
 * `targets`: whose reserved and generated names the spec's names may not take.
 */
export function lowerSpec(
  spec: SpecDocument,
  source: YamlSource,
  sourceName: string,
  setAside: ReadonlySet<string> = new Set(),
  targets: readonly Target[] = allTargets,
): { api?: Api; diagnostics: Diagnostic[] } {
  const reporter = new Reporter(source, setAside);
  const kinds = collectDeclarationNames(spec, reporter, targets);
  const types = new TypeResolver(reporter, kinds);
  const declarations = new DeclarationLowering(spec, reporter, types).lower();
  const errorCodes = lowerErrorCodes(spec, reporter, kinds);
  const declared = new Map(declarations.map((declaration) => [declaration.name, declaration]));
  const ids = new OperationIdChecks(spec, reporter, kinds, targets);
  const operations = new OperationLowering(spec, reporter, types, ids, declared)
    .lower()
    .map((operation) => ({ ...operation, invalidates: lowerInvalidates(spec, reporter, operation.id) }));
  const webhooks = lowerWebhooks(spec, reporter, kinds);
  const versions = checkVersions(spec, reporter, declarations, operations);
  if (reporter.diagnostics.length > 0 || reporter.incomplete) return { diagnostics: reporter.diagnostics };
  const api: Api = {
    title: spec.info.title,
    ...(spec.info.description !== undefined && { description: spec.info.description }),
    version: spec.info.version,
    versions,
    source: sourceName,
    environments: Object.entries(spec.environments).map(([name, url]) => ({ name, url })),
    securitySchemes: Object.entries(spec.security).map(([name, scheme]) => ({ name, ...scheme })),
    errorCodes,
    declarations: orderDeclarations(declarations),
    operations,
    webhooks,
  };
  return { api, diagnostics: [] };
}
