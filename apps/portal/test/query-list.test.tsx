// @vitest-environment happy-dom
/**
 * QueryList's two forms: a screen's list in a panel of its own, and a list inside a panel that
 * already has a title (a customer's orders, a sandbox's discounts) drawn without a second frame.
 */
import { cleanup, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, test } from "vitest";
import { type HeldRecords, QueryList, useHeldList } from "../src/ui/QueryList.js";

afterEach(cleanup);

function Names({ held, bare, pageSize }: { held: HeldRecords<string>; bare?: boolean; pageSize?: number }) {
  const list = useHeldList(held, pageSize);
  return (
    <QueryList bare={bare} query={list} loading="Loading names…" empty="No names.">
      {(items) => (
        <ul aria-label="Names">
          {items.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
    </QueryList>
  );
}

const held = (items: string[], over: Partial<HeldRecords<string>> = {}): HeldRecords<string> => ({
  items,
  ready: true,
  error: null,
  retry: () => {},
  ...over,
});

function show(node: ReactNode) {
  return render(<MemoryRouter>{node}</MemoryRouter>).container;
}

describe("QueryList", () => {
  test("on its own: a panel, an empty state box, and a foot that counts the rows", () => {
    let page = show(<Names held={held(["Ada", "Bo"])} />);
    expect(page.querySelector(".panel")).not.toBeNull();
    expect(screen.getByText("2 of 2 shown")).toBeTruthy();
    cleanup();
    page = show(<Names held={held([])} />);
    expect(page.querySelector(".empty")?.textContent).toBe("No names.");
  });

  test("bare, inside a panel: no frame, an empty list is one quiet line, a foot only when more can load", () => {
    let page = show(<Names bare held={held(["Ada", "Bo"])} />);
    expect(page.querySelector(".panel")).toBeNull();
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
    expect(page.querySelector(".load-more")).toBeNull();
    cleanup();

    page = show(<Names bare held={held(["Ada", "Bo", "Cy"])} pageSize={2} />);
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
    expect(screen.getByRole("button", { name: "Load more" })).toBeTruthy();
    cleanup();

    page = show(<Names bare held={held([])} />);
    expect(page.querySelector(".empty")).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("No names.");
  });

  test("bare keeps the shared states: loading until the records arrive, then an error in words", () => {
    show(<Names bare held={held([], { ready: false })} />);
    expect(screen.getByRole("status").textContent).toBe("Loading names…");
    cleanup();
    show(<Names bare held={held([], { ready: false, error: new Error("The sandbox did not answer") })} />);
    expect(screen.getByRole("alert")).toBeTruthy();
    expect(screen.queryByText("No names.")).toBeNull();
  });
});
