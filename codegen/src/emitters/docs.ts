/** TSDoc for ts-morph structures: nothing when there is nothing to say. */
export function docs(text: string | undefined): string[] {
  const trimmed = text?.trim();
  return trimmed ? [trimmed] : [];
}
