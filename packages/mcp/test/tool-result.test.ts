import { describe, expect, it } from "vitest";
import { successResult } from "../src/tool-result.js";

/** What an agent reads of an answer that is not JSON: an export's CSV as its text, a file described. */
describe("a tool's answer", () => {
  it("gives a text answer as the text itself, not as a JSON string", () => {
    expect(successResult("id,total\no_1,1000\n")).toEqual({
      content: [{ type: "text", text: "id,total\no_1,1000\n" }],
    });
  });

  it("describes a binary answer by its size and media type", () => {
    const result = successResult(new Blob([new Uint8Array(1234)], { type: "application/pdf" }));
    expect(result.content).toEqual([
      { type: "text", text: "A binary body of 1234 bytes (application/pdf); call the client to save it." },
    ]);
    expect(result.structuredContent).toBeUndefined();
  });

  it("keeps a JSON object as structured content beside its text", () => {
    expect(successResult({ id: "p_1" })).toEqual({
      content: [{ type: "text", text: '{"id":"p_1"}' }],
      structuredContent: { id: "p_1" },
    });
  });
});
