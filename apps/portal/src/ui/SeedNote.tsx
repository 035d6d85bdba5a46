/**
 * Where a list comes from when the API cannot list it: the sandbox's records as they are now. Said the same way
 * above every such table and under every such picker, so a reader knows the list is the
 * sandbox's and that any ID can be typed in too.
 */
import type { ReactNode } from "react";

/** The sentence itself, for a picker's hint (a hint is already a paragraph). */
export function seedNote(what: string, more?: string): string {
  return `The API has no list of ${what}: these are the ones the sandbox holds now.${more ? ` ${more}` : ""}`;
}

/** Above a table or a list of the sandbox's records. */
export function SeedNote({ what, children }: { what: string; children?: ReactNode }) {
  return (
    <p className="panel-note">
      {seedNote(what)}
      {children ? <> {children}</> : null}
    </p>
  );
}
