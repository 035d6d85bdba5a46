// Types for the tests, which import the benchmark's plain-JavaScript spec synthesizer.
export function synthesizeSpec(specText: string, copies: number): string;
